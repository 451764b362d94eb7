// One stored game in full, for a game viewer: the decoded game (GameView), the position after
// every ply, and the diagnostics of its stored text read and replayed again. Its JSON:
// json/game_details.hpp.
#pragma once

#include <vector>

#include "indexer/explorer/game_list.hpp"
#include "pdn/replay.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

/// A stored game with every position it passes through and its replay's diagnostics.
struct GameDetails {
  GameView view;
  /// The start position, then the position after each ply (view.plies.size() + 1 entries).
  std::vector<rules::Position> positions;
  /// The stored text read and replayed again: its errors, warnings and notes (lines and
  /// columns within the stored game text); all three empty when the text holds no game.
  pdn::Replay replay;
};

/// The details of `view` (which moves into the result). Throws GameDecodeError for a start
/// FEN that does not parse.
GameDetails game_details(GameView view);

}  // namespace damdb::indexer
