// Move codes (rules/move_code.hpp) against an order computed apart from the rules library: the
// slow reference generator of rules_reference.hpp lists the legal moves as (start, end, captured
// squares ascending) in square numbers, sorted as tuples, so the code of a move is its place in
// that list. Checked both ways over every legal move of the perft trees of three positions to
// depth 3 (the published perft counts say how many moves that is), on random king-heavy
// positions, and on the initial position written out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "tests/rules_reference.hpp"

using namespace damdb::rules;
using reference::SquareMove;

namespace {

SquareMove squares_of(const Move& m) {
  std::vector<int> taken;
  for (Square sq = 1; sq <= kSquares; ++sq)
    if (m.captures & square_bb(sq)) taken.push_back(sq);
  return {m.from_square(), m.to_square(), taken};
}

/// Checks the code of every legal move of `pos` both ways against its place in the reference
/// list; returns the number of legal moves.
int check_codes(const Position& pos) {
  const std::set<SquareMove> expected = reference::slow_legal_moves(reference::slow_board(pos));
  MoveList legal, scratch;
  generate_moves(pos, legal);
  EXPECT_EQ(static_cast<std::size_t>(legal.size()), expected.size()) << to_fen(pos);
  for (const Move& m : legal) {
    const auto at = expected.find(squares_of(m));
    EXPECT_NE(at, expected.end()) << to_fen(pos);
    const int code = static_cast<int>(std::distance(expected.begin(), at));
    EXPECT_EQ(encode_move_code(legal, m), code) << to_fen(pos);
    EXPECT_EQ(encode_move_code(pos, m), code) << to_fen(pos);
    const Move* from_list = decode_move_code(legal, code);
    EXPECT_TRUE(from_list != nullptr && *from_list == m) << to_fen(pos) << " code " << code;
    Move decoded{};
    EXPECT_TRUE(decode_move_code(pos, code, scratch, decoded)) << to_fen(pos);
    EXPECT_EQ(decoded, m) << to_fen(pos) << " code " << code;
  }
  // One past the last code, the end-of-game byte 255 and a negative number are no move.
  Move none{};
  EXPECT_EQ(decode_move_code(legal, legal.size()), nullptr);
  EXPECT_FALSE(decode_move_code(pos, legal.size(), scratch, none)) << to_fen(pos);
  EXPECT_FALSE(decode_move_code(pos, 255, scratch, none)) << to_fen(pos);
  EXPECT_FALSE(decode_move_code(pos, -1, scratch, none)) << to_fen(pos);
  return legal.size();
}

/// check_codes on every position of the tree `depth` plies deep below `pos` (the leaves
/// excluded); returns the number of moves checked, perft(1) + ... + perft(depth).
std::uint64_t check_tree(const Position& pos, int depth) {
  if (depth == 0) return 0;
  std::uint64_t checked = static_cast<std::uint64_t>(check_codes(pos));
  MoveList legal;
  generate_moves(pos, legal);
  for (const Move& m : legal) {
    Position next = pos;
    next.play(m);
    checked += check_tree(next, depth - 1);
  }
  return checked;
}

}  // namespace

TEST(MoveCode, InitialPositionCodesAreTheMovesInSquareOrder) {
  // White's nine first moves, by start square then end square.
  const char* by_code[] = {"31-26", "31-27", "32-27", "32-28", "33-28",
                           "33-29", "34-29", "34-30", "35-30"};
  const Position start = Position::initial();
  MoveList scratch;
  for (int code = 0; code < 9; ++code) {
    Move m{};
    ASSERT_TRUE(decode_move_code(start, code, scratch, m));
    EXPECT_EQ(std::to_string(m.from_square()) + "-" + std::to_string(m.to_square()), by_code[code]);
    EXPECT_EQ(encode_move_code(start, m), code);
  }
  Move none{};
  EXPECT_FALSE(decode_move_code(start, 9, scratch, none));
}

TEST(MoveCode, RoundTripOverThePerftTreesToDepthThree) {
  // Moves checked = perft(1) + perft(2) + perft(3), published (see rules_perft_test.cpp).
  EXPECT_EQ(check_tree(Position::initial(), 3), 9u + 81u + 658u);
  EXPECT_EQ(
      check_tree(parse_fen("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"), 3),
      14u + 55u + 1168u);
  EXPECT_EQ(
      check_tree(parse_fen("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"), 3),
      6u + 12u + 30u);
}

TEST(MoveCode, CapturesWithTheSameEndsAreOrderedByTheirCapturedSquares) {
  // The king on 16 takes 18, 32 and either 33 or 44, ending on 1, 7 or 12: six moves, two for
  // each (start, end) pair, that differ only in the pieces taken (33 sorts before 44).
  const Position pos = parse_fen("W:WK16,K19:B18,32,33,42,44");
  const SquareMove by_code[] = {{16, 1, {18, 32, 33}},  {16, 1, {18, 32, 44}},
                                {16, 7, {18, 32, 33}},  {16, 7, {18, 32, 44}},
                                {16, 12, {18, 32, 33}}, {16, 12, {18, 32, 44}}};
  EXPECT_EQ(check_codes(pos), 6);
  MoveList scratch;
  for (int code = 0; code < 6; ++code) {
    Move m{};
    ASSERT_TRUE(decode_move_code(pos, code, scratch, m));
    EXPECT_EQ(squares_of(m), by_code[code]) << code;
  }
}

TEST(MoveCode, RoundTripOnRandomKingHeavyPositions) {
  std::mt19937_64 rng(40);
  int moves = 0;
  for (int i = 0; i < 2000; ++i)
    moves += check_codes(parse_fen(reference::random_king_heavy_fen(rng)));
  EXPECT_GT(moves, 4000);  // captures mostly: about 3 moves a position
}
