// The colour-reversed board: the board seen from the other side, square n <-> 51 - n (FMJD
// numbering 1..50), White's pieces becoming Black's. The one home of mirroring for squares,
// bitboards and moves; Position::mirrored() (position.hpp) is defined with them in mirror.cpp.
//
// On the ghost-bit layout of bitboard.hpp, square s = 10 r + c + 1 (r = 0..4, c = 0..9) is bit
// 11 r + c, and 51 - s is bit 11 (4 - r) + (9 - c) = 53 - (11 r + c): mirroring a square is
// reversing the order of bits 0..53, and the ghost bits 10, 21, 32, 43 map onto one another.
#pragma once

#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/move.hpp"

namespace damdb::rules {

/// Square `n` numbered from the other side of the board (51 - n, a scoresheet kept from Black's
/// side); a number off the board is kept as written.
constexpr int mirrored_square(int n) { return is_square(n) ? kSquares + 1 - n : n; }

/// Bit index 0..53 of the mirrored square of bit `bit` (53 - bit; see the layout above).
constexpr int mirrored_bit(int bit) { return kBits - 1 - bit; }

/// Every square of `b` mirrored (square n -> 51 - n). `b` must hold board bits only (bits
/// 0..53): ghost bits map to ghost bits and bits above 53 are dropped. Branch-free, no loop.
constexpr Bitboard mirrored_squares(Bitboard b) {
  b = (b >> 1 & 0x5555555555555555u) | (b & 0x5555555555555555u) << 1;
  b = (b >> 2 & 0x3333333333333333u) | (b & 0x3333333333333333u) << 2;
  b = (b >> 4 & 0x0f0f0f0f0f0f0f0fu) | (b & 0x0f0f0f0f0f0f0f0fu) << 4;
  return __builtin_bswap64(b) >> (64 - kBits);  // bit i -> 63 - i -> 53 - i
}

/// A move of a position mapped to the mirrored position (start, end and captured squares
/// mirrored): a legal move of `pos` becomes a legal move of pos.mirrored(), and back.
constexpr Move mirrored_move(const Move& m) {
  Move out{};
  out.captures = mirrored_squares(m.captures);
  out.from = static_cast<std::uint8_t>(mirrored_bit(m.from));
  out.to = static_cast<std::uint8_t>(mirrored_bit(m.to));
  return out;
}

}  // namespace damdb::rules
