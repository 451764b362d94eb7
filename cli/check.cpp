// `damdb check [--db DIR] [--json]`: reads every stored game record and lists those that cannot
// be read (a storage block whose checksum fails, a record that does not decode), with the
// reason. Exit 0 when every game reads, 1 when some are damaged (`damdb export` skips them).
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/table.hpp"
#include "indexer/records/storage_check.hpp"
#include "json/storage_check.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb check`.
struct CheckCliOptions {
  std::string db;
  bool json = false;
};

/// `damdb check`: returns the exit code.
int run_check(const CheckCliOptions& o) {
  const indexer::StorageCheck check = indexer::check_storage(open_for_reading(o.db));
  if (o.json) {
    print_json(std::cout, json::storage_check_json(check));
  } else {
    const std::uint64_t readable = check.readable;
    std::cout << readable << (readable == 1 ? " game reads" : " games read") << ", "
              << check.damaged.size() << " damaged in " << check.database << '\n';
    std::cout << "  game records in";
    for (const std::string& f : check.game_files) std::cout << ' ' << f;
    std::cout << '\n';
    for (const db::DamagedGame& d : check.damaged)
      std::cout << "  game " << d.id.value << ": " << d.reason << '\n';
  }
  return check.damaged.empty() ? kOk : kProblems;
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
