// `damdb check [--db DIR] [--json]`: reads every stored game record and lists those that cannot
// be read (a storage block whose checksum fails, a record that does not decode), with the
// reason. Exit 0 when every game reads, 1 when some are damaged (`damdb export` skips them).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/table.hpp"
#include "db/database.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb check`.
struct CheckCliOptions {
  std::string db;
  bool json = false;
};

/// `damdb check`: returns the exit code.
int run_check(const CheckCliOptions& o) {
  const db::Database database = open_for_reading(o.db);
  std::uint64_t readable = 0;
  std::vector<db::DamagedGame> damaged;
  database.for_each_readable_game([&](db::GameId, const db::GameRecord&) { return ++readable, true; },
                                  [&](const db::DamagedGame& d) { damaged.push_back(d); });
  const std::vector<std::string> files = database.info().game_files;
  if (o.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const db::DamagedGame& d : damaged) list.push_back({{"id", d.id.value}, {"reason", d.reason}});
    print_json(std::cout, {{"database", database.folder().string()},
                           {"game_files", files},
                           {"readable", readable},
                           {"damaged", list}});
  } else {
    std::cout << readable << (readable == 1 ? " game reads" : " games read") << ", "
              << damaged.size() << " damaged in " << database.folder().string() << '\n';
    std::cout << "  game records in";
    for (const std::string& f : files) std::cout << ' ' << f;
    std::cout << '\n';
    for (const db::DamagedGame& d : damaged)
      std::cout << "  game " << d.id.value << ": " << d.reason << '\n';
  }
  return damaged.empty() ? kOk : kProblems;
}

void setup_check(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<CheckCliOptions>();
  auto* cmd = app.add_subcommand("check", "List the stored games that cannot be read (damaged storage)");
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, &exit_code] { exit_code = run_check(*opts); });
}

const Registration registration{"check", setup_check};

}  // namespace
}  // namespace damdb::cli
