// The capture search of the side to move (FMJD art. 4) and the bitboard tests it shares with
// move generation: the squares from which men and kings jump, the runs of the kings. Internal
// to rules/ (movegen.cpp and capture_search.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "rules/move.hpp"
#include "rules/rays.hpp"

namespace damdb::rules::detail {

/// The set of the one bit `b` (0..63).
constexpr Bitboard bit(int b) { return Bitboard{1} << b; }

/// Squares from which a man jumps in direction D: the next square along D holds an opponent and
/// the one after it is empty.
/// The result may hold ghost bits (see step()): AND it with real squares.
template <int D>
inline Bitboard jump_starts(Bitboard opp, Bitboard empty) {
  return step<-D>(step<-D>(empty) & opp);
}

/// The squares the kings of a side slide over, per direction (index as in kDirections).
struct KingRuns {
  std::array<Bitboard, 4> runs;

  KingRuns(Bitboard kings, Bitboard empty)
      : runs{slide_fill<kUpLeft>(kings, empty), slide_fill<kUpRight>(kings, empty),
             slide_fill<kDownLeft>(kings, empty), slide_fill<kDownRight>(kings, empty)} {}

  /// True when some king of `kings` can capture: its run (or its own square) along a direction
  /// reaches a square of `jump_from` for that direction (see jump_starts()).
  bool can_capture(Bitboard kings, const std::array<Bitboard, 4>& jump_from) const {
    return (((runs[0] | kings) & jump_from[0]) | ((runs[1] | kings) & jump_from[1]) |
            ((runs[2] | kings) & jump_from[2]) | ((runs[3] | kings) & jump_from[3])) != 0;
  }

  /// Number of quiet king moves: within one direction two kings' runs never overlap (each stops
  /// at the first piece); across directions they may meet on a square by two moves.
  int count_slides() const {
    return count(runs[0]) + count(runs[1]) + count(runs[2]) + count(runs[3]);
  }
};

/// The squares from which a piece jumps an opponent in each direction (index as in
/// kDirections): see jump_starts().
inline std::array<Bitboard, 4> all_jump_starts(Bitboard opp, Bitboard empty) {
  return {jump_starts<kUpLeft>(opp, empty), jump_starts<kUpRight>(opp, empty),
          jump_starts<kDownLeft>(opp, empty), jump_starts<kDownRight>(opp, empty)};
}

/// True when some king of `kings` can capture.
inline bool king_can_capture(Bitboard kings, Bitboard opp, Bitboard empty) {
  return KingRuns(kings, empty).can_capture(kings, all_jump_starts(opp, empty));
}

/// The diagonal crossing direction D: a king that lands after a jump along D may turn along it
/// either way (kUpRight/kDownLeft for D on the other diagonal, and the reverse).
template <int D>
inline constexpr int kCrossing = (D == kUpLeft || D == kDownRight) ? kUpRight : kUpLeft;

/// What a capture search keeps: every legal capture (the longest ones, one per start, end and
/// captured set); only their number (the moves of three pieces or more are still kept, to tell
/// two routes of one move apart); or one capture per (start, end) whatever its length, the one
/// taking the fewest pieces (the majority rule not applied).
enum class CaptureKeep : std::uint8_t { Legal, LegalCount, ShortestPerEnd };

/// Depth-first search of the capture sequences of the men and kings of the side to move, one
/// piece at a time (FMJD art. 4: a piece jumps an opponent it has not jumped yet; captured pieces
/// stay on the board, blocking, until the move ends; the moving piece's start square counts as
/// empty). Keeps the sequences that take the most pieces, one Move per (from, to, captured set),
/// or what `keep` says. With kReads, also gathers every square whose content it looked at
/// (reads()): the search runs the same on any board that agrees with this one on those squares.
template <bool kReads = false>
class CaptureSearch {
 public:
  CaptureSearch(Bitboard opponents, Bitboard empty, MoveList& out,
                CaptureKeep keep = CaptureKeep::Legal)
      : opponents_(opponents), board_empty_(empty), out_(out), keep_(keep) {}

  /// The most pieces a sequence found so far takes (0: none).
  int best() const { return best_; }
  /// The number of moves found so far (with CaptureKeep::Legal and LegalCount, those that take
  /// best() pieces).
  int found() const { return found_; }
  /// With kReads: the squares looked at so far.
  Bitboard reads() const { return reads_; }

  /// Every capture of the man on bit `from`.
  void man(int from) {
    start(from);
    man_from(bit(from), 0, 0);
  }

  /// Every capture of the king on bit `from`.
  void king(int from) {
    start(from);
    first_of_piece_ = out_.size();
    king_line<kUpLeft>(from, 0, 0);
    king_line<kUpRight>(from, 0, 0);
    king_line<kDownLeft>(from, 0, 0);
    king_line<kDownRight>(from, 0, 0);
  }

