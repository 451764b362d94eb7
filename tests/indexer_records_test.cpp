// Records made for the database from replayed games: copies of one game are decided by start
// position, moves and players (see indexer_identity_test.cpp), except that an invalid game
// stopped by an illegal move (only its legal prefix replayed) is the same game only as a game
// with the same text.
#include <gtest/gtest.h>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

// A and C: the same moves and players, another event (C is a copy of A). B: begins like A, then plays an
// illegal 28-22 (28x19 is compulsory): its legal prefix equals A's moves, yet it is another game.
constexpr const char* kPdn = R"PDN([Event "Club A"]
[White "Alice"]
[Black "Bob"]
[Result "2-0"]

1. 32-28 19-23 2-0

[Event "Club B"]
[White "Carol"]
[Black "Dave"]
[Result "1-1"]

1. 32-28 19-23 2. 28-22 1-1

[Event "Club C"]
[White "Alice"]
[Black "Bob"]
[Result "2-0"]

1. 32-28 19-23 2-0
)PDN";

TEST(Records, InvalidGameIsNotADuplicateOfTheGameItsPrefixMatches) {
  test::TempFolder folder("records");
  test::write_text(folder.path() / "games.pdn", kPdn);
  const indexer::ImportSummary first =
      test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  EXPECT_EQ(first.games_read, 3u);
  EXPECT_EQ(first.games_stored, 2u);  // A and B
  EXPECT_EQ(first.duplicates, 1u);    // C = A
  EXPECT_EQ(first.invalid, 1u);
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto b = database.game_header(db::GameId{2});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->white, "Carol");
  EXPECT_EQ(b->status, db::ValidationStatus::Invalid);
  EXPECT_EQ(b->plies, 2u);  // the legal prefix 32-28 19-23
}

TEST(Records, SameInvalidTextTwiceIsOneGame) {
  test::TempFolder folder("records");
  test::write_text(folder.path() / "a.pdn", kPdn);
  test::write_text(folder.path() / "b.pdn", kPdn);  // same games, another file
  db::Database database = db::Database::open(folder.path() / "db");
  indexer::ImportOptions options;
  options.compact_at_end = false;
  const auto summary = indexer::import_files(
      database, {(folder.path() / "a.pdn").string(), (folder.path() / "b.pdn").string()},
      options);
  EXPECT_EQ(summary.games_read, 6u);
  EXPECT_EQ(summary.games_stored, 2u);
  EXPECT_EQ(database.meta().counts.games, 2u);
}

// A game first read with a warning (a capture written with '-') and then clean: the clean copy
// replaces it, and the import's summary counts the game as the database does, without a
// warning, in one batch or across batches; a game stored by an earlier import and replaced
// here is not counted by this import.
TEST(Records, TheSummaryCountsAReplacedGameWithItsNewStatus) {
  const std::string with_warning = "[White \"A\"]\n1. 32-28 19-23 2. 28-19 14x23 *\n\n";
  const std::string clean =
      "[Event \"E\"]\n[White \"A\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n";
  test::TempFolder folder("records");
  test::write_text(folder.path() / "a.pdn", with_warning + clean);
  test::write_text(folder.path() / "b.pdn", with_warning);
  test::write_text(folder.path() / "c.pdn", clean);
  for (const std::size_t batch_games : {std::size_t{1}, std::size_t{20000}}) {
    const auto dir = folder.path() / ("db" + std::to_string(batch_games));
    db::Database database = db::Database::open(dir);
    indexer::ImportOptions options;
    options.compact_at_end = false;
    options.batch_games = batch_games;
    const auto a = indexer::import_files(database, {(folder.path() / "a.pdn").string()}, options);
    EXPECT_EQ(a.games_stored, 1u);
    EXPECT_EQ(a.replaced, 1u);
    EXPECT_EQ(a.warnings, 0u) << batch_games;
    EXPECT_EQ(database.meta().counts.warnings, 0u);
  }
  db::Database database = db::Database::open(folder.path() / "db_bc");
  indexer::ImportOptions options;
  options.compact_at_end = false;
  EXPECT_EQ(indexer::import_files(database, {(folder.path() / "b.pdn").string()}, options).warnings,
            1u);
  const auto c = indexer::import_files(database, {(folder.path() / "c.pdn").string()}, options);
  EXPECT_EQ(c.replaced, 1u);
  EXPECT_EQ(c.warnings, 0u);
  EXPECT_EQ(database.meta().counts.warnings, 0u);
}

TEST(ImportCompaction, AnImportStoringNothingCompactsWhatAnInterruptedOneLeft) {
  // The first import commits a batch per game and does not compact (as one killed before its
  // end); run again, it stores nothing new but finds the batches above the bottom level.
  test::TempFolder folder("compaction");
  test::write_text(folder.path() / "a.pdn", kPdn);
  db::Database database = db::Database::open(folder.path() / "db");
  indexer::ImportOptions options;
  options.batch_games = 1;
  options.compact_at_end = false;
  ASSERT_EQ(indexer::import_files(database, {(folder.path() / "a.pdn").string()}, options).games_stored, 2u);
  database.flush();
  EXPECT_GT(database.uncompacted_share(), 0.1);
  options.compact_at_end = true;
  test::write_text(folder.path() / "b.pdn", kPdn);
  EXPECT_EQ(indexer::import_files(database, {(folder.path() / "b.pdn").string()}, options).games_stored, 0u);
  EXPECT_EQ(database.uncompacted_share(), 0.0);
  EXPECT_EQ(database.meta().counts.games, 2u);
}

}  // namespace
}  // namespace damdb
