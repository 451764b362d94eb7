// Mirroring (rules/mirror.hpp) against values known without the library's bit layout: the
// square numbers 51 - n, the initial position (its mirror is itself with the colours and the
// side to move swapped), mirroring twice being the identity, and the legal moves of the
// mirrored position being the mirrored legal moves (perft trees to depth 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>

#include "rules/fen.hpp"
#include "rules/mirror.hpp"
#include "rules/movegen.hpp"

using namespace damdb::rules;

namespace {

/// A set of squares 1..50 as a bitboard.
Bitboard squares(int first, int last) {
  Bitboard b = 0;
  for (Square sq = first; sq <= last; ++sq) b |= square_bb(sq);
  return b;
}

/// The legal moves of `pos` as (start, end, captured set) in square numbers.
std::set<std::tuple<int, int, Bitboard>> move_set(const MoveList& moves) {
  std::set<std::tuple<int, int, Bitboard>> out;
  for (const Move& m : moves) out.insert({m.from_square(), m.to_square(), m.captures});
  return out;
}

/// Checks that the legal moves of pos.mirrored() are the mirrored legal moves of `pos`, down
/// `depth` plies; returns the number of positions checked.
int check_moves_mirror(const Position& pos, int depth) {
  MoveList legal, mirrored_legal, expected;
  generate_moves(pos, legal);
  generate_moves(pos.mirrored(), mirrored_legal);
  for (const Move& m : legal) {
    const Move mm = mirrored_move(m);
    EXPECT_EQ(mm.from_square(), 51 - m.from_square());
    EXPECT_EQ(mm.to_square(), 51 - m.to_square());
    EXPECT_EQ(mm.capture_count(), m.capture_count());
    EXPECT_EQ(mirrored_move(mm), m);
    expected.push_back(mm);
  }
  EXPECT_EQ(move_set(mirrored_legal), move_set(expected)) << to_fen(pos);
  int checked = 1;
  if (depth > 1)
    for (const Move& m : legal) {
      Position next = pos;
      next.play(m);
      checked += check_moves_mirror(next, depth - 1);
    }
  return checked;
}

}  // namespace

TEST(Mirror, SquaresAreNumberedFromTheOtherSide) {
  for (Square sq = 1; sq <= kSquares; ++sq) {
    EXPECT_EQ(mirrored_squares(square_bb(sq)), square_bb(51 - sq)) << sq;
    EXPECT_EQ(mirrored_bit(square_to_bit(sq)), square_to_bit(51 - sq)) << sq;
    EXPECT_EQ(mirrored_square(mirrored_square(sq)), sq);
    EXPECT_EQ(mirrored_squares(mirrored_squares(square_bb(sq))), square_bb(sq));
  }
  EXPECT_EQ(mirrored_square(1), 50);
  EXPECT_EQ(mirrored_square(28), 23);
  EXPECT_EQ(mirrored_squares(0), 0u);
  EXPECT_EQ(mirrored_squares(kBoard), kBoard);
  EXPECT_EQ(mirrored_squares(squares(1, 20)), squares(31, 50));
  EXPECT_EQ(mirrored_squares(squares(1, 5)), squares(46, 50));  // the two promotion rows
  EXPECT_EQ(mirrored_squares(kWhitePromotionRow), kBlackPromotionRow);
}

TEST(Mirror, TwiceIsTheIdentityOnEverySetOfSquares) {
  std::mt19937_64 rng(40);
  for (int i = 0; i < 100000; ++i) {
    const Bitboard b = rng() & kBoard;
    const Bitboard m = mirrored_squares(b);
    ASSERT_EQ(mirrored_squares(m), b);
    ASSERT_EQ(count(m), count(b));
    ASSERT_EQ(m & ~kBoard, 0u);
    for (Square sq = 1; sq <= kSquares; ++sq)
      ASSERT_EQ((b & square_bb(sq)) != 0, (m & square_bb(51 - sq)) != 0);
  }
}

TEST(Mirror, InitialPositionIsItselfWithColoursAndSideSwapped) {
  const Position start = Position::initial();
  const Position m = start.mirrored();
  // White's men on 31..50 stand where Black's stood, seen from the other side: 1..20 become
  // 31..50 and White's become Black's; Black is to move.
  EXPECT_EQ(m.white(), squares(31, 50));
  EXPECT_EQ(m.black(), squares(1, 20));
  EXPECT_EQ(m.kings(), 0u);
  EXPECT_EQ(m.side_to_move(), Color::Black);
  EXPECT_EQ(m, Position::from_bitboards(start.white(), start.black(), 0, Color::Black));
  EXPECT_EQ(m.mirrored(), start);
  EXPECT_EQ(m.mirrored().key(), start.key());
}

TEST(Mirror, PositionWithKingsMapsSquareBySquare) {
  const Position pos = parse_fen("W:W33,K46:B18,K5");
  const Position m = pos.mirrored();
  // White man 33 -> Black man 18, White king 46 -> Black king 5, and the other way round.
  EXPECT_EQ(m, parse_fen("B:W33,K46:B18,K5"));
  EXPECT_EQ(to_fen(parse_fen("W:W31,32,K45:B1,2").mirrored()),
            to_fen(parse_fen("B:W49,50:B19,20,K6")));
}

TEST(Mirror, MovesOfTheMirroredPositionAreTheMirroredMoves) {
  // A man's step 32-28 is Black's 19-23 seen from the other side; a capture keeps its pieces.
  const Move step{0, static_cast<std::uint8_t>(square_to_bit(32)),
                  static_cast<std::uint8_t>(square_to_bit(28))};
  EXPECT_EQ(mirrored_move(step).from_square(), 19);
  EXPECT_EQ(mirrored_move(step).to_square(), 23);
  const Move take{square_bb(23), static_cast<std::uint8_t>(square_to_bit(28)),
                  static_cast<std::uint8_t>(square_to_bit(19))};
  EXPECT_EQ(mirrored_move(take).captures, square_bb(28));
  EXPECT_EQ(mirrored_move(take).from_square(), 23);
  EXPECT_EQ(mirrored_move(take).to_square(), 32);
  // Positions checked = 1 + perft(1) + perft(2) of each position (published counts).
  EXPECT_EQ(check_moves_mirror(Position::initial(), 3), 1 + 9 + 81);
  EXPECT_EQ(check_moves_mirror(
                parse_fen("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"), 3),
            1 + 14 + 55);
  EXPECT_EQ(check_moves_mirror(
                parse_fen("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"), 3),
            1 + 6 + 12);
}
