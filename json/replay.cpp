#include "json/replay.hpp"

#include "rules/fen.hpp"

namespace damdb::json {

nlohmann::json issue_json(const pdn::ReplayIssue& issue) {
  nlohmann::json j{{"kind", std::string(pdn::to_string(issue.kind))},
                   {"severity", std::string(pdn::to_string(pdn::severity_of(issue.kind)))},
                   {"count", issue.count},
                   {"ply", issue.ply},
                   {"move_number", issue.move_number},
                   {"side", issue.side == rules::Color::White ? "white" : "black"},
                   {"token", issue.token},
                   {"line", issue.pos.line},
                   {"column", issue.pos.column},
                   {"message", issue.message},
                   {"fen", issue.fen},
                   {"legal", issue.legal}};
  if (!issue.candidates.empty()) j["candidates"] = issue.candidates;
  return j;
}

nlohmann::json game_json(const pdn::Game& game, const pdn::Replay& replay) {
  auto tag = [&](const char* name) {
    const pdn::Tag* t = game.tag(name);
    return t ? t->value : std::string();
  };
  nlohmann::json errors = nlohmann::json::array(), warnings = nlohmann::json::array();
  for (const auto& e : replay.errors) errors.push_back(issue_json(e));
  for (const auto& w : replay.warnings) warnings.push_back(issue_json(w));
  nlohmann::json notes = nlohmann::json::array();
  for (const auto& n : replay.notes) notes.push_back(issue_json(n));
  nlohmann::json j{{"file", game.source},
                   {"game", game.number()},
                   {"line", game.first_line},
                   {"white", tag("White")},
                   {"black", tag("Black")},
                   {"round", tag("Round")},
                   {"status", std::string(pdn::to_string(replay.status))},
                   {"plies", replay.plies},
                   {"final_fen", replay.status == pdn::ReplayStatus::Skipped
                                     ? std::string()
                                     : rules::to_fen(replay.final_position)},
                   {"errors", errors},
                   {"warnings", warnings},
                   {"notes", notes}};
  if (replay.status == pdn::ReplayStatus::Skipped) j["skip_reason"] = game.variant.reason;
  return j;
}

}  // namespace damdb::json
