// `damdb info [--db DIR] [--json]`: what the database holds.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/table.hpp"
#include "db/database.hpp"
#include "json/database_info.hpp"
#include "indexer/records/issue_kinds.hpp"

namespace damdb::cli {
namespace {

/// "capture required 3, move number 2" (JSON names with spaces), "none" when empty.
std::string kinds_text(const nlohmann::json& kinds) {
  std::string out;
  for (const auto& [name, games] : kinds.items()) {
    std::string words = name;
    for (char& c : words)
      if (c == '_') c = ' ';
    out += (out.empty() ? "" : ", ") + words + " " + std::to_string(games.get<std::uint64_t>());
  }
  return out.empty() ? "none" : out;
}

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
    const std::uint64_t move_errors = indexer::games_with_move_error(c);
    const nlohmann::json errors = json::issue_kind_counts_json(c.first_error, true);
    const nlohmann::json warnings = json::issue_kind_counts_json(c.with_kind, false);
    if (opts->json) {
      print_json(std::cout, json::database_info_json(database));
    } else {
      std::printf("database %s (schema %u)\n", database.folder().c_str(), info.schema_version);
      std::printf(
          "  games %llu: %llu valid, %llu with warnings, %llu invalid (%llu with an illegal "
          "move)\n",
          static_cast<unsigned long long>(c.games), static_cast<unsigned long long>(c.valid),
          static_cast<unsigned long long>(c.warnings), static_cast<unsigned long long>(c.invalid),
          static_cast<unsigned long long>(move_errors));
      if (c.invalid > 0) std::printf("  invalid by first error: %s\n", kinds_text(errors).c_str());
      std::printf("  games with warnings of a kind: %s\n", kinds_text(warnings).c_str());
      std::printf("  further copies of stored games %llu (kept as sources)\n",
                  static_cast<unsigned long long>(c.duplicates));
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

const Registration registration{"info", setup_info};

}  // namespace
}  // namespace damdb::cli