  /// The men's captures that go on from the landing squares `lands` of first jumps along D.
  template <int D>
  void men_after_first_jumps(Bitboard lands) {
    for (; lands; lands &= lands - 1) {
      const Bitboard land = lands & (0 - lands);
      start(lowest_bit(step<-2 * D>(land)));
      man_from(land, step<-D>(land), 1);
    }
  }

 private:
  void start(int from) {
    from_ = from;
    empty_ = board_empty_ | bit(from);  // the moving piece has left its square
    occupied_ = kBoard & ~empty_;
    first_of_piece_ = 0;
  }

  // One jump of a man in direction D from the square `sq`, then the rest of the sequence.
  template <int D>
  bool man_jump(Bitboard sq, Bitboard captured, int n) {
    if constexpr (kReads) reads_ |= step<D>(sq) | step<2 * D>(sq);
    const Bitboard mid = step<D>(sq) & opponents_ & ~captured;
    if (!mid) return false;
    const Bitboard land = step<D>(mid) & empty_;
    if (!land) return false;
    man_from(land, captured | mid, n + 1);
    return true;
  }

  void man_from(Bitboard sq, Bitboard captured, int n) {
    bool extended = man_jump<kUpLeft>(sq, captured, n);
    extended |= man_jump<kUpRight>(sq, captured, n);
    extended |= man_jump<kDownLeft>(sq, captured, n);
    extended |= man_jump<kDownRight>(sq, captured, n);
    if (!extended && n > 0) record(lowest_bit(sq), captured, n);
  }

  // A king's capture from bit `sq` along D: the first piece on the ray must be an opponent not
  // yet jumped with empty squares behind it. Returns true when such a capture exists. Inline:
  // most calls find none, and only a jump pays for the call of king_jump().
  template <int D>
  [[gnu::always_inline]] bool king_line(int sq, Bitboard captured, int n) {
    const int victim = nearest<D>(ray<D>(sq) & occupied_);
    if constexpr (kReads) reads_ |= ray<D>(sq) & ~ray<D>(victim);  // up to the victim, included
    if (!(bit(victim) & opponents_ & ~captured)) return false;     // none, own, or already jumped
    const Bitboard land = free_run<D>(victim, occupied_);
    // (The landing squares and the square that ends them.)
    if constexpr (kReads) reads_ |= land | step<D>(land | bit(victim));
    if (!land) return false;
    king_jump<D>(victim, land, captured | bit(victim), n + 1);
    return true;
  }

  // The king jumps `victim` along D and lands on each square of `land`, then goes on.
  template <int D>
  [[gnu::noinline]] void king_jump(int victim, Bitboard land, Bitboard captured, int n) {
    // Only the nearest landing square goes on along D: from a farther one the same jump follows.
    const int nearest_land = victim + D;
    king_landing<D, true>(nearest_land, captured, n);
    const Bitboard farther = land & ~bit(nearest_land);
    if (!farther) return;
    // The farther squares that cannot go on across the line end the move there. (When the
    // squares looked at are gathered, each farther square is searched, which looks at its lines.)
    const Bitboard targets = opponents_ & ~captured;
    const Bitboard turns = kReads ? farther
                                  : farther & (jumps_across<kCrossing<D>>(targets) |
                                               jumps_across<-kCrossing<D>>(targets));
    record_each(farther & ~turns, captured, n);
    for (Bitboard t = turns; t; t &= t - 1) king_landing<D, false>(lowest_bit(t), captured, n);
  }

  // The empty squares from which a king jumps one of `targets` along S: it slides along S over
  // empty squares to the square before a target that has an empty square behind it.
  template <int S>
  Bitboard jumps_across(Bitboard targets) const {
    const Bitboard before = step<-S>(targets & step<-S>(empty_)) & empty_;
    return before | slide_fill<-S>(before, empty_);
  }

  template <int D, bool kAlongToo>
  void king_landing(int sq, Bitboard captured, int n) {
    bool extended = king_line<kCrossing<D>>(sq, captured, n);
    extended |= king_line<-kCrossing<D>>(sq, captured, n);
    if constexpr (kAlongToo) extended |= king_line<D>(sq, captured, n);
    if (!extended) record(sq, captured, n);
  }

  // Starts the count again when a sequence takes more pieces than those found before; false
  // when it takes fewer (it is no move).
  bool at_least_best(int n) {
    if (n < best_) return false;
    if (n > best_) {
      best_ = n;
      found_ = 0;
      out_.clear();
      first_of_piece_ = 0;
    }
    return true;
  }

  [[gnu::always_inline]] void record(int to, Bitboard captured, int n) {
    if (keep_ == CaptureKeep::ShortestPerEnd) return record_shortest(to, captured, n);
    if (!at_least_best(n)) return;
    const Move m{captured, static_cast<std::uint8_t>(from_), static_cast<std::uint8_t>(to)};
    // Two routes with the same start, end and captured set are one move. It takes three pieces
    // at least: after one jump the end fixes the piece taken, and after two the other order
    // would need to jump straight back over the first piece. Earlier pieces' moves start
    // elsewhere. So only the moves of three pieces or more are kept when counting.
    if (n >= 3) {
      for (int i = first_of_piece_; i < out_.size(); ++i)
        if (out_[i] == m) return;
    } else if (keep_ == CaptureKeep::LegalCount) {
      ++found_;
      return;
    }
    ++found_;
    out_.push_back(m);
  }

