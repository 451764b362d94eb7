// Inputs that once broke a fuzz target (tests/fuzz), kept in tests/data/fuzz_regressions/:
// each must now hold the targets' properties. Round trip: every game read without an error,
// written in canonical PDN and read again, is one game with the same content. Reader: the games'
// byte ranges follow each other inside the file, whatever its encoding.
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
    const std::string text = file_text(entry.path());
    std::uint64_t last_end = 0;
    for (const Game& game : read_games(text, entry.path().string())) {
      EXPECT_LE(last_end, game.byte_begin) << entry.path() << " game " << game.index;
      EXPECT_LT(game.byte_begin, game.byte_end) << entry.path() << " game " << game.index;
      EXPECT_LE(game.byte_end, text.size()) << entry.path() << " game " << game.index;
      last_end = game.byte_end;
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

TEST(PdnFuzzRegressions, DecodedTagNameThatRepeatsOrReadsOtherwiseIsKeptAsWritten) {
  const auto games = read_games("[Event \"a\"]\n[&#69;vent \"b\"]\n[A&#32;B \"x\"]\n"
                                "[Ev&#x65;nt2 \"c\"]\n1. 32-28 *");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 4u);
  EXPECT_EQ(games[0].tags[0].name, "Event");
  EXPECT_EQ(games[0].tags[1].name, "&#69;vent");  // "Event" twice would be two games
  EXPECT_EQ(games[0].tags[2].name, "A B");        // a name runs to its value's quote
  EXPECT_EQ(read_games(to_pdn(games[0]))[0].tags[2].name, "A B");  // and reads back whole
  EXPECT_EQ(games[0].tags[3].name, "Event2");     // a plain decoded name is decoded
}

TEST(PdnFuzzRegressions, TagWithoutBracketRepeatingANameAfterAnEmptyLineStartsTheNextGame) {
  // On the next line it is the same game (pdn_repeated_tag_test.cpp); after an empty line,
  // the next game, as a bracketed tag.
  const auto games = read_games("[Event \"a\"]\n[Round \"1\"]\n\nRound \"2\"]\n1. 32-28 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags.size(), 2u);
  ASSERT_EQ(games[1].tags.size(), 1u);
  EXPECT_EQ(games[1].tags[0].name, "Round");
  EXPECT_EQ(games[1].tags[0].value, "2");
}

TEST(PdnFuzzRegressions, TagNameWithEntityCharactersIsNotTheShorterName) {
  // "Event#" is a tag name of its own (parse_tag reads '#' in a name), not a second "Event".
  const auto games = read_games("[Event \"a\"]\n[Event# \"b\"]\n1. 32-28 *");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].tags[1].name, "Event#");
}

TEST(PdnFuzzRegressions, ManyEncodedTagNamesAreDecodedOnceEach) {
  // 20,000 names "T&#97;gN" decode to "TagN"; a last "T&#x61;g0" would repeat "Tag0": kept.
  std::string text = "[Event \"x\"]\n";
  for (int i = 0; i < 20000; ++i) text += "[T&#97;g" + std::to_string(i) + " \"v\"]\n";
  text += "[T&#x61;g0 \"w\"]\n1. 32-28 *";  // another spelling of the first name
  const auto games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 20002u);
  EXPECT_EQ(games[0].tags[1].name, "Tag0");
  EXPECT_EQ(games[0].tags[20000].name, "Tag19999");
  EXPECT_EQ(games[0].tags[20001].name, "T&#x61;g0");
}

}  // namespace
}  // namespace damdb::pdn
