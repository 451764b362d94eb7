// JSON of a database summary (`damdb info --json`, the API's /api/info).
#pragma once

#include <nlohmann/json.hpp>

#include "db/database.hpp"

namespace damdb::json {

/// {"database" (folder), "schema_version", "games", "valid", "warnings", "invalid",
/// "duplicates", "indexed_positions", "occurrence_entries", "distinct_positions_estimate",
/// "sources", "bytes_on_disk", "column_family_bytes": {name: bytes}} of `database`.
/// Throws db::Error from the database.
nlohmann::json database_info_json(const db::Database& database);

}  // namespace damdb::json
