// `damdb perft`: one depth, or with --all-depths every depth from 1 in one process.
#include <gtest/gtest.h>

#include <string>

#include "tests/games_fixture.hpp"

namespace {

/// Standard output of `damdb ARGS` and its exit code.
std::string run(const std::string& args, int& exit_code) {
  return damdb::test::command_output(std::string(DAMDB_BINARY) + " " + args, exit_code);
}

// The kings position: perft 14, 55, 1168 for depths 1..3 (Moby Dam's counts, also those of
// bench_rules).
const std::string kKings = "'B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24'";

TEST(CliPerft, OneDepth) {
  int code = -1;
  const std::string out = run("perft --depth 3 --fen " + kKings, code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("perft(3) = 1168\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("perft(2)"), std::string::npos) << out;
}

TEST(CliPerft, AllDepthsCountsEachDepthInTurn) {
  int code = -1;
  const std::string out = run("perft --all-depths --depth 3 --fen " + kKings, code);
  EXPECT_EQ(code, 0);
  const auto d1 = out.find("perft(1) = 14\n");
  const auto d2 = out.find("perft(2) = 55\n");
  const auto d3 = out.find("perft(3) = 1168\n");
  ASSERT_NE(d1, std::string::npos) << out;
  ASSERT_NE(d2, std::string::npos) << out;
  ASSERT_NE(d3, std::string::npos) << out;
  EXPECT_LT(d1, d2);
  EXPECT_LT(d2, d3);
  // From the initial position: 9, 81 (published counts).
  const std::string start = run("perft --all-depths --depth 2", code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(start.find("perft(1) = 9\nnodes 9 "), std::string::npos) << start;
  EXPECT_NE(start.find("perft(2) = 81\nnodes 81 "), std::string::npos) << start;
}

TEST(CliPerft, AllDepthsAndDivideAreRefusedTogether) {
  int code = -1;
  run("perft --all-depths --divide --depth 2 2>/dev/null", code);
  EXPECT_NE(code, 0);
}

}  // namespace
