// The summaries of `damdb validate` as a user reads them: counts by severity and kind, warnings
// that never make a game invalid, one warning for text outside any game.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "tests/games_fixture.hpp"

namespace {

const std::string kData = std::string(DAMDB_SOURCE_DIR) + "/tests/data/broken_exports/";

/// Standard output of `damdb ARGS` and its exit code.
std::string run(const std::string& args, int& exit_code) {
  return damdb::test::command_output(std::string(DAMDB_BINARY) + " " + args, exit_code);
}

TEST(ValidateSummary, CountsBySeverityAndKind) {
  int code = 0;
  const std::string out = run("validate --quiet " + kData + "line_end_text.pdn " + kData +
                                  "placeholders.pdn",
                              code);
  EXPECT_EQ(code, 0);  // no game invalid
  // line_end_text: 1 game; placeholders: 4 games (a: '-' terminator, c and d: no terminator).
  EXPECT_NE(out.find("5 game(s), 16 plies: 1 valid, 4 with warnings, 0 invalid"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("warnings (games): missing terminator 2, export line-end text 1, "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("stray text 1"), std::string::npos) << out;  // the `\r` after the game
  EXPECT_EQ(out.find("illegal move"), std::string::npos) << out;
  EXPECT_EQ(out.find("errors"), std::string::npos) << out;
}

TEST(ValidateSummary, TextOutsideGamesIsOneWarningOfTheFile) {
  int code = 0;
  const std::string out = run("validate --warnings " + kData + "text_after_game.pdn", code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("text_after_game.pdn:5:1: warning: text outside any game (no tag and no "
                     "move) skipped after game 1"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("1 game(s), 4 plies: 1 valid"), std::string::npos) << out;
}

}  // namespace
