#include "indexer/explorer/game_details.hpp"

#include "indexer/records/game_moves.hpp"
#include "indexer/records/game_text.hpp"
#include "pdn/reader.hpp"

namespace damdb::indexer {

GameDetails game_details(GameView view) {
  GameDetails details;
  details.view = std::move(view);
  const GameView& v = details.view;
  rules::Position pos = start_position(v.record);
  details.positions.reserve(v.plies.size() + 1);
  details.positions.push_back(pos);
  for (const DecodedPly& p : v.plies) {
    pos = p.before;
    pos.play(p.move);
    details.positions.push_back(pos);
  }
  const std::string source = v.record.sources.empty() ? "<stored>" : v.record.sources.front().path;
  const std::vector<pdn::Game> games = pdn::read_games(original_text(v.record), source);
  if (!games.empty()) details.replay = pdn::replay(games.front());
  return details;
}

}  // namespace damdb::indexer
