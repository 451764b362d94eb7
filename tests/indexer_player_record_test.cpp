// A player's record (indexer/stats/player_record.hpp): a hand-made file where every figure is
// known (one player under three spellings, both colours, two years, two opponents, two events,
// a game without a result), and a real player of samples/ merged from two files' spellings
// against an independent count of the points from the files' Result tags.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "indexer/stats/event_table.hpp"
#include "indexer/stats/player_record.hpp"
#include "pdn/reader.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

std::string game_pdn(const std::string& event, const std::string& date, const std::string& round,
                     const std::string& white, const std::string& black,
                     const std::string& result, const std::string& moves) {
  return "[Event \"" + event + "\"]\n[Date \"" + date + "\"]\n[Round \"" + round +
         "\"]\n[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result +
         "\"]\n\n" + moves + " " + result + "\n\n";
}

// The player is "Ton Sijbrands", also written "Sijbrands, Ton" (the same name) and "T.
// Sijbrands" (initials fitting the one full name). Games 1-6 in this order (ids 1-6):
//   1 Hoogeveen 2001 r1  Ton Sijbrands - Harm Wiersma        2-0  8 plies  (P White, win)
//   2 Hoogeveen 2001 r2  Jannes van der Wal - Sijbrands, Ton 1-1  5 plies  (P Black, draw)
//   3 Hoogeveen 2001 r3  Harm Wiersma - Jannes van der Wal   1-1  (P not in it)
//   4 Salou 2002 r1      T. Sijbrands - Jannes van der Wal   0-2  4 plies  (P White, loss)
//   5 Salou 2002 r2      Harm Wiersma - Ton Sijbrands        *    2 plies  (P Black, no result)
//   6 Salou 2002 r3      Jannes van der Wal - Harm Wiersma   2-0  (P not in it)
// Hoogeveen table: P 2+1 = 3 points, van der Wal 1+1 = 2, Wiersma 0+1 = 1: P first of 3.
// Salou table: van der Wal 2+2 = 4; P and Wiersma 0 points, 0 wins, Sonneborn-Berger 0: they
// share place 2-3 of 3.
std::string sijbrands_file() {
  return game_pdn("Hoogeveen Tournament", "2001.05.01", "1", "Ton Sijbrands", "Harm Wiersma",
                  "2-0", "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 46-41 1-7") +
         game_pdn("Hoogeveen Tournament", "2001.05.02", "2", "Jannes van der Wal",
                  "Sijbrands, Ton", "1-1", "1. 33-29 17-21 2. 39-33 21-26 3. 44-39") +
         game_pdn("Hoogeveen Tournament", "2001.05.03", "3", "Harm Wiersma",
                  "Jannes van der Wal", "1-1", "1. 32-28 18-23") +
         game_pdn("Salou Festival", "2002.07.10", "1", "T. Sijbrands", "Jannes van der Wal",
                  "0-2", "1. 32-28 18-23 2. 38-32 12-18") +
         game_pdn("Salou Festival", "2002.07.11", "2", "Harm Wiersma", "Ton Sijbrands", "*",
                  "1. 34-30 20-25") +
         game_pdn("Salou Festival", "2002.07.12", "3", "Jannes van der Wal", "Harm Wiersma",
                  "2-0", "1. 32-28 18-23");
}

void expect_tally(const db::SideResults& t, std::uint64_t games, std::uint64_t wins,
                  std::uint64_t draws, std::uint64_t losses, std::uint64_t unknown,
                  const std::string& what) {
  EXPECT_EQ(t.games(), games) << what;
  EXPECT_EQ(t.wins, wins) << what;
  EXPECT_EQ(t.draws, draws) << what;
  EXPECT_EQ(t.losses, losses) << what;
  EXPECT_EQ(t.unknown, unknown) << what;
}

class PlayerRecordTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("player-record");
    test::write_text(folder_->path() / "a.pdn", sijbrands_file());
    const indexer::ImportSummary s =
        test::import_into(folder_->path() / "db", folder_->path() / "a.pdn");
    ASSERT_EQ(s.games_stored, 6u);
  }
  static void TearDownTestSuite() { delete folder_; }
  static db::Database open() { return test::open_read_only(folder_->path() / "db"); }
  /// The record counted from the player's games (`kept` false) or kept beside the database.
  static indexer::PlayerRecord record(const std::string& text, bool kept) {
    return indexer::player_record(open(), text, nullptr, 5, kept);
  }
  static test::TempFolder* folder_;
};
test::TempFolder* PlayerRecordTest::folder_ = nullptr;

