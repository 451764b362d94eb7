// Legal move generation (FMJD articles 3 and 4) on the ghost-bit layout of bitboard.hpp.
#include "rules/movegen.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "rules/capture_search.hpp"
#include "rules/rays.hpp"

namespace damdb::rules {
namespace {

using namespace detail;

/// Adds the single jumps of the men in direction D (none of them goes on) to `moves`.
template <int D>
inline void add_single_jumps(Bitboard starts, MoveList& moves) {
  for (; starts; starts &= starts - 1) {
    const int from = lowest_bit(starts);
    moves.push_back(Move{bit(from + D), static_cast<std::uint8_t>(from),
                         static_cast<std::uint8_t>(from + 2 * D)});
  }
}

/// The men's captures when no king can capture and some man takes two pieces or more: the
/// search goes on from the landing squares of the first jumps that go on (a first jump that
/// cannot go on takes fewer than the maximum). Fills `moves` as `keep` says; returns the number
/// of moves.
inline int men_multi_captures(const ManJumps& jumps, Bitboard opp, Bitboard empty, MoveList& moves,
                              CaptureKeep keep = CaptureKeep::Legal) {
  moves.clear();
  CaptureSearch<> search(opp, empty, moves, keep);
  search.men_after_first_jumps<kUpLeft>(jumps.goes_on[0]);
  search.men_after_first_jumps<kUpRight>(jumps.goes_on[1]);
  search.men_after_first_jumps<kDownLeft>(jumps.goes_on[2]);
  search.men_after_first_jumps<kDownRight>(jumps.goes_on[3]);
  return search.found();
}

/// Adds the steps of `men` in direction D onto empty squares.
template <int D>
inline void add_man_steps(Bitboard men, Bitboard empty, MoveList& moves) {
  for (Bitboard t = step<D>(men) & empty; t; t &= t - 1) {
    const int to = lowest_bit(t);
    moves.push_back(Move{0, static_cast<std::uint8_t>(to - D), static_cast<std::uint8_t>(to)});
  }
}

void add_quiet_moves(const Position& pos, MoveList& moves) {
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const Bitboard empty = pos.empty();
  if (pos.side_to_move() == Color::White) {
    add_man_steps<kUpLeft>(men, empty, moves);
    add_man_steps<kUpRight>(men, empty, moves);
  } else {
    add_man_steps<kDownLeft>(men, empty, moves);
    add_man_steps<kDownRight>(men, empty, moves);
  }
  for (Bitboard k = kings; k; k &= k - 1) {
    const int from = lowest_bit(k);
    for (Bitboard t = king_slides(from, ~empty); t; t &= t - 1)
      moves.push_back(
          Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(lowest_bit(t))});
  }
}

}  // namespace

namespace {
// The kings' part of has_capture, out of line: the men's test, which decides most calls, then
// needs few registers.
[[gnu::noinline]] bool kings_can_capture(Bitboard kings, Bitboard opp, Bitboard empty) {
  return king_can_capture(kings, opp, empty);
}
}  // namespace

bool has_capture(const Position& pos) {
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard opp = pos.pieces(opposite(pos.side_to_move()));
  const Bitboard empty = pos.empty();
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const Bitboard starts = jump_starts<kUpLeft>(opp, empty) | jump_starts<kUpRight>(opp, empty) |
                          jump_starts<kDownLeft>(opp, empty) | jump_starts<kDownRight>(opp, empty);
  if (men & starts) return true;
  return kings && kings_can_capture(kings, opp, empty);
}

