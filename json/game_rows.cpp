#include "json/game_rows.hpp"

namespace damdb::json {

nlohmann::json game_row_json(const indexer::GameRow& r) {
  return {{"id", r.id.value},       {"white", r.white}, {"black", r.black},
          {"event", r.event},       {"date", r.date},   {"round", r.round},
          {"result", indexer::result_text(r.result)}};
}

nlohmann::json position_row_json(const indexer::GameRow& r) {
  nlohmann::json j = game_row_json(r);
  j["ply"] = r.ply;
  return j;
}

nlohmann::json game_listing_json(const indexer::GameListing& list, std::size_t offset) {
  nlohmann::json rows = nlohmann::json::array();
  for (const indexer::GameListRow& r : list.rows) {
    nlohmann::json row = game_row_json(r.game);
    row["plies"] = r.plies;
    row["status"] = indexer::status_text(r.status);
    rows.push_back(std::move(row));
  }
  return {{"games", list.total}, {"offset", offset}, {"results", rows}};
}

nlohmann::json game_view_json(const indexer::GameView& view) {
  const db::GameRecord& g = view.record;
  nlohmann::json tags = nlohmann::json::array();
  for (const auto& [name, value] : g.tags) tags.push_back({name, value});
  nlohmann::json moves = nlohmann::json::array();
  for (const indexer::DecodedPly& p : view.plies) moves.push_back(p.notation);
  const indexer::GameRow row = indexer::game_row(view.id, g);
  return {{"id", view.id.value},
          {"white", row.white},
          {"black", row.black},
          {"event", row.event},
          {"date", row.date},
          {"round", row.round},
          {"result", indexer::result_text(g.result)},
          {"status", indexer::status_text(g.status)},
          {"status_message", g.status_message},
          {"tags", tags},
          {"start_fen", g.start_fen},
          {"plies", view.plies.size()},
          {"moves", moves},
          {"movetext", indexer::numbered_movetext(view.plies)},
          {"ply", view.ply}};
}

}  // namespace damdb::json
