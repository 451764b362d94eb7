#include "json/show.hpp"

#include "json/game_rows.hpp"
#include "rules/diagram.hpp"
#include "rules/fen.hpp"

namespace damdb::json {

nlohmann::json shown_position_json(const rules::Position& pos, bool numbers,
                                   const indexer::GameView* view,
                                   std::optional<db::GameId> primary, const std::string& svg) {
  nlohmann::json out = {
      {"fen", rules::to_fen(pos)},
      {"side_to_move", pos.side_to_move() == rules::Color::White ? "white" : "black"},
      {"diagram", rules::diagram(pos, numbers)}};
  if (view) out.update(game_view_json(*view));
  if (primary) out["duplicate_of"] = primary->value;
  if (!svg.empty()) out["svg"] = svg;
  return out;
}

}  // namespace damdb::json
