#include "json/game_details.hpp"

#include "indexer/records/game_text.hpp"
#include "json/game_rows.hpp"
#include "json/replay.hpp"
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "rules/fen.hpp"

namespace damdb::json {
namespace {

nlohmann::json diagnostics_json(const db::GameRecord& record) {
  nlohmann::json out{{"errors", nlohmann::json::array()},
                     {"warnings", nlohmann::json::array()},
                     {"notes", nlohmann::json::array()}};
  const std::string source = record.sources.empty() ? "<stored>" : record.sources.front().path;
  const std::vector<pdn::Game> games = pdn::read_games(indexer::original_text(record), source);
  if (games.empty()) return out;
  const pdn::Replay replay = pdn::replay(games.front());
  const nlohmann::json report = game_json(games.front(), replay);
  for (const char* key : {"errors", "warnings", "notes"}) out[key] = report[key];
  return out;
}

}  // namespace

nlohmann::json game_details_json(const indexer::GameView& view) {
  nlohmann::json j = game_view_json(view);
  nlohmann::json fens = nlohmann::json::array();
  rules::Position pos = indexer::start_position(view.record);
  fens.push_back(rules::to_fen(pos));
  for (const indexer::DecodedPly& p : view.plies) {
    pos = p.before;
    pos.play(p.move);
    fens.push_back(rules::to_fen(pos));
  }
  j["fens"] = std::move(fens);
  j["diagnostics"] = diagnostics_json(view.record);
  return j;
}

}  // namespace damdb::json
