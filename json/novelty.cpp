#include "json/novelty.hpp"

#include "json/game_rows.hpp"

namespace damdb::json {

nlohmann::json novelty_json(const indexer::NoveltyReport& r) {
  nlohmann::json out = {{"game", game_row_json(r.game)},
                        {"plies", r.plies},
                        {"count_undated", r.count_undated},
                        {"novelty", nullptr},
                        {"known", nullptr}};
  if (r.novelty_ply)
    out["novelty"] = {{"ply", *r.novelty_ply},
                      {"move", *r.novelty_ply > 0 ? nlohmann::json(r.novelty_move) : nullptr},
                      {"same_day", r.same_day},
                      {"unknown_order", r.unknown_order},
                      {"later", r.later}};
  if (!r.novelty_ply || *r.novelty_ply > 0) {
    nlohmann::json games = nlohmann::json::array();
    for (const indexer::GameRow& row : r.predecessors) {
      nlohmann::json g = position_row_json(row);
      g["mirrored"] = row.mirrored;
      games.push_back(std::move(g));
    }
    out["known"] = {{"ply", r.known_ply},
                    {"fen", r.known_fen},
                    {"predecessors", r.predecessors_total},
                    {"games", std::move(games)}};
  }
  nlohmann::json line = nlohmann::json::array();
  for (const indexer::NoveltyLineMove& m : r.line)
    line.push_back({{"ply", m.ply},
                    {"move", m.notation},
                    {"side", m.side == rules::Color::White ? "white" : "black"},
                    {"position_games", m.position_games},
                    {"games", m.counts.games()},
                    {"white_wins", m.counts.white_wins},
                    {"draws", m.counts.draws},
                    {"black_wins", m.counts.black_wins},
                    {"unknown", m.counts.unknown},
                    {"score", m.score ? nlohmann::json(*m.score) : nullptr},
                    {"novelty", r.novelty_ply && m.ply == *r.novelty_ply}});
  out["line"] = std::move(line);
  return out;
}

}  // namespace damdb::json
