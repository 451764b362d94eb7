#include "json/duplicates.hpp"

#include "indexer/game_list.hpp"
#include "indexer/game_date.hpp"
#include "indexer/query.hpp"

namespace damdb::json {
namespace {

nlohmann::json member_json(db::GameId id, const std::optional<db::GameHeader>& h) {
  nlohmann::json m = {{"id", id.value}};
  if (!h) return m;
  m["white"] = h->white;
  m["black"] = h->black;
  m["event"] = h->event;
  m["date"] = indexer::game_date(*h);
  m["result"] = indexer::result_text(h->result);
  m["plies"] = h->plies;
  m["status"] = indexer::status_text(h->status);
  return m;
}

}  // namespace

nlohmann::json duplicates_json(const indexer::DuplicateReport& r, const db::Database& db,
                               std::size_t limit) {
  nlohmann::json out = {{"games", r.games}, {"candidates", r.candidates}, {"replayed", r.replayed}};
  nlohmann::json by_class = nlohmann::json::object();
  for (std::size_t c = 0; c < indexer::kDuplicateClasses; ++c)
    by_class[std::string(indexer::duplicate_class_name(static_cast<indexer::DuplicateClass>(c)))] =
        {{"clusters", r.clusters_by_class[c]}, {"games", r.games_by_class[c]}};
  out["by_class"] = std::move(by_class);
  nlohmann::json clusters = nlohmann::json::array();
  for (const indexer::DuplicateCluster& c : r.clusters) {
    if (limit > 0 && clusters.size() == limit) break;
    const auto headers = db.game_headers(c.members);
    nlohmann::json members = nlohmann::json::array();
    for (std::size_t i = 0; i < c.members.size(); ++i)
      members.push_back(member_json(c.members[i], headers[i]));
    nlohmann::json evidence = nlohmann::json::array();
    for (const indexer::DuplicateLink& l : c.links)
      evidence.push_back({{"a", l.a.value}, {"b", l.b.value}, {"text", l.evidence}});
    clusters.push_back({{"class", indexer::duplicate_class_name(c.kind)},
                        {"primary", c.members.front().value},
                        {"members", std::move(members)},
                        {"evidence", std::move(evidence)}});
  }
  out["clusters"] = std::move(clusters);
  return out;
}

}  // namespace damdb::json
