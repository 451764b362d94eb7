// perft from the initial position against the published counts (depths 1..8).
#include "rules/perft.hpp"

#include <gtest/gtest.h>

using namespace damdb::rules;

TEST(Perft, InitialPositionDepths1To8) {
  // Published perft counts for International draughts from the initial position.
  const std::uint64_t expected[] = {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961};
  const Position start = Position::initial();
  for (int depth = 1; depth <= 8; ++depth)
    EXPECT_EQ(perft(start, depth), expected[depth - 1]) << "depth " << depth;
}

TEST(Perft, DivideSumsToPerft) {
  const Position start = Position::initial();
  std::uint64_t sum = 0;
  const auto divide = perft_divide(start, 4);
  ASSERT_EQ(divide.size(), 9u);
  for (const auto& entry : divide) sum += entry.second;
  EXPECT_EQ(sum, 4265u);
}
