// Inputs that once broke a fuzz target (tests/fuzz), kept in tests/data/fuzz_regressions/:
// each must now hold the targets' properties. Round trip: every game read without an error,
// written in canonical PDN and read again, is one game with the same content.
#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace damdb::pdn {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(PdnFuzzRegressions, EveryKeptInputRoundTrips) {
  const fs::path dir = fs::path(DAMDB_SOURCE_DIR) / "tests/data/fuzz_regressions";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    ++files;
    for (const Game& game : read_games(file_text(entry.path()), entry.path().string())) {
      if (game.has_errors()) continue;
      const std::string written = to_pdn(game);
      const auto again = read_games(written, "written");
      std::string why;
      ASSERT_EQ(again.size(), 1u) << entry.path() << ": " << written;
      EXPECT_TRUE(same_content(game, again[0], &why)) << entry.path() << ": " << why;
    }
  }
  EXPECT_GT(files, 0);
}

TEST(PdnFuzzRegressions, MoveFromSquare1ToSquare1IsNotWrittenAsTheDraw) {
  const auto games = read_games("1. 01-1 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(to_pdn(games[0]).find("1. 1-1"), std::string::npos) << to_pdn(games[0]);
  const auto again = read_games(to_pdn(games[0]));
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(same_content(games[0], again[0]));
}

}  // namespace
}  // namespace damdb::pdn