TEST_F(PlayerRecordTest, TotalsByColourAndYearAndSpellings) {
  for (const bool kept : {false, true}) {
    SCOPED_TRACE(kept ? "kept" : "counted");
    const indexer::PlayerRecord r = record("sijbrands", kept);
    EXPECT_EQ(r.name, "Ton Sijbrands");
    using Spellings = std::vector<std::pair<std::string, std::uint64_t>>;
    EXPECT_EQ(r.spellings,
              (Spellings{{"Ton Sijbrands", 2}, {"Sijbrands, Ton", 1}, {"T. Sijbrands", 1}}));
    expect_tally(r.total, 4, 1, 1, 1, 1, "total");
    EXPECT_EQ(indexer::result_points(r.total), 3u);  // 2 + 1 + 0
    // 3 of 6 over the three games with a result
    EXPECT_DOUBLE_EQ(indexer::score_percent(r.total), 50.0);
    expect_tally(r.as_white, 2, 1, 0, 1, 0, "white");  // games 1 and 4
    expect_tally(r.as_black, 2, 0, 1, 0, 1, "black");  // games 2 and 5
    EXPECT_EQ(r.first_date, "2001.05.01");
    EXPECT_EQ(r.last_date, "2002.07.11");
    ASSERT_EQ(r.by_year.size(), 2u);
    EXPECT_EQ(r.by_year[0].year, "2001");
    expect_tally(r.by_year[0].tally, 2, 1, 1, 0, 0, "2001");
    EXPECT_EQ(r.by_year[1].year, "2002");
    expect_tally(r.by_year[1].tally, 2, 0, 0, 1, 1, "2002");
    EXPECT_EQ(r.without_result, (std::vector<db::GameId>{db::GameId{5}}));
    // Every spelling names the same record.
    EXPECT_EQ(record("T. Sijbrands", kept).total.games(), 4u);
    EXPECT_EQ(record("Sijbrands, Ton", kept).total.games(), 4u);
  }
}

TEST_F(PlayerRecordTest, HeadToHeadAndEventsWithTheirPlaces) {
  for (const bool kept : {false, true}) {
    SCOPED_TRACE(kept ? "kept" : "counted");
    const indexer::PlayerRecord r = record("Ton Sijbrands", kept);
    ASSERT_EQ(r.opponents.size(), 2u);
    EXPECT_EQ(r.opponents[0].name, "Harm Wiersma");  // 2 games each: by name
    expect_tally(r.opponents[0].total, 2, 1, 0, 0, 1, "Wiersma");   // games 1 and 5
    expect_tally(r.opponents[0].as_white, 1, 1, 0, 0, 0, "Wiersma as White");
    EXPECT_EQ(r.opponents[1].name, "Jannes van der Wal");
    expect_tally(r.opponents[1].total, 2, 0, 1, 1, 0, "van der Wal");  // games 2 and 4
    ASSERT_EQ(r.events.size(), 2u);
    EXPECT_EQ(r.events[0].name, "Hoogeveen Tournament");
    expect_tally(r.events[0].tally, 2, 1, 1, 0, 0, "Hoogeveen");
    EXPECT_EQ(r.events[0].place, "1");
    EXPECT_EQ(r.events[0].players, 3u);
    EXPECT_EQ(r.events[0].table_points, 3u);
    EXPECT_EQ(r.events[1].name, "Salou Festival");
    EXPECT_EQ(r.events[1].first_date, "2002.07.10");
    expect_tally(r.events[1].tally, 2, 0, 0, 1, 1, "Salou");
    EXPECT_EQ(r.events[1].place, "2-3");
    EXPECT_EQ(r.events[1].table_points, 0u);
  }
}

TEST_F(PlayerRecordTest, RepertoireTreesAndLengths) {
  for (const bool kept : {false, true}) {
    SCOPED_TRACE(kept ? "kept" : "counted");
    const indexer::PlayerRecord r = record("Ton Sijbrands", kept);
    // As White: games 1 (win) and 4 (loss) both 32-28 18-23, then 37-32 / 38-32.
    const indexer::OpeningNode& w = r.as_white_openings;
    expect_tally(w.tally, 2, 1, 0, 1, 0, "white root");
    ASSERT_EQ(w.children.size(), 1u);
    EXPECT_EQ(w.children[0].move, "32-28");
    ASSERT_EQ(w.children[0].children.size(), 1u);
    const indexer::OpeningNode& reply = w.children[0].children[0];
    EXPECT_EQ(reply.move, "18-23");
    EXPECT_EQ(reply.line, (std::vector<std::string>{"32-28", "18-23"}));
    ASSERT_EQ(reply.children.size(), 2u);
    EXPECT_EQ(reply.children[0].move, "37-32");  // one game each: by move
    expect_tally(reply.children[0].tally, 1, 1, 0, 0, 0, "37-32");
    EXPECT_EQ(reply.children[1].move, "38-32");
    expect_tally(reply.children[1].tally, 1, 0, 0, 1, 0, "38-32");
    ASSERT_EQ(reply.children[0].children.size(), 1u);
    EXPECT_EQ(reply.children[0].children[0].move, "12-18");
    EXPECT_TRUE(reply.children[0].children[0].children.empty());  // four plies only
    // As Black: game 2 (draw) 33-29 17-21 39-33 21-26, game 5 (no result) 34-30 20-25.
    const indexer::OpeningNode& b = r.as_black_openings;
    expect_tally(b.tally, 2, 0, 1, 0, 1, "black root");
    ASSERT_EQ(b.children.size(), 2u);
    EXPECT_EQ(b.children[0].move, "33-29");
    EXPECT_EQ(b.children[0].children[0].children[0].children[0].line,
              (std::vector<std::string>{"33-29", "17-21", "39-33", "21-26"}));
    EXPECT_EQ(b.children[1].move, "34-30");
    expect_tally(b.children[1].children[0].tally, 1, 0, 0, 0, 1, "34-30 20-25");
    EXPECT_EQ(r.from_setup, 0u);
    EXPECT_EQ(r.undecodable, 0u);
    // Lengths: game 1 8 plies, 2 5, 4 4, 5 2.
    ASSERT_EQ(r.longest.size(), 4u);
    EXPECT_EQ(r.longest[0].id.value, 1u);
    EXPECT_EQ(r.longest[0].ply, 8);
    EXPECT_EQ(r.longest[3].id.value, 5u);
    ASSERT_EQ(r.shortest.size(), 4u);
    EXPECT_EQ(r.shortest[0].id.value, 5u);
    EXPECT_EQ(r.shortest[0].ply, 2);
    EXPECT_EQ(r.shortest[1].id.value, 4u);
    EXPECT_EQ(indexer::player_record(open(), "Ton Sijbrands", nullptr, 1, kept).longest.size(), 1u);
  }
}

