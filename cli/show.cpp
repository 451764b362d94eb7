// `damdb show GAME_ID [--ply N] [--db DIR]` or `damdb show [--fen FEN]`, with [--numbers]
// [--svg FILE.svg] [--json]: a stored game's tags and numbered moves with a board diagram at a
// ply (default: the final position), or a board diagram of a FEN position (default: initial).
// --svg also writes the diagram as an SVG file (rules/svg.hpp).
#include <iostream>
#include <optional>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/output_files.hpp"
#include "cli/table.hpp"
#include "db/atomic_file.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/duplicates/duplicate_marks.hpp"
#include "json/show.hpp"
#include "rules/diagram.hpp"
#include "rules/fen.hpp"
#include "rules/svg.hpp"

namespace damdb::cli {
namespace {

/// `text` broken into lines of at most `width` characters at spaces.
std::string wrap(const std::string& text, std::size_t width) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) out += line + '\n';
  return out;
}

const char* side_name(const rules::Position& pos) {
  return pos.side_to_move() == rules::Color::White ? "White" : "Black";
}

void write_svg(const std::string& path, const rules::Position& pos, bool numbers) {
  rules::SvgOptions svg;
  svg.numbers = numbers;
  db::AtomicFile out(path);
  out.write(rules::svg_diagram(pos, svg));
  out.commit();
}

void print_sources(const db::GameRecord& g) {
  std::cout << g.sources.size() << (g.sources.size() == 1 ? " source" : " sources")
            << " (the first is the stored copy):\n";
  for (std::size_t i = 0; i < g.sources.size(); ++i) {
    const db::GameSource& s = g.sources[i];
    std::cout << "  " << i + 1 << ". " << s.path << ", game " << s.game_number << ", line "
              << s.first_line << (s.last_line > s.first_line ? "-" + std::to_string(s.last_line) : "")
              << ", " << indexer::status_text(s.status) << '\n';
    for (const db::SourceTag& t : s.differing_tags)
      std::cout << "     [" << t.name << (t.value ? " \"" + *t.value + "\"]" : "] absent") << '\n';
  }
}

/// The options of `damdb show`.
struct ShowCliOptions {
  std::string db;
  std::string game;
  std::string fen;
  bool fen_given = false;  // --fen was given (even empty: then it must be a valid FEN)
  std::optional<std::size_t> ply;
  std::string svg;
  bool numbers = false;
  bool json = false;
  bool force = false;
};

/// A stored game as text: its status, the primary of its marked near-duplicate cluster when it
/// is a member of one, tags, sources and numbered moves, and which position follows.
void print_game_view(const indexer::GameView& view, std::optional<db::GameId> primary) {
  const db::GameRecord& g = view.record;
  std::cout << "game " << view.id.value << " (" << indexer::status_text(g.status)
            << (g.status_message.empty() ? "" : ": ") << g.status_message << ")\n";
  if (primary)
    std::cout << "near-duplicate of game " << primary->value
              << " (a member of its marked cluster: counted through it; damdb duplicates --undo "
              << primary->value << " restores it)\n";
  for (const auto& [name, value] : g.tags) std::cout << '[' << name << " \"" << value << "\"]\n";
  if (!g.start_fen.empty()) std::cout << "start " << g.start_fen << '\n';
  print_sources(g);
  std::cout << '\n'
            << wrap(indexer::numbered_movetext(view.plies) + " " + indexer::result_text(g.result),
                    80)
            << '\n';
  std::cout << "position after ply " << view.ply << " of " << view.plies.size();
  if (view.ply > 0) std::cout << ", after " << indexer::numbered_ply(view.plies, view.ply - 1);
  std::cout << ":\n";
}

/// `damdb show`: returns the exit code.
int run_show(const ShowCliOptions& o) {
  using namespace damdb::rules;
  check_output_files({{}, o.game.empty() ? "" : database_folder(o.db)}, {{"--svg", o.svg}},
                     o.force);
  if (!o.game.empty() && o.fen_given) throw InputError("show: give a game id or --fen, not both");
  if (o.game.empty() && o.ply) throw InputError("show: --ply needs a game id");
  std::optional<indexer::GameView> view;
  std::optional<db::GameId> primary;  // of a member of a marked near-duplicate cluster
  Position pos;
  if (!o.game.empty()) {
    const db::GameId id = indexer::parse_game_id(o.game);
    const db::Database database = open_for_reading(o.db);
    view = indexer::view_game(database, id, o.ply);
    primary = indexer::HiddenGames::of(database)->primary_of(id);
    pos = view->position;
  } else {
    pos = o.fen_given ? parse_fen(o.fen) : Position::initial();
  }
  if (!o.svg.empty()) write_svg(o.svg, pos, o.numbers);
  if (o.json) {
    print_json(std::cout,
               json::shown_position_json(pos, o.numbers, view ? &*view : nullptr, primary, o.svg));
    return kOk;
  }
  if (view) print_game_view(*view, primary);
  std::cout << diagram(pos, o.numbers) << to_fen(pos) << '\n' << side_name(pos) << " to move\n";
  if (!o.svg.empty()) std::cout << "SVG diagram written to " << o.svg << '\n';
  return kOk;
}

void setup_show(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ShowCliOptions>();
  auto* cmd = app.add_subcommand(
      "show", "Print a stored game's moves and a board diagram, or a diagram of a FEN position");
  cmd->add_option("game", opts->game, "Id of a stored game (see `damdb games`)");
  add_database_option(cmd, opts->db);
  cmd->add_option("--ply", opts->ply,
                  "With a game: show the position after N plies "
                  "(0 = start; default: the final position)")
      ->check(kCount);
  // Given, even empty, --fen must be a valid FEN: only its absence means the initial position.
  auto* fen = cmd->add_option("--fen", opts->fen, "Position as PDN FEN (default: initial position)");
  cmd->add_flag("--numbers", opts->numbers, "Show square numbers on empty squares");
  cmd->add_option("--svg", opts->svg, "Also write the diagram as an SVG file");
  cmd->add_flag("--force", opts->force, "Replace the SVG file if it exists");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, fen, &exit_code] {
    opts->fen_given = fen->count() > 0;
    exit_code = run_show(*opts);
  });
}

const Registration registration{"show", setup_show};

}  // namespace
}  // namespace damdb::cli
