// Statistics over the hand-made database of games_fixture.hpp; every expected figure is counted
// by hand from kGamesPdn (FMJD points: win 2, draw 1).
#include "indexer/stats/statistics.hpp"
#include "indexer/text/text_fold.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

class StatisticsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("stats");
    test::write_text(folder_->path() / "games.pdn", test::kGamesPdn);
    const indexer::ImportSummary s =
        test::import_into(folder_->path() / "db", folder_->path() / "games.pdn");
    ASSERT_EQ(s.games_stored, 7u);
    ASSERT_EQ(s.invalid, 1u);
    database_ = new db::Database(test::open_read_only(folder_->path() / "db"));
  }
  static void TearDownTestSuite() {
    delete database_;
    delete folder_;
  }
  static const db::Database& db() { return *database_; }
  static test::TempFolder* folder_;
  static db::Database* database_;
};
test::TempFolder* StatisticsTest::folder_ = nullptr;
db::Database* StatisticsTest::database_ = nullptr;

void expect_tally(const db::SideResults& t, std::uint64_t games, std::uint64_t wins,
                  std::uint64_t draws, std::uint64_t losses, std::uint64_t unknown) {
  EXPECT_EQ(t.games(), games);
  EXPECT_EQ(t.wins, wins);
  EXPECT_EQ(t.draws, draws);
  EXPECT_EQ(t.losses, losses);
  EXPECT_EQ(t.unknown, unknown);
}

TEST_F(StatisticsTest, PlayersMergeSpellingsAndCountByColour) {
  const indexer::PlayerReport r = indexer::player_statistics(db(), indexer::GameFilter{});
  EXPECT_EQ(r.games, 7u);
  EXPECT_EQ(r.players, 3u);  // "?" is nobody
  ASSERT_EQ(r.rows.size(), 3u);
  // 4 games each; order by score: Jansen 83.3, Sijbrands 50, Clerc 16.7.
  const indexer::PlayerStats& jansen = r.rows[0];
  EXPECT_EQ(jansen.name, "Jansen, Gerard");  // 3 of his 4 games are spelled so
  EXPECT_EQ(jansen.key, "gerard jansen");
  expect_tally(jansen.total, 4, 2, 1, 0, 1);  // games 3 (0-2), 4 (2-0), 5 (*), 6 (1-1)
  expect_tally(jansen.as_white, 1, 1, 0, 0, 0);
  expect_tally(jansen.as_black, 3, 1, 1, 0, 1);
  EXPECT_NEAR(indexer::score_percent(jansen.total), 500.0 / 6, 1e-9);
  EXPECT_NEAR(indexer::score_percent(jansen.as_black), 75.0, 1e-9);
  EXPECT_EQ(jansen.first_date, "2003.05.12");
  EXPECT_EQ(jansen.last_date, "2004.03.02");  // game 6 has no date

  const indexer::PlayerStats& sijbrands = r.rows[1];
  EXPECT_EQ(sijbrands.name, "Sijbrands, T.");
  expect_tally(sijbrands.total, 4, 1, 2, 1, 0);  // games 1 (W 2-0), 2 (B 1-1), 3 (W 0-2), 6
  expect_tally(sijbrands.as_white, 3, 1, 1, 1, 0);
  expect_tally(sijbrands.as_black, 1, 0, 1, 0, 0);
  EXPECT_NEAR(indexer::score_percent(sijbrands.total), 50.0, 1e-9);
  EXPECT_EQ(sijbrands.first_date, "2003.05.10");
  EXPECT_EQ(sijbrands.last_date, "2003.05.12");

  const indexer::PlayerStats& clerc = r.rows[2];
  EXPECT_EQ(clerc.name, "Clerc, R.");
  expect_tally(clerc.total, 4, 0, 1, 2, 1);
  expect_tally(clerc.as_white, 2, 0, 1, 0, 1);
  expect_tally(clerc.as_black, 2, 0, 0, 2, 0);
  EXPECT_NEAR(indexer::score_percent(clerc.total), 100.0 / 6, 1e-9);

  ASSERT_EQ(r.merges.size(), 2u);
  EXPECT_EQ(r.merges[0].name, "Jansen, Gerard");
  const std::vector<std::pair<std::string, std::uint64_t>> jansen_spellings{
      {"Jansen, Gerard", 3}, {"Gérard Jansen", 1}};
  EXPECT_EQ(r.merges[0].spellings, jansen_spellings);
  EXPECT_EQ(r.merges[1].name, "Sijbrands, T.");
  const std::vector<std::pair<std::string, std::uint64_t>> sijbrands_spellings{
      {"Sijbrands, T.", 2}, {"T. Sijbrands", 1}, {"T.  SIJBRANDS", 1}};
  EXPECT_EQ(r.merges[1].spellings, sijbrands_spellings);
}

