// `damdb stats players|events|results|openings [filters] [--json] [--db DIR]`: statistics over
// the stored games that pass the filters (see indexer/stats/statistics.hpp).
//   players [--top N]   per player: games, wins, draws, losses, score %, by colour, first and
//                       last date; the spellings merged into one player
//   events              per event: dates, games, players, decisive-game rate, average length
//   results [--longest N]  results overall and by year, white's score, lengths, longest games
//   openings [--plies N] [--top N]  the most frequent first N plies with their results
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/stats/statistics.hpp"
#include "json/statistics.hpp"

namespace damdb::cli {
namespace {

using db::ResultCounts;

/// The options every stats report has.
struct Common {
  std::string db;
  indexer::FilterSpec filter;
  bool json = false;
};

void add_common(CLI::App* cmd, Common& common) {
  add_database_option(cmd, common.db);
  add_filter_options(cmd, common.filter);
  cmd->add_flag("--json", common.json, "Print one JSON object");
}

/// A percentage over the games with a known result: "-" in tables when there is none (0.0
/// would read as "lost every game").
std::string percent(double value, bool any_known) { return any_known ? fixed(value) : "-"; }
bool known(const db::SideResults& t) { return t.decided() > 0; }
bool known(const ResultCounts& c) { return c.decided() > 0; }

std::string wdl(const db::SideResults& t) {
  return std::to_string(t.wins) + "/" + std::to_string(t.draws) + "/" + std::to_string(t.losses);
}

/// A name with its spellings on one line: "  Name: "a" (12), "b" (3)".
void print_spellings(const std::string& shown,
                     const std::vector<std::pair<std::string, std::uint64_t>>& spellings) {
  std::cout << "  " << shown << ":";
  const char* sep = " ";
  for (const auto& [name, games] : spellings) {
    std::cout << sep << '"' << name << "\" (" << games << ")";
    sep = ", ";
  }
  std::cout << '\n';
}

/// The spellings of each merged player on one line ("  Name: "a" (12), "b" (3)"), and with
/// `steps` every merge under it with its rule and evidence.
void print_merges(const indexer::PlayerReport& r, bool steps) {
  for (const indexer::PlayerMerge& m : r.merges) {
    print_spellings(m.name, m.spellings);
    if (!steps) continue;
    for (const indexer::PlayerMergeReason& s : m.steps)
      std::cout << "    " << (s.refused ? "not merged: \"" : "\"") << s.from << "\" -> \"" << s.to
                << "\": " << indexer::merge_rule_name(s.rule) << " (" << s.evidence << ")\n";
  }
}

void print_players(const indexer::PlayerReport& r, bool json, bool merges_only) {
  if (json) {
    print_json(std::cout, json::players_json(r));
    return;
  }
  if (merges_only) {
    std::cout << r.merges.size() << " players written several ways (" << r.players
              << " players in " << r.games << " games):\n";
    return print_merges(r, true);
  }
  Table table;
  table.column("player", Table::Align::Left, kTagColumnWidth)
      .column("games", Table::Align::Right)
      .column("+", Table::Align::Right)
      .column("=", Table::Align::Right)
      .column("-", Table::Align::Right)
      .column("score%", Table::Align::Right)
      .column("white +/=/-", Table::Align::Right)
      .column("white%", Table::Align::Right)
      .column("black +/=/-", Table::Align::Right)
      .column("black%", Table::Align::Right)
      .column("first")
      .column("last");
  for (const indexer::PlayerStats& p : r.rows)
    table.row({p.name, std::to_string(p.total.games()), std::to_string(p.total.wins),
               std::to_string(p.total.draws), std::to_string(p.total.losses),
               percent(indexer::score_percent(p.total), known(p.total)), wdl(p.as_white),
               percent(indexer::score_percent(p.as_white), known(p.as_white)), wdl(p.as_black),
               percent(indexer::score_percent(p.as_black), known(p.as_black)), p.first_date, p.last_date});
  if (!table.empty()) table.print(std::cout);
  std::cout << r.players << " players in " << r.games << " games";
  if (r.rows.size() < r.players) std::cout << ", top " << r.rows.size() << " shown";
  std::cout << '\n';
  if (!r.merges.empty()) {
    std::cout << "\nnames merged into one player (--merges: why):\n";
    print_merges(r, false);
  }
}

void print_events(const indexer::EventReport& r, bool json) {
  if (json) {
    print_json(std::cout, json::events_json(r));
    return;
  }
  Table table;
  table.column("event", Table::Align::Left, kTagColumnWidth)
      .column("first")
      .column("last")
      .column("games", Table::Align::Right)
      .column("players", Table::Align::Right)
      .column("decisive%", Table::Align::Right)
      .column("avg moves", Table::Align::Right);
  for (const indexer::EventStats& e : r.rows)
    table.row({e.name.empty() ? "(no event)" : e.name, e.first_date, e.last_date,
               std::to_string(e.games), std::to_string(e.players),
               percent(e.decisive_rate(), e.known_results > 0),
               fixed(e.average_moves())});
  if (!table.empty()) table.print(std::cout);
  std::cout << r.rows.size() << " events, " << r.games << " games\n";
  if (r.merges.empty()) return;
  std::cout << "\nnames of one event:\n";
  for (const indexer::EventMerge& m : r.merges) {
    print_spellings(m.name, m.spellings);
    for (const std::string& e : m.evidence) std::cout << "    " << e << '\n';
  }
}

/// A table whose first column is `label`, then games and the count of each result.
Table result_table(const std::string& label) {
  Table table;
  table.column(label)
      .column("games", Table::Align::Right)
      .column(indexer::result_text(db::GameResult::WhiteWin), Table::Align::Right)
      .column(indexer::result_text(db::GameResult::Draw), Table::Align::Right)
      .column(indexer::result_text(db::GameResult::BlackWin), Table::Align::Right)
      .column(indexer::result_text(db::GameResult::Unknown), Table::Align::Right)
      .column("white%", Table::Align::Right);
  return table;
}

/// A row of result_table.
void add_result_row(Table& table, const std::string& label, const ResultCounts& c) {
  table.row({label, std::to_string(c.games()), std::to_string(c.white_wins),
             std::to_string(c.draws), std::to_string(c.black_wins), std::to_string(c.unknown),
             percent(indexer::white_score(c), known(c))});
}

void print_results(const indexer::ResultReport& r, bool json) {
  if (json) {
    print_json(std::cout, json::results_json(r));
    return;
  }
  Table table = result_table("year");
  for (const indexer::YearResults& y : r.by_year) add_result_row(table, y.year, y.counts);
  add_result_row(table, "all", r.overall);
  table.print(std::cout);
  std::cout << "\naverage length " << fixed(r.average_moves()) << " moves ("
            << fixed(r.average_plies()) << " plies)\n";
  if (!r.longest.empty()) {
    std::cout << "\nlongest games:\n";
    Table games = game_row_table();
    games.column("plies", Table::Align::Right);
    for (const indexer::GameRow& g : r.longest) {
      std::vector<std::string> cells = game_row_cells(g);
      cells.push_back(std::to_string(g.ply));
      games.row(std::move(cells));
    }
    games.print(std::cout);
  }
}

void print_openings(const indexer::OpeningReport& r, bool json) {
  if (json) {
    print_json(std::cout, json::openings_json(r));
    return;
  }
  Table table = result_table("opening");
  for (const indexer::OpeningLine& line : r.rows) add_result_row(table, line.movetext(), line.counts);
  if (!table.empty()) table.print(std::cout);
  std::cout << r.sequences << " sequences of " << r.plies << " plies in " << r.games << " games";
  if (r.rows.size() < r.sequences) std::cout << ", top " << r.rows.size() << " shown";
  std::cout << "; not counted: " << r.shorter << " shorter, " << r.from_setup
            << " from a set-up position";
  if (r.undecodable > 0) std::cout << ", " << r.undecodable << " undecodable";
  std::cout << '\n';
}

/// The options of `damdb stats players`.
struct PlayersCliOptions : Common {
  std::size_t top = 20;
  bool merges = false;
};

/// The options of `damdb stats results`.
struct ResultsCliOptions : Common {
  std::size_t longest = 5;
};

/// The options of `damdb stats openings`.
struct OpeningsCliOptions : Common {
  std::size_t plies = 6;
  std::size_t top = 20;
};

/// Compiles the filter of `o`, opens the database read-only, then calls
/// report(database, filter).
template <class Report>
void with_selection(const Common& o, Report report) {
  indexer::GameFilter filter(o.filter);
  const db::Database database = open_for_reading(o.db);
  filter.resolve_names(database);
  report(database, filter);
}

int run_players(const PlayersCliOptions& o) {
  with_selection(o, [&](const db::Database& d, const indexer::GameFilter& f) {
    print_players(indexer::player_statistics(d, f, o.top), o.json, o.merges);
  });
  return kOk;
}

int run_events(const Common& o) {
  with_selection(o, [&](const db::Database& d, const indexer::GameFilter& f) {
    print_events(indexer::event_statistics(d, f), o.json);
  });
  return kOk;
}

int run_results(const ResultsCliOptions& o) {
  with_selection(o, [&](const db::Database& d, const indexer::GameFilter& f) {
    print_results(indexer::result_statistics(d, f, o.longest), o.json);
  });
  return kOk;
}

int run_openings(const OpeningsCliOptions& o) {
  with_selection(o, [&](const db::Database& d, const indexer::GameFilter& f) {
    if (o.plies < 1 || o.plies > 200) throw InputError("--plies must be between 1 and 200");
    print_openings(indexer::opening_statistics(d, f, o.plies, o.top), o.json);
  });
  return kOk;
}

/// Adds the stats subcommand `name` with the common options; its callback runs run(options).
template <class Options>
std::pair<CLI::App*, std::shared_ptr<Options>> add_report(CLI::App* stats, const char* name,
                                                          const char* help, int& exit_code,
                                                          int (*run)(const Options&)) {
  auto opts = std::make_shared<Options>();
  auto* cmd = stats->add_subcommand(name, help);
  add_common(cmd, *opts);
  cmd->callback([opts, &exit_code, run] { exit_code = run(*opts); });
  return {cmd, opts};
}

void setup_stats(CLI::App& app, int& exit_code) {
  auto* stats = app.add_subcommand("stats", "Statistics: players, events, results, openings");
  stats->require_subcommand(1);
  const auto [players, players_opts] = add_report<PlayersCliOptions>(
      stats, "players", "Per player results (spellings merged)", exit_code, run_players);
  players->add_option("--top", players_opts->top,
                      "Players to list, most games first (default 20; 0 = all)")
      ->check(kCount);
  players->add_flag("--merges", players_opts->merges,
                    "List every merge of spellings with its rule and evidence (corrections: "
                    "player-overrides.txt in the database folder, see README)");
  add_report<Common>(stats, "events", "Per event: dates, games, players, results", exit_code,
                     run_events);
  const auto [results, results_opts] = add_report<ResultsCliOptions>(
      stats, "results", "Results overall and by year, game lengths", exit_code, run_results);
  results->add_option("--longest", results_opts->longest, "Longest games to list (default 5)")
      ->check(kCount);
  const auto [openings, openings_opts] = add_report<OpeningsCliOptions>(
      stats, "openings", "The most frequent opening sequences", exit_code, run_openings);
  openings->add_option("--plies", openings_opts->plies,
                       "Length of the sequences in plies (default 6)")
      ->check(kCount);
  openings->add_option("--top", openings_opts->top, "Sequences to list (default 20; 0 = all)")
      ->check(kCount);
}

const Registration registration{"stats", setup_stats};

}  // namespace
}  // namespace damdb::cli
