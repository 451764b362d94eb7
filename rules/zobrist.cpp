#include "rules/zobrist.hpp"

namespace damdb::rules::zobrist {
namespace {

using detail::kCheck;
using detail::kMain;

constexpr int kind(Piece p) { return static_cast<int>(p) - 1; }

template <class Fold>
void for_each_piece(const Position& pos, Fold&& fold) {
  const Bitboard white = pos.white(), black = pos.black(), kings = pos.kings();
  for (Bitboard b = white & ~kings; b; b &= b - 1) fold(Piece::WhiteMan, lowest_bit(b));
  for (Bitboard b = black & ~kings; b; b &= b - 1) fold(Piece::BlackMan, lowest_bit(b));
  for (Bitboard b = white & kings; b; b &= b - 1) fold(Piece::WhiteKing, lowest_bit(b));
  for (Bitboard b = black & kings; b; b &= b - 1) fold(Piece::BlackKing, lowest_bit(b));
}

}  // namespace

std::uint64_t compute(const Position& pos) {
  std::uint64_t key = pos.side_to_move() == Color::Black ? kMain.black_to_move : 0;
  for_each_piece(pos, [&](Piece p, int bit) { key ^= kMain.pieces[kind(p)][bit]; });
  return key;
}

std::uint32_t compute_check(const Position& pos) {
  std::uint64_t key = pos.side_to_move() == Color::Black ? kCheck.black_to_move : 0;
  for_each_piece(pos, [&](Piece p, int bit) { key ^= kCheck.pieces[kind(p)][bit]; });
  return static_cast<std::uint32_t>(key >> 32);
}

}  // namespace damdb::rules::zobrist
