// A game written back with its analysis, the way lidraughts and lichess keep evaluations in
// PDN/PGN: after every analysed move its mark as a NAG ($1 !, $6 ?!, $2 ?, $4 ??) and a comment
// `{[%eval 0.35,21]}` holding the engine's score of the position after the move (men, White's
// view, two decimals) and the depth it was searched to.
#pragma once

#include <string>

#include "indexer/analysis/game_analysis.hpp"
#include "pdn/game.hpp"

namespace damdb::analysis {

/// The comment text of an evaluation: "[%eval 0.35,21]" (a terminal position: "[%eval 10.00,0]"
/// or its negation, the side to move having lost).
std::string eval_comment(const PositionEval& e);

/// Adds the NAG and the [%eval] comment after every main-line move of `game` that `analysis`
/// covers (nothing when it was not analysed). The game's own elements are kept.
void annotate_game(pdn::Game& game, const GameAnalysis& analysis);

}  // namespace damdb::analysis
