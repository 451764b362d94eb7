// The fixed random tables of the Zobrist keys (see zobrist.hpp): bitboards only, so that
// Position can update its key inline.
#pragma once

#include <array>
#include <cstdint>

#include "rules/bitboard.hpp"

namespace damdb::rules::zobrist {

/// Seeds of the two independent tables (SplitMix64 generator, see zobrist.cpp). Changing them
/// changes every key stored in a database: the database schema version names them.
inline constexpr std::uint64_t kSeed = 0x64616D6462u;       // "damdb"
inline constexpr std::uint64_t kCheckSeed = 0x636865636Bu;  // "check"

namespace detail {
// SplitMix64 (Steele, Lea, Flood 2014): a fixed, portable generator, so keys are the same on
// every machine and build.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// [piece kind: white man, black man, white king, black king][bit 0..53], then side to move.
struct Tables {
  std::array<std::array<std::uint64_t, kBits>, 4> pieces{};
  std::uint64_t black_to_move = 0;
};

constexpr Tables make_tables(std::uint64_t seed) {
  Tables t;
  std::uint64_t state = seed;
  for (auto& row : t.pieces)
    for (auto& k : row) k = splitmix64(state);
  t.black_to_move = splitmix64(state);
  return t;
}

inline constexpr Tables kMain = make_tables(kSeed);
inline constexpr Tables kCheck = make_tables(kCheckSeed);
}  // namespace detail

}  // namespace damdb::rules::zobrist
