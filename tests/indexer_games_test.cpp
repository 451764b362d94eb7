// Game listing, game view (decoded moves, position at a ply) and the PDN export round trip on
// the hand-made database of games_fixture.hpp.
#include <gtest/gtest.h>

#include <sstream>

#include "indexer/export/export.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/records/game_moves.hpp"
#include "pdn/reader.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

class GamesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("games");
    test::write_text(folder_->path() / "games.pdn", test::kGamesPdn);
    test::import_into(folder_->path() / "db", folder_->path() / "games.pdn");
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
test::TempFolder* GamesTest::folder_ = nullptr;
db::Database* GamesTest::database_ = nullptr;

TEST_F(GamesTest, ListAllInImportOrder) {
  const indexer::GameListing all = indexer::list_games(db(), indexer::GameFilter{}, 50);
  EXPECT_EQ(all.total, 7u);
  ASSERT_EQ(all.rows.size(), 7u);
  const std::uint32_t plies[] = {8, 9, 6, 11, 4, 6, 2};
  for (std::size_t i = 0; i < 7; ++i) {
    EXPECT_EQ(all.rows[i].game.id.value, i + 1);
    EXPECT_EQ(all.rows[i].plies, plies[i]) << "game " << i + 1;
  }
  EXPECT_EQ(all.rows[2].game.white, "T.  SIJBRANDS");
  EXPECT_EQ(all.rows[2].game.black, "Gérard Jansen");
  EXPECT_EQ(all.rows[2].game.round, "3");
  EXPECT_EQ(all.rows[2].game.result, db::GameResult::BlackWin);
  EXPECT_EQ(all.rows[4].game.result, db::GameResult::Unknown);
  EXPECT_EQ(all.rows[6].status, db::ValidationStatus::Invalid);
  EXPECT_STREQ(indexer::status_text(all.rows[6].status), "invalid");
  EXPECT_STREQ(indexer::status_text(all.rows[0].status), "valid");
}

TEST_F(GamesTest, ListWithFiltersAndPaging) {
  indexer::FilterSpec spec;
  spec.player = "sijbrands";  // all three spellings contain it once folded
  const indexer::GameListing page = indexer::list_games(db(), indexer::GameFilter(spec), 2, 1);
  EXPECT_EQ(page.total, 4u);  // games 1, 2, 3, 6
  ASSERT_EQ(page.rows.size(), 2u);
  EXPECT_EQ(page.rows[0].game.id.value, 2u);
  EXPECT_EQ(page.rows[1].game.id.value, 3u);

  indexer::FilterSpec jansen;
  jansen.black = "gerard jansen";  // accent-insensitive: matches "Gérard Jansen" only
  const indexer::GameListing black = indexer::list_games(db(), indexer::GameFilter(jansen), 50);
  ASSERT_EQ(black.total, 1u);
  EXPECT_EQ(black.rows[0].game.id.value, 3u);

  indexer::FilterSpec dates;
  dates.since = "2004";
  dates.result = "2-0";
  const indexer::GameListing won = indexer::list_games(db(), indexer::GameFilter(dates), 50);
  ASSERT_EQ(won.total, 1u);
  EXPECT_EQ(won.rows[0].game.id.value, 4u);

  // Without a filter only the page is read; the total comes from the counts.
  const indexer::GameListing tail = indexer::list_games(db(), indexer::GameFilter{}, 5, 5);
  EXPECT_EQ(tail.total, 7u);
  ASSERT_EQ(tail.rows.size(), 2u);
  EXPECT_EQ(tail.rows[0].game.id.value, 6u);
  EXPECT_EQ(tail.rows[1].game.id.value, 7u);
  const indexer::GameListing past = indexer::list_games(db(), indexer::GameFilter{}, 5, 10);
  EXPECT_EQ(past.total, 7u);
  EXPECT_TRUE(past.rows.empty());
}

TEST_F(GamesTest, ViewDecodesMovesAndPositions) {
  const indexer::GameView final4 = indexer::view_game(db(), db::GameId{4});
  ASSERT_EQ(final4.plies.size(), 11u);
  EXPECT_EQ(final4.ply, 11u);
  EXPECT_EQ(indexer::numbered_movetext(final4.plies),
            "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 46-41 2-7 5. 34-29 23x34 6. 40x29");
  EXPECT_EQ(indexer::numbered_ply(final4.plies, 9), "5... 23x34");
  // Final position counted by hand: white lost 34 (captured) and moved 32,37,41,46,34->...;
  // black lost the man from 23 and moved 18, 12, 7, 2.
  EXPECT_EQ(rules::to_fen(final4.position),
            "B:W28,29,31,32,33,35,36,37,38,39,41,42,43,44,45,47,48,49,50:"
            "B1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");

  const indexer::GameView start = indexer::view_game(db(), db::GameId{4}, 0);
  EXPECT_TRUE(start.position == rules::Position::initial());
  const indexer::GameView after1 = indexer::view_game(db(), db::GameId{1}, 1);
  EXPECT_EQ(rules::to_fen(after1.position),
            "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
            "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");

  // A game from a set-up position that stops at its illegal third ply.
  const indexer::GameView problem = indexer::view_game(db(), db::GameId{7});
  EXPECT_EQ(problem.record.start_fen, "W:W28,K47:B12,13");
  EXPECT_EQ(indexer::numbered_movetext(problem.plies), "1. 28-22 13-18");
  EXPECT_EQ(rules::to_fen(problem.position), "W:W22,K47:B12,18");

  EXPECT_THROW(indexer::view_game(db(), db::GameId{8}), indexer::GameLookupError);
  EXPECT_THROW(indexer::view_game(db(), db::GameId{4}, 12), indexer::GameLookupError);
}