TEST_F(PlayerRecordTest, EmptyUnknownAndAmbiguousNames) {
  EXPECT_THROW(indexer::player_record(open(), ""), indexer::PlayerLookupError);
  EXPECT_THROW(indexer::player_record(open(), " ,. "), indexer::PlayerLookupError);
  EXPECT_THROW(indexer::player_record(open(), "Kasparov"), indexer::PlayerLookupError);
  try {
    indexer::player_record(open(), "an");  // Jannes, Ton Sijbrands, not Harm Wiersma
    FAIL() << "\"an\" names two players";
  } catch (const indexer::PlayerLookupError& e) {
    ASSERT_EQ(e.candidates.size(), 2u);
    EXPECT_EQ(e.candidates[0], (std::vector<std::string>{"Jannes van der Wal"}));
    EXPECT_EQ(e.candidates[1],
              (std::vector<std::string>{"Sijbrands, Ton", "T. Sijbrands", "Ton Sijbrands"}));
  }
}

TEST(PlayerRecord, ThijssenInTwoSampleFilesAgreesWithTheResultTags) {
  // samples/nk2003-amsterdam.pdn writes "Kees Thijssen", samples/wk2003.pdn "Thijssen,K."
  // (initials fitting the one full name): one player of 13 + 19 games. His points are counted
  // here from the files' White, Black and Result tags (2-0 and 1-0 a win of White, 0-2 and 0-1
  // of Black, 1-1 and 1/2-1/2 a draw).
  const std::filesystem::path samples = std::filesystem::path(DAMDB_SOURCE_DIR) / "samples";
  const std::vector<std::filesystem::path> files = {samples / "nk2003-amsterdam.pdn",
                                                    samples / "wk2003.pdn"};
  std::uint64_t games = 0, points = 0, unknown = 0;
  for (const auto& file : files)
    for (const pdn::Game& g : pdn::read_file(file.string())) {
      const std::string result = g.tag("Result") ? g.tag("Result")->value : "";
      for (const bool white : {true, false}) {
        const std::string name = g.tag(white ? "White" : "Black")->value;
        if (name != "Kees Thijssen" && name != "Thijssen,K.") continue;
        ++games;
        const bool white_won = result == "2-0" || result == "1-0";
        const bool black_won = result == "0-2" || result == "0-1";
        const bool draw = result == "1-1" || result == "1/2-1/2";
        if (!white_won && !black_won && !draw) ++unknown;
        points += (white ? white_won : black_won) ? 2 : draw ? 1 : 0;
      }
    }
  ASSERT_EQ(games, 32u);
  test::TempFolder folder("player-record-thijssen");
  test::import_into(folder.path() / "db", files[0]);
  test::import_into(folder.path() / "db", files[1]);
  const db::Database database = test::open_read_only(folder.path() / "db");
  const indexer::PlayerRecord r = indexer::player_record(database, "Thijssen");
  EXPECT_EQ(r.total.games(), games);
  EXPECT_EQ(indexer::result_points(r.total), points);
  EXPECT_EQ(r.total.unknown, unknown);
  EXPECT_EQ(r.spellings.size(), 2u);
  ASSERT_EQ(r.events.size(), 2u);
  std::uint64_t event_points = 0;
  for (const indexer::EventRecord& e : r.events) {
    event_points += indexer::result_points(e.tally);
    // the table counts the same games
    EXPECT_EQ(e.table_points, indexer::result_points(e.tally)) << e.name;
    EXPECT_FALSE(e.place.empty()) << e.name;
  }
  EXPECT_EQ(event_points, points);
  std::uint64_t year_games = 0, opponent_games = 0;
  for (const indexer::YearRecord& y : r.by_year) year_games += y.tally.games();
  for (const indexer::OpponentRecord& o : r.opponents) opponent_games += o.total.games();
  EXPECT_EQ(year_games, games);
  EXPECT_EQ(opponent_games, games);
}

}  // namespace
}  // namespace damdb
