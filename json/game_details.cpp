#include "json/game_details.hpp"

#include "json/game_rows.hpp"
#include "json/replay.hpp"
#include "rules/fen.hpp"

namespace damdb::json {
namespace {

nlohmann::json issues_json(const std::vector<pdn::ReplayIssue>& issues) {
  nlohmann::json out = nlohmann::json::array();
  for (const pdn::ReplayIssue& i : issues) out.push_back(issue_json(i));
  return out;
}

}  // namespace

nlohmann::json game_details_json(const indexer::GameDetails& details) {
  nlohmann::json j = game_view_json(details.view);
  nlohmann::json fens = nlohmann::json::array();
  for (const rules::Position& pos : details.positions) fens.push_back(rules::to_fen(pos));
  j["fens"] = std::move(fens);
  j["diagnostics"] = {{"errors", issues_json(details.replay.errors)},
                      {"warnings", issues_json(details.replay.warnings)},
                      {"notes", issues_json(details.replay.notes)}};
  return j;
}

}  // namespace damdb::json