TEST_F(StatisticsTest, PlayersTopAndFilter) {
  const indexer::PlayerReport top = indexer::player_statistics(db(), indexer::GameFilter{}, 1);
  EXPECT_EQ(top.players, 3u);
  ASSERT_EQ(top.rows.size(), 1u);
  EXPECT_EQ(top.rows[0].name, "Jansen, Gerard");

  indexer::FilterSpec spec;
  spec.event = "wk 2003";
  const indexer::PlayerReport wk = indexer::player_statistics(db(), indexer::GameFilter(spec));
  EXPECT_EQ(wk.games, 3u);
  ASSERT_EQ(wk.rows.size(), 3u);
  EXPECT_EQ(wk.rows[0].name, "Sijbrands, T.");  // 3 games: W 2-0, B 1-1, W 0-2
  expect_tally(wk.rows[0].total, 3, 1, 1, 1, 0);
  ASSERT_EQ(wk.merges.size(), 1u);  // Jansen has one spelling in the WK
  EXPECT_EQ(wk.merges[0].spellings.size(), 3u);
}

TEST_F(StatisticsTest, Events) {
  const indexer::EventReport r = indexer::event_statistics(db(), indexer::GameFilter{});
  EXPECT_EQ(r.games, 7u);
  ASSERT_EQ(r.rows.size(), 4u);
  const indexer::EventStats& wk = r.rows[0];
  EXPECT_EQ(wk.name, "WK 2003");
  EXPECT_EQ(wk.first_date, "2003.05.10");
  EXPECT_EQ(wk.last_date, "2003.05.12");
  EXPECT_EQ(wk.games, 3u);
  EXPECT_EQ(wk.players, 3u);
  EXPECT_EQ(wk.decisive, 2u);
  EXPECT_NEAR(wk.decisive_rate(), 200.0 / 3, 1e-9);
  EXPECT_NEAR(wk.average_moves(), (8 + 9 + 6) / 2.0 / 3, 1e-9);

  const indexer::EventStats& dutch = r.rows[1];  // "Dutch Ch 2004" and "dutch ch. 2004"
  EXPECT_EQ(dutch.name, "Dutch Ch 2004");
  EXPECT_EQ(dutch.games, 2u);
  EXPECT_EQ(dutch.players, 2u);
  EXPECT_EQ(dutch.known_results, 1u);  // game 5 is '*'
  EXPECT_NEAR(dutch.decisive_rate(), 100.0, 1e-9);
  EXPECT_NEAR(dutch.average_moves(), (11 + 4) / 2.0 / 2, 1e-9);

  EXPECT_EQ(r.rows[2].name, "Friendly");  // undated events last, by name
  EXPECT_EQ(r.rows[2].first_date, "");
  EXPECT_EQ(r.rows[2].players, 2u);
  EXPECT_NEAR(r.rows[2].decisive_rate(), 0.0, 1e-9);
  EXPECT_EQ(r.rows[3].name, "Problem");
  EXPECT_EQ(r.rows[3].players, 0u);
  EXPECT_NEAR(r.rows[3].average_moves(), 1.0, 1e-9);  // 2 plies before the illegal move
}

