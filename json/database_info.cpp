#include "json/database_info.hpp"

#include <ctime>

namespace damdb::json {
namespace {

/// `seconds` (Unix time) as "YYYY-MM-DDTHH:MM:SSZ", null if 0 or less.
nlohmann::json utc_time(std::int64_t seconds) {
  if (seconds <= 0) return nullptr;
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

nlohmann::json database_info_json(const indexer::DatabaseSummary& summary) {
  const db::Info& info = summary.info;
  const db::Counts& c = info.counts;
  nlohmann::json cf = nlohmann::json::object();
  for (const auto& [name, bytes] : info.column_family_bytes) cf[name] = bytes;
  return nlohmann::json{{"database", summary.folder},
                        {"schema_version", info.schema_version},
                        {"games", c.games},
                        {"valid", c.valid},
                        {"warnings", c.warnings},
                        {"invalid", c.invalid},
                        {"with_an_illegal_move", summary.with_move_error},
                        {"invalid_by_first_error", summary.invalid_by_first_error},
                        {"games_by_warning", summary.games_by_warning},
                        {"duplicates", c.duplicates},
                        {"indexed_positions", c.indexed_positions},
                        {"occurrence_entries", c.occurrence_entries},
                        {"distinct_positions_estimate", info.distinct_positions},
                        {"sources", info.sources},
                        {"bytes_on_disk", info.bytes_on_disk},
                        {"column_family_bytes", cf},
                        {"last_import", utc_time(summary.last_import)}};
}

}  // namespace damdb::json
