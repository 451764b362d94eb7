// A move as written in the movetext (its squares and separator), and the look-ahead that replays
// written moves to tell the routes of an ambiguous capture apart. Used by the replay validator
// and by the scoresheet repair.
// Sources: PDN 3.0 "Move notation" (start, optional intermediate squares, end; '-' or 'x').
#pragma once

#include <array>
#include <cstddef>
#include <span>

#include "pdn/game.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace damdb::pdn {

/// The squares of a move element copied into a fixed buffer (no allocation when replaying).
struct WrittenMove {
  static constexpr std::size_t kCapacity = 64;  ///< squares kept; a longer move is cut here
  std::array<rules::Square, kCapacity> squares;  ///< only [0, count) is meaningful (not zeroed)
  std::size_t count = 0;
  rules::Separator separator = rules::Separator::Unknown;

  std::span<const rules::Square> span() const { return {squares.data(), count}; }
  /// At least a start and an end square, every square on the board (1..50).
  bool on_board() const;
};

/// The rules' reading of a written separator: '-' quiet, 'x' or ':' capture, none unknown.
rules::Separator rules_separator(Separator separator);

/// The squares and separator of the move element `e` of `game`.
WrittenMove written_move(const Game& game, const Element& e);

/// `w` with every board square n numbered from the other side (51 - n): a scoresheet written
/// from Black's side of the board. Squares off the board are kept.
WrittenMove mirrored(const WrittenMove& w);

/// Plays from `pos` the written moves that `next(WrittenMove&)` yields (it returns false at the
/// end of the moves to try) while they are legal, at most `limit` of them; an ambiguous move
/// plays its first candidate (any route keeps the count going). Returns the number played.
template <class NextMove>
int replayable_plies(rules::Position pos, int limit, NextMove&& next) {
  rules::MoveList legal;
  WrittenMove w;
  int n = 0;
  while (n < limit && next(w) && w.on_board()) {
    rules::generate_moves(pos, legal);
    const rules::Resolution r = rules::resolve(pos, legal, w.span(), w.separator);
    if (r.status == rules::ResolveStatus::Ok)
      pos.play(r.move);
    else if (r.status == rules::ResolveStatus::Ambiguous)
      pos.play(r.candidates[0]);
    else
      break;
    ++n;
  }
  return n;
}

/// Which route of an ambiguous capture the following moves support.
struct RouteChoice {
  int index = 0;        ///< the first candidate after which the most plies replay
  int plies = -1;       ///< how many replay after it
  bool unique = false;  ///< no other candidate reaches as far
};

/// Tries every candidate move of `pos`: plays it, then counts with replayable_plies the written
/// moves that `make_next()` (a fresh NextMove for each candidate) yields, at most `limit`.
template <class MakeNext>
RouteChoice longest_replaying(const rules::Position& pos, const rules::MoveList& candidates,
                              int limit, MakeNext&& make_next) {
  RouteChoice choice;
  for (int k = 0; k < static_cast<int>(candidates.size()); ++k) {
    rules::Position next = pos;
    next.play(candidates[k]);
    const int n = replayable_plies(next, limit, make_next());
    if (n > choice.plies) {
      choice = {k, n, true};
    } else if (n == choice.plies) {
      choice.unique = false;
    }
  }
  return choice;
}

}  // namespace damdb::pdn
