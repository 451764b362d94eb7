// `damdb novelty GAME_ID [--db DIR] [--json] [--count-undated] [--limit N]`: the first position
// of a stored game that no earlier game reached, the earlier games that reached the position
// before it, and the explorer's statistics of each move of the line up to it
// (indexer/explorer/novelty.hpp).
#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/novelty.hpp"
#include "indexer/explorer/stored_answers.hpp"
#include "json/novelty.hpp"

namespace damdb::cli {
namespace {

struct NoveltyCliOptions {
  std::string db;
  std::string game;
  bool json = false;
  bool count_undated = false;
  std::size_t limit = 10;
};

void print_line(const indexer::NoveltyReport& r) {
  Table table;
  table.column("ply", Table::Align::Right).column("move").column("side");
  for (const char* h : {"at position", "games", "white", "draw", "black", "*", "score"})
    table.column(h, Table::Align::Right);
  for (const indexer::NoveltyLineMove& m : r.line) {
    char score[16] = "-";
    if (m.score) std::snprintf(score, sizeof score, "%.1f%%", *m.score);
    table.row({std::to_string(m.ply),
               m.notation + (r.novelty_ply && m.ply == *r.novelty_ply ? " (novelty)" : ""),
               m.side == rules::Color::White ? "white" : "black", std::to_string(m.position_games),
               std::to_string(m.counts.games()), std::to_string(m.counts.white_wins),
               std::to_string(m.counts.draws), std::to_string(m.counts.black_wins),
               std::to_string(m.counts.unknown), score});
  }
  table.print(std::cout);
}

void print_novelty(const indexer::NoveltyReport& r) {
  const indexer::GameRow& g = r.game;
  std::cout << "game " << g.id.value << ": " << g.white << " - " << g.black << ", " << g.event
            << ", " << (g.date.empty() ? "no date" : g.date) << ", "
            << indexer::result_text(g.result) << " (" << r.plies << " plies)\n"
            << "earlier: by date" << (r.count_undated ? "; games whose order is unknown (unknown or partial date) count as earlier" : "; games whose order is unknown (unknown or partial date) do not count (--count-undated)")
            << "; transpositions and the colour-reversed board count\n";
  if (!r.novelty_ply)
    std::cout << "novelty: none (every position of the game was reached by an earlier game)\n";
  else if (*r.novelty_ply == 0)
    std::cout << "novelty: the start position (no earlier game reached it)\n";
  else
    std::cout << "novelty: ply " << *r.novelty_ply << ", " << r.novelty_move << '\n';
  if (r.novelty_ply)
    std::cout << "  games at the novelty's position: " << r.same_day << " of the same day, "
              << r.unknown_order << " of unknown order" << (r.unknown_order ? " (one may have played it first)" : "")
              << ", " << r.later << " later\n";
  if (!r.novelty_ply || *r.novelty_ply > 0) {
    std::cout << "\nknown until ply " << r.known_ply << " (" << r.known_fen << "): "
              << r.predecessors_total << " earlier game(s), newest first\n";
    Table table = game_row_table();
    table.column("ply", Table::Align::Right).column("colour-reversed");
    for (const indexer::GameRow& row : r.predecessors) {
      std::vector<std::string> cells = game_row_cells(row);
      cells.push_back(std::to_string(row.ply));
      cells.push_back(row.mirrored ? "yes" : "");
      table.row(std::move(cells));
    }
    if (!table.empty()) table.print(std::cout);
  }
  if (!r.line.empty()) {
    std::cout << "\nthe line (every game of the database; score: the side's, win 2, draw 1):\n";
    print_line(r);
  }
}

int run_novelty(const NoveltyCliOptions& o) {
  const db::GameId id = indexer::parse_game_id(o.game);
  const db::Database database = open_for_reading(o.db, true);
  const indexer::StoredAnswers stored = indexer::stored_answers(database, indexer::GameFilter{});
  indexer::NoveltyOptions options;
  options.count_undated = o.count_undated;
  options.predecessors = o.limit;
  options.ranks = stored.ranks.get();
  options.popular = stored.popular.get();
  const indexer::NoveltyReport report = indexer::novelty(database, id, options);
  if (o.json) print_json(std::cout, json::novelty_json(report));
  else print_novelty(report);
  return kOk;
}

void setup_novelty(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<NoveltyCliOptions>();
  auto* cmd = app.add_subcommand(
      "novelty", "The first position of a game that no earlier game reached, and its predecessors");
  cmd->add_option("game", opts->game, "The game's id (as `damdb games` lists it)")->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_flag("--count-undated", opts->count_undated,
                "Count games whose date cannot be ordered against the game's (unknown or partial) "
                "as earlier");
  cmd->add_option("--limit", opts->limit, "Predecessor games listed (default 10)")
      ->check(kCount);
  cmd->callback([opts, &exit_code] { exit_code = run_novelty(*opts); });
}

const Registration registration{"novelty", setup_novelty};

}  // namespace
}  // namespace damdb::cli
