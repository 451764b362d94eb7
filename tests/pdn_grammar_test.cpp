// The reader by the grammar, on files written the way other exporters write them: tag names with
// spaces and entities, the FMJD rules' own notation, opening books, Unicode spaces and dashes,
// `1)` numbers, `;` comments, spaced separators, UTF-16 and UTF-32. Every figure is known from
// the text written here (the moves are a real game's first plies, legal from the start).
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "pdn/validate.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

// Plies replayed and verdict of every game of `text`.
struct Read {
  std::size_t games = 0;
  std::vector<int> plies;
  std::vector<ReplayStatus> status;
  std::vector<std::string> white;
};

Read read(const std::string& text) {
  Read r;
  for (const Game& g : read_games(text)) {
    const Replay replay = pdn::replay(g);
    ++r.games;
    r.plies.push_back(replay.plies);
    r.status.push_back(replay.status);
    r.white.push_back(g.tag("White") != nullptr ? g.tag("White")->value : "");
  }
  return r;
}

TEST(PdnGrammar, TagNamesWithSpacesAndEntitiesKeepTheGameWhole) {
  std::string file;
  for (int i = 1; i <= 6; ++i)
    file += "[Event \"Tournoi\"]\n[Type de jeu \"20\"]\n[White \"Blanc " + std::to_string(i) +
            "\"]\n[Black \"Noir\"]\n[Heure blanche \"0:10:00\"]\n[Titre blanc \"\"]\n"
            "[&#x00c9;valuation blanche \"2205\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-1\n\n";
  const auto games = read_games(file);
  ASSERT_EQ(games.size(), 6u);
  for (int i = 0; i < 6; ++i) {
    const Game& g = games[static_cast<std::size_t>(i)];
    ASSERT_NE(g.tag("White"), nullptr);
    EXPECT_EQ(g.tag("White")->value, "Blanc " + std::to_string(i + 1));
    ASSERT_NE(g.tag("Heure blanche"), nullptr);
    EXPECT_EQ(g.tag("Heure blanche")->value, "0:10:00");
    ASSERT_NE(g.tag("Titre blanc"), nullptr);
    EXPECT_EQ(g.tag("Titre blanc")->value, "");
    ASSERT_NE(g.tag("\xC3\x89valuation blanche"), nullptr);  // the entity decoded
    EXPECT_EQ(replay(g).plies, 4);
  }
}

TEST(PdnGrammar, FmjdNotationWithUnicodeHyphenAndMultiplicationSign) {
  // FMJD rules article 8: 32-28 with U+2010, captures with U+00D7.
  const Read r = read("1. 32\xE2\x80\x90" "28 19\xE2\x80\x90" "23 2. 28\xC3\x97" "19 14\xC3\x97" "23 *\n");
  ASSERT_EQ(r.games, 1u);
  EXPECT_EQ(r.plies[0], 4);
  EXPECT_EQ(r.status[0], ReplayStatus::Valid);
}

TEST(PdnGrammar, BookOfOpeningLinesIsOneGameALine) {
  const Read r = read("1.33-28 19-23 2.28x19 14x23\n1.32-28 18-23 2.37-32 12-18\n"
                      "1.32-28 17-22 2.28x17 11x22\n");
  ASSERT_EQ(r.games, 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(r.plies[i], 4) << i;
    EXPECT_NE(r.status[i], ReplayStatus::Invalid) << i;
  }
}

TEST(PdnGrammar, OtherExportersHabits) {
  const std::vector<std::string> forms = {
      "1. 32\xE2\x80\x93" "28 19\xE2\x80\x93" "23 2. 28x19 14x23 *",            // en dash
      "1. 32\xE2\x88\x92" "28 19\xE2\x88\x92" "23 2. 28x19 14x23 *",            // minus sign
      "1.\xC2\xA0" "32-28\xC2\xA0" "19-23\xC2\xA0" "2.\xC2\xA0" "28x19 14x23 *",  // NBSP
      "1) 32-28 19-23 2) 28x19 14x23 *",                                        // 1)
      "1. 32-28 19-23 ; a note 2. 33-29\n2. 28x19 14x23 *",                     // ; comment
      "1. 32 - 28 19 - 23 2. 28 x 19 14 x 23 *",                                // spaced
      "1. 32-28! 19-23?! 2. 28x19+ 14x23= *",                                   // article 9
  };
  for (const std::string& text : forms) {
    const Read r = read(text);
    ASSERT_EQ(r.games, 1u) << text;
    EXPECT_EQ(r.plies[0], 4) << text;
    EXPECT_NE(r.status[0], ReplayStatus::Invalid) << text;
  }
}