TEST_F(StatisticsTest, Results) {
  const indexer::ResultReport r = indexer::result_statistics(db(), indexer::GameFilter{}, 3);
  EXPECT_EQ(r.overall.games(), 7u);
  EXPECT_EQ(r.overall.white_wins, 3u);  // games 1, 4, 7
  EXPECT_EQ(r.overall.draws, 2u);       // games 2, 6
  EXPECT_EQ(r.overall.black_wins, 1u);  // game 3
  EXPECT_EQ(r.overall.unknown, 1u);     // game 5
  EXPECT_NEAR(indexer::white_score(r.overall), 800.0 / 12, 1e-9);
  EXPECT_EQ(r.plies, 46u);
  EXPECT_NEAR(r.average_plies(), 46.0 / 7, 1e-9);
  EXPECT_NEAR(r.average_moves(), 23.0 / 7, 1e-9);
  ASSERT_EQ(r.by_year.size(), 3u);
  EXPECT_EQ(r.by_year[0].year, "2003");
  EXPECT_EQ(r.by_year[0].counts.games(), 3u);
  EXPECT_NEAR(indexer::white_score(r.by_year[0].counts), 50.0, 1e-9);
  EXPECT_EQ(r.by_year[1].year, "2004");
  EXPECT_EQ(r.by_year[1].counts.white_wins, 1u);
  EXPECT_EQ(r.by_year[1].counts.unknown, 1u);
  EXPECT_NEAR(indexer::white_score(r.by_year[1].counts), 100.0, 1e-9);
  EXPECT_EQ(r.by_year[2].year, "????");
  EXPECT_EQ(r.by_year[2].counts.games(), 2u);
  EXPECT_NEAR(indexer::white_score(r.by_year[2].counts), 75.0, 1e-9);
  ASSERT_EQ(r.longest.size(), 3u);
  EXPECT_EQ(r.longest[0].id.value, 4u);
  EXPECT_EQ(r.longest[0].ply, 11);
  EXPECT_EQ(r.longest[1].id.value, 2u);
  EXPECT_EQ(r.longest[1].ply, 9);
  EXPECT_EQ(r.longest[2].id.value, 1u);
  EXPECT_EQ(r.longest[2].white, "Sijbrands, T.");
}

TEST_F(StatisticsTest, OpeningsOfFourAndSixPlies) {
  const indexer::OpeningReport four = indexer::opening_statistics(db(), indexer::GameFilter{}, 4);
  EXPECT_EQ(four.games, 6u);
  EXPECT_EQ(four.from_setup, 1u);
  EXPECT_EQ(four.shorter, 0u);
  ASSERT_EQ(four.rows.size(), 3u);
  EXPECT_EQ(four.rows[0].movetext(), "1. 32-28 18-23 2. 37-32 12-18");
  EXPECT_EQ(four.rows[0].counts.games(), 3u);  // games 1, 2, 4
  EXPECT_EQ(four.rows[0].counts.white_wins, 2u);
  EXPECT_EQ(four.rows[0].counts.draws, 1u);
  EXPECT_NEAR(indexer::white_score(four.rows[0].counts), 500.0 / 6, 1e-9);
  EXPECT_EQ(four.rows[1].movetext(), "1. 33-28 18-22 2. 39-33 12-18");
  EXPECT_EQ(four.rows[1].counts.games(), 2u);  // games 3 (0-2) and 5 (*)
  EXPECT_EQ(four.rows[1].counts.black_wins, 1u);
  EXPECT_EQ(four.rows[1].counts.unknown, 1u);
  EXPECT_NEAR(indexer::white_score(four.rows[1].counts), 0.0, 1e-9);
  const std::vector<std::string> friendly{"31-26", "19-23", "36-31", "14-19"};
  EXPECT_EQ(four.rows[2].moves, friendly);

  const indexer::OpeningReport six =
      indexer::opening_statistics(db(), indexer::GameFilter{}, 6, 1);
  EXPECT_EQ(six.games, 5u);
  EXPECT_EQ(six.shorter, 1u);  // game 5 has 4 plies
  EXPECT_EQ(six.sequences, 3u);
  ASSERT_EQ(six.rows.size(), 1u);
  EXPECT_EQ(six.rows[0].movetext(), "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12");

  // A capture in the sequence: game 4 is the only one reaching 11 plies.
  const indexer::OpeningReport eleven =
      indexer::opening_statistics(db(), indexer::GameFilter{}, 11);
  ASSERT_EQ(eleven.rows.size(), 1u);
  EXPECT_EQ(eleven.rows[0].moves[9], "23x34");
  EXPECT_EQ(eleven.rows[0].moves[10], "40x29");

  EXPECT_THROW(indexer::opening_statistics(db(), indexer::GameFilter{}, 0),
               std::invalid_argument);
}