namespace {
// The rare cases of count_moves, out of line so that its common path keeps a small frame (no
// MoveList on the stack, few saved registers).

// (The men's jumps are found again here rather than passed: a reference to them would keep them
// in memory on the common path.)
[[gnu::noinline]] int count_with_king_captures(Bitboard men, Bitboard kings, Bitboard opp,
                                               Bitboard empty) {
  // As generate_moves: the general search from every king and every man that can jump.
  const ManJumps jumps(men, opp, empty);
  MoveList moves;
  return search_captures(jumps.capturers() | kings, kings, opp, empty, moves,
                         CaptureKeep::LegalCount);
}

[[gnu::noinline]] int count_men_multi_captures(Bitboard men, Bitboard opp, Bitboard empty) {
  MoveList moves;
  return men_multi_captures(ManJumps(men, opp, empty), opp, empty, moves, CaptureKeep::LegalCount);
}

/// count_moves for side C to move, given its pieces, the opponent's pieces and every king.
template <Color C>
inline int count_moves_for(Bitboard own, Bitboard opp, Bitboard all_kings) {
  const Bitboard men = own & ~all_kings;
  const Bitboard kings = own & all_kings;
  const Bitboard empty = kBoard & ~(own | opp);
  const ManJumps jumps(men, opp, empty);
  int slides = 0;
  if (kings) {
    const KingRuns runs(kings, empty);
    if (runs.can_capture(kings, jumps.jump_from))
      return count_with_king_captures(men, kings, opp, empty);
    slides = runs.count_slides();
  }
  if (jumps.any()) {
    if (!jumps.any_goes_on()) return jumps.count_single();
    return count_men_multi_captures(men, opp, empty);
  }
  const int man_steps =
      C == Color::White
          ? count(step<kUpLeft>(men) & empty) + count(step<kUpRight>(men) & empty)
          : count(step<kDownLeft>(men) & empty) + count(step<kDownRight>(men) & empty);
  return man_steps + slides;
}

/// count_moves for the side to move of `pos`, which is C.
template <Color C>
inline int count_moves_for(const Position& pos) {
  return count_moves_for<C>(pos.pieces(C), pos.pieces(opposite(C)), pos.kings());
}

/// Side C's number of moves (`replies`) on the board as it is, and the squares where a quiet move
/// of the other side can change that number. A quiet move empties its start square and fills
/// its end square; the number stays the same when the start square is not in `vacate` and the
/// end square is not in `fill`. When C can capture, both are the squares the count depends on
/// (count_captures_reading()) if C has kings alone, else the whole board. Otherwise:
/// - filling a square changes C's moves only on a king's run (the run stops earlier, or a capture
///   appears) or next to a man (its step is blocked, or the man can jump the new piece);
/// - emptying a square changes them only in front of a man (a new step), two squares from a man
///   (a piece next to it becomes jumpable), on the square that stops a king's run (the run goes
///   on) or on the square behind it (the piece that stops the run becomes jumpable).
/// Emptying a square outside `vacate` leaves the runs, and so `fill`, as they were, so the two
/// changes can be taken one after the other.
template <Color C>
struct StableReplies {
  int replies = 0;
  Bitboard fill = 0;
  Bitboard vacate = 0;

  StableReplies(Bitboard own, Bitboard opp, Bitboard all_kings) {
    const Bitboard men = own & ~all_kings;
    const Bitboard kings = own & all_kings;
    const Bitboard empty = kBoard & ~(own | opp);
    const ManJumps jumps(men, opp, empty);
    if (kings) {
      const KingRuns runs(kings, empty);
      if (runs.can_capture(kings, jumps.jump_from)) {
        // Only a side of kings alone: the count also depends on every square next to a man or
        // two squares from it, which leaves few quiet moves that change none (the search would
        // rarely pay for itself).
        Bitboard reads = kBoard;
        if (!men) replies = count_captures_reading(men, kings, opp, empty, reads);
        fill = reads;
        vacate = reads;
        return;
      }
      replies = runs.count_slides();
      fill = runs.runs[0] | runs.runs[1] | runs.runs[2] | runs.runs[3];
      vacate = beyond_runs<kUpLeft>(runs.runs[0] | kings) |
               beyond_runs<kUpRight>(runs.runs[1] | kings) |
               beyond_runs<kDownLeft>(runs.runs[2] | kings) |
               beyond_runs<kDownRight>(runs.runs[3] | kings);
    }
    if (jumps.any()) {  // the men's captures: every square counts
      fill = kBoard;
      vacate = kBoard;
      return;
    }
    add_men(men, empty);
  }

  /// Adds the men's steps to `replies` and the squares around the men to `fill` and `vacate`.
  void add_men(Bitboard men, Bitboard empty) {
    constexpr int kLeft = C == Color::White ? kUpLeft : kDownLeft;
    constexpr int kRight = C == Color::White ? kUpRight : kDownRight;
    replies += count(step<kLeft>(men) & empty) + count(step<kRight>(men) & empty);
    fill |= step<kUpLeft>(men) | step<kUpRight>(men) | step<kDownLeft>(men) | step<kDownRight>(men);
    vacate |= step<kLeft>(men) | step<kRight>(men) | step<2 * kUpLeft>(men) |
              step<2 * kUpRight>(men) | step<2 * kDownLeft>(men) | step<2 * kDownRight>(men);
  }

