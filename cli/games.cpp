// `damdb games [filters] [--limit N] [--offset N] [--json] [--db DIR]`: the stored games that
// pass the filters, in import order (see indexer/game_list.hpp).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/table.hpp"
#include "indexer/game_list.hpp"

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
    const indexer::GameFilter filter(opts->filter);
    db::OpenOptions open;
    open.mode = db::OpenMode::read_only;
    const db::Database database = db::Database::open(database_folder(opts->db), open);
    const indexer::GameListing list =
        indexer::list_games(database, filter, opts->limit, opts->offset);
    if (opts->json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const indexer::GameListRow& r : list.rows)
        rows.push_back({{"id", r.game.id.value},
                        {"white", r.game.white},
                        {"black", r.game.black},
                        {"event", r.game.event},
                        {"date", r.game.date},
                        {"round", r.game.round},
                        {"result", indexer::result_text(r.game.result)},
                        {"plies", r.plies},
                        {"status", indexer::status_text(r.status)}});
      print_json(std::cout, {{"games", list.total}, {"offset", opts->offset}, {"results", rows}});
    } else {
      Table table;
      table.column("id", Table::Align::right)
          .column("white", Table::Align::left, kTagColumnWidth)
          .column("black", Table::Align::left, kTagColumnWidth)
          .column("event", Table::Align::left, kTagColumnWidth)
          .column("date")
          .column("round", Table::Align::left, kTagColumnWidth)
          .column("result")
          .column("plies", Table::Align::right)
          .column("status");
      for (const indexer::GameListRow& r : list.rows)
        table.row({std::to_string(r.game.id.value), r.game.white, r.game.black, r.game.event,
                   r.game.date, r.game.round, indexer::result_text(r.game.result),
                   std::to_string(r.plies), indexer::status_text(r.status)});
      if (!table.empty()) table.print(std::cout);
      std::cout << list.total << (list.total == 1 ? " game" : " games");
      if (!list.rows.empty() && list.rows.size() < list.total)
        std::cout << ", showing " << opts->offset + 1 << "-" << opts->offset + list.rows.size();
      std::cout << '\n';
    }
    exit_code = kOk;
  });
}

const Registration registration{setup_games};

}  // namespace
}  // namespace damdb::cli