// merge_player_keys on keys made by player_key: initial-only spellings join the one full name
// that fits them; full names never merge; an initial shared by two full names is ambiguous.
TEST(PlayerMerge, InitialsJoinTheOnlyFittingFullName) {
  using indexer::player_key;
  const std::vector<std::string> keys{
      player_key("Alexander Georgiev"),  // 0
      player_key("Georgiev, A."),        // 1 ("Georgiev,A." and "A. Georgiev": same key)
      player_key("Ton Sijbrands"),       // 2
      player_key("T. Sijbrands"),        // 3
      player_key("Jan van der Wal"),     // 4
      player_key("van der Wal, J."),     // 5
      player_key("J. Wal"),              // 6: "van der" of "Jan van der Wal" unaccounted
      player_key("B. Georgiev"),         // 7: no full name with a B
      player_key("Georgiev"),            // 8: no initial, stays
      player_key("A.N. Georgiev"),       // 9: needs two given names, "Alexander Georgiev" has one
      player_key("Kingsrow 1"),          // 10: a digit is no initial (engine versions)
      player_key("Kingsrow 16"),         // 11
  };
  EXPECT_EQ(keys[1], player_key("Georgiev,A."));
  EXPECT_EQ(keys[1], player_key("A. Georgiev"));
  const std::vector<std::size_t> expected{0, 0, 2, 2, 4, 4, 6, 7, 8, 9, 10, 11};
  EXPECT_EQ(indexer::merge_player_keys(keys), expected);

  // Two full names with the same surname and initial: both stay, "A. Georgiev" is ambiguous.
  const std::vector<std::string> two{player_key("Alexander Georgiev"),
                                     player_key("Anatoli Georgiev"), player_key("A. Georgiev")};
  const std::vector<std::size_t> separate{0, 1, 2};
  EXPECT_EQ(indexer::merge_player_keys(two), separate);
  EXPECT_TRUE(indexer::merge_player_keys({}).empty());
}

