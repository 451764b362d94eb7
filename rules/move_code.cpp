// Move codes (move_code.hpp): a legal move <-> its index in the canonical order of the legal
// moves, both ways without sorting the list, and for quiet moves without generating it.
#include "rules/move_code.hpp"

#include <array>
#include <cstdint>

#include "rules/movegen.hpp"
#include "rules/rays.hpp"

namespace damdb::rules {
namespace {

constexpr Bitboard one(int b) { return Bitboard{1} << b; }

/// The code of the legal quiet move `m` of `pos` (no capture possible), read off the bitboards:
/// the legal moves sort by start square, then end square (bit order is square order), so it is
/// the number of moves of the pieces on lower bits plus those of m's piece ending on lower bits.
int quiet_move_code(const Position& pos, const Move& m) {
  const Color side = pos.side_to_move();
  const Bitboard own = pos.pieces(side), empty = pos.empty();
  const Bitboard men = own & ~pos.kings(), kings = own & pos.kings();
  const int left = side == Color::White ? kUpLeft : kDownLeft;
  const int right = side == Color::White ? kUpRight : kDownRight;
  const Bitboard below_from = one(m.from) - 1, below_to = one(m.to) - 1;
  // A man on s steps along d when s + d is empty.
  int index = count(men & shift(empty, -left) & below_from) +
              count(men & shift(empty, -right) & below_from);
  for (Bitboard k = kings & below_from; k; k &= k - 1)
    index += count(king_slides(lowest_bit(k), ~empty));
  const Bitboard ends = (kings & one(m.from))
                            ? king_slides(m.from, ~empty)
                            : shift(one(m.from), left) | shift(one(m.from), right);
  return index + count(ends & empty & below_to);
}

/// The quiet move of code `code` when the side to move has no capture (then every legal move is
/// quiet), read off the bitboards: pieces by ascending start bit; a man's steps by ascending end
/// bit (the step to the lower bit first); a king's slides by ascending end bit. False when
/// `code` is past the last move.
bool decode_quiet_move_code(const Position& pos, int code, Move& move) {
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard kings = own & pos.kings(), men = own & ~kings, empty = pos.empty();
  Bitboard low = 0, high = 0;  // men that step to the lower / higher of their two end bits
  int d_low = 0, d_high = 0;
  if (pos.side_to_move() == Color::White) {
    low = step<kDownRight>(step<kUpLeft>(men) & empty) & men;
    high = step<kDownLeft>(step<kUpRight>(men) & empty) & men;
    d_low = kUpLeft;
    d_high = kUpRight;
  } else {
    low = step<kUpRight>(step<kDownLeft>(men) & empty) & men;
    high = step<kUpLeft>(step<kDownRight>(men) & empty) & men;
    d_low = kDownLeft;
    d_high = kDownRight;
  }
  for (Bitboard movers = low | high | kings; movers != 0; movers &= movers - 1) {
    const int from = lowest_bit(movers);
    const Bitboard b = one(from);
    int to = -1;
    if ((kings & b) != 0) {
      Bitboard slides = king_slides(from, ~empty);
      const int n = count(slides);
      if (code >= n) {
        code -= n;
        continue;
      }
      for (; code > 0; --code) slides &= slides - 1;
      to = lowest_bit(slides);
    } else {
      const int n = ((low & b) != 0 ? 1 : 0) + ((high & b) != 0 ? 1 : 0);
      if (code >= n) {
        code -= n;
        continue;
      }
      to = from + ((low & b) != 0 && code == 0 ? d_low : d_high);
    }
    move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return true;
  }
  return false;
}

}  // namespace

int encode_move_code(const MoveList& legal, const Move& m) {
  int index = 0;
  for (const Move& other : legal) index += canonical_less(other, m);
  return index;
}

int encode_move_code(const Position& pos, const Move& m) {
  if (!m.is_capture()) return quiet_move_code(pos, m);
  MoveList legal;
  generate_moves(pos, legal);
  return encode_move_code(legal, m);
}

const Move* decode_move_code(const MoveList& legal, int code) {
  const int n = legal.size();
  if (code < 0 || code >= n) return nullptr;
  if (n == 1) return &legal[0];
  if (legal[0].is_capture()) {  // capture is compulsory: all of them or none are captures
    for (const Move& m : legal)
      if (encode_move_code(legal, m) == code) return &m;
    return nullptr;  // not reached: the canonical order is total over distinct moves
  }
  // Quiet moves: (from, to) is unique (at most 160 moves, see MoveList).
  std::array<std::uint32_t, MoveList::kInlineCapacity> keys;
  if (n > static_cast<int>(keys.size())) {
    MoveList sorted = legal;
    sort_moves(sorted);
    for (const Move& m : legal)
      if (m == sorted[code]) return &m;
  }
  for (int i = 0; i < n; ++i)
    keys[i] = std::uint32_t{legal[i].from} << 8 | std::uint32_t{legal[i].to};
  // The move with exactly `code` smaller keys (branch-free counting beats sorting ~10 moves).
  for (int i = 0; i < n; ++i) {
    int rank = 0;
    for (int j = 0; j < n; ++j) rank += keys[j] < keys[i] ? 1 : 0;
    if (rank == code) return &legal[i];
  }
  return nullptr;  // not reached: the keys are distinct
}

bool decode_move_code(const Position& pos, int code, MoveList& scratch, Move& move) {
  if (code < 0) return false;
  if (!has_capture(pos)) return decode_quiet_move_code(pos, code, move);
  scratch.clear();
  generate_moves(pos, scratch);
  const Move* m = decode_move_code(scratch, code);
  if (m == nullptr) return false;
  move = *m;
  return true;
}

}  // namespace damdb::rules
