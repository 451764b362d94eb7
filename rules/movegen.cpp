// Legal move generation (FMJD articles 3 and 4) on the ghost-bit layout of bitboard.hpp.
#include "rules/movegen.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace damdb::rules {
namespace {

constexpr Bitboard bit(int b) { return Bitboard{1} << b; }

/// The squares a king slides over from the set `kings` in direction d, stopping before the first
/// occupied square (empty = the squares it may cross).
inline Bitboard slide_fill(Bitboard kings, int d, Bitboard empty) {
  Bitboard fill = 0;
  for (Bitboard r = shift(kings, d) & empty; r; r = shift(r, d) & empty) fill |= r;
  return fill;
}

/// Squares from which a man jumps in direction D: the next square along D holds an opponent and
/// the one after it is empty.
/// The result may hold ghost bits (see step()): AND it with real squares.
template <int D>
inline Bitboard jump_starts(Bitboard opp, Bitboard empty) {
  return step<-D>(step<-D>(empty) & opp);
}

/// True when a king of `kings` can capture along direction D: its empty run (or its own square)
/// ends next to an opponent with an empty square behind it.
template <int D>
inline bool king_captures_along(Bitboard kings, Bitboard opp, Bitboard empty) {
  return ((slide_fill(kings, D, empty) | kings) & jump_starts<D>(opp, empty)) != 0;
}

/// True when some king of `kings` can capture.
inline bool king_can_capture(Bitboard kings, Bitboard opp, Bitboard empty) {
  return king_captures_along<kUpLeft>(kings, opp, empty) ||
         king_captures_along<kUpRight>(kings, opp, empty) ||
         king_captures_along<kDownLeft>(kings, opp, empty) ||
         king_captures_along<kDownRight>(kings, opp, empty);
}

/// Depth-first search of capture sequences for one piece, keeping only the sequences that take
/// the most pieces and one entry per (from, to, captured set).
class CaptureSearch {
 public:
  /// With `keep_all`, every complete sequence is kept, not only those taking the most pieces.
  CaptureSearch(Bitboard opponents, Bitboard empty, MoveList& out, int& best, bool keep_all = false)
      : opponents_(opponents), empty_(empty), out_(out), best_(best), keep_all_(keep_all) {}

  void man(int from) {
    from_ = from;
    man_from(from, 0, 0);
  }

  void king(int from) {
    from_ = from;
    for (int d : kDirections) king_line(from, d, 0, 0);
  }

 private:
  // One jump of a man in direction D from `sq`, then the rest of the sequence from there.
  template <int D>
  bool man_jump(int sq, Bitboard captured, int n) {
    const Bitboard mid = shift(bit(sq), D) & opponents_ & ~captured;
    if (!mid) return false;
    const Bitboard land = shift(mid, D) & empty_;
    if (!land) return false;
    man_from(lowest_bit(land), captured | mid, n + 1);
    return true;
  }

  void man_from(int sq, Bitboard captured, int n) {
    bool extended = man_jump<kUpLeft>(sq, captured, n);
    extended |= man_jump<kUpRight>(sq, captured, n);
    extended |= man_jump<kDownLeft>(sq, captured, n);
    extended |= man_jump<kDownRight>(sq, captured, n);
    if (!extended && n > 0) record(sq, captured, n);
  }

  // Capture from `sq` along direction d: slide over empty squares to the first piece; if it is an
  // opponent not yet captured, land on each empty square beyond it and go on from there.
  // Returns true when a capture was possible in this direction.
  bool king_line(int sq, int d, Bitboard captured, int n) {
    Bitboard b = shift(bit(sq), d);
    while (b & empty_) b = shift(b, d);
    if (!(b & opponents_ & ~captured)) return false;  // edge, own piece, or a captured piece
    Bitboard land = shift(b, d) & empty_;
    if (!land) return false;
    const Bitboard now = captured | b;
    bool first = true;
    for (; land; land = shift(land, d) & empty_) {
      king_landing(lowest_bit(land), d, now, n + 1, first);
      first = false;
    }
    return true;
  }

  // From a landing square reached along d: turn to either side, or (from the first landing
  // square only, since every later one continues the same way) go on along d.
  void king_landing(int sq, int d, Bitboard captured, int n, bool first) {
    bool extended = false;
    const int side1 = (d == kUpLeft || d == kDownRight) ? kUpRight : kUpLeft;
    extended |= king_line(sq, side1, captured, n);
    extended |= king_line(sq, -side1, captured, n);
    if (first) extended |= king_line(sq, d, captured, n);
    if (!extended) record(sq, captured, n);
  }

