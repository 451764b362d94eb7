// `damdb info [--db DIR] [--json]`: what the database holds.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/table.hpp"
#include "db/database.hpp"

namespace damdb::cli {
namespace {

void setup_info(CLI::App& app, int& exit_code) {
  struct Options {
    std::string db;
    bool json = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("info", "Show what the database holds");
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, &exit_code] {
    const db::Database database = open_for_reading(opts->db);
    const db::Info info = database.info();
    const db::Counts& c = info.counts;
    if (opts->json) {
      nlohmann::json cf = nlohmann::json::object();
      for (const auto& [name, bytes] : info.column_family_bytes) cf[name] = bytes;
      print_json(std::cout, nlohmann::json{{"database", database.folder().string()},
                                           {"schema_version", info.schema_version},
                                           {"games", c.games},
                                           {"valid", c.valid},
                                           {"warnings", c.warnings},
                                           {"invalid", c.invalid},
                                           {"duplicates", c.duplicates},
                                           {"indexed_positions", c.indexed_positions},
                                           {"occurrence_entries", c.occurrence_entries},
                                           {"distinct_positions_estimate", info.distinct_positions},
                                           {"sources", info.sources},
                                           {"bytes_on_disk", info.bytes_on_disk},
                                           {"column_family_bytes", cf}});
    } else {
      std::printf("database %s (schema %u)\n", database.folder().c_str(), info.schema_version);
      std::printf(
          "  games %llu: %llu valid, %llu with warnings, %llu invalid\n",
          static_cast<unsigned long long>(c.games), static_cast<unsigned long long>(c.valid),
          static_cast<unsigned long long>(c.warnings), static_cast<unsigned long long>(c.invalid));
      std::printf("  duplicates offered %llu\n", static_cast<unsigned long long>(c.duplicates));
      std::printf(
          "  positions indexed %llu (game, ply) in %llu (position, game) entries; "
          "about %llu distinct positions\n",
          static_cast<unsigned long long>(c.indexed_positions),
          static_cast<unsigned long long>(c.occurrence_entries),
          static_cast<unsigned long long>(info.distinct_positions));
      std::printf("  sources %llu, %.1f MB on disk\n",
                  static_cast<unsigned long long>(info.sources), info.bytes_on_disk / 1e6);
    }
    exit_code = kOk;
  });
}

const Registration registration{setup_info};

}  // namespace
}  // namespace damdb::cli
