// `damdb games [filters] [--limit N] [--offset N] [--json] [--db DIR]`: the stored games that
// pass the filters, in import order (see indexer/explorer/game_list.hpp), with the normalised date and
// result the filters use, and how many copies of each game were read (sources).
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/explorer/game_list.hpp"
#include "json/game_rows.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb games`.
struct GamesCliOptions {
  std::string db;
  indexer::FilterSpec filter;
  std::size_t limit = 50;
  std::size_t offset = 0;
  bool json = false;
};

void print_listing(const indexer::GameListing& list, std::size_t offset) {
  Table table = game_row_table();
  table.column("plies", Table::Align::Right).column("status").column(
      "sources", Table::Align::Right);
  for (const indexer::GameListRow& r : list.rows) {
    indexer::GameRow shown = r.game;
    shown.date = r.date.empty() ? "?" : r.date;
    std::vector<std::string> cells = game_row_cells(shown);
    cells.push_back(std::to_string(r.plies));
    cells.push_back(indexer::status_text(r.status));
    cells.push_back(std::to_string(r.sources));
    table.row(std::move(cells));
  }
  if (!table.empty()) table.print(std::cout);
  std::cout << list.total << (list.total == 1 ? " game" : " games");
  if (!list.rows.empty() && list.rows.size() < list.total)
    std::cout << ", showing " << offset + 1 << "-" << offset + list.rows.size();
  std::cout << '\n';
}

/// `damdb games`: returns the exit code.
int run_games(const GamesCliOptions& o) {
  indexer::GameFilter filter(o.filter);
  const db::Database database = open_for_reading(o.db, false, filter.evaluation_criteria());
  filter.resolve_names(database);
  filter.resolve_evaluations(database);
  const indexer::GameListing list = indexer::list_games(database, filter, o.limit, o.offset);
  if (o.json)
    print_json(std::cout, json::game_listing_json(list, o.offset));
  else
    print_listing(list, o.offset);
  return kOk;
}

void setup_games(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<GamesCliOptions>();
  auto* cmd = app.add_subcommand("games", "List the stored games (filters as for queries)");
  add_database_option(cmd, opts->db);
  add_filter_options(cmd, opts->filter);
  add_evaluation_filter_options(cmd, opts->filter);
  cmd->add_option("--limit", opts->limit, "Games to list (default 50)")
      ->check(kCount);
  cmd->add_option("--offset", opts->offset, "Matching games to skip first (default 0)")
      ->check(kCount);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, &exit_code] { exit_code = run_games(*opts); });
}

const Registration registration{"games", setup_games};

}  // namespace
}  // namespace damdb::cli
