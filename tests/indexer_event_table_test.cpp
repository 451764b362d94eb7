// The table of a stored event (indexer/stats/event_table.hpp): a hand-made round robin whose event
// and one player are spelled two ways, and the real NK 2003 (samples/) against an independent
// count of the points from the file's Result tags.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "indexer/stats/event_table.hpp"
#include "pdn/reader.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

std::string game_pdn(const std::string& event, const std::string& white, const std::string& black,
                     const std::string& result, const std::string& round) {
  return "[Event \"" + event + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
         "\"]\n[Result \"" + result + "\"]\n[Round \"" + round + "\"]\n\n1. 32-28 19-23 " +
         result + "\n\n";
}

const indexer::Standing& standing_named(const indexer::TournamentTable& t,
                                        const std::string& name) {
  for (const indexer::Standing& s : t.standings)
    if (t.players[s.player].name == name) return s;
  throw std::out_of_range(name);
}

TEST(EventTable, SpellingsOfTheEventAndOfAPlayerMeetInOneTable) {
  // Four players, three rounds; "Jansen, Gerard" is "Gerard Jansen" in round 3, and the event
  // is written "Open Gorredijk" once. Another event has "Gorredijk" in its name too, but an
  // exact name picks one. Points: Jansen 2+1+2 = 5, Clerc 0+2+1 = 3, Dolfing 1+0+1 = 2,
  // Winkel 1+1+0 = 2 ... worked out per game below.
  //   r1: Gerard Jansen - Rob Clerc 2-0; Martin Dolfing - Sven Winkel 1-1
  //   r2: Rob Clerc - Martin Dolfing 2-0; Sven Winkel - Gerard Jansen 1-1
  //   r3: Jansen, Gerard - Martin Dolfing 2-0; Rob Clerc - Sven Winkel 1-1
  // Jansen 2+1+2 = 5 (2 wins), Clerc 0+2+1 = 3, Winkel 1+1+1 = 3, Dolfing 1+0+0 = 1.
  // Clerc and Winkel: 3 points; Clerc 1 win, Winkel none: Clerc 2nd, Winkel 3rd.
  test::TempFolder folder("event-table");
  const std::string text =
      game_pdn("OPEN GORREDIJK", "Gerard Jansen", "Rob Clerc", "2-0", "1") +
      game_pdn("Open Gorredijk", "Martin Dolfing", "Sven Winkel", "1-1", "1") +
      game_pdn("Open Gorredijk", "Rob Clerc", "Martin Dolfing", "2-0", "2") +
      game_pdn("Open Gorredijk", "Sven Winkel", "Gerard Jansen", "1-1", "2") +
      game_pdn("Open Gorredijk", "Jansen, Gerard", "Martin Dolfing", "2-0", "3") +
      game_pdn("Open Gorredijk", "Rob Clerc", "Sven Winkel", "1-1", "3") +
      game_pdn("Gorredijk Rapid", "A", "B", "2-0", "1");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");

  EXPECT_THROW(indexer::event_table(database, "gorredijk"), indexer::EventLookupError);
  EXPECT_THROW(indexer::event_table(database, "no such event"), indexer::EventLookupError);
  const indexer::EventTableReport r = indexer::event_table(database, "open gorredijk");
  EXPECT_EQ(r.spellings, (std::vector<std::string>{"OPEN GORREDIJK", "Open Gorredijk"}));
  const indexer::TournamentTable& t = r.table;
  EXPECT_EQ(t.games, 6u);
  EXPECT_EQ(t.points_total, 12u);
  ASSERT_EQ(t.players.size(), 4u);
  const indexer::Standing& jansen = standing_named(t, "Gerard Jansen");
  EXPECT_EQ(jansen.points(), 5u);
  EXPECT_EQ(jansen.results.wins, 2u);
  EXPECT_EQ(jansen.place, 1u);
  EXPECT_EQ(t.players[jansen.player].spellings,
            (std::vector<std::string>{"Gerard Jansen", "Jansen, Gerard"}));
  EXPECT_EQ(standing_named(t, "Rob Clerc").place, 2u);
  EXPECT_EQ(standing_named(t, "Sven Winkel").place, 3u);
  EXPECT_EQ(standing_named(t, "Sven Winkel").points(), 3u);
  EXPECT_EQ(standing_named(t, "Martin Dolfing").points(), 1u);
  EXPECT_EQ(t.rounds, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_TRUE(t.missing.empty());
}

TEST(EventTable, NkTwoThousandThreeAgreesWithItsResultTags) {
  // samples/nk2003-amsterdam.pdn: a round robin of 14 players, 91 games. The points of each
  // player are counted here from the file's White, Black and Result tags (1/2-1/2 and 1-1 a
  // draw, 2-0 and 1-0 a win of White, 0-2 and 0-1 of Black).
  const std::filesystem::path file =
      std::filesystem::path(DAMDB_SOURCE_DIR) / "samples" / "nk2003-amsterdam.pdn";
  std::map<std::string, unsigned> points;
  unsigned games = 0;
  for (const pdn::Game& g : pdn::read_file(file.string())) {
    ++games;
    const std::string result = g.tag("Result") ? g.tag("Result")->value : "";
    const std::string white = g.tag("White")->value, black = g.tag("Black")->value;
    const bool white_won = result == "2-0" || result == "1-0";
    const bool black_won = result == "0-2" || result == "0-1";
    points[white] += white_won ? 2 : black_won ? 0 : 1;
    points[black] += black_won ? 2 : white_won ? 0 : 1;
  }
  ASSERT_EQ(games, 91u);
  test::TempFolder folder("event-table-nk");
  test::import_into(folder.path() / "db", file);
  const indexer::EventTableReport r =
      indexer::event_table(test::open_read_only(folder.path() / "db"), "NK 2003");
  const indexer::TournamentTable& t = r.table;
  EXPECT_EQ(t.games, 91u);
  EXPECT_EQ(t.points_total, 182u);
  EXPECT_EQ(t.rounds.size(), 13u);
  EXPECT_TRUE(t.missing.empty());
  EXPECT_TRUE(t.repeated_pairs.empty());
  EXPECT_TRUE(t.without_result.empty());
  unsigned summed = 0;
  for (const indexer::Standing& s : t.standings) {
    EXPECT_EQ(s.games(), 13u);
    summed += s.points();
    // A player merged from two spellings ("Gérard Jansen") counts the points of both.
    unsigned expected = 0;
    for (const std::string& spelling : t.players[s.player].spellings) expected += points[spelling];
    EXPECT_EQ(s.points(), expected) << t.players[s.player].name;
  }
  EXPECT_EQ(summed, 182u);
}

}  // namespace
}  // namespace damdb