TEST(GameMoves, BlackToMoveNumbering) {
  db::GameRecord game;
  game.start_fen = "B:W28,K47:B12,13";
  game.moves = {0, 0};  // first legal move of each side in sort_moves order
  const std::vector<indexer::DecodedPly> plies = indexer::decode_moves(game);
  ASSERT_EQ(plies.size(), 2u);
  // Black: 12-17, 12-18, 13-18, 13-19 -> first 12-17. White: 28-22, 28-23, K47 moves -> 28-22.
  EXPECT_EQ(indexer::numbered_movetext(plies), "1... 12-17 2. 28-22");
  game.moves = {4};  // Black has only 4 moves
  EXPECT_THROW(indexer::decode_moves(game), indexer::GameDecodeError);
  EXPECT_THROW(indexer::position_at(game, 2), std::out_of_range);
}

// for_each_position picks the coded move without sorting the legal moves: its positions must be
// those of decode_moves (which sorts, rules::sort_moves) on random games with every code used,
// kings from the start (FEN) and many-move king positions and multi-way captures.
TEST(GameMoves, ForEachPositionAgreesWithSortedDecoding) {
  std::uint64_t seed = 11;
  for (const char* fen : {"", "W:WK46,K50,31,32,33,34,35:BK1,K5,16,17,18,19,20",
                          "B:WK28,K38,K43,29,30:BK2,K3,12,13,14,15"}) {
    for (int g = 0; g < 20; ++g) {
      const db::GameRecord game = test::random_record(fen, 200, ++seed);
      const rules::Position last = indexer::position_at(game, game.moves.size());
      const std::vector<indexer::DecodedPly> plies = indexer::decode_moves(game);
      std::size_t seen = 0;
      indexer::for_each_position(game, [&](int ply, const rules::Position& p) {
        const rules::Position& expected =
            static_cast<std::size_t>(ply) < plies.size() ? plies[ply].before : last;
        EXPECT_EQ(rules::to_fen(p), rules::to_fen(expected)) << fen << " game " << g << " ply " << ply;
        ++seen;
        return true;
      });
      EXPECT_EQ(seen, game.moves.size() + 1);
    }
  }
  db::GameRecord bad;
  bad.moves = {0, 9};  // Black has 9 moves at ply 1: codes 0..8
  EXPECT_THROW(indexer::for_each_position(bad, [](int, const rules::Position&) { return true; }),
               indexer::GameDecodeError);
}

TEST(GameMoves, ParseGameId) {
  EXPECT_EQ(indexer::parse_game_id("17").value, 17u);
  EXPECT_THROW(indexer::parse_game_id("0"), indexer::GameLookupError);
  EXPECT_THROW(indexer::parse_game_id("x1"), indexer::GameLookupError);
  EXPECT_THROW(indexer::parse_game_id("12a"), indexer::GameLookupError);
  EXPECT_THROW(indexer::parse_game_id("99999999999"), indexer::GameLookupError);
}

TEST_F(GamesTest, ExportRoundTrip) {
  std::ostringstream out;
  const indexer::ExportSummary summary = indexer::export_games(db(), indexer::GameFilter{}, out);
  EXPECT_EQ(summary.games, 7u);
  EXPECT_TRUE(summary.copied_as_read.empty());

  // Same games as the original file, game by game (tags, moves, comment, variation, result).
  const std::vector<pdn::Game> original = pdn::read_games(test::kGamesPdn);
  const std::vector<pdn::Game> exported = pdn::read_games(out.str());
  ASSERT_EQ(exported.size(), original.size());
  for (std::size_t i = 0; i < original.size(); ++i) {
    std::string why;
    EXPECT_TRUE(pdn::same_content(original[i], exported[i], &why)) << "game " << i + 1 << why;
    EXPECT_FALSE(exported[i].has_errors());
  }
  EXPECT_NE(out.str().find("{a comment}"), std::string::npos);

  // Re-imported: the same games with the same content hashes.
  test::TempFolder again("export");
  test::write_text(again.path() / "out.pdn", out.str());
  const indexer::ImportSummary s = test::import_into(again.path() / "db", again.path() / "out.pdn");
  EXPECT_EQ(s.games_stored, 7u);
  const db::Database reread = test::open_read_only(again.path() / "db");
  std::vector<db::ContentHash> before, after;
  db().for_each_game([&](db::GameId, const db::GameRecord& g) {
    before.push_back(g.content_hash);
    return true;
  });
  reread.for_each_game([&](db::GameId, const db::GameRecord& g) {
    after.push_back(g.content_hash);
    return true;
  });
  EXPECT_EQ(before, after);
}