  // record() for every square of `ends`.
  void record_each(Bitboard ends, Bitboard captured, int n) {
    if (keep_ == CaptureKeep::LegalCount && n < 3) {
      if (ends && at_least_best(n)) found_ += count(ends);
      return;
    }
    for (; ends; ends &= ends - 1) record(lowest_bit(ends), captured, n);
  }

  // For generate_all_captures: one capture per (start, end), the one taking the fewest pieces.
  void record_shortest(int to, Bitboard captured, int n) {
    best_ = std::max(best_, n);
    for (Move& x : out_)
      if (x.from == from_ && x.to == to) {
        if (n < x.capture_count()) x.captures = captured;
        return;
      }
    ++found_;
    out_.push_back(Move{captured, static_cast<std::uint8_t>(from_), static_cast<std::uint8_t>(to)});
  }

  Bitboard opponents_;
  Bitboard board_empty_;  ///< empty squares of the position
  MoveList& out_;
  CaptureKeep keep_ = CaptureKeep::Legal;
  int best_ = 0;
  int found_ = 0;
  int from_ = 0;
  Bitboard empty_ = 0;      ///< empty squares during the current piece's move
  Bitboard occupied_ = 0;   ///< the other squares of the board
  int first_of_piece_ = 0;  ///< out_ entries before it start on another square
  Bitboard reads_ = 0;      ///< with kReads: the squares looked at
};

/// The first jumps of the men of the side to move, per direction (index as in kDirections), and
/// the landing squares of those that can go on. From where a first jump lands a man can jump
/// again in any direction but straight back over the piece just taken; the square it left only
/// matters for that direction, so the test is exact: some landing square goes on if and only if
/// the longest capture of the men takes two pieces or more.
struct ManJumps {
  std::array<Bitboard, 4> jump_from;  ///< all_jump_starts(): squares that jump, men or not
  std::array<Bitboard, 4> starts;     ///< men that can jump in each direction
  std::array<Bitboard, 4> goes_on;    ///< landing squares (per direction) with a second jump

  ManJumps(Bitboard men, Bitboard opp, Bitboard empty) : jump_from(all_jump_starts(opp, empty)) {
    const auto [s_ul, s_ur, s_dl, s_dr] = jump_from;
    starts = {men & s_ul, men & s_ur, men & s_dl, men & s_dr};
    // (Landing squares are real: a jump passes over an opponent onto an empty square.)
    goes_on = {step<2 * kUpLeft>(starts[0]) & (s_ul | s_ur | s_dl),
               step<2 * kUpRight>(starts[1]) & (s_ul | s_ur | s_dr),
               step<2 * kDownLeft>(starts[2]) & (s_ul | s_dl | s_dr),
               step<2 * kDownRight>(starts[3]) & (s_ur | s_dl | s_dr)};
  }

  Bitboard capturers() const { return starts[0] | starts[1] | starts[2] | starts[3]; }
  bool any() const { return capturers() != 0; }
  bool any_goes_on() const { return (goes_on[0] | goes_on[1] | goes_on[2] | goes_on[3]) != 0; }
  /// Number of first jumps: the number of legal moves when none goes on (one piece each).
  int count_single() const {
    return count(starts[0]) + count(starts[1]) + count(starts[2]) + count(starts[3]);
  }
};

/// Runs the capture search from every piece of `from_pieces` (the side to move's; `kings` tells
/// which are kings), adding to `moves` as `keep` says; returns the number of moves found. With
/// kReads, sets `*reads` to the squares the search looked at.
template <bool kReads = false>
int search_captures(Bitboard from_pieces, Bitboard kings, Bitboard opp, Bitboard empty,
                    MoveList& moves, CaptureKeep keep, Bitboard* reads = nullptr) {
  CaptureSearch<kReads> search(opp, empty, moves, keep);
  for (Bitboard p = from_pieces; p; p &= p - 1) {
    const int from = lowest_bit(p);
    if (kings & bit(from))
      search.king(from);
    else
      search.man(from);
  }
  if constexpr (kReads) *reads = search.reads();
  return search.found();
}

/// count_moves when the side to move has a capture, with the squares the count depends on: the
/// squares the capture search looked at, and those next to a man or two squares from it (where
/// a man finds or loses a first jump). A board that agrees with this one on them has the same
/// legal captures. `men` and `kings` are the side to move's, `opp` the other side's pieces.
int count_captures_reading(Bitboard men, Bitboard kings, Bitboard opp, Bitboard empty,
                           Bitboard& reads);

}  // namespace damdb::rules::detail
