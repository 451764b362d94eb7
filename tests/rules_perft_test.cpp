// perft from the initial position against the published counts (depths 1..8), and against a
// plain tree walk on random positions with kings and captures.
#include "rules/perft.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"

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

namespace {

/// Reference perft, independent of perft()'s fast paths (bulk counting with count_moves, the
/// men's capture counter, play_unkeyed): walks the whole tree down to depth 0 with
/// generate_moves and the keyed play().
std::uint64_t tree_walk_perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t leaves = 0;
  for (const Move& m : moves) {
    Position next = pos;
    next.play(m);
    leaves += tree_walk_perft(next, depth - 1);
  }
  return leaves;
}

}  // namespace

TEST(Perft, AgreesWithTreeWalkOnRandomPositionsWithKingsAndCaptures) {
  // Seeded random games; every position with a king on the board (and every 8th without) is a
  // perft root. Both colours move in the sample and the colour-reversed position must give the
  // same counts.
  std::mt19937_64 rng(7);
  int roots = 0, king_roots = 0, king_capture_roots = 0, multi_capture_roots = 0;
  for (int game = 0; game < 60; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) break;
      if (p.kings() != 0 || ply % 8 == 0) {
        ++roots;
        king_roots += p.kings() != 0;
        king_capture_roots += std::any_of(moves.begin(), moves.end(), [&](const Move& m) {
          return m.is_capture() && ((p.kings() >> m.from) & 1);
        });
        if (moves[0].capture_count() >= 2) ++multi_capture_roots;
        // Depth 4 on every other root only, to keep the test fast under the sanitizers.
        const int max_depth = roots % 2 == 0 ? 4 : 3;
        for (int depth = 1; depth <= max_depth; ++depth) {
          const std::uint64_t expected = tree_walk_perft(p, depth);
          ASSERT_EQ(perft(p, depth), expected) << to_fen(p) << " depth " << depth;
          ASSERT_EQ(perft(p.mirrored(), depth), expected)
              << to_fen(p.mirrored()) << " depth " << depth;
        }
      }
      p.play(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
  // The sample really exercises kings, king captures and multi-piece captures.
  EXPECT_GT(roots, 1000);
  EXPECT_GT(king_roots, 500);
  EXPECT_GT(king_capture_roots, 50);
  EXPECT_GT(multi_capture_roots, 50);
  RecordProperty("roots", roots);
}
