#include "json/query.hpp"

#include "json/game_rows.hpp"
#include "rules/fen.hpp"

namespace damdb::json {

nlohmann::json position_answer_json(const rules::Position& pos, const indexer::PositionAnswer& a,
                                    bool mirror) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto& r : a.rows) results.push_back(position_row_json(r));
  nlohmann::json j{{"fen", rules::to_fen(pos)}, {"games", a.games}, {"results", results}};
  if (mirror) {
    nlohmann::json mirrored = nlohmann::json::array();
    for (const auto& r : a.mirrored_rows) mirrored.push_back(position_row_json(r));
    j["mirrored"] = {{"fen", rules::to_fen(pos.mirrored())},
                     {"games", a.mirrored_games},
                     {"results", mirrored}};
    j["games_combined"] = a.games + a.mirrored_games;
  }
  return j;
}

nlohmann::json evaluation_json(const db::PositionEvaluation& e) {
  return {{"score", e.white_score()}, {"win", e.win}, {"depth", e.depth},
          {"engine", e.engine},       {"best", e.best}, {"pv", e.pv}};
}

nlohmann::json opening_answer_json(const rules::Position& pos, const indexer::OpeningAnswer& a,
                                   bool mirror) {
  const rules::Color side = pos.side_to_move();
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : a.moves) {
    const db::ResultCounts& c = m.counts;
    nlohmann::json j{{"move", m.notation},         {"games", c.games()},
                     {"white_wins", c.white_wins}, {"draws", c.draws},
                     {"black_wins", c.black_wins}, {"unknown", c.unknown},
                     {"score", m.score(side)}};
    if (mirror) j["mirrored_games"] = m.mirrored_games;
    if (m.recent) j["recent"] = position_row_json(*m.recent);
    if (m.evaluation) j["evaluation"] = evaluation_json(*m.evaluation);
    moves.push_back(std::move(j));
  }
  nlohmann::json j{{"fen", rules::to_fen(pos)},
                   {"games", a.games},
                   {"ended_here", a.ended_here},
                   {"moves", moves}};
  if (mirror) j["mirrored_games"] = a.mirrored_games;
  return j;
}

}  // namespace damdb::json