  void record(int to, Bitboard captured, int n) {
    if (keep_all_) {
      best_ = std::max(best_, n);
    } else if (n < best_) {
      return;
    } else if (n > best_) {
      best_ = n;
      out_.clear();
    }
    const Move m{captured, static_cast<std::uint8_t>(from_), static_cast<std::uint8_t>(to)};
    for (const Move& x : out_)
      if (x == m) return;
    out_.push_back(m);
  }

  Bitboard opponents_;
  Bitboard empty_;
  MoveList& out_;
  int& best_;
  bool keep_all_ = false;
  int from_ = 0;
};

/// Counts the legal captures when only men can capture and some man takes two pieces or more:
/// the depth-first search of CaptureSearch::man, started from the landing squares of the first
/// jumps that go on (a first jump that cannot go on takes fewer than the maximum). Keeps the
/// longest sequences, one per (from, to, captured set), without building Moves.
class ManCaptureCounter {
 public:
  ManCaptureCounter(Bitboard opponents, Bitboard empty) : opponents_(opponents), empty_(empty) {}

  /// Goes on from the landing square of the first jump of the man on `from` over `taken`.
  void after_first_jump(Bitboard from, Bitboard taken, Bitboard land) {
    from_ = from;
    empty_with_from_ = empty_ | from;  // the man has left its square
    man_from(land, taken, 1);
  }

  /// Number of distinct sequences taking the most pieces.
  int count() const { return size_; }

 private:
  struct Found {
    Bitboard from, to, captured;
  };

  template <int D>
  bool man_jump(Bitboard sq, Bitboard captured, int n) {
    const Bitboard mid = step<D>(sq) & opponents_ & ~captured;
    if (!mid) return false;
    const Bitboard land = step<D>(mid) & empty_with_from_;
    if (!land) return false;
    man_from(land, captured | mid, n + 1);
    return true;
  }

  void man_from(Bitboard sq, Bitboard captured, int n) {
    bool extended = man_jump<kUpLeft>(sq, captured, n);
    extended |= man_jump<kUpRight>(sq, captured, n);
    extended |= man_jump<kDownLeft>(sq, captured, n);
    extended |= man_jump<kDownRight>(sq, captured, n);
    if (!extended) record(sq, captured, n);
  }

  void record(Bitboard to, Bitboard captured, int n) {
    if (n < best_) return;
    if (n > best_) {
      best_ = n;
      size_ = 0;
    }
    for (int i = 0; i < size_; ++i)
      if (found_[i].from == from_ && found_[i].to == to && found_[i].captured == captured) return;
    assert(size_ < MoveList::kCapacity);
    found_[size_++] = Found{from_, to, captured};
  }

