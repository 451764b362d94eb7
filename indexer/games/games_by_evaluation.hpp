// The stored games that the stored position evaluations (db::Database::evaluation) judge: a
// blunder by White or Black, a missed win, a swing of the evaluation. Each ply of a game's main
// line whose position before and after both have a stored evaluation (or end the game: the side
// to move there has lost) is judged with the thresholds of `damdb analyze`
// (indexer/analysis/move_marks.hpp): values from White's side, clamped to kClampMen, a win worth
// kClampMen.
#pragma once

#include <vector>

#include "db/database.hpp"
#include "db/game_id.hpp"

namespace damdb::indexer {

/// Which side's blunders --blunder-by asks for.
enum class BlunderBy { None, White, Black, Either };

/// What the evaluation criteria of a filter ask; a game passes when it meets every one set.
struct EvaluationCriteria {
  BlunderBy blunder_by = BlunderBy::None;  ///< a move of that side losing kBlunderMen or more
  bool missed_win = false;  ///< a move from a position evaluated as won for the mover (a win
                            ///< score) to one that is not
  double eval_swing = 0;    ///< > 0: a ply whose evaluation changes by at least this many men
  bool any() const { return blunder_by != BlunderBy::None || missed_win || eval_swing > 0; }
};

/// The games of `db` (opened with OpenOptions::evaluations) meeting `criteria`, ascending: only
/// the games through a position that has a stored evaluation are replayed (its occurrences).
/// Empty when the database has no evaluations. Raises db::Error from the database; a game whose
/// record does not replay is left out.
std::vector<db::GameId> games_by_evaluation(const db::Database& db, const EvaluationCriteria& criteria);

}  // namespace damdb::indexer