TEST_F(GamesTest, ExportFilteredAndTextWithSyntaxError) {
  indexer::FilterSpec spec;
  spec.event = "dutch";
  std::ostringstream out;
  EXPECT_EQ(indexer::export_games(db(), indexer::GameFilter(spec), out).games, 2u);
  EXPECT_EQ(pdn::read_games(out.str()).size(), 2u);

  // A stored text the reader cannot parse cleanly is written as stored, never dropped.
  db::GameRecord broken;
  broken.pdn_text = "[Event \"x\"]\n1. 32-28 }} 18-23 *";
  bool copied = false;
  const std::string text = indexer::canonical_game_text(broken, copied);
  EXPECT_TRUE(copied);
  EXPECT_EQ(text, broken.pdn_text + "\n");
}

TEST(ExportTerminators, CopiedGameWithNonStandardResultDoesNotSwallowTheNextGame) {
  // Game 1 is stored invalid (non-standard score 1-9 as terminator: a syntax error, so export
  // copies its text as read); game 2, from another file, has no tags. Export used to write
  // "... 04x24 1-9" straight before "1. 32-28 18-23 *", which reads back as one game.
  test::TempFolder folder("export-terminators");
  test::write_text(folder.path() / "a.pdn",
                   "[Event \"a\"]\n[Result \"1-9\"]\n\n1. 32-28 19-23 2. 28x19 04x24 1-9\n");
  test::write_text(folder.path() / "b.pdn", "1. 32-28 18-23 *\n");
  {
    db::Database database = db::Database::open(folder.path() / "db");
    indexer::ImportOptions options;
    options.compact_at_end = false;
    const indexer::ImportSummary s = indexer::import_files(
        database, {(folder.path() / "a.pdn").string(), (folder.path() / "b.pdn").string()},
        options);
    ASSERT_EQ(s.games_stored, 2u);
  }
  std::ostringstream out;
  {
    const db::Database database = test::open_read_only(folder.path() / "db");
    const indexer::ExportSummary summary =
        indexer::export_games(database, indexer::GameFilter{}, out);
    EXPECT_EQ(summary.games, 2u);
    EXPECT_EQ(summary.copied_as_read, (std::vector<std::uint32_t>{1}));
  }
  const std::vector<pdn::Game> exported = pdn::read_games(out.str());
  ASSERT_EQ(exported.size(), 2u) << out.str();
  // Game 1 keeps its score in the Result tag and its moves; its terminator is now '*'.
  const pdn::Tag* result = exported[0].tag("Result");
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->value, "1-9");
  ASSERT_NE(exported[0].result(), nullptr);
  EXPECT_EQ(exported[0].text_of(*exported[0].result()), "*");
  const std::vector<pdn::Game> original = pdn::read_games(
      "[Event \"a\"]\n[Result \"1-9\"]\n\n1. 32-28 19-23 2. 28x19 04x24 1-9\n");
  ASSERT_EQ(original.size(), 1u);
  std::string why;
  EXPECT_TRUE(pdn::same_content(original[0], exported[0], &why)) << why;
  // Game 2 is intact: no tags, 32-28 18-23, '*'.
  EXPECT_TRUE(exported[1].tags.empty());
  EXPECT_EQ(exported[1].moves.size(), 4u);  // "1." 32-28 18-23 *
  EXPECT_FALSE(exported[1].has_errors());

  // export -> import gives the same number of games.
  test::write_text(folder.path() / "out.pdn", out.str());
  EXPECT_EQ(test::import_into(folder.path() / "again", folder.path() / "out.pdn").games_stored, 2u);
}

TEST(ExportTerminators, CopiedGameWithoutTerminatorGetsOne) {
  // Stored texts that end without a terminator (cut by the next game's tags), also inside an
  // open comment or variation: export closes them and adds '*' so a tagless game after them
  // stays a game of its own.
  const char* texts[] = {
      "[Event \"x\"]\n1. 32-28 }} 18-23",
      "[Event \"x\"]\n1. 32-28 18-23 {unclosed comment",
      "[Event \"x\"]\n1. 32-28 18-23 (18-22 (19-23",
  };
  for (const char* stored : texts) {
    db::GameRecord game;
    game.pdn_text = stored;
    bool copied = false;
    const std::string text = indexer::canonical_game_text(game, copied);
    EXPECT_TRUE(copied);
    EXPECT_EQ(text.substr(0, game.pdn_text.size()), game.pdn_text);
    const std::vector<pdn::Game> read = pdn::read_games(text + "\n1. 33-29 *\n");
    ASSERT_EQ(read.size(), 2u) << text;
    EXPECT_TRUE(read[1].tags.empty()) << text;
    ASSERT_NE(read[0].result(), nullptr) << text;
    EXPECT_EQ(read[0].text_of(*read[0].result()), "*");
  }
}

}  // namespace
}  // namespace damdb
