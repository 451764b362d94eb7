// The marks an analysis gives a played move, from its loss in men (the fall of the mover's score
// between the position before the move and the position after it, both searched by the engine).
#pragma once

#include <string_view>

namespace damdb::analysis {

/// Scores beyond this many men (and engine wins) count as this many: a won position is worth
/// kClampMen whatever the engine's margin, so a win thrown into a draw loses kClampMen.
inline constexpr double kClampMen = 10.0;
/// Loss thresholds in men (README, "damdb analyze"): at least 0.30 is ?!, 0.70 is ?, 1.50 is ??.
inline constexpr double kInaccuracyMen = 0.30;
inline constexpr double kMistakeMen = 0.70;
inline constexpr double kBlunderMen = 1.50;
/// A played move is `!` (the only move that holds) when it is the engine's best move, the
/// position has 2..kMaxOnlyMoveChecks legal moves, and every other move would lose at least
/// kMistakeMen against it.
inline constexpr int kMaxOnlyMoveChecks = 8;
/// The result is decided at the first ply after which every searched position favours the
/// eventual winner by at least kDecidedMen.
inline constexpr double kDecidedMen = 2.0;

/// A played move's mark.
enum class Mark { None, Good, Inaccuracy, Mistake, Blunder };

/// The mark of a loss (>= 0, in men): Blunder, Mistake, Inaccuracy or None by the thresholds.
Mark mark_of_loss(double loss);

/// "!", "?!", "?", "??" or "" for None.
std::string_view to_string(Mark mark);

/// The PDN NAG of a mark: $1 (!), $6 (?!), $2 (?), $4 (??); 0 for None.
int nag_of(Mark mark);

/// An engine score (men, any side's view) clamped to [-kClampMen, kClampMen]; a win score
/// (89 men or more) becomes +-kClampMen.
double clamped(double score);

}  // namespace damdb::analysis
