// What the listing of near-duplicate clusters shows of each member (`damdb duplicates`, text
// and JSON): its header as stored now and its normalised date.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/duplicate_mark.hpp"
#include "indexer/duplicates/duplicates.hpp"

namespace damdb::indexer {

/// A member of a near-duplicate cluster as listed.
struct ClusterMember {
  db::GameId id;
  std::optional<db::GameHeader> header;  ///< nullopt: removed since the clusters were computed
  std::string date;                      ///< game_date of the header ("" unknown or removed)
};

/// The members of each of the first `limit` clusters of `report` (0 = all), primary first, their
/// headers read from `db`. Throws db::Error from the database.
std::vector<std::vector<ClusterMember>> cluster_members(const db::Database& db,
                                                        const DuplicateReport& report,
                                                        std::size_t limit);

/// The games of `marks` counted through their primary: the members of all marks together.
std::size_t marked_members(const std::vector<db::DuplicateMark>& marks);

}  // namespace damdb::indexer
