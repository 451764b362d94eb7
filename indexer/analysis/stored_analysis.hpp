// A game's analysis made from the evaluations kept in a database alone, without an engine (what
// the page shows of a stored game): the same losses, marks and summary that analyse_game gives
// when every position it needs is stored, whatever engine and budget stored them.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "db/database.hpp"
#include "indexer/analysis/game_analysis.hpp"

namespace damdb::analysis {

/// A game judged by the stored evaluations.
struct StoredAnalysis {
  /// analyse_game's answer when every position of the main line is stored (`!` marks only when
  /// the alternatives it searches are stored too: only_moves says so); else analysed is false.
  GameAnalysis analysis;
  bool only_moves = false;  ///< the `!` checks could be made from stored evaluations
  /// The stored evaluation of each position of the main line (plies + 1 of them; a terminal
  /// position is judged without a search: terminal_eval), nullopt where none is stored.
  std::vector<std::optional<PositionEval>> positions;
  std::size_t stored = 0;   ///< positions of the main line judged (stored or terminal)
};

/// The analysis of `game` (replayed as `replay` with its plies recorded, as analyse_game wants)
/// from the evaluations stored in `db` (opened with its evaluations; none: nothing stored).
/// Raises db::Error from the database.
StoredAnalysis stored_analysis(const db::Database& db, const pdn::Game& game, const pdn::Replay& replay);

}  // namespace damdb::analysis
