// `damdb info [--db DIR] [--json]`: what the database holds.
#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/table.hpp"
#include "indexer/records/database_summary.hpp"
#include "json/database_info.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb info`.
struct InfoCliOptions {
  std::string db;
  bool json = false;
};

/// "capture required 3, move number 2" (names with spaces, by name), "none" when empty.
std::string kinds_text(const indexer::KindCounts& kinds) {
  std::string out;
  for (const auto& [name, games] : kinds) {
    std::string words = name;
    for (char& c : words)
      if (c == '_') c = ' ';
    out += (out.empty() ? "" : ", ") + words + " " + std::to_string(games);
  }
  return out.empty() ? "none" : out;
}

void print_summary(const indexer::DatabaseSummary& s) {
  const db::Info& info = s.info;
  const db::Counts& c = info.counts;
  std::printf("database %s (schema %u)\n", s.folder.c_str(), info.schema_version);
  std::printf(
      "  games %llu: %llu valid, %llu with warnings, %llu invalid (%llu with an illegal "
      "move)\n",
      static_cast<unsigned long long>(c.games), static_cast<unsigned long long>(c.valid),
      static_cast<unsigned long long>(c.warnings), static_cast<unsigned long long>(c.invalid),
      static_cast<unsigned long long>(s.with_move_error));
  if (c.invalid > 0)
    std::printf("  invalid by first error: %s\n", kinds_text(s.invalid_by_first_error).c_str());
  std::printf("  games with warnings of a kind: %s\n", kinds_text(s.games_by_warning).c_str());
  std::printf("  further copies of stored games %llu (kept as sources)\n",
              static_cast<unsigned long long>(c.duplicates));
  std::printf(
      "  positions indexed %llu (game, ply) in %llu (position, game) entries; "
      "about %llu distinct positions\n",
      static_cast<unsigned long long>(c.indexed_positions),
      static_cast<unsigned long long>(c.occurrence_entries),
      static_cast<unsigned long long>(info.distinct_positions));
  std::printf("  sources %llu, %.1f MB on disk\n", static_cast<unsigned long long>(info.sources),
              info.bytes_on_disk / 1e6);
}

/// `damdb info`: returns the exit code.
int run_info(const InfoCliOptions& o) {
  const indexer::DatabaseSummary summary = indexer::summarize_database(open_for_reading(o.db));
  if (o.json)
    print_json(std::cout, json::database_info_json(summary));
  else
    print_summary(summary);
  return kOk;
}

void setup_info(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<InfoCliOptions>();
  auto* cmd = app.add_subcommand("info", "Show what the database holds");
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, &exit_code] { exit_code = run_info(*opts); });
}

const Registration registration{"info", setup_info};

}  // namespace
}  // namespace damdb::cli
