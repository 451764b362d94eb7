// Draw rules of FMJD article 6 as a game-state helper fed one position after another.
#pragma once

#include <array>
#include <cstdint>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::rules {

/// Why a game is drawn by rule.
enum class DrawReason {
  None,
  ThreefoldRepetition,  ///< art. 6.2: the same position, same side to move, a third time
  TwentyFiveMoves,  ///< art. 6.3: 25 successive moves each of only kings, no man move or capture
  SixteenMoves,  ///< art. 6.4: 3 kings, 2 kings + 1 man or 1 king + 2 men vs 1 king: 16 moves each
  FiveMoves,     ///< art. 6.5: 2 kings, 1 king + 1 man or 1 king vs 1 king: 5 moves each
};

/// Short English name of a draw reason ("threefold repetition", ...).
const char* to_string(DrawReason r);

/// Tracks the history of a game to tell when a draw by rule has been reached. Compares the
/// positions' pieces, never their Zobrist keys: no key collision can fake a repetition, and
/// positions played with Position::play_unkeyed (stale keys) are tracked as well.
class DrawTracker {
 public:
  /// Starts from `start` (the initial position or a setup FEN).
  explicit DrawTracker(const Position& start);

  /// Records that `m` was played from `before` (the position before the move) reaching `after`.
  void push(const Position& before, const Move& m, const Position& after) {
    // The common case inline: a man move or a capture with more than 4 pieces left and no
    // endgame count running (they start again from `after`, and no rule can be reached).
    const bool irreversible = !((before.kings() >> m.from) & 1) || m.is_capture();
    if (irreversible && reason_ == DrawReason::None && material_ == -2 &&
        count(after.white() | after.black()) > 4) {
      seen_[0] = Seen::of(after);
      seen_count_ = 1;
      king_only_plies_ = 0;
      return;
    }
    push_any(before, m, after);
  }

  /// The rule that makes the current position a draw, or DrawReason::None.
  DrawReason draw() const { return reason_; }

 private:
  /// A position as the repetition rule compares it: its pieces (the side to move alternates
  /// along seen_, and only positions of the same side are compared).
  struct Seen {
    Bitboard white, black, kings;
    static Seen of(const Position& p) { return {p.white(), p.black(), p.kings()}; }
    friend bool operator==(const Seen&, const Seen&) = default;
  };
  /// Positions kept since the last irreversible move: the 25-move rule ends the game after 50
  /// king plies, so at most 51 (the start and 50 plies) are ever needed.
  static constexpr int kMaxSeen = 51;
  /// push() in every case.
  void push_any(const Position& before, const Move& m, const Position& after);
  /// How many times `p` occurs among seen_ (at most 3 counted).
  int repetitions(const Seen& p) const;
  /// Follows the material of `after` for the endgame counts of art. 6.4 and 6.5.
  void count_endgame(const Position& after);
  std::array<Seen, kMaxSeen> seen_;  ///< positions since the last man move or capture
  int seen_count_ = 0;               ///< seen_ in use
  int king_only_plies_ = 0;          ///< plies of only king moves without capture
  int endgame_plies_ = 0;            ///< plies since the 16/5-move endgame material appeared
  int endgame_limit_ = 0;            ///< 32 or 10 plies while an endgame count runs, else 0
  int material_ = -1;                ///< material signature of the current position
  DrawReason reason_ = DrawReason::None;
};

}  // namespace damdb::rules