  /// The two squares after each square of `run` along D: the square that stops a run and the one
  /// behind it.
  template <int D>
  static Bitboard beyond_runs(Bitboard run) {
    return step<D>(run) | step<2 * D>(run);
  }
};

/// The opponent's (side C's) replies summed over the steps of the other side's men along D that
/// end on `ends`; `own` holds the other side's pieces before the steps, `opp` side C's.
template <Color C, int D>
inline std::uint64_t replies_to_steps(Bitboard ends, Bitboard own, Bitboard opp, Bitboard all_kings,
                                      const StableReplies<C>& stable) {
  const Bitboard same = ends & ~stable.fill & ~step<D>(stable.vacate);
  std::uint64_t n =
      static_cast<std::uint64_t>(stable.replies) * static_cast<std::uint64_t>(count(same));
  for (Bitboard t = ends & ~same; t; t &= t - 1) {
    const Bitboard to = t & (0 - t);
    n += count_moves_for<C>(opp, own ^ (to | step<-D>(to)), all_kings);
  }
  return n;
}

/// count_replies for side C to move.
template <Color C>
std::uint64_t count_replies_for(const Position& pos) {
  constexpr Color kThem = opposite(C);
  const Bitboard own = pos.pieces(C);
  const Bitboard opp = pos.pieces(kThem);
  const Bitboard all_kings = pos.kings();
  const Bitboard men = own & ~all_kings;
  const Bitboard kings = own & all_kings;
  const Bitboard empty = pos.empty();
  std::uint64_t n = 0;
  const ManJumps jumps(men, opp, empty);
  if (jumps.any() || (kings && KingRuns(kings, empty).can_capture(kings, jumps.jump_from))) {
    MoveList moves;
    generate_moves(pos, moves);
    // Each capture played on the bitboards: the replies read only the opponent's kings, so only
    // the captured kings leave `all_kings` (the moving piece may return to its own square).
    for (const Move& m : moves)
      n += count_moves_for<kThem>(opp & ~m.captures, (own & ~bit(m.from)) | bit(m.to),
                                  all_kings & ~m.captures);
    return n;
  }
  // No capture: the quiet moves, played straight on the bitboards. The replies are counted with
  // the opponent to move, and its count depends only on the squares our pieces stand on, not on
  // which of them are kings: `all_kings` is passed unchanged (its bits on our squares, moved or
  // crowned or not, are never read: count_moves_for reads only the kings among `opp`).
  // A move that changes no square that matters to the opponent leaves it `stable.replies` replies.
  const StableReplies<kThem> stable(opp, own, all_kings);
  constexpr int kLeft = C == Color::White ? kUpLeft : kDownLeft;
  constexpr int kRight = C == Color::White ? kUpRight : kDownRight;
  n += replies_to_steps<kThem, kLeft>(step<kLeft>(men) & empty, own, opp, all_kings, stable);
  n += replies_to_steps<kThem, kRight>(step<kRight>(men) & empty, own, opp, all_kings, stable);
  for (Bitboard k = kings; k; k &= k - 1) {
    const Bitboard from = k & (0 - k);
    const Bitboard slides = king_slides(lowest_bit(from), ~empty);
    const Bitboard same = (from & stable.vacate) ? 0 : slides & ~stable.fill;
    n += static_cast<std::uint64_t>(stable.replies) * static_cast<std::uint64_t>(count(same));
    for (Bitboard t = slides & ~same; t; t &= t - 1)
      n += count_moves_for<kThem>(opp, own ^ (from | (t & (0 - t))), all_kings);
  }
  return n;
}

}  // namespace

int count_moves(const Position& pos) {
  return pos.side_to_move() == Color::White ? count_moves_for<Color::White>(pos)
                                            : count_moves_for<Color::Black>(pos);
}

std::uint64_t count_replies(const Position& pos) {
  return pos.side_to_move() == Color::White ? count_replies_for<Color::White>(pos)
                                            : count_replies_for<Color::Black>(pos);
}

void generate_moves(const Position& pos, MoveList& moves) {
  moves.clear();
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side);
  const Bitboard opp = pos.pieces(opposite(side));
  const Bitboard empty = pos.empty();
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const ManJumps jumps(men, opp, empty);
  if (kings && KingRuns(kings, empty).can_capture(kings, jumps.jump_from)) {
    // Kings and men compete for the longest capture: the general search from every king and
    // every man that can jump.
    search_captures(jumps.capturers() | kings, kings, opp, empty, moves, CaptureKeep::Legal);
  } else if (jumps.any_goes_on()) {
    men_multi_captures(jumps, opp, empty, moves);
  } else if (jumps.any()) {
    add_single_jumps<kUpLeft>(jumps.starts[0], moves);
    add_single_jumps<kUpRight>(jumps.starts[1], moves);
    add_single_jumps<kDownLeft>(jumps.starts[2], moves);
    add_single_jumps<kDownRight>(jumps.starts[3], moves);
  } else {
    add_quiet_moves(pos, moves);
  }
}

bool find_legal_quiet_move(const Position& pos, int from, int to, Move& move) {
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side), empty = pos.empty();
  if (from < 0 || from >= kBits || to < 0 || to >= kBits) return false;
  if (!(own & bit(from)) || !(empty & bit(to))) return false;
  if (pos.kings() & bit(from)) {
    if (!(king_slides(from, ~empty) & bit(to))) return false;
  } else {
    const int left = side == Color::White ? kUpLeft : kDownLeft;
    const int right = side == Color::White ? kUpRight : kDownRight;
    if (!((shift(bit(from), left) | shift(bit(from), right)) & bit(to))) return false;
  }
  if (has_capture(pos)) return false;  // FMJD art. 4.1: capturing is compulsory
  move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  return true;
}

void generate_all_captures(const Position& pos, MoveList& captures) {
  captures.clear();
  search_captures(pos.pieces(pos.side_to_move()), pos.kings(),
                  pos.pieces(opposite(pos.side_to_move())), pos.empty(), captures,
                  CaptureKeep::ShortestPerEnd);
}

void sort_moves(MoveList& moves) { std::sort(moves.begin(), moves.end(), canonical_less); }

}  // namespace damdb::rules
