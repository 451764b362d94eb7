// The Zobrist keys of a position's bitboards computed from scratch, from the tables of
// zobrist_tables.hpp: bitboards only, so that Position (which updates its key inline) computes
// its key from them without naming zobrist.hpp, whose functions take a Position.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/zobrist_tables.hpp"

namespace damdb::rules::zobrist {

namespace detail {
/// The key of table `t` for the pieces on `white` and `black` (`kings` among them), with
/// t.black_to_move when Black is to move.
constexpr std::uint64_t fold_pieces(const Tables& t, Bitboard white, Bitboard black,
                                    Bitboard kings, bool black_to_move) {
  std::uint64_t key = black_to_move ? t.black_to_move : 0;
  // Table rows: white men, black men, white kings, black kings.
  const Bitboard rows[4] = {white & ~kings, black & ~kings, white & kings, black & kings};
  for (std::size_t row = 0; row < 4; ++row)
    for (Bitboard b = rows[row]; b; b &= b - 1) key ^= t.pieces[row][lowest_bit(b)];
  return key;
}
}  // namespace detail

/// The 64-bit key of a position's bitboards (Position::key() keeps it incrementally).
constexpr std::uint64_t main_key(Bitboard white, Bitboard black, Bitboard kings,
                                 bool black_to_move) {
  return detail::fold_pieces(detail::kMain, white, black, kings, black_to_move);
}

/// The independent 32-bit check key of a position's bitboards, from the second table.
constexpr std::uint32_t check_key(Bitboard white, Bitboard black, Bitboard kings,
                                  bool black_to_move) {
  return static_cast<std::uint32_t>(
      detail::fold_pieces(detail::kCheck, white, black, kings, black_to_move) >> 32);
}

}  // namespace damdb::rules::zobrist
