#include "json/search.hpp"

#include "json/game_rows.hpp"

namespace damdb::json {

nlohmann::json search_answer_json(const indexer::SearchAnswer& a, bool count_only) {
  nlohmann::json j{{"games", a.games}, {"mirrored_games", a.mirrored_games}};
  j["work"] = {{"games_scanned", a.games_scanned},
               {"rejected_by_filter", a.rejected_by_filter},
               {"rejected_by_signature", a.rejected_by_signature},
               {"replayed", a.replayed},
               {"without_signature", a.without_signature}};
  if (count_only) return j;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : a.rows) {
    nlohmann::json row = game_row_json(r.game);
    row["ply"] = r.game.ply;
    row["held"] = r.held;
    row["mirrored"] = r.game.mirrored;
    rows.push_back(std::move(row));
  }
  j["results"] = std::move(rows);
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : a.next_moves) {
    const db::ResultCounts& c = m.counts;
    moves.push_back({{"move", m.notation},         {"games", c.games()},
                     {"white_wins", c.white_wins}, {"draws", c.draws},
                     {"black_wins", c.black_wins}, {"unknown", c.unknown}});
  }
  j["next_moves"] = std::move(moves);
  j["ended_here"] = a.ended_here;
  return j;
}

}  // namespace damdb::json
