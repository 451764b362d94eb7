// perft against counts computed elsewhere: the published counts from the initial position, the
// counts of another program (Moby Dam) on two king-heavy positions, and the slow reference walk of
// rules_reference.hpp on random positions with kings and captures; and perft's bulk counting
// against a plain generate_moves tree walk.
#include "rules/perft.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/rules_reference.hpp"

using namespace damdb::rules;

TEST(Perft, InitialPositionDepths1To8) {
  // Published perft counts for International draughts from the initial position.
  const std::uint64_t expected[] = {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961};
  const Position start = Position::initial();
  for (int depth = 1; depth <= 8; ++depth)
    EXPECT_EQ(perft(start, depth), expected[depth - 1]) << "depth " << depth;
}

TEST(Perft, KingsPositionDepths1To6) {
  // A white king and two black kings among men (king captures at almost every node); counts
  // given by Moby Dam's perft, whose test script publishes depth 9 (1216917193).
  const std::uint64_t expected[] = {14, 55, 1168, 5432, 87195, 629010};
  const Position pos = parse_fen("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24");
  for (int depth = 1; depth <= 6; ++depth)
    EXPECT_EQ(perft(pos, depth), expected[depth - 1]) << "depth " << depth;
}

TEST(Perft, WoldoubyPositionDepths1To11) {
  // Men only at the root; long men's captures and, deeper, kings. Counts given by Moby Dam's
  // perft, whose test script publishes depth 15 (346184885).
  const std::uint64_t expected[] = {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436};
  const Position pos = parse_fen("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26");
  for (int depth = 1; depth <= 11; ++depth)
    EXPECT_EQ(perft(pos, depth), expected[depth - 1]) << "depth " << depth;
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

/// perft without perft()'s fast paths (bulk counting with count_moves and count_replies,
/// play_unkeyed): walks the whole tree down to depth 0 with generate_moves and the keyed play().
/// It shares generate_moves with perft, so it checks the bulk counting only; the reference walk
/// below checks the move generator itself.
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

TEST(Perft, BulkCountingAgreesWithTreeWalkOnRandomPositionsWithKingsAndCaptures) {
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

namespace {

/// Checks perft (depths 1..max_depth) from `pos` and its colour-reversed position against the
/// slow reference walk.
void expect_reference_perft(const Position& pos, int max_depth) {
  const reference::SlowBoard board = reference::slow_board(pos);
  for (int depth = 1; depth <= max_depth; ++depth) {
    const std::uint64_t expected = reference::slow_perft(board, depth);
    ASSERT_EQ(perft(pos, depth), expected) << to_fen(pos) << " depth " << depth;
    ASSERT_EQ(perft(pos.mirrored(), depth), expected)
        << to_fen(pos.mirrored()) << " depth " << depth;
  }
}

}  // namespace

TEST(Perft, AgreesWithTheReferenceWalkOnRandomGamePositions) {
  // Positions of seeded random games (every 6th ply, and every 3rd with a king on the board),
  // depths 1..3 (1..4 on every 4th root) walked by the slow reference generator.
  std::mt19937_64 rng(11);
  int roots = 0, king_roots = 0;
  for (int game = 0; game < 30; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) break;
      if (ply % 6 == 0 || (p.kings() != 0 && ply % 3 == 0)) {
        ++roots;
        king_roots += p.kings() != 0;
        expect_reference_perft(p, roots % 4 == 0 ? 4 : 3);
      }
      p.play(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
  EXPECT_GT(roots, 500);
  EXPECT_GT(king_roots, 150);
}

TEST(Perft, AgreesWithTheReferenceWalkOnRandomKingHeavyPositions) {
  // Many kings of the side to move facing many pieces: long flying-king captures at the root
  // and at the replies.
  std::mt19937_64 rng(12);
  for (int i = 0; i < 300; ++i)
    expect_reference_perft(parse_fen(reference::random_king_heavy_fen(rng)), 3);
}
