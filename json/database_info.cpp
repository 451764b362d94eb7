#include "json/database_info.hpp"

namespace damdb::json {

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
                        {"duplicates", c.duplicates},
                        {"indexed_positions", c.indexed_positions},
                        {"occurrence_entries", c.occurrence_entries},
                        {"distinct_positions_estimate", info.distinct_positions},
                        {"sources", info.sources},
                        {"bytes_on_disk", info.bytes_on_disk},
                        {"column_family_bytes", cf}};
}

}  // namespace damdb::json
