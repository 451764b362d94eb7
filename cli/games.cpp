// `damdb games [filters] [--limit N] [--offset N] [--json] [--db DIR]`: the stored games that
// pass the filters, in import order (see indexer/explorer/game_list.hpp), with the normalised date and
// result the filters use, and how many copies of each game were read (sources).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/explorer/game_list.hpp"
#include "json/game_rows.hpp"

namespace damdb::cli {
namespace {

void setup_games(CLI::App& app, int& exit_code) {
  struct Options {
    std::string db;
    indexer::FilterSpec filter;
    std::size_t limit = 50;
    std::size_t offset = 0;
    bool json = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("games", "List the stored games (filters as for queries)");
  add_database_option(cmd, opts->db);
  add_filter_options(cmd, opts->filter);
  cmd->add_option("--limit", opts->limit, "Games to list (default 50)")
      ->check(kCount);
  cmd->add_option("--offset", opts->offset, "Matching games to skip first (default 0)")
      ->check(kCount);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, &exit_code] {
    indexer::GameFilter filter(opts->filter);
    const db::Database database = open_for_reading(opts->db);
    filter.resolve_names(database);
    const indexer::GameListing list =
        indexer::list_games(database, filter, opts->limit, opts->offset);
    if (opts->json) {
      print_json(std::cout, json::game_listing_json(list, opts->offset));
    } else {
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
        std::cout << ", showing " << opts->offset + 1 << "-" << opts->offset + list.rows.size();
      std::cout << '\n';
    }
    exit_code = kOk;
  });
}

const Registration registration{"games", setup_games};

}  // namespace
}  // namespace damdb::cli