std::string utf16(const std::string& ascii, bool big, bool bom) {
  std::string out = bom ? (big ? std::string("\xFE\xFF", 2) : std::string("\xFF\xFE", 2)) : "";
  for (char c : ascii) {
    if (big) out += '\0';
    out += c;
    if (!big) out += '\0';
  }
  return out;
}

TEST(PdnGrammar, Utf16AndUtf32Sources) {
  const std::string text = "[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-1\n";
  for (bool big : {false, true})
    for (bool bom : {false, true}) {
      const auto games = read_games(utf16(text, big, bom));
      ASSERT_EQ(games.size(), 1u) << big << bom;
      EXPECT_EQ(games[0].encoding, big ? Encoding::Utf16Be : Encoding::Utf16Le);
      EXPECT_EQ(games[0].tag("White")->value, "A");
      EXPECT_EQ(replay(games[0]).plies, 4);
    }
  std::string utf32("\xFF\xFE\0\0", 4);
  for (char c : text) utf32 += std::string(1, c) + std::string(3, '\0');
  const auto games = read_games(utf32);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].encoding, Encoding::Utf32Le);
  EXPECT_EQ(replay(games[0]).plies, 4);
}

TEST(PdnGrammar, Utf16WithoutMarkInFullWidthForms) {
  // "\n３３‐２９\u3000０－０\n" in UTF-16 BE without a mark: only the line ends are ASCII.
  const std::string be("\x00\x0A\xFF\x13\xFF\x13\x20\x10\xFF\x12\xFF\x19\x30\x00\xFF\x10"
                       "\xFF\x0D\xFF\x10\x00\x0A", 22);
  const auto games = read_games(be);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].encoding, Encoding::Utf16Be);
  EXPECT_EQ(replay(games[0]).plies, 1);
}

TEST(PdnGrammar, Windows1252TimesNoBreakSpaceAndGluedMarkStayOneGame) {
  // 0xD7 0xA0 (× and NBSP in Windows-1252) also spell a UTF-8 letter: the '*' after the
  // capture is its mark, not the game's end.
  const Read r = read("1.\xA0" "32-28 19-23 2. 28x19 14\xD7\xA0" "23* 3. 33-28 1-1\n");
  ASSERT_EQ(r.games, 1u);
  EXPECT_EQ(r.plies[0], 5);
  EXPECT_NE(r.status[0], ReplayStatus::Invalid);
}

TEST(PdnGrammar, MovetextWithoutTagsAndAMisCutAreCounted) {
  // Players without moves, then moves without players: one game cut in two, reported.
  ValidationSummary summary;
  summary.begin_file("cut.pdn");
  for (const Game& g : read_games("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n*\n\n"
                                  "1. 32-28 19-23 2. 28x19 14x23 *\n")) {
    const Replay r = replay(g);
    summary.add(r);
    summary.add_game(g, r);
  }
  ASSERT_EQ(summary.per_file.size(), 1u);
  EXPECT_EQ(summary.per_file[0].games, 2u);
  ASSERT_EQ(summary.per_file[0].mis_cuts.size(), 1u);
  EXPECT_NE(summary.per_file[0].mis_cuts[0].find("(line 1) and 2 (line 6)"), std::string::npos)
      << summary.per_file[0].mis_cuts[0];
}

TEST(PdnGrammar, AFileOfGarbageHoldsNoGame) {
  EXPECT_TRUE(read_games(std::string("\x01\x02garbage\xFF\xFE\x00 binary", 20)).empty());
}

}  // namespace
}  // namespace damdb::pdn