  Bitboard opponents_;
  Bitboard empty_;
  Bitboard empty_with_from_ = 0;
  Bitboard from_ = 0;
  int best_ = 0;
  int size_ = 0;
  std::array<Found, MoveList::kCapacity> found_;  // left uninitialised beyond size_
};

/// The men's captures counted by ManCaptureCounter, for the first jumps in direction D whose
/// landing squares are `lands`.
template <int D>
inline void count_on_from(ManCaptureCounter& counter, Bitboard lands) {
  for (; lands; lands &= lands - 1) {
    const Bitboard land = lands & (0 - lands);
    counter.after_first_jump(step<-2 * D>(land), step<-D>(land), land);
  }
}

/// Runs the capture search from every piece of `from_pieces` (the side to move's), adding to
/// `moves`; returns the most pieces a sequence takes (0: no capture).
int search_captures(const Position& pos, Bitboard from_pieces, MoveList& moves, bool keep_all) {
  const Bitboard opp = pos.pieces(opposite(pos.side_to_move()));
  int best = 0;
  for (Bitboard p = from_pieces; p; p &= p - 1) {
    const int from = lowest_bit(p);
    // The moving piece leaves its square: it counts as empty during its own capture.
    CaptureSearch search(opp, pos.empty() | bit(from), moves, best, keep_all);
    if (pos.kings() & bit(from))
      search.king(from);
    else
      search.man(from);
  }
  return best;
}

void add_quiet_moves(const Position& pos, MoveList& moves) {
  const bool white = pos.side_to_move() == Color::kWhite;
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const Bitboard empty = pos.empty();
  const int forward[2] = {white ? kUpLeft : kDownLeft, white ? kUpRight : kDownRight};
  for (int d : forward) {
    for (Bitboard t = shift(men, d) & empty; t; t &= t - 1) {
      const int to = lowest_bit(t);
      moves.push_back(Move{0, static_cast<std::uint8_t>(to - d), static_cast<std::uint8_t>(to)});
    }
  }
  for (Bitboard k = kings; k; k &= k - 1) {
    const int from = lowest_bit(k);
    for (int d : kDirections) {
      for (Bitboard t = shift(bit(from), d) & empty; t; t = shift(t, d) & empty)
        moves.push_back(
            Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(lowest_bit(t))});
    }
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

int count_moves(const Position& pos) {
  const bool white = pos.side_to_move() == Color::kWhite;
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard opp = pos.pieces(opposite(pos.side_to_move()));
  const Bitboard men = own & ~pos.kings();
  const Bitboard kings = own & pos.kings();
  const Bitboard empty = pos.empty();
  if (kings && king_can_capture(kings, opp, empty)) {
    MoveList moves;
    generate_moves(pos, moves);
    return moves.size();
  }
  const Bitboard s_ul = jump_starts<kUpLeft>(opp, empty), s_ur = jump_starts<kUpRight>(opp, empty);
  const Bitboard s_dl = jump_starts<kDownLeft>(opp, empty);
  const Bitboard s_dr = jump_starts<kDownRight>(opp, empty);
  const Bitboard j_ul = men & s_ul, j_ur = men & s_ur, j_dl = men & s_dl, j_dr = men & s_dr;
  if (j_ul | j_ur | j_dl | j_dr) {
    // Men's captures only. If no man can jump again from where its first jump lands (in any
    // direction but straight back over the piece just taken; the square it left only matters
    // for that direction), every capture takes exactly one piece and each jump is one move.
    // (Landing squares are real: a jump passes over an opponent onto an empty square.)
    const Bitboard on_ul = step<2 * kUpLeft>(j_ul) & (s_ul | s_ur | s_dl);
    const Bitboard on_ur = step<2 * kUpRight>(j_ur) & (s_ul | s_ur | s_dr);
    const Bitboard on_dl = step<2 * kDownLeft>(j_dl) & (s_ul | s_dl | s_dr);
    const Bitboard on_dr = step<2 * kDownRight>(j_dr) & (s_ur | s_dl | s_dr);
    if (!(on_ul | on_ur | on_dl | on_dr))
      return count(j_ul) + count(j_ur) + count(j_dl) + count(j_dr);
    ManCaptureCounter counter(opp, empty);
    count_on_from<kUpLeft>(counter, on_ul);
    count_on_from<kUpRight>(counter, on_ur);
    count_on_from<kDownLeft>(counter, on_dl);
    count_on_from<kDownRight>(counter, on_dr);
    return counter.count();
  }
  int n = white ? count(step<kUpLeft>(men) & empty) + count(step<kUpRight>(men) & empty)
                : count(step<kDownLeft>(men) & empty) + count(step<kDownRight>(men) & empty);
  // Rays of different kings never overlap (each stops at the first occupied square).
  if (kings)
    for (int d : kDirections) n += count(slide_fill(kings, d, empty));
  return n;
}

void generate_moves(const Position& pos, MoveList& moves) {
  moves.clear();
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side);
  const Bitboard opp = pos.pieces(opposite(side));
  const Bitboard empty = pos.empty();
  const Bitboard kings = own & pos.kings();
  // Men that can start a capture: an opponent next to them with an empty square behind it.
  Bitboard capturers = 0;
  for (int d : kDirections) capturers |= shift(shift(empty, -d) & opp, -d);
  capturers &= own & ~pos.kings();
  const int best = search_captures(pos, capturers | kings, moves, false);
  if (best == 0) add_quiet_moves(pos, moves);
}

bool find_quiet_move(const Position& pos, int from, int to, Move& move) {
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side), empty = pos.empty();
  if (from < 0 || from >= kBits || to < 0 || to >= kBits) return false;
  if (!(own & bit(from)) || !(empty & bit(to))) return false;
  if (pos.kings() & bit(from)) {
    for (int d : kDirections)
      for (Bitboard t = shift(bit(from), d) & empty; t; t = shift(t, d) & empty)
        if (t & bit(to)) {
          move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
          return true;
        }
    return false;
  }
  const int left = side == Color::kWhite ? kUpLeft : kDownLeft;
  const int right = side == Color::kWhite ? kUpRight : kDownRight;
  if ((shift(bit(from), left) | shift(bit(from), right)) & bit(to)) {
    move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return true;
  }
  return false;
}

void generate_all_captures(const Position& pos, MoveList& captures) {
  captures.clear();
  search_captures(pos, pos.pieces(pos.side_to_move()), captures, /*keep_all=*/true);
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
