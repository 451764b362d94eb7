// JSON of a database summary (`damdb info --json`, the API's /api/info).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "db/database.hpp"

namespace damdb::json {

/// {"database" (folder), "schema_version", "games", "valid", "warnings", "invalid",
/// "with_an_illegal_move", "invalid_by_first_error": {kind: games}, "games_by_warning":
/// {kind: games}, "duplicates", "indexed_positions", "occurrence_entries",
/// "distinct_positions_estimate", "sources", "bytes_on_disk", "column_family_bytes": {name:
/// bytes}, "last_import" (UTC, "2026-12-01T10:20:30Z"; null when no source is recorded)} of
/// `database`.
/// Throws db::Error from the database.
nlohmann::json database_info_json(const db::Database& database);

/// Games per pdn::IssueKind (indexed by the kind's number), only the error kinds (`errors`) or
/// only the others, as {snake_case name: games} in kind order; kinds with no game are left out.
nlohmann::json issue_kind_counts_json(const std::array<std::uint64_t, 64>& counts, bool errors);

}  // namespace damdb::json
