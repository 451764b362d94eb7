#include "json/explorer.hpp"

#include "json/game_rows.hpp"
#include "json/moves.hpp"
#include "json/query.hpp"

namespace damdb::json {
namespace {

nlohmann::json rows_json(const std::vector<indexer::GameRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const indexer::GameRow& r : rows) out.push_back(position_row_json(r));
  return out;
}

}  // namespace

nlohmann::json explorer_json(const rules::Position& pos, const ExplorerAnswer& answer,
                             bool mirror, std::size_t max_moves, bool legal) {
  nlohmann::json j = opening_answer_json(pos, answer.moves, mirror);
  if (max_moves > 0 && j["moves"].size() > max_moves)
    j["moves"].erase(j["moves"].begin() + static_cast<std::ptrdiff_t>(max_moves), j["moves"].end());
  j["side_to_move"] = pos.side_to_move() == rules::Color::White ? "white" : "black";
  j["recent_games"] = rows_json(answer.recent.rows);
  if (mirror) {  // the colour-reversed position's games, flagged, after this position's
    for (nlohmann::json& row : rows_json(answer.recent.mirrored_rows)) {
      row["mirrored"] = true;
      j["recent_games"].push_back(std::move(row));
    }
  }
  j["top_games"] = rows_json(answer.top);
  if (legal) j["legal"] = legal_moves_json(pos);
  return j;
}

}  // namespace damdb::json
