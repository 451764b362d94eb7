// Legal move generation (FMJD articles 3 and 4) on the ghost-bit layout of bitboard.hpp.
#include "rules/movegen.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "rules/rays.hpp"

namespace damdb::rules {
namespace {

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
/// or what `keep` says.
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
    if (!(bit(victim) & opponents_ & ~captured)) return false;  // none, own, or already jumped
    const Bitboard land = free_run<D>(victim, occupied_);
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
    // The farther squares that cannot go on across the line end the move there.
    const Bitboard targets = opponents_ & ~captured;
    const Bitboard turns = farther & (jumps_across<kCrossing<D>>(targets) |
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

  void record(int to, Bitboard captured, int n) {
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
  Bitboard empty_ = 0;     ///< empty squares during the current piece's move
  Bitboard occupied_ = 0;  ///< the other squares of the board
  int first_of_piece_ = 0;  ///< out_ entries before it start on another square
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
inline int men_multi_captures(const ManJumps& jumps, Bitboard opp, Bitboard empty,
                              MoveList& moves, CaptureKeep keep = CaptureKeep::Legal) {
  moves.clear();
  CaptureSearch search(opp, empty, moves, keep);
  search.men_after_first_jumps<kUpLeft>(jumps.goes_on[0]);
  search.men_after_first_jumps<kUpRight>(jumps.goes_on[1]);
  search.men_after_first_jumps<kDownLeft>(jumps.goes_on[2]);
  search.men_after_first_jumps<kDownRight>(jumps.goes_on[3]);
  return search.found();
}

/// Runs the capture search from every piece of `from_pieces` (the side to move's; `kings` tells
/// which are kings), adding to `moves` as `keep` says; returns the number of moves found.
int search_captures(Bitboard from_pieces, Bitboard kings, Bitboard opp, Bitboard empty,
                    MoveList& moves, CaptureKeep keep) {
  CaptureSearch search(opp, empty, moves, keep);
  for (Bitboard p = from_pieces; p; p &= p - 1) {
    const int from = lowest_bit(p);
    if (kings & bit(from))
      search.king(from);
    else
      search.man(from);
  }
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

bool has_capture(const Position& pos) {
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard opp = pos.pieces(opposite(pos.side_to_move()));
  const Bitboard empty = pos.empty();
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const Bitboard starts = jump_starts<kUpLeft>(opp, empty) | jump_starts<kUpRight>(opp, empty) |
                          jump_starts<kDownLeft>(opp, empty) | jump_starts<kDownRight>(opp, empty);
  if (men & starts) return true;
  return kings && king_can_capture(kings, opp, empty);
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

/// Side C's number of moves (`replies`) on a board where it has no capture, and the squares where a quiet
/// move of the other side can change that number. A quiet move empties its start square and
/// fills its end square; the number stays the same when the start square is not in `vacate` and
/// the end square is not in `fill`:
/// - filling a square changes C's moves only on a king's run (the run stops earlier, or a capture
///   appears) or next to a man (its step is blocked, or the man can jump the new piece);
/// - emptying a square changes them only in front of a man (a new step), two squares from a man
///   (a piece next to it becomes jumpable), on the square that stops a king's run (the run goes
///   on) or on the square behind it (the piece that stops the run becomes jumpable).
/// Emptying a square outside `vacate` leaves the runs, and so `fill`, as they were, so the two
/// changes can be taken one after the other. When C can capture, every square counts (`fill` and
/// `vacate` are the whole board).
template <Color C>
struct StableReplies {
  int replies = 0;
  Bitboard fill = kBoard;
  Bitboard vacate = kBoard;

  StableReplies(Bitboard own, Bitboard opp, Bitboard all_kings) {
    const Bitboard men = own & ~all_kings;
    const Bitboard kings = own & all_kings;
    const Bitboard empty = kBoard & ~(own | opp);
    const ManJumps jumps(men, opp, empty);
    if (jumps.any()) return;
    if (kings) {
      const KingRuns runs(kings, empty);
      if (runs.can_capture(kings, jumps.jump_from)) return;
      replies = runs.count_slides();
      fill = runs.runs[0] | runs.runs[1] | runs.runs[2] | runs.runs[3];
      vacate = beyond_runs<kUpLeft>(runs.runs[0] | kings) |
               beyond_runs<kUpRight>(runs.runs[1] | kings) |
               beyond_runs<kDownLeft>(runs.runs[2] | kings) |
               beyond_runs<kDownRight>(runs.runs[3] | kings);
    } else {
      fill = 0;
      vacate = 0;
    }
    constexpr int kLeft = C == Color::White ? kUpLeft : kDownLeft;
    constexpr int kRight = C == Color::White ? kUpRight : kDownRight;
    const Bitboard steps_to = step<kLeft>(men) | step<kRight>(men);
    replies += count(step<kLeft>(men) & empty) + count(step<kRight>(men) & empty);
    fill |= step<kUpLeft>(men) | step<kUpRight>(men) | step<kDownLeft>(men) | step<kDownRight>(men);
    vacate |= steps_to | step<2 * kUpLeft>(men) | step<2 * kUpRight>(men) |
              step<2 * kDownLeft>(men) | step<2 * kDownRight>(men);
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
inline std::uint64_t replies_to_steps(Bitboard ends, Bitboard own, Bitboard opp,
                                      Bitboard all_kings, const StableReplies<C>& stable) {
  const Bitboard same = ends & ~stable.fill & ~step<D>(stable.vacate);
  std::uint64_t n = static_cast<std::uint64_t>(stable.replies) * static_cast<std::uint64_t>(count(same));
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

bool find_quiet_move(const Position& pos, int from, int to, Move& move) {
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side), empty = pos.empty();
  if (from < 0 || from >= kBits || to < 0 || to >= kBits) return false;
  if (!(own & bit(from)) || !(empty & bit(to))) return false;
  if (pos.kings() & bit(from)) {
    if (!(king_slides(from, ~empty) & bit(to))) return false;
    move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return true;
  }
  const int left = side == Color::White ? kUpLeft : kDownLeft;
  const int right = side == Color::White ? kUpRight : kDownRight;
  if ((shift(bit(from), left) | shift(bit(from), right)) & bit(to)) {
    move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return true;
  }
  return false;
}

void generate_all_captures(const Position& pos, MoveList& captures) {
  captures.clear();
  search_captures(pos.pieces(pos.side_to_move()), pos.kings(),
                  pos.pieces(opposite(pos.side_to_move())), pos.empty(), captures,
                  CaptureKeep::ShortestPerEnd);
}

namespace {
/// The canonical move order: start square, end square, then captured squares ascending.
bool canonical_less(const Move& a, const Move& b) {
  if (a.from != b.from) return a.from < b.from;
  if (a.to != b.to) return a.to < b.to;
  // Captured sets compared as ascending square lists (bit order follows square order).
  Bitboard x = a.captures, y = b.captures;
  while (x && y) {
    const int bx = lowest_bit(x), by = lowest_bit(y);
    if (bx != by) return bx < by;
    x &= x - 1;
    y &= y - 1;
  }
  return x == 0 && y != 0;
}
}  // namespace

void sort_moves(MoveList& moves) { std::sort(moves.begin(), moves.end(), canonical_less); }

int canonical_index(const MoveList& legal, const Move& m) {
  int index = 0;
  for (const Move& other : legal) index += canonical_less(other, m);
  return index;
}

}  // namespace damdb::rules
