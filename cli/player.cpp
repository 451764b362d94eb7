// `damdb player NAME [--db DIR] [--json | --html FILE [--force]]`: the record of one merged
// player from the games (indexer/stats/player_record.hpp): the score overall, by colour, by
// year, head to head, by event with the place in the event's table, the repertoire of the
// first two moves, the longest and shortest games, and the spellings merged into the player.
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/output_files.hpp"
#include "cli/player_html.hpp"
#include "cli/table.hpp"
#include "db/atomic_file.hpp"
#include "indexer/stats/player_record.hpp"
#include "json/player_record.hpp"

namespace damdb::cli {
namespace {


struct PlayerCliOptions {
  std::string db;
  std::string player;
  bool json = false;
  std::string html;
  bool force = false;
};

std::string score_text(const db::SideResults& t) {
  return t.decided() > 0 ? fixed(indexer::score_percent(t)) : "-";
}

/// A table of tallies, one row per label.
void print_tallies(const std::string& label,
                   const std::vector<std::pair<std::string, const db::SideResults*>>& rows) {
  Table table;
  table.column(label, Table::Align::Left, kTagColumnWidth);
  for (const char* h : {"games", "+", "=", "-", "*", "points", "score%"})
    table.column(h, Table::Align::Right);
  for (const auto& [name, t] : rows)
    table.row({name, std::to_string(t->games()), std::to_string(t->wins), std::to_string(t->draws),
               std::to_string(t->losses), std::to_string(t->unknown), std::to_string(indexer::result_points(*t)),
               score_text(*t)});
  if (!table.empty()) table.print(std::cout);
}

void print_events(const indexer::PlayerRecord& r) {
  Table table;
  table.column("event", Table::Align::Left, kTagColumnWidth).column("first").column("last");
  for (const char* h : {"games", "+", "=", "-", "*", "points", "place"})
    table.column(h, Table::Align::Right);
  for (const indexer::EventRecord& e : r.events)
    table.row({e.name, e.first_date, e.last_date, std::to_string(e.tally.games()),
               std::to_string(e.tally.wins), std::to_string(e.tally.draws),
               std::to_string(e.tally.losses), std::to_string(e.tally.unknown),
               std::to_string(indexer::result_points(e.tally)),
               e.place.empty() ? "-" : e.place + "/" + std::to_string(e.players)});
  if (!table.empty()) table.print(std::cout);
}

void print_openings(const indexer::OpeningNode& n, int depth) {
  for (const indexer::OpeningNode& c : n.children) {
    std::cout << std::string(2 * static_cast<std::size_t>(depth) + 2, ' ') << c.move << "  "
              << c.tally.games() << " games, +" << c.tally.wins << " =" << c.tally.draws << " -"
              << c.tally.losses << ", score " << score_text(c.tally) << "%\n";
    print_openings(c, depth + 1);
  }
}

void print_games(const std::string& title, const std::vector<indexer::GameRow>& games) {
  std::cout << '\n' << title << ":\n";
  Table table;
  table.column("game", Table::Align::Right).column("plies", Table::Align::Right);
  table.column("white", Table::Align::Left, kTagColumnWidth)
      .column("black", Table::Align::Left, kTagColumnWidth)
      .column("event", Table::Align::Left, kTagColumnWidth)
      .column("date")
      .column("result");
  for (const indexer::GameRow& g : games)
    table.row({std::to_string(g.id.value), std::to_string(g.ply), g.white, g.black, g.event,
               g.date, indexer::result_text(g.result)});
  if (!table.empty()) table.print(std::cout);
}

void print_record(const indexer::PlayerRecord& r) {
  std::cout << "player " << r.name << ": " << r.total.games() << " games";
  if (!r.first_date.empty()) std::cout << ", " << r.first_date << " to " << r.last_date;
  std::cout << "\npoints: win 2, draw 1, loss 0; score: points in percent of the maximum over "
               "the games with a result (*: no result)\n\n";
  print_tallies("", {{"overall", &r.total}, {"as White", &r.as_white}, {"as Black", &r.as_black}});
  std::vector<std::pair<std::string, const db::SideResults*>> rows;
  for (const indexer::YearRecord& y : r.by_year) rows.emplace_back(y.year, &y.tally);
  std::cout << '\n';
  print_tallies("year", rows);
  rows.clear();
  for (const indexer::OpponentRecord& o : r.opponents) rows.emplace_back(o.name, &o.total);
  std::cout << '\n';
  print_tallies("opponent", rows);
  std::cout << '\n';
  print_events(r);
  std::cout << "\nrepertoire as White (" << r.as_white_openings.tally.games() << " games):\n";
  print_openings(r.as_white_openings, 0);
  std::cout << "repertoire as Black (" << r.as_black_openings.tally.games() << " games):\n";
  print_openings(r.as_black_openings, 0);
  if (r.from_setup + r.undecodable > 0)
    std::cout << "  (not in the repertoire: " << r.from_setup << " from a set-up position, "
              << r.undecodable << " whose moves do not replay)\n";
  print_games("longest games", r.longest);
  print_games("shortest games", r.shortest);
  std::cout << "\nspellings merged into this player:";
  for (const auto& [name, games] : r.spellings)
    std::cout << (&name == &r.spellings[0].first ? " \"" : ", \"") << name << "\" (" << games
              << ")";
  std::cout << '\n';
  if (!r.without_result.empty()) {
    std::cout << "games without a result";
    if (r.total.unknown > r.without_result.size())
      std::cout << " (the first " << r.without_result.size() << " of " << r.total.unknown << ")";
    std::cout << ':';
    for (const db::GameId id : r.without_result) std::cout << ' ' << id.value;
    std::cout << '\n';
  }
}

int run_player(const PlayerCliOptions& o) {
  if (o.json && !o.html.empty()) throw InputError("player: give --json or --html, not both");
  check_output_files({{}, database_folder(o.db)}, {{"--html", o.html}}, o.force);
  const db::Database database = open_for_reading(o.db);
  indexer::PlayerRecord record;
  try {
    record = indexer::player_record(database, o.player);
  } catch (const indexer::PlayerLookupError& e) {
    for (const auto& spellings : e.candidates) {
      std::cerr << " ";
      for (const std::string& s : spellings)
        std::cerr << (&s == &spellings.front() ? " \"" : ", \"") << s << '"';
      std::cerr << '\n';
    }
    throw InputError(e.what());
  }
  if (o.json) {
    print_json(std::cout, json::player_record_json(record));
  } else if (!o.html.empty()) {
    db::AtomicFile out(o.html);
    out.write(player_record_html(record));
    out.commit();
    std::cout << "record of " << record.name << " written to " << o.html << '\n';
  } else {
    print_record(record);
  }
  return kOk;
}

void setup_player(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<PlayerCliOptions>();
  auto* cmd = app.add_subcommand("player", "A player's record: score by colour, year, opponent "
                                           "and event, repertoire, longest and shortest games");
  cmd->add_option("name", opts->player, "The player's name (or a part of it naming one player)")
      ->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_option("--html", opts->html, "Write the record as one HTML page to FILE");
  cmd->add_flag("--force", opts->force, "Replace the HTML file if it exists");
  cmd->callback([opts, &exit_code] { exit_code = run_player(*opts); });
}

const Registration registration{"player", setup_player};

}  // namespace
}  // namespace damdb::cli
