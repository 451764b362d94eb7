// Partial-position patterns for `damdb search`: pieces that must stand, squares that must be
// empty, pieces that must not stand, groups of which at least K pieces stand, piece counts, the
// side to move; and the game-level query around them (ply window, consecutive plies, the
// colour-reversed form). Pure bitboard code (rules/bitboard.hpp); the text syntax is in
// pattern_parse.hpp.
#pragma once

#include <climits>
#include <cstdint>
#include <vector>

#include "rules/bitboard.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

/// An inclusive range of whole numbers; the default holds every value.
struct IntRange {
  int lo = INT_MIN;
  int hi = INT_MAX;
  bool contains(int v) const { return lo <= v && v <= hi; }
  bool unbounded() const { return lo == INT_MIN && hi == INT_MAX; }
  friend bool operator==(const IntRange&, const IntRange&) = default;
};

/// Pieces on squares, by kind: men, kings, and "a man or a king" of each colour.
struct PieceSet {
  rules::Bitboard white_men = 0, white_kings = 0, white_any = 0;
  rules::Bitboard black_men = 0, black_kings = 0, black_any = 0;
  bool empty() const {
    return (white_men | white_kings | white_any | black_men | black_kings | black_any) == 0;
  }
  /// Square n <-> 51 - n, colours swapped.
  PieceSet mirrored() const;
  /// The squares of `pos` where one of these pieces stands.
  rules::Bitboard standing(const rules::Position& pos) const;
  friend bool operator==(const PieceSet&, const PieceSet&) = default;
};

/// "At least `at_least` of `pieces` stand".
struct AnyOfGroup {
  PieceSet pieces;
  int at_least = 1;
  friend bool operator==(const AnyOfGroup&, const AnyOfGroup&) = default;
};

/// Side to move a pattern asks for.
enum class SideToMove : std::uint8_t { Either, White, Black };

/// The conditions on one position. The board part (board_matches) is everything but the side to
/// move; matches() adds it.
struct Pattern {
  SideToMove side = SideToMove::Either;
  PieceSet must;               ///< every one of these pieces stands
  rules::Bitboard empty = 0;   ///< every one of these squares is empty
  PieceSet must_not;           ///< none of these pieces stands
  std::vector<AnyOfGroup> any_of;
  IntRange white_men, white_kings, black_men, black_kings;
  IntRange pieces;   ///< both sides together
  IntRange balance;  ///< white pieces minus black pieces

  bool board_matches(const rules::Position& pos) const;
  bool side_matches(rules::Color to_move) const {
    return side == SideToMove::Either ||
           (side == SideToMove::White) == (to_move == rules::Color::White);
  }
  bool matches(const rules::Position& pos) const {
    return side_matches(pos.side_to_move()) && board_matches(pos);
  }
  /// The colour-reversed pattern: square n <-> 51 - n, colours, counts and side to move swapped,
  /// balance negated. A position matches it exactly when its mirrored() matches this one.
  Pattern mirrored() const;
  friend bool operator==(const Pattern&, const Pattern&) = default;
};

/// A pattern searched in games.
struct PatternQuery {
  Pattern pattern;
  IntRange plies{0, INT_MAX};  ///< positions after this many plies (0 = start position)
  int hold = 1;                ///< the board part holds this many consecutive plies
  bool mirror = false;         ///< also the colour-reversed pattern
  friend bool operator==(const PatternQuery&, const PatternQuery&) = default;
};

/// Where a pattern holds in one game.
struct PatternHit {
  int ply = -1;           ///< first ply of the hit; -1 = no hit
  int held = 0;           ///< consecutive plies from `ply` on where the board part holds
  bool mirrored = false;  ///< the hit is of the colour-reversed pattern
  bool found() const { return ply >= 0; }
};

/// Follows one game ply by ply (positions after 0, 1, 2 ... plies) and finds the first hit of
/// a query: the smallest ply p in the window where the side to move matches and the board part
/// holds at p, p+1, ..., p+hold-1 (all in the window); `held` counts the plies from p on where
/// it keeps holding (in the window). With mirror the colour-reversed pattern is followed too;
/// the earlier hit wins, the direct one on a tie.
class HitTracker {
 public:
  explicit HitTracker(const PatternQuery& query);

  /// Starts again for another game, looking only at the plies in `plies` (a window inside the
  /// query's, e.g. narrowed by a signature).
  void reset(const IntRange& plies);

  /// Feeds the position after `ply` plies (plies must come in order 0, 1, 2 ...).
  void add(int ply, const rules::Position& pos);
  /// True when nothing after this point can change the answer: the hit is final, or no later
  /// position can match (past the window, or too few pieces left: pieces never come back).
  bool done() const;
  /// The answer once every position was added (or done()).
  PatternHit hit() const;

 private:
  struct Form {
    Pattern pattern;
    int run_start = -1;  // first side-matching ply of the current run of board matches
    PatternHit hit;
    bool hit_final = false;
    bool impossible = false;
    int min_white = 0, min_black = 0, min_white_men = 0, min_black_men = 0, min_total = 0;
  };
  void add_form(Form& f, int ply, const rules::Position& pos) const;
  int earliest_possible(const Form& f) const;
  IntRange plies_;
  int hold_ = 1;
  int next_ply_ = 0;
  std::vector<Form> forms_;
};

/// Runs a HitTracker over `positions` (the positions after 0, 1, 2 ... plies).
PatternHit find_hit(const PatternQuery& query, const std::vector<rules::Position>& positions);

}  // namespace damdb::indexer
