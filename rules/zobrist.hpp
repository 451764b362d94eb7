// Zobrist keys for positions: fixed tables from a documented seed, identical on every machine.
#pragma once

#include <cstdint>

#include "rules/position.hpp"
#include "rules/zobrist_tables.hpp"

namespace damdb::rules::zobrist {

/// Key component for `piece` (not Piece::Empty) on bit index `bit` (0..53).
inline std::uint64_t piece_key(Piece piece, int bit) {
  return detail::kMain.pieces[static_cast<int>(piece) - 1][bit];
}
/// Key component XOR-ed in when Black is to move.
inline std::uint64_t black_to_move_key() { return detail::kMain.black_to_move; }

/// The 64-bit key computed from scratch (Position::key() keeps it incrementally): main_key
/// (zobrist_key.hpp) of its bitboards.
std::uint64_t compute(const Position& pos);
/// The independent 32-bit check key, from the second table, computed from scratch: check_key
/// (zobrist_key.hpp) of its bitboards.
std::uint32_t compute_check(const Position& pos);

}  // namespace damdb::rules::zobrist
