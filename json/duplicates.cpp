#include "json/duplicates.hpp"

#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/text/game_date.hpp"

namespace damdb::json {
namespace {

nlohmann::json member_json(const indexer::ClusterMember& member) {
  nlohmann::json m = {{"id", member.id.value}};
  if (!member.header) return m;
  const db::GameHeader& h = *member.header;
  m["white"] = h.white;
  m["black"] = h.black;
  m["event"] = h.event;
  m["date"] = member.date;
  m["result"] = indexer::result_text(h.result);
  m["plies"] = h.plies;
  m["status"] = indexer::status_text(h.status);
  return m;
}

}  // namespace

nlohmann::json duplicates_json(const indexer::DuplicateReport& r,
                               const std::vector<std::vector<indexer::ClusterMember>>& members) {
  nlohmann::json out = {{"games", r.games}, {"candidates", r.candidates}, {"replayed", r.replayed}};
  nlohmann::json by_class = nlohmann::json::object();
  for (std::size_t c = 0; c < indexer::kDuplicateClasses; ++c)
    by_class[std::string(indexer::duplicate_class_name(static_cast<indexer::DuplicateClass>(c)))] =
        {{"clusters", r.clusters_by_class[c]}, {"games", r.games_by_class[c]}};
  out["by_class"] = std::move(by_class);
  nlohmann::json clusters = nlohmann::json::array();
  for (std::size_t k = 0; k < members.size() && k < r.clusters.size(); ++k) {
    const indexer::DuplicateCluster& c = r.clusters[k];
    nlohmann::json listed = nlohmann::json::array();
    for (const indexer::ClusterMember& m : members[k]) listed.push_back(member_json(m));
    nlohmann::json evidence = nlohmann::json::array();
    for (const indexer::DuplicateLink& l : c.links)
      evidence.push_back({{"a", l.a.value}, {"b", l.b.value}, {"text", l.evidence}});
    clusters.push_back({{"class", indexer::duplicate_class_name(c.kind)},
                        {"primary", c.members.front().value},
                        {"members", std::move(listed)},
                        {"evidence", std::move(evidence)}});
  }
  out["clusters"] = std::move(clusters);
  return out;
}

nlohmann::json duplicate_marks_json(const std::vector<db::DuplicateMark>& marks) {
  nlohmann::json list = nlohmann::json::array();
  for (const db::DuplicateMark& m : marks) {
    nlohmann::json ids = nlohmann::json::array();
    for (const db::GameId id : m.members) ids.push_back(id.value);
    list.push_back({{"primary", m.primary.value}, {"members", std::move(ids)}});
  }
  return {{"marked", marks.size()}, {"members", indexer::marked_members(marks)}, {"marks", list}};
}

nlohmann::json marks_removed_json(std::size_t removed) { return {{"removed", removed}}; }

}  // namespace damdb::json
