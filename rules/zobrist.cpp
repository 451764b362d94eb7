#include "rules/zobrist.hpp"

#include <array>

namespace damdb::rules::zobrist {
namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a fixed, portable generator, so keys are the same on
// every machine and build.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Tables {
  // [piece kind 0..3: white man, black man, white king, black king][bit 0..53]
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

constexpr Tables kMain = make_tables(kSeed);
constexpr Tables kCheck = make_tables(kCheckSeed);

constexpr int kind(Piece p) { return static_cast<int>(p) - 1; }

template <class Fold>
void for_each_piece(const Position& pos, Fold&& fold) {
  const Bitboard white = pos.white(), black = pos.black(), kings = pos.kings();
  for (Bitboard b = white & ~kings; b; b &= b - 1) fold(Piece::kWhiteMan, lowest_bit(b));
  for (Bitboard b = black & ~kings; b; b &= b - 1) fold(Piece::kBlackMan, lowest_bit(b));
  for (Bitboard b = white & kings; b; b &= b - 1) fold(Piece::kWhiteKing, lowest_bit(b));
  for (Bitboard b = black & kings; b; b &= b - 1) fold(Piece::kBlackKing, lowest_bit(b));
}

}  // namespace

std::uint64_t piece_key(Piece piece, int bit) { return kMain.pieces[kind(piece)][bit]; }
std::uint64_t black_to_move_key() { return kMain.black_to_move; }

std::uint64_t compute(const Position& pos) {
  std::uint64_t key = pos.side_to_move() == Color::kBlack ? kMain.black_to_move : 0;
  for_each_piece(pos, [&](Piece p, int bit) { key ^= kMain.pieces[kind(p)][bit]; });
  return key;
}

std::uint32_t compute_check(const Position& pos) {
  std::uint64_t key = pos.side_to_move() == Color::kBlack ? kCheck.black_to_move : 0;
  for_each_piece(pos, [&](Piece p, int bit) { key ^= kCheck.pieces[kind(p)][bit]; });
  return static_cast<std::uint32_t>(key >> 32);
}

}  // namespace damdb::rules::zobrist