// The user's spellings of one player in a database: one player with every spelling listed.
TEST(PlayerMerge, StatisticsMergeSurnameAndInitialSpellings) {
  test::TempFolder folder("stats-merge");
  // Different moves in every game: identical games would be stored once.
  const char* games[][4] = {
      {"Alexander Georgiev", "Schwarzman, A.", "2-0", "1. 32-28 18-23"},
      {"Georgiev,A.", "Schwarzman, A.", "1-1", "1. 32-28 19-23"},
      {"Schwarzman, A.", "Georgiev, A.", "0-2", "1. 33-28 18-23"},
      {"Schwarzman, A.", "A. Georgiev", "1-1", "1. 33-29 19-23"},
      {"ALEXANDER  GEORGIEV", "Alexei Chizhov", "1-1", "1. 31-27 17-21"},
  };
  std::string pdn;
  for (const auto& g : games)
    pdn += std::string("[White \"") + g[0] + "\"]\n[Black \"" + g[1] + "\"]\n[Result \"" + g[2] +
           "\"]\n\n" + g[3] + " " + g[2] + "\n\n";
  test::write_text(folder.path() / "m.pdn", pdn);
  test::import_into(folder.path() / "db", folder.path() / "m.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  const indexer::PlayerReport r = indexer::player_statistics(db, indexer::GameFilter{});
  EXPECT_EQ(r.games, 5u);
  // Georgiev; Schwarzman, A. (no full Schwarzman name); Chizhov.
  EXPECT_EQ(r.players, 3u);
  ASSERT_EQ(r.rows.size(), 3u);
  const indexer::PlayerStats& georgiev = r.rows[0];
  EXPECT_EQ(georgiev.key, "alexander georgiev");
  expect_tally(georgiev.total, 5, 2, 3, 0, 0);
  expect_tally(georgiev.as_white, 3, 1, 2, 0, 0);
  expect_tally(georgiev.as_black, 2, 1, 1, 0, 0);
  // "Georgiev,A." and "Georgiev, A." are one player_key spelled two ways; Alexander Georgiev
  // has two spellings too.
  ASSERT_EQ(r.merges.size(), 1u);
  EXPECT_EQ(r.merges[0].spellings.size(), 5u);
  std::uint64_t spelled = 0;
  for (const auto& [name, n] : r.merges[0].spellings) spelled += n;
  EXPECT_EQ(spelled, 5u);
  EXPECT_EQ(r.rows[1].name, "Schwarzman, A.");
  expect_tally(r.rows[1].total, 4, 0, 2, 2, 0);
  // The event statistics count the same three players (the games have no Event tag).
  const indexer::EventReport events = indexer::event_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(events.rows.size(), 1u);
  EXPECT_EQ(events.rows[0].players, 3u);
}

// Date tags the reader normalises ("17 april 2009", "13-01-1996") count under their year and
// give first/last dates, as `damdb validate` reads them.
TEST(StatisticsDates, NormalisedDatesGiveYearsAndFirstLastDates) {
  test::TempFolder folder("stats-dates");
  const std::string pdn =
      "[White \"Chizhov, A.\"]\n[Black \"Schwarzman, A.\"]\n[Date \"17 april 2009\"]\n"
      "[Result \"2-0\"]\n\n1. 32-28 18-23 2-0\n\n"
      "[White \"Chizhov, A.\"]\n[Black \"Schwarzman, A.\"]\n[Date \"13-01-1996\"]\n"
      "[Result \"1-1\"]\n\n1. 33-28 18-23 1-1\n\n";
  test::write_text(folder.path() / "d.pdn", pdn);
  test::import_into(folder.path() / "db", folder.path() / "d.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  const indexer::ResultReport results = indexer::result_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(results.by_year.size(), 2u);
  EXPECT_EQ(results.by_year[0].year, "1996");
  EXPECT_EQ(results.by_year[0].counts.draws, 1u);
  EXPECT_EQ(results.by_year[1].year, "2009");
  EXPECT_EQ(results.by_year[1].counts.white_wins, 1u);
  const indexer::PlayerReport players = indexer::player_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(players.rows.size(), 2u);
  EXPECT_EQ(players.rows[0].first_date, "1996.01.13");
  EXPECT_EQ(players.rows[0].last_date, "2009.04.17");
}

// Abbreviated first names: a prefix of one full name's word, or else taken as their initial.
TEST(PlayerMerge, AbbreviationsJoinTheOnlyFittingFullName) {
  using indexer::player_key;
  const std::vector<std::string> keys{
      player_key("Aleksandr Schwarzman"),  // 0
      player_key("Anatoli Schwarzman"),    // 1
      player_key("Aleks. Schwarzman"),     // 2: prefix of "aleksandr" only
      player_key("A. Schwarzman"),         // 3: two full names with an A: ambiguous
      player_key("Alexander Georgiev"),    // 4
      player_key("Aleks. Georgiev"),       // 5: no prefix fits; as initial A: only Alexander
      player_key("Bor. Georgiev"),         // 6: neither prefix nor initial fits
  };
  std::vector<std::vector<std::string>> abbreviations(keys.size());
  abbreviations[2] = {"aleks"};
  abbreviations[5] = {"aleks"};
  abbreviations[6] = {"bor"};
  const std::vector<std::size_t> expected{0, 1, 0, 3, 4, 4, 6};
  EXPECT_EQ(indexer::merge_player_keys(keys, abbreviations), expected);
  // A full name starting with the abbreviation wins over the initial (as an initial "Aleks."
  // would fit both): "Aleksei Georgiev" takes it, "Alexander Georgiev" stays apart.
  const std::vector<std::string> prefix{player_key("Alexander Georgiev"),
                                        player_key("Aleksei Georgiev"),
                                        player_key("Aleks. Georgiev")};
  const std::vector<std::size_t> to_prefix{0, 1, 1};
  EXPECT_EQ(indexer::merge_player_keys(prefix, {{}, {}, {"aleks"}}), to_prefix);
  // Without the abbreviation marks "aleks schwarzman" is a full name and nothing merges into
  // it or from it.
  const std::vector<std::size_t> unmarked{0, 1, 2, 3, 4, 5, 6};
  EXPECT_EQ(indexer::merge_player_keys(keys), unmarked);
}

// An abbreviated first name ("Aleks.") joins the one full name that fits it, as a prefix or
// else as its initial ("Aleks." and "Alexander": two transliterations).
TEST(PlayerMerge, StatisticsMergeAbbreviatedFirstNames) {
  test::TempFolder folder("stats-abbrev");
  const char* games[][4] = {
      {"Aleks. Schwarzman", "Chizhov, A.", "2-0", "1. 32-28 18-23"},
      {"Alexander Schwarzman", "Chizhov, A.", "1-1", "1. 32-28 19-23"},
      {"Schwarzman,A.", "Chizhov, A.", "0-2", "1. 33-28 18-23"},
  };
  std::string pdn;
  for (const auto& g : games)
    pdn += std::string("[White \"") + g[0] + "\"]\n[Black \"" + g[1] + "\"]\n[Result \"" + g[2] +
           "\"]\n\n" + g[3] + " " + g[2] + "\n\n";
  test::write_text(folder.path() / "a.pdn", pdn);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  const indexer::PlayerReport r = indexer::player_statistics(db, indexer::GameFilter{});
  EXPECT_EQ(r.players, 2u);  // Schwarzman and Chizhov
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[0].key, "alexander schwarzman");
  expect_tally(r.rows[0].total, 3, 1, 1, 1, 0);
  ASSERT_EQ(r.merges.size(), 1u);
  EXPECT_EQ(r.merges[0].spellings.size(), 3u);
  const indexer::EventReport events = indexer::event_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(events.rows.size(), 1u);
  EXPECT_EQ(events.rows[0].players, 2u);
}

}  // namespace
}  // namespace damdb
