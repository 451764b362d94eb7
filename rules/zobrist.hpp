// Zobrist keys for positions: fixed tables from a documented seed, identical on every machine.
#pragma once

#include "rules/position.hpp"

#include <cstdint>

namespace damdb::rules::zobrist {

/// Seeds of the two independent tables (SplitMix64 generator, see zobrist.cpp). Changing them
/// changes every key stored in a database: the database schema version names them.
inline constexpr std::uint64_t kSeed = 0x64616D6462u;        // "damdb"
inline constexpr std::uint64_t kCheckSeed = 0x636865636Bu;   // "check"

/// Key component for `piece` (not kEmpty) on bit index `bit` (0..53).
std::uint64_t piece_key(Piece piece, int bit);
/// Key component XOR-ed in when Black is to move.
std::uint64_t black_to_move_key();

/// The 64-bit key computed from scratch (Position::key() keeps it incrementally).
std::uint64_t compute(const Position& pos);
/// The independent 32-bit check key, from the second table, computed from scratch.
std::uint32_t compute_check(const Position& pos);

}  // namespace damdb::rules::zobrist
