// `damdb event EVENT [--db DIR] [--json | --html FILE [--force]]`: the table of one stored event
// from its games (indexer/stats/event_table.hpp): standings with FMJD points and tie-breaks, the
// crosstable (round by round when every game names its round), a match's running score, and what
// an arbiter should check before trusting the table; --html writes it as a self-contained page
// (cli/event_html.hpp).
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/event_html.hpp"
#include "cli/output_files.hpp"
#include "cli/table.hpp"
#include "db/atomic_file.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/stats/event_table.hpp"
#include "json/event_table.hpp"

namespace damdb::cli {
namespace {

struct EventOptions {
  std::string db;
  std::string event;
  bool json = false;
  std::string html;  ///< --html FILE: the table as an HTML page
  bool force = false;
};

/// Writes the page through a temporary file renamed over `path` at the end (db::AtomicFile).
void write_html(const indexer::EventTableReport& report, const std::string& path) {
  db::AtomicFile out(path);
  out.write(event_table_html(report));
  out.commit();
}

/// The lookup error as the user reads it: the events a text names when it names several,
/// else where to find the names.
[[noreturn]] void explain(const indexer::EventLookupError& e) {
  for (const auto& spellings : e.candidates)
    std::cerr << "  " << spellings.front()
              << (spellings.size() > 1 ? " (and " + std::to_string(spellings.size() - 1) +
                                             " other spelling(s))"
                                       : "")
              << '\n';
  if (e.candidates.empty())
    throw InputError(std::string(e.what()) + " (damdb stats events lists the events)");
  throw InputError(e.what());
}

void print_standings(const indexer::TournamentTable& t) {
  Table table;
  table.column("place").column("player", Table::Align::Left, kTagColumnWidth);
  for (const char* h : {"games", "W", "D", "L", "points", "SB", "resistance"})
    table.column(h, Table::Align::Right);
  for (const indexer::Standing& s : t.standings)
    table.row({indexer::place_text(s), t.players[s.player].name, std::to_string(s.games()),
               std::to_string(s.results.wins), std::to_string(s.results.draws),
               std::to_string(s.results.losses), std::to_string(s.points()),
               std::to_string(s.sonneborn_berger),
               std::to_string(s.resistance)});
  table.print(std::cout);
}

/// Player against player: row i and column j hold player i's points against the player in
/// line j of the standings, with the game ids.
void print_crosstable(const indexer::TournamentTable& t) {
  Table table;
  table.column("#", Table::Align::Right).column("player", Table::Align::Left, kTagColumnWidth);
  for (std::size_t j = 0; j < t.standings.size(); ++j) table.column(std::to_string(j + 1));
  for (std::size_t i = 0; i < t.standings.size(); ++i) {
    const std::size_t row = t.standings[i].player;
    std::vector<std::string> cells = {std::to_string(i + 1), t.players[row].name};
    for (const indexer::Standing& column : t.standings) {
      std::string cell = column.player == row ? "x" : "";
      for (const indexer::CellGame& g : t.cells[row][column.player])
        cell += (cell.empty() ? "" : ", ") + cell_text(g);
      cells.push_back(std::move(cell));
    }
    table.row(std::move(cells));
  }
  table.print(std::cout);
}

/// Round by round: the opponent's line in the standings, the colour and the points.
void print_rounds(const indexer::TournamentTable& t) {
  std::vector<std::size_t> line(t.players.size());
  for (std::size_t i = 0; i < t.standings.size(); ++i) line[t.standings[i].player] = i + 1;
  Table table;
  table.column("#", Table::Align::Right).column("player", Table::Align::Left, kTagColumnWidth);
  for (const std::string& round : t.rounds) table.column("r" + round);
  for (std::size_t i = 0; i < t.standings.size(); ++i) {
    const std::size_t row = t.standings[i].player;
    std::vector<std::string> cells = {std::to_string(i + 1), t.players[row].name};
    for (const std::vector<indexer::RoundGame>& games : indexer::games_by_round(t, row)) {
      std::string cell;
      for (const auto& [o, g] : games)
        cell += (cell.empty() ? "" : ", ") + std::to_string(line[o]) + (g->white ? "w" : "b") +
                cell_text(*g);
      cells.push_back(cell.empty() ? "-" : cell);
    }
    table.row(std::move(cells));
  }
  table.print(std::cout);
}

void print_running(const indexer::TournamentTable& t) {
  Table table;
  table.column("game", Table::Align::Right).column("round").column("white", Table::Align::Left,
                                                                   kTagColumnWidth);
  table.column("result").column("score");
  for (const indexer::MatchStep& s : t.running)
    table.row({std::to_string(s.id.value), s.round, t.players[s.white].name,
               indexer::result_text(s.result),
               std::to_string(s.score_first) + "-" + std::to_string(s.score_second)});
  table.print(std::cout);
}

void print_checks(const indexer::TournamentTable& t) {
  std::cout << "\nchecks:\n";
  const std::vector<std::string> lines = table_checks(t);
  for (const std::string& line : lines) std::cout << "  " << line << '\n';
  if (lines.empty()) std::cout << "  none\n";
}

void print_event(const indexer::EventTableReport& r) {
  const indexer::TournamentTable& t = r.table;
  std::cout << "event";
  for (const std::string& s : r.spellings) std::cout << (&s == &r.spellings[0] ? " \"" : ", \"") << s << '"';
  std::cout << ": " << t.games << " games, " << t.players.size() << " players, " << t.points_total
            << " points (win 2, draw 1, loss 0)\n"
            << kPlacingRule << "\n\n";
  print_standings(t);
  std::cout << '\n';
  if (t.match) print_running(t);
  else if (!t.rounds.empty()) print_rounds(t);
  else print_crosstable(t);
  print_checks(t);
}

int run_event(const EventOptions& o) {
  if (!o.html.empty() && o.html != "-")
    check_output_files({{}, database_folder(o.db)}, {{"--html", o.html}}, o.force);
  const db::Database database = open_for_reading(o.db);
  indexer::EventTableReport report;
  try {
    report = indexer::event_table(database, o.event);
  } catch (const indexer::EventLookupError& e) {
    explain(e);
  }
  if (o.html == "-") {
    std::cout << event_table_html(report);
    return kOk;
  }
  if (!o.html.empty()) {
    write_html(report, o.html);
    std::cout << "wrote the table of " << report.table.games << " games to " << o.html << '\n';
    return kOk;
  }
  if (o.json) print_json(std::cout, json::event_table_json(report));
  else print_event(report);
  return kOk;
}

void setup_event(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<EventOptions>();
  auto* cmd = app.add_subcommand("event", "The table of one event: standings, crosstable, checks");
  cmd->add_option("event", opts->event, "The event's name (or a part of it naming one event)")
      ->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_option("--html", opts->html,
                  "Write the table as a self-contained HTML page to FILE ('-': standard output)")
      ->type_name("FILE");
  cmd->add_flag("--force", opts->force, "Replace an existing --html file");
  cmd->callback([opts, &exit_code] { exit_code = run_event(*opts); });
}

const Registration registration{"event", setup_event};

}  // namespace
}  // namespace damdb::cli
