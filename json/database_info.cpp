#include "json/database_info.hpp"

#include <algorithm>
#include <ctime>

#include "indexer/records/issue_kinds.hpp"

namespace damdb::json {
namespace {

/// The latest import time of the recorded sources as "YYYY-MM-DDTHH:MM:SSZ", null if none.
nlohmann::json last_import(const db::Database& database) {
  std::int64_t latest = 0;
  for (const db::SourceInfo& s : database.meta().sources) latest = std::max(latest, s.import_time);
  if (latest <= 0) return nullptr;
  const std::time_t t = static_cast<std::time_t>(latest);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

nlohmann::json issue_kind_counts_json(const std::array<std::uint64_t, 64>& counts, bool errors) {
  nlohmann::json out = nlohmann::json::object();
  for (unsigned k = 0; k < counts.size(); ++k)
    if (counts[k] > 0 && indexer::is_error_kind(k) == errors)
      out[indexer::issue_kind_name(k)] = counts[k];
  return out;
}

nlohmann::json database_info_json(const db::Database& database) {
  const db::Info info = database.info();
  const db::Counts& c = info.counts;
  nlohmann::json cf = nlohmann::json::object();
  for (const auto& [name, bytes] : info.column_family_bytes) cf[name] = bytes;
  return nlohmann::json{{"database", database.folder().string()},
                        {"schema_version", info.schema_version},
                        {"games", c.games},
                        {"valid", c.valid},
                        {"warnings", c.warnings},
                        {"invalid", c.invalid},
                        {"with_an_illegal_move", indexer::games_with_move_error(c)},
                        {"invalid_by_first_error", issue_kind_counts_json(c.first_error, true)},
                        {"games_by_warning", issue_kind_counts_json(c.with_kind, false)},
                        {"duplicates", c.duplicates},
                        {"indexed_positions", c.indexed_positions},
                        {"occurrence_entries", c.occurrence_entries},
                        {"distinct_positions_estimate", info.distinct_positions},
                        {"sources", info.sources},
                        {"bytes_on_disk", info.bytes_on_disk},
                        {"column_family_bytes", cf},
                        {"last_import", last_import(database)}};
}

}  // namespace damdb::json
