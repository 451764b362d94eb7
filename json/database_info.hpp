// JSON of a database summary (`damdb info --json`, the API's /api/info).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/records/database_summary.hpp"

namespace damdb::json {

/// {"database" (folder), "schema_version", "games", "valid", "warnings", "invalid",
/// "with_an_illegal_move", "invalid_by_first_error": {kind: games}, "games_by_warning":
/// {kind: games}, "duplicates", "indexed_positions", "occurrence_entries",
/// "distinct_positions_estimate", "sources", "bytes_on_disk", "column_family_bytes": {name:
/// bytes}, "last_import" (UTC, "2026-12-01T10:20:30Z"; null when no source is recorded)} of
/// `summary`.
nlohmann::json database_info_json(const indexer::DatabaseSummary& summary);

}  // namespace damdb::json
