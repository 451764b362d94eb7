// Player filters by merged identity (GameFilter::resolve_names): --player, --white and --black
// find every spelling of the players they name, on hand-made files where one player is written
// several ways. The expected game numbers are read off the PDN text below by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/games/game_filter.hpp"
#include "indexer/explorer/game_list.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

/// A game of the test files: White, Black and legal moves (distinct lines, so that no two
/// games are one stored game).
std::string game(const std::string& white, const std::string& black, const std::string& moves) {
  return "[Event \"Test\"]\n[White \"" + white + "\"]\n[Black \"" + black +
         "\"]\n[Result \"*\"]\n" + moves + " *\n\n";
}

const char* const kLines[] = {
    "1. 32-28 18-23 2. 37-32 12-18",          "1. 33-28 18-22 2. 39-33 12-18",
    "1. 31-26 19-23 2. 36-31 14-19",          "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12",
    "1. 33-28 18-22 2. 39-33 12-18 3. 44-39 7-12", "1. 31-26 19-23 2. 36-31 14-19 3. 41-36 10-14",
};

/// Games 1..5 (ids in file order): Alexander Georgiev written three ways (full, "Georgiev,
/// A.", "A. Georgiev"), Anatoli Gantvarg written once in full, Schwarzman with a first name
/// Alexander.
const std::string kOnePlayerThreeWays =
    game("Alexander Georgiev", "Ton Sijbrands", kLines[0]) +   // 1
    game("Georgiev, A.", "Jansen, Gerard", kLines[1]) +        // 2
    game("Sijbrands, T.", "A. Georgiev", kLines[2]) +          // 3
    game("Anatoli Gantvarg", "Schwarzman, Alexander", kLines[3]) +  // 4
    game("Jansen, Gerard", "Ton Sijbrands", kLines[4]);         // 5

/// Games 1..4: two Georgievs with an A, so that "A. Georgiev" (game 3) is either of them.
const std::string kTwoGeorgievs = game("Alexander Georgiev", "Ton Sijbrands", kLines[0]) +  // 1
                                  game("Anatoli Georgiev", "Jansen, Gerard", kLines[1]) +   // 2
                                  game("A. Georgiev", "Sijbrands, T.", kLines[2]) +         // 3
                                  game("Georgiev, Alexander", "Jansen, Gerard", kLines[5]);  // 4

class PlayerFilterTest : public ::testing::Test {
 protected:
  /// Imports `pdn` into a fresh database.
  void load(const std::string& pdn) {
    test::write_text(folder_.path() / "games.pdn", pdn);
    test::import_into(folder_.path() / "db", folder_.path() / "games.pdn");
  }
  /// The ids of the games passing the filter, resolved against the database.
  std::vector<std::uint32_t> ids(const indexer::FilterSpec& spec) {
    const db::Database db = test::open_read_only(folder_.path() / "db");
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    std::vector<std::uint32_t> out;
    for (const indexer::GameListRow& r : indexer::list_games(db, filter, 100).rows)
      out.push_back(r.game.id.value);
    return out;
  }
  test::TempFolder folder_{"player-filter"};
};

using Ids = std::vector<std::uint32_t>;

indexer::FilterSpec player(const std::string& name) {
  indexer::FilterSpec spec;
  spec.player = name;
  return spec;
}

TEST_F(PlayerFilterTest, PlayerFindsEverySpellingOfTheMergedPlayer) {
  load(kOnePlayerThreeWays);
  // As written, "georgiev a" is a substring of game 2's name only.
  EXPECT_EQ(ids(player("Georgiev, A.")), (Ids{1, 2, 3}));
  EXPECT_EQ(ids(player("A. Georgiev")), (Ids{1, 2, 3}));
  EXPECT_EQ(ids(player("alexander georgiev")), (Ids{1, 2, 3}));
  // "Alexander" is in Georgiev's full name (so all his spellings) and in Schwarzman's.
  EXPECT_EQ(ids(player("Alexander")), (Ids{1, 2, 3, 4}));
  // "T. Sijbrands" is not written, but is the player "Ton Sijbrands" / "Sijbrands, T.".
  EXPECT_EQ(ids(player("T. Sijbrands")), (Ids{1, 3, 5}));
}

TEST_F(PlayerFilterTest, WhiteAndBlackKeepTheirColour) {
  load(kOnePlayerThreeWays);
  indexer::FilterSpec white;
  white.white = "Georgiev, A.";
  EXPECT_EQ(ids(white), (Ids{1, 2}));
  indexer::FilterSpec black;
  black.black = "Alexander Georgiev";
  EXPECT_EQ(ids(black), (Ids{3}));
  indexer::FilterSpec both;
  both.white = "Sijbrands";
  both.black = "Georgiev, A.";
  EXPECT_EQ(ids(both), (Ids{3}));
}

TEST_F(PlayerFilterTest, ANameNotWrittenFindsTheOneFullNameItFits) {
  load(kOnePlayerThreeWays);
  // Only "Anatoli Gantvarg" is stored; "Gantvarg, A." is a spelling of him.
  EXPECT_EQ(ids(player("Gantvarg, A.")), (Ids{4}));
  // A surname nobody has finds nothing.
  EXPECT_EQ(ids(player("Gantvarg, B.")), (Ids{}));
  EXPECT_EQ(ids(player("Baliakin")), (Ids{}));
}

TEST_F(PlayerFilterTest, RegularExpressionsMatchASpellingThenTheWholePlayer) {
  load(kOnePlayerThreeWays);
  indexer::FilterSpec spec = player("^a georgiev$");
  spec.regex = true;
  EXPECT_EQ(ids(spec), (Ids{1, 2, 3}));
}

TEST_F(PlayerFilterTest, AnAmbiguousInitialIsNoSpellingOfEither) {
  load(kTwoGeorgievs);
  // "A. Georgiev" fits both full names: it stays a player of its own.
  EXPECT_EQ(ids(player("Alexander Georgiev")), (Ids{1, 4}));
  EXPECT_EQ(ids(player("Georgiev, Anatoli")), (Ids{2}));
  EXPECT_EQ(ids(player("A. Georgiev")), (Ids{3}));
  EXPECT_EQ(ids(player("Georgiev")), (Ids{1, 2, 3, 4}));
}

TEST_F(PlayerFilterTest, WithoutResolvingNamesMatchAsWritten) {
  load(kOnePlayerThreeWays);
  const db::Database db = test::open_read_only(folder_.path() / "db");
  const indexer::GameFilter filter(player("Georgiev, A."));
  Ids out;
  for (const indexer::GameListRow& r : indexer::list_games(db, filter, 100).rows)
    out.push_back(r.game.id.value);
  EXPECT_EQ(out, (Ids{2}));
}

}  // namespace
}  // namespace damdb
