#include "indexer/duplicates/duplicate_listing.hpp"

#include "indexer/games/game_filter.hpp"
#include "indexer/text/game_date.hpp"

namespace damdb::indexer {

std::vector<std::vector<ClusterMember>> cluster_members(const db::Database& db,
                                                        const DuplicateReport& report,
                                                        std::size_t limit) {
  std::vector<std::vector<ClusterMember>> out;
  for (const DuplicateCluster& c : report.clusters) {
    if (limit > 0 && out.size() == limit) break;
    const auto headers = db.game_headers(c.members);
    std::vector<ClusterMember>& members = out.emplace_back();
    for (std::size_t i = 0; i < c.members.size(); ++i)
      members.push_back({c.members[i], headers[i], headers[i] ? game_date(*headers[i]) : ""});
  }
  return out;
}

std::size_t marked_members(const std::vector<db::DuplicateMark>& marks) {
  std::size_t members = 0;
  for (const db::DuplicateMark& m : marks) members += m.members.size();
  return members;
}

}  // namespace damdb::indexer
