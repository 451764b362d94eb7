#include "json/game_rows.hpp"

#include "indexer/records/issue_kinds.hpp"

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
    row["date_tag"] = r.game.date;  // as written; "date" is the normalised date
    row["date"] = r.date;
    row["plies"] = r.plies;
    row["status"] = indexer::status_text(r.status);
    row["sources"] = r.sources;
    rows.push_back(std::move(row));
  }
  return {{"games", list.total}, {"offset", offset}, {"results", rows}};
}

nlohmann::json game_sources_json(const db::GameRecord& g) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < g.sources.size(); ++i) {
    const db::GameSource& s = g.sources[i];
    nlohmann::json differing = nlohmann::json::object();
    for (const db::SourceTag& t : s.differing_tags)
      differing[t.name] = t.value ? nlohmann::json(*t.value) : nlohmann::json(nullptr);
    out.push_back({{"path", s.path},
                   {"game", s.game_number},
                   {"first_line", s.first_line},
                   {"last_line", s.last_line},
                   {"byte_offset", s.byte_offset},
                   {"status", indexer::status_text(s.status)},
                   {"stored", i == 0},
                   {"differing_tags", differing}});
  }
  return out;
}

nlohmann::json game_view_json(const indexer::GameView& view) {
  const db::GameRecord& g = view.record;
  nlohmann::json tags = nlohmann::json::array();
  for (const auto& [name, value] : g.tags) tags.push_back({name, value});
  nlohmann::json moves = nlohmann::json::array();
  for (const indexer::DecodedPly& p : view.plies) moves.push_back(p.notation);
  const indexer::GameRow row = indexer::game_row(view.id, g);
  nlohmann::json out = {{"id", view.id.value},
          {"white", row.white},
          {"black", row.black},
          {"event", row.event},
          {"date", row.date},
          {"round", row.round},
          {"result", indexer::result_text(g.result)},
          {"status", indexer::status_text(g.status)},
          {"status_message", g.status_message},
          {"issue_kinds", indexer::issue_kind_names(g.issue_kinds)},
          {"sources", game_sources_json(g)},
          {"tags", tags},
          {"start_fen", g.start_fen},
          {"plies", view.plies.size()},
          {"moves", moves},
          {"movetext", indexer::numbered_movetext(view.plies)},
          {"ply", view.ply}};
  if (g.first_error_kind != db::kNoIssue)
    out["first_error"] = {{"kind", indexer::issue_kind_name(g.first_error_kind)},
                          {"ply", g.first_error_ply}};
  return out;
}

}  // namespace damdb::json
