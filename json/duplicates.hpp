// JSON of the near-duplicate report and of its marks (`damdb duplicates --json`, with --apply
// and --undo).
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/duplicate_mark.hpp"
#include "indexer/duplicates/duplicate_listing.hpp"
#include "indexer/duplicates/duplicates.hpp"

namespace damdb::json {

/// {"games", "candidates", "replayed", "by_class": {"prefix": {"clusters", "games"}, ...},
/// "clusters": [{"class", "primary" (id), "members": [{"id", "white", "black", "event",
/// "date", "result", "plies", "status"}] (primary first; only "id" for a game removed since),
/// "evidence": [{"a", "b", "text"}]}]}: the first members.size() clusters of `r`, `members`
/// holding their members (indexer::cluster_members).
nlohmann::json duplicates_json(const indexer::DuplicateReport& r,
                               const std::vector<std::vector<indexer::ClusterMember>>& members);

/// {"marked" (clusters), "members" (games counted through their primary), "marks": [{"primary",
/// "members": [id]}]} of the marks `--apply` wrote.
nlohmann::json duplicate_marks_json(const std::vector<db::DuplicateMark>& marks);

/// {"removed"}: the marks `--undo` removed.
nlohmann::json marks_removed_json(std::size_t removed);

}  // namespace damdb::json
