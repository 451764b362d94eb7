// `damdb search ["COMPACT QUERY"] [--must FEN] [--empty SQUARES] [--not FEN] [--any-of FEN
// [--at-least K]]... [--white-men A-B] ... [--plies A-B] [--hold N] [--mirror] [filters]
// [--json] [--limit N] [--offset N] [--count] [--db DIR]`: games that reach a partial position.
// The options are clauses of the compact form (indexer/search/pattern_parse.hpp), applied in the order
// given, after the compact query.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/search/search.hpp"
#include "json/search.hpp"

namespace damdb::cli {
namespace {

/// The pattern options, each one clause keyword of the compact form.
constexpr const char* kClauseOptions[] = {
    "must",        "empty",     "not",         "any-of", "at-least", "white-men", "white-kings",
    "black-men",   "black-kings", "pieces",    "balance", "plies",   "hold"};

/// The options of `damdb search`.
struct SearchCliOptions {
  std::string compact;
  std::map<std::string, std::vector<std::string>> clauses;  // option -> values given
  /// The clause options in command-line order: (keyword, value); filled from `clauses` once
  /// the command line is parsed (clause_order).
  std::vector<std::pair<std::string, std::string>> ordered;
  bool mirror = false;
  indexer::FilterSpec filter;
  std::string db;
  bool json = false;
  bool count = false;
  std::size_t limit = 50;
  std::size_t offset = 0;
};

/// The clause options of `cmd` in the order the command line gave them.
std::vector<std::pair<std::string, std::string>> clause_order(const CLI::App& cmd,
                                                              const SearchCliOptions& o) {
  std::vector<std::pair<std::string, std::string>> ordered;
  std::map<std::string, std::size_t> used;
  for (const CLI::Option* opt : cmd.parse_order()) {
    const std::string name = opt->get_lnames().empty() ? "" : opt->get_lnames().front();
    const auto it = o.clauses.find(name);
    if (it == o.clauses.end()) continue;
    const std::size_t k = used[name]++;
    if (k < it->second.size()) ordered.emplace_back(name, it->second[k]);
  }
  return ordered;
}

/// The search as the user gave it: the compact query, then the options in command-line order.
indexer::SearchSpec spec_of(const SearchCliOptions& o) {
  indexer::SearchSpec spec;
  try {
    spec = indexer::parse_search(o.compact);
    for (const auto& [name, value] : o.ordered) indexer::apply_clause(spec, name, value);
    if (o.mirror) spec.query.mirror = true;
  } catch (const indexer::PatternError& e) {
    throw InputError(std::string("bad search query: ") + e.what());
  }
  indexer::override_filters(spec, o.filter);  // options replace the compact query's
  return spec;
}

void print_answer(const indexer::SearchAnswer& a, const SearchCliOptions& o) {
  const double rejected =
      a.games_scanned ? 100.0 * static_cast<double>(a.rejected_by_signature) /
                            static_cast<double>(a.games_scanned)
                      : 0.0;
  std::printf("%llu game(s)", static_cast<unsigned long long>(a.games));
  if (a.mirrored_games)
    std::printf(" (%llu by the colour-reversed pattern)",
                static_cast<unsigned long long>(a.mirrored_games));
  std::printf("; %llu scanned, %.1f%% rejected without replay, %llu replayed\n",
              static_cast<unsigned long long>(a.games_scanned), rejected,
              static_cast<unsigned long long>(a.replayed));
  if (o.count) return;
  if (!a.rows.empty()) {
    Table table = game_row_table();
    table.column("ply", Table::Align::Right);
    table.column("held", Table::Align::Right);
    table.column("mirrored");
    for (const auto& r : a.rows) {
      std::vector<std::string> cells = game_row_cells(r.game);
      cells.push_back(std::to_string(r.game.ply));
      cells.push_back(std::to_string(r.held));
      cells.push_back(r.game.mirrored ? "yes" : "");
      table.row(std::move(cells));
    }
    table.print(std::cout);
  }
  if (a.games > o.offset + a.rows.size() && o.limit > 0)
    std::printf("  ... %llu more (use --offset %zu)\n",
                static_cast<unsigned long long>(a.games - o.offset - a.rows.size()),
                o.offset + a.rows.size());
  if (a.next_moves.empty()) return;
  std::printf("moves played at the first hit (pattern's colours):\n");
  std::printf("  %-12s %6s  %6s %6s %6s %5s\n", "move", "games", "white", "draw", "black", "*");
  for (const auto& m : a.next_moves)
    std::printf("  %-12s %6llu  %6llu %6llu %6llu %5llu\n", m.notation.c_str(),
                static_cast<unsigned long long>(m.counts.games()),
                static_cast<unsigned long long>(m.counts.white_wins),
                static_cast<unsigned long long>(m.counts.draws),
                static_cast<unsigned long long>(m.counts.black_wins),
                static_cast<unsigned long long>(m.counts.unknown));
  if (a.ended_here)
    std::printf("  (%llu game(s) ended at the hit)\n",
                static_cast<unsigned long long>(a.ended_here));
}

/// `damdb search`: returns the exit code.
int run_search(const SearchCliOptions& o) {
  const indexer::SearchSpec spec = spec_of(o);
  indexer::GameFilter filter(spec.filter);
  const db::Database db = open_for_reading(o.db, false, filter.evaluation_criteria());
  filter.resolve_names(db);
  filter.resolve_evaluations(db);
  indexer::SearchOptions options;
  options.limit = o.limit;
  options.offset = o.offset;
  options.count_only = o.count;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  bool shown = false;
  options.progress = [&](const indexer::SearchProgress& p) {
    shown = true;
    std::fprintf(stderr, "%ssearch: %llu/%llu signatures, %llu/%llu games replayed%s",
                 terminal ? "\r" : "", static_cast<unsigned long long>(p.games_scanned),
                 static_cast<unsigned long long>(p.games_total),
                 static_cast<unsigned long long>(p.replayed),
                 static_cast<unsigned long long>(p.candidates), terminal ? "  " : "\n");
  };
  const indexer::SearchAnswer a = indexer::search_games(db, spec.query, filter, options);
  if (shown && terminal) std::fprintf(stderr, "\n");
  if (o.json) print_json(std::cout, json::search_answer_json(a, o.count));
  else print_answer(a, o);
  return kOk;
}

void setup_search(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SearchCliOptions>();
  auto* cmd = app.add_subcommand(
      "search", "Games reaching a partial position (pieces, empty squares, counts; README)");
  cmd->add_option("query", o->compact,
                  "The compact form: \"must W:W27,28:B22,23; empty 33; plies 20-\"");
  const std::map<std::string, std::string> help = {
      {"must", "Pieces that must stand: W:W27,28:B22,23 (K king, ? man or king; side first)"},
      {"empty", "Squares that must be empty: 33,38-40"},
      {"not", "Pieces that must not stand (same syntax; a bare K: no king of that colour)"},
      {"any-of", "At least one (--at-least K) of these pieces stand; repeatable"},
      {"at-least", "How many pieces of the preceding --any-of must stand"},
      {"white-men", "White men count A-B (A-, -B, A)"},
      {"white-kings", "White kings count A-B"},
      {"black-men", "Black men count A-B"},
      {"black-kings", "Black kings count A-B"},
      {"pieces", "Pieces of both sides A-B"},
      {"balance", "White pieces minus black pieces: A..B, negatives allowed (--balance=-2..0)"},
      {"plies", "Ply window A-B (0 = start position)"},
      {"hold", "The pattern holds for at least N consecutive plies"}};
  for (const char* name : kClauseOptions)
    cmd->add_option(std::string("--") + name, o->clauses[name], help.at(name))
        ->allow_extra_args(false);
  cmd->add_flag("--mirror", o->mirror,
                "Also the colour-reversed pattern (square n <-> 51-n, colours swapped)");
  add_filter_options(cmd, o->filter);
  add_evaluation_filter_options(cmd, o->filter);
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_flag("--count", o->count, "Only count the games");
  cmd->add_option("--limit", o->limit, "Games to list (default 50)")->check(kCount);
  cmd->add_option("--offset", o->offset, "Games to skip (default 0)")->check(kCount);
  add_database_option(cmd, o->db);
  cmd->callback([cmd, o, &exit_code] {
    o->ordered = clause_order(*cmd, *o);
    exit_code = run_search(*o);
  });
}

const Registration registration{"search", setup_search};

}  // namespace
}  // namespace damdb::cli
