// Move lists of any length: the growable MoveList, and generate_moves / generate_all_captures
// checked against the slow reference walk of rules_reference.hpp (FMJD art. 3-4 written out
// directly) on random king-heavy positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/rules_reference.hpp"

using namespace damdb::rules;
using namespace damdb::rules::reference;

namespace {

SquareMove to_squares(const Move& m) {
  std::vector<int> taken;
  for (Bitboard c = m.captures; c; c &= c - 1) taken.push_back(bit_to_square(lowest_bit(c)));
  std::sort(taken.begin(), taken.end());
  return {m.from_square(), m.to_square(), taken};
}

/// generate_moves as a set, checking that no move is listed twice.
std::set<SquareMove> generated(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::set<SquareMove> set;
  for (const Move& m : moves) EXPECT_TRUE(set.insert(to_squares(m)).second) << to_fen(pos);
  return set;
}

}  // namespace

TEST(MoveList, GrowsPastItsInlineCapacityAndCopies) {
  MoveList list;
  const int n = 3 * MoveList::kInlineCapacity + 7;
  for (int i = 0; i < n; ++i)
    list.push_back(Move{Bitboard{1} << (i % 50), static_cast<std::uint8_t>(i % 54),
                        static_cast<std::uint8_t>(i / 54)});
  ASSERT_EQ(list.size(), n);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(list[i].from, i % 54);
    EXPECT_EQ(list[i].to, i / 54);
  }
  MoveList copy = list;
  MoveList assigned;
  assigned.push_back(Move{});
  assigned = copy;
  ASSERT_EQ(copy.size(), n);
  ASSERT_EQ(assigned.size(), n);
  EXPECT_TRUE(std::equal(list.begin(), list.end(), copy.begin()));
  EXPECT_TRUE(std::equal(list.begin(), list.end(), assigned.begin()));
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(copy[n - 1].from, (n - 1) % 54);  // copies own their moves
}

// Six kings facing sixteen men: 1,489 complete capture sequences, more than the 256 moves a
// list used to hold. Majority rule and the distinct (start, end) pairs checked against the walk.
TEST(MoveGen, KingsFacingManyMenMatchTheSlowWalk) {
  const Position pos =
      parse_fen("W:WK1,K5,K15,K45,K46,K47:B6,9,10,11,13,17,18,24,27,28,31,33,39,40,41,42");
  const SlowBoard board = slow_board(pos);
  EXPECT_EQ(generated(pos), slow_legal_moves(board));

  // generate_all_captures: one entry per (start, end), with the fewest pieces taken.
  std::map<std::pair<int, int>, std::size_t> shortest;
  for (const auto& [from, to, taken] : slow_all_captures(board)) {
    auto [it, inserted] = shortest.try_emplace({from, to}, taken.size());
    if (!inserted) it->second = std::min(it->second, taken.size());
  }
  MoveList all;
  generate_all_captures(pos, all);
  std::map<std::pair<int, int>, std::size_t> got;
  for (const Move& m : all)
    EXPECT_TRUE(got.emplace(std::pair{m.from_square(), m.to_square()},
                            static_cast<std::size_t>(m.capture_count()))
                    .second);
  EXPECT_EQ(got, shortest);
  EXPECT_GT(slow_all_captures(board).size(), 1000u);
}

TEST(MoveGen, RandomKingHeavyPositionsMatchTheSlowWalk) {
  std::mt19937_64 rng(20261201);
  std::size_t most = 0, with_captures = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string fen = random_king_heavy_fen(rng);
    const Position pos = parse_fen(fen);
    const std::set<SquareMove> expected = slow_legal_moves(slow_board(pos));
    ASSERT_EQ(generated(pos), expected) << fen;
    ASSERT_EQ(count_moves(pos), static_cast<int>(expected.size())) << fen;
    most = std::max(most, expected.size());
    with_captures += !expected.empty() && !std::get<2>(*expected.begin()).empty();
  }
  // The sample reaches the capture code hard: most positions must capture.
  EXPECT_GT(with_captures, 1500u);
  EXPECT_GT(most, 30u);
}
