// /api/player?name=NAME: a player's record (= `damdb player NAME --json`). A name that is empty
// gives 400, one that names no stored player 404, one that names several players 400 with
// "candidates": the spellings of each.
#include <nlohmann/json.hpp>

#include "indexer/stats/player_record.hpp"
#include "json/error.hpp"
#include "json/player_record.hpp"
#include "json/text.hpp"
#include "server/api.hpp"

namespace damdb::server {

Response Api::player(const ParameterMap& params) const {
  const Parameters p(params, {"name"}, false, limits_);
  if (p.text("name").empty()) throw BadParameter("name", "expected a player's name");
  try {
    return {200, "application/json",
            json::to_text(json::player_record_json(
                indexer::player_record(db_, p.text("name"), names_.get())))};
  } catch (const indexer::PlayerLookupError& e) {
    nlohmann::json body = json::error_json(e.what(), "name");
    if (e.candidates.empty()) return {404, "application/json", json::to_text(body)};
    body["candidates"] = e.candidates;
    return {400, "application/json", json::to_text(body)};
  }
}

}  // namespace damdb::server
