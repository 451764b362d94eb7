#include "rules/position.hpp"

#include <cassert>

#include "rules/zobrist_key.hpp"

namespace damdb::rules {

Position Position::initial() {
  static const Position start = [] {
    Bitboard black = 0, white = 0;
    for (Square sq = 1; sq <= 20; ++sq) black |= square_bb(sq);
    for (Square sq = 31; sq <= 50; ++sq) white |= square_bb(sq);
    return from_bitboards(white, black, 0, Color::White);
  }();
  return start;
}

Position Position::from_bitboards(Bitboard white, Bitboard black, Bitboard kings, Color to_move) {
  assert((white & black) == 0);
  assert((kings & ~(white | black)) == 0);
  assert(((white | black) & ~kBoard) == 0);
  Position p;
  p.white_ = white;
  p.black_ = black;
  p.kings_ = kings;
  p.side_ = to_move;
  p.key_ = zobrist::main_key(white, black, kings, to_move == Color::Black);
  return p;
}

Piece Position::piece_on(Square sq) const {
  const Bitboard b = square_bb(sq);
  const bool king = (kings_ & b) != 0;
  if (white_ & b) return king ? Piece::WhiteKing : Piece::WhiteMan;
  if (black_ & b) return king ? Piece::BlackKing : Piece::BlackMan;
  return Piece::Empty;
}

std::uint32_t Position::check_key() const {
  return zobrist::check_key(white_, black_, kings_, side_ == Color::Black);
}

}  // namespace damdb::rules
