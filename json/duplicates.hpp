// JSON of the near-duplicate report (`damdb duplicates --json`).
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "db/database.hpp"
#include "indexer/duplicates/duplicates.hpp"

namespace damdb::json {

/// {"games", "candidates", "replayed", "by_class": {"prefix": {"clusters", "games"}, ...},
/// "clusters": [{"class", "primary" (id), "members": [{"id", "white", "black", "event",
/// "date", "result", "plies", "status"}] (primary first), "evidence": [{"a", "b", "text"}]}]}.
/// The members' headers are read from `db`; at most `limit` clusters (0 = all) are listed.
nlohmann::json duplicates_json(const indexer::DuplicateReport& r, const db::Database& db,
                               std::size_t limit = 0);

}  // namespace damdb::json
