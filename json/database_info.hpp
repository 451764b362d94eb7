// JSON of a database summary (`damdb info --json`, the API's /api/info).
#pragma once

#include <nlohmann/json.hpp>

#include "db/database.hpp"

namespace damdb::json {

/// {"database" (folder), "schema_version", "games", "valid", "warnings", "invalid",
/// "duplicates", "indexed_positions", "occurrence_entries", "distinct_positions_estimate",
/// "sources", "bytes_on_disk", "column_family_bytes": {name: bytes}, "last_import" (UTC,
/// "2026-12-01T10:20:30Z"; null when no source is recorded)} of `database`.
/// Throws db::Error from the database.
nlohmann::json database_info_json(const db::Database& database);

}  // namespace damdb::json
