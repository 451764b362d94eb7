// Bitboards for the 10x10 International Draughts board.
//
// The 50 playable squares (PDN/FMJD numbering 1..50: square 1 is the top-left playable square of
// Black's back rank, 46..50 is White's back rank) are mapped to bits with a "ghost" bit after
// every 10 squares: bit = (square - 1) + (square - 1) / 10. Ghost bits 10, 21, 32, 43 and every
// bit above 53 are never set, so the four diagonal neighbours of a bit are always at constant
// offsets: up-left -6, up-right -5, down-left +5, down-right +6 ("up" is towards square 1).
// A shift that leaves the board lands on a ghost bit or falls off the 64-bit word.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace damdb::rules {

/// A set of board squares, one bit per square (see the mapping above).
using Bitboard = std::uint64_t;

/// A square number, 1..50 (PDN 3.0 / FMJD numbering); 0 means "no square".
using Square = int;

inline constexpr int kSquares = 50;
inline constexpr int kBits = 54;  ///< bits 0..53 hold the board (ghosts included)

/// True for a square of the board, 1..50 (a written square number may be anything).
constexpr bool is_square(int n) { return n >= 1 && n <= kSquares; }

/// Bit index (0..53) of square 1..50.
constexpr int square_to_bit(Square sq) { return (sq - 1) + (sq - 1) / 10; }

/// Square number (1..50) of a board bit; the bit must not be a ghost.
constexpr Square bit_to_square(int bit) { return bit - bit / 11 + 1; }

/// The one-square bitboard of square 1..50.
constexpr Bitboard square_bb(Square sq) { return Bitboard{1} << square_to_bit(sq); }

/// Every playable square.
inline constexpr Bitboard kBoard = [] {
  Bitboard b = 0;
  for (Square sq = 1; sq <= kSquares; ++sq) b |= square_bb(sq);
  return b;
}();

/// Squares 1..5: the row where White men are crowned.
inline constexpr Bitboard kWhitePromotionRow =
    square_bb(1) | square_bb(2) | square_bb(3) | square_bb(4) | square_bb(5);
/// Squares 46..50: the row where Black men are crowned.
inline constexpr Bitboard kBlackPromotionRow =
    square_bb(46) | square_bb(47) | square_bb(48) | square_bb(49) | square_bb(50);

/// The four diagonal directions, as bit offsets.
enum Direction : int { kUpLeft = -6, kUpRight = -5, kDownLeft = 5, kDownRight = 6 };
inline constexpr std::array<int, 4> kDirections = {kUpLeft, kUpRight, kDownLeft, kDownRight};

/// Shifts every square of `b` one step in direction `d`, dropping squares that leave the board.
constexpr Bitboard shift(Bitboard b, int d) { return (d > 0 ? (b << d) : (b >> -d)) & kBoard; }

/// shift() by a constant direction WITHOUT dropping the squares that leave the board: the result
/// may hold ghost bits or bits above 53, so AND it with a set of real squares (pieces, empty
/// squares) before using or shifting it again. Saves the kBoard mask in hot code.
template <int D>
constexpr Bitboard step(Bitboard b) {
  return D > 0 ? (b << D) : (b >> -D);
}

/// Number of squares in a set.
constexpr int count(Bitboard b) { return std::popcount(b); }

/// Lowest bit index of a non-empty set.
constexpr int lowest_bit(Bitboard b) { return std::countr_zero(b); }

}  // namespace damdb::rules
