// Which records are one game: the same start position and main line AND the same players
// (folded as `stats players` folds them, same colours), the same result where both are known,
// the same date where both are known. Every copy is kept as a source; the best copy is stored.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "db/header_tags.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/records/issue_kinds.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/records/position_key.hpp"
#include "indexer/search/search.hpp"
#include "indexer/explorer/query.hpp"
#include "pdn/replay.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

// A game text with these tags (empty value: tag left out) and movetext, ended by `result`.
std::string game(const std::string& white, const std::string& black, const std::string& result,
                 const std::string& date, const std::string& moves,
                 const std::string& line_end = "") {
  std::string text = "[Event \"Club\"]" + line_end + "\n";
  if (!white.empty()) text += "[White \"" + white + "\"]" + line_end + "\n";
  if (!black.empty()) text += "[Black \"" + black + "\"]" + line_end + "\n";
  if (!date.empty()) text += "[Date \"" + date + "\"]" + line_end + "\n";
  text += "[Result \"" + result + "\"]" + line_end + "\n\n" + moves + " " + result + "\n\n";
  return text;
}

constexpr const char* kShortGame = "1. 32-28 19-23 2. 28x19 14x23";

struct Imported {
  indexer::ImportSummary summary;
  std::vector<db::GameRecord> games;  // in id order
};

// Imports `text` (one file) into a new database, committing every `batch` new games.
Imported import_text(const std::string& text, std::size_t batch = 20000) {
  test::TempFolder folder("identity");
  test::write_text(folder.path() / "games.pdn", text);
  Imported out;
  {
    db::Database database = db::Database::open(folder.path() / "db");
    indexer::ImportOptions options;
    options.compact_at_end = false;
    options.batch_games = batch;
    out.summary = indexer::import_files(database, {(folder.path() / "games.pdn").string()}, options);
  }
  const db::Database database = test::open_read_only(folder.path() / "db");
  database.for_each_game([&](db::GameId, const db::GameRecord& g) {
    out.games.push_back(g);
    return true;
  });
  EXPECT_EQ(database.meta().counts.games, out.games.size());
  return out;
}

TEST(GameIdentity, SameMovesOtherPlayersAreTwoGames) {
  const Imported r = import_text(game("Alice", "Bob", "2-0", "2003.05.14", kShortGame) +
                                 game("Carol", "Dave", "2-0", "2003.05.14", kShortGame));
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(r.games[0].tag("White"), "Alice");
  EXPECT_EQ(r.games[1].tag("White"), "Carol");
  EXPECT_EQ(r.summary.duplicates, 0u);
}

TEST(GameIdentity, OnePlyGamesBetweenOtherPlayersAreTwoGames) {
  const Imported r = import_text(game("Alice", "Bob", "0-2", "2001", "1. 32-28") +
                                 game("Carol", "Dave", "0-2", "2001", "1. 32-28") +
                                 game("Alice", "Bob", "0-2", "2001", "1. 32-28"));
  ASSERT_EQ(r.games.size(), 2u);  // the third is the first again
  EXPECT_EQ(r.games[0].sources.size(), 2u);
  EXPECT_EQ(r.games[1].sources.size(), 1u);
}

TEST(GameIdentity, ColoursCountNameSpellingDoesNot) {
  const Imported r = import_text(game("Sijbrands, T.", "Baba Sy", "1-1", "", kShortGame) +
                                 game("T. SIJBRANDS", "baba  sy", "1-1", "", kShortGame) +
                                 game("Baba Sy", "Sijbrands, T.", "1-1", "", kShortGame));
  ASSERT_EQ(r.games.size(), 2u);  // the colour-swapped pairing is another game
  EXPECT_EQ(r.games[0].sources.size(), 2u);
  EXPECT_EQ(r.games[1].tag("White"), "Baba Sy");
}

TEST(GameIdentity, ResultAndDateMustAgreeWhereBothAreKnown) {
  const Imported r = import_text(
      game("Alice", "Bob", "2-0", "2003.05.14", kShortGame) +
      game("Alice", "Bob", "*", "2003.05.14", kShortGame) +   // unknown result: the same game
      game("Alice", "Bob", "2-0", "2003.??.??", kShortGame) +  // partial date: the same game
      game("Alice", "Bob", "2-0", "", kShortGame) +            // no date: the same game
      game("Alice", "Bob", "0-2", "2003.05.14", kShortGame) +  // another result: another game
      game("Alice", "Bob", "2-0", "2004.05.14", kShortGame));  // another year: another game
  ASSERT_EQ(r.games.size(), 3u);
  EXPECT_EQ(r.games[0].sources.size(), 4u);
  EXPECT_EQ(r.games[1].tag("Result"), "0-2");
  EXPECT_EQ(r.games[2].tag("Date"), "2004.05.14");
  EXPECT_EQ(r.summary.duplicates, 3u);
}

// Across batches (one game each) the stored identity of a content hash's games is updated by a
// merge operand: a copy with a known result and date makes the stored game's identity known,
// so a later copy with another result or year is another game, as in one batch.
TEST(GameIdentity, IdentityLearnedInAnEarlierBatchDecidesLaterCopies) {
  const std::string text = game("Alice", "Bob", "*", "", kShortGame) +              // id 1
                           game("Carol", "Dave", "1-1", "2003.05.14", kShortGame) + // id 2
                           game("Alice", "Bob", "2-0", "2003.05.14", kShortGame) +  // id 1 now 2-0, 2003.05.14
                           game("Alice", "Bob", "0-2", "2003.05.14", kShortGame) +  // id 3: other result
                           game("Alice", "Bob", "2-0", "2004.05.14", kShortGame) +  // id 4: other year
                           game("Carol", "Dave", "1-1", "", kShortGame) +            // id 2 again
                           game("Alice", "Bob", "0-2", "", kShortGame);              // id 3 again
  // Batches of 2 and 3 games mix games of other players under one hash in one merge operand.
  for (const std::size_t batch : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{20000}}) {
    const Imported r = import_text(text, batch);
    ASSERT_EQ(r.games.size(), 4u) << "batch " << batch;
    EXPECT_EQ(r.games[0].sources.size(), 2u) << "batch " << batch;
    EXPECT_EQ(r.games[1].sources.size(), 2u) << "batch " << batch;
    EXPECT_EQ(r.games[2].tag("Result"), "0-2") << "batch " << batch;
    EXPECT_EQ(r.games[2].sources.size(), 2u) << "batch " << batch;
    EXPECT_EQ(r.games[3].tag("Date"), "2004.05.14") << "batch " << batch;
    EXPECT_EQ(r.summary.duplicates, 3u) << "batch " << batch;
  }
}

TEST(GameIdentity, CleanCopyAndCopyWithExportJunkAreOneGameKeepingTheCleanCopy) {
  const std::string clean = game("Alice", "Bob", "2-0", "2003.05.14", kShortGame);
  // A broadcast export: every tag line ends with the two characters '\' 'r'.
  const std::string junk = game("Alice", "Bob", "2-0", "2003.05.14", kShortGame, "\\r");
  for (const bool clean_first : {true, false})
    for (const std::size_t batch : {std::size_t{1}, std::size_t{100}}) {
      SCOPED_TRACE(std::string(clean_first ? "clean first" : "junk first") + ", batch " +
                   std::to_string(batch));
      const Imported r = import_text(clean_first ? clean + junk : junk + clean, batch);
      ASSERT_EQ(r.games.size(), 1u);
      const db::GameRecord& g = r.games[0];
      EXPECT_EQ(g.status, db::ValidationStatus::Valid);
      EXPECT_EQ(g.moves.size(), 4u);
      EXPECT_EQ(g.pdn_text.find("\\r"), std::string::npos);  // the clean text is stored
      ASSERT_EQ(g.sources.size(), 2u);
      // The stored copy's source comes first; the other copy keeps its own verdict.
      EXPECT_EQ(g.sources[0].status, db::ValidationStatus::Valid);
      EXPECT_NE(g.sources[1].status, db::ValidationStatus::Valid);
      EXPECT_EQ(g.sources[0].game_number, clean_first ? 1u : 2u);
      EXPECT_EQ(g.sources[1].game_number, clean_first ? 2u : 1u);
      EXPECT_EQ(g.sources[1].first_line, clean_first ? 9u : 1u);
      EXPECT_TRUE(g.sources[1].differing_tags.empty());  // the same tag values
      EXPECT_EQ(r.summary.replaced, clean_first ? 0u : 1u);
    }
}

TEST(GameIdentity, MoreCompleteTagsReplaceTheStoredCopyAndDifferencesAreKept) {
  const Imported r =
      import_text(game("Alice", "Bob", "*", "", kShortGame) +
                  game("Alice", "Bob", "2-0", "2003.05.14", kShortGame), /*batch=*/1);
  ASSERT_EQ(r.games.size(), 1u);
  const db::GameRecord& g = r.games[0];
  EXPECT_EQ(g.tag("Date"), "2003.05.14");  // the second copy is stored
  ASSERT_EQ(g.sources.size(), 2u);
  EXPECT_EQ(g.sources[0].game_number, 2u);
  // The first copy: another Result, no Date.
  const std::vector<db::SourceTag> expected = {{"Result", "*"}, {"Date", std::nullopt}};
  EXPECT_EQ(g.sources[1].differing_tags, expected);
  // Committed with an unknown result before the second copy came: the result is learned.
  EXPECT_EQ(g.result, db::GameResult::WhiteWin);
}

// A game stored with an unknown result takes the result of a later copy, whether the copy comes
// in the same batch, in a later batch or in a later import: the record, the header, the
// statistics of every position it reached (counted once, under the move played there) and the
// result a search reads beside its signature are the same as when the copy with the result
// comes first.
TEST(GameIdentity, AResultLearnedLaterIsCountedWhateverTheBatch) {
  const std::string unknown = game("Alice", "Bob", "*", "", kShortGame);
  const std::string known = game("Alice", "Bob", "2-0", "2003.05.14", kShortGame);
  // Another game through the same positions (a longer line: another content hash).
  const std::string other = game("Carol", "Dave", "1-1", "", std::string(kShortGame) + " 3. 33-29");
  struct Seen {
    db::GameResult result, header;
    std::vector<db::PositionStats> stats;
    std::string search;
    bool operator==(const Seen&) const = default;
  };
  auto seen = [&](const std::vector<std::string>& files, std::size_t batch, bool bulk) {
    test::TempFolder folder("identity-result");
    const auto dbdir = folder.path() / "db";
    for (std::size_t i = 0; i < files.size(); ++i) {
      const auto file = folder.path() / ("f" + std::to_string(i) + ".pdn");
      test::write_text(file, files[i]);
      db::OpenOptions open;
      open.bulk_load = bulk;  // batches staged as position runs (as damdb import does)
      db::Database database = db::Database::open(dbdir, open);
      indexer::ImportOptions options;
      options.compact_at_end = i % 2 == 1;  // the runs merged, or not
      options.batch_games = batch;
      indexer::import_files(database, {file.string()}, options);
    }
    const db::Database database = test::open_read_only(dbdir);
    const db::GameRecord game = *database.game(db::GameId{1});
    Seen s{game.result, database.game_header(db::GameId{1})->result, {}, {}};
    indexer::replay_positions(game, [&](int, const rules::Position& unkeyed) {
      const rules::Position pos = rules::Position::from_bitboards(
          unkeyed.white(), unkeyed.black(), unkeyed.kings(), unkeyed.side_to_move());
      const auto stats = database.position_stats(indexer::position_key(pos));
      s.stats.push_back(stats ? *stats : db::PositionStats{});
      return true;
    });
    const auto spec = indexer::parse_search("plies 2");
    for (const auto& row : indexer::search_games(database, spec.query, indexer::GameFilter()).next_moves) {
      const db::ResultCounts& c = row.counts;
      s.search += row.notation + " " + std::to_string(c.white_wins) + std::to_string(c.draws) +
                  std::to_string(c.black_wins) + std::to_string(c.unknown) + ";";
    }
    return s;
  };
  const Seen expected = seen({known + other}, 100, false);
  EXPECT_EQ(expected.result, db::GameResult::WhiteWin);
  ASSERT_EQ(expected.stats.size(), 5u);
  ASSERT_EQ(expected.stats[4].moves.size(), 2u) << expected.stats[4].moves.size();
  EXPECT_EQ(expected.stats[4].moves[1].move, db::kGameEnd);  // the end of the short game
  EXPECT_EQ(expected.stats[4].moves[1].counts.white_wins, 1u);
  EXPECT_EQ(expected.stats[4].moves[1].counts.unknown, 0u);
  EXPECT_EQ(expected.stats[4].moves[0].counts.draws, 1u);  // the longer game went on
  for (const bool bulk : {false, true})
    for (const std::size_t batch : {std::size_t{1}, std::size_t{2}, std::size_t{100}}) {
      SCOPED_TRACE("batch " + std::to_string(batch) + (bulk ? ", bulk" : ""));
      EXPECT_EQ(seen({unknown + other + known}, batch, bulk), expected);
      EXPECT_EQ(seen({unknown + other, known}, batch, bulk), expected);
      EXPECT_EQ(seen({unknown, other, known + unknown}, batch, bulk), expected);
      EXPECT_EQ(seen({unknown, known, other}, batch, bulk), expected);
    }
}

// Imports each text as its own import, in order, into a new database, committing every
// `batch` new games; returns the stored games in id order.
std::vector<db::GameRecord> import_each(const std::vector<std::string>& texts, std::size_t batch) {
  test::TempFolder folder("identity-each");
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const auto file = folder.path() / ("part" + std::to_string(i) + ".pdn");
    test::write_text(file, texts[i]);
    db::Database database = db::Database::open(folder.path() / "db");
    indexer::ImportOptions options;
    options.compact_at_end = false;
    options.batch_games = batch;
    indexer::import_files(database, {file.string()}, options);
  }
  std::vector<db::GameRecord> games;
  test::open_read_only(folder.path() / "db").for_each_game([&](db::GameId, const db::GameRecord& g) {
    games.push_back(g);
    return true;
  });
  return games;
}

db::TagList sorted(db::TagList tags) {
  std::sort(tags.begin(), tags.end());
  return tags;
}

// Four copies of one game: A dated, B with more tags but no Date, C with an export's junk (a
// warning), dated and annotated, D with a partial Date and another annotator. Whatever their
// order, batch size or split into imports, the header is B's tags with the Date and Annotator
// the others know, the same values each time, and each source's tags are given back exactly
// by the header and its differences.
TEST(GameIdentity, TheHeaderKeepsEveryKnownTagWhateverTheOrderOfTheCopies) {
  const std::string moves = std::string(kShortGame) + " 2-0\n\n";
  const std::vector<std::string> copies = {
      "[Event \"Club\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Date \"2003.05.14\"]\n"
      "[Round \"?\"]\n[Result \"2-0\"]\n\n" + moves,
      "[Event \"Club\"]\n[Site \"Paris\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n"
      "[Round \"3\"]\n[Result \"2-0\"]\n\n" + moves,
      "[Event \"Club\"]\\r\n[White \"Alice\"]\\r\n[Black \"Bob\"]\\r\n"
      "[Date \"2003.05.14\"]\\r\n[Annotator \"Carol\"]\\r\n[Result \"*\"]\\r\n\n" + moves,
      "[Event \"Club\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Date \"2003.??.??\"]\n"
      "[Annotator \"Bert\"]\n[Result \"2-0\"]\n\n" + moves};
  const std::vector<db::TagList> tags = {
      {{"Event", "Club"}, {"White", "Alice"}, {"Black", "Bob"}, {"Date", "2003.05.14"},
       {"Round", "?"}, {"Result", "2-0"}},
      {{"Event", "Club"}, {"Site", "Paris"}, {"White", "Alice"}, {"Black", "Bob"},
       {"Round", "3"}, {"Result", "2-0"}},
      {{"Event", "Club"}, {"White", "Alice"}, {"Black", "Bob"}, {"Date", "2003.05.14"},
       {"Annotator", "Carol"}, {"Result", "*"}},
      {{"Event", "Club"}, {"White", "Alice"}, {"Black", "Bob"}, {"Date", "2003.??.??"},
       {"Annotator", "Bert"}, {"Result", "2-0"}}};
  // B ties with D (valid, 6 known tags) and comes first in the fixed order; the full Date wins
  // over the partial one, "Bert" over "Carol".
  db::TagList expected = tags[1];
  expected.emplace_back("Date", "2003.05.14");
  expected.emplace_back("Annotator", "Bert");
  std::vector<std::size_t> order = {0, 1, 2, 3};
  do {
    for (const std::size_t batch : {std::size_t{1}, std::size_t{100}})
      for (const bool split : {false, true}) {
        if (split && batch > 1) continue;  // each import commits its one copy anyway
        SCOPED_TRACE(std::to_string(order[0]) + std::to_string(order[1]) +
                     std::to_string(order[2]) + std::to_string(order[3]) + " batch " +
                     std::to_string(batch) + (split ? " in four imports" : " in one import"));
        std::vector<std::string> texts;
        for (const std::size_t i : order)
          if (split || texts.empty()) texts.push_back(copies[i]);
          else texts.back() += copies[i];
        const std::vector<db::GameRecord> games = import_each(texts, batch);
        ASSERT_EQ(games.size(), 1u);
        const db::GameRecord& g = games[0];
        EXPECT_EQ(sorted(g.tags), sorted(expected));
        EXPECT_NE(g.pdn_text.find("Paris"), std::string::npos);  // B's text is stored
        ASSERT_EQ(g.sources.size(), 4u);
        // The copy a source was read from: its number in the one file, or its file's number.
        auto copy_of = [&](const db::GameSource& source) {
          if (!split) return order[source.game_number - 1];
          return order[static_cast<std::size_t>(source.path[source.path.size() - 5] - '0')];
        };
        for (const db::GameSource& source : g.sources)
          EXPECT_EQ(sorted(db::tags_of(g.tags, source.differing_tags)),
                    sorted(tags[copy_of(source)]))
              << source.path << " game " << source.game_number;
      }
  } while (std::next_permutation(order.begin(), order.end()));
}

// The stored copy (more tags) says "*"; a later copy knows the result: the header's Result
// tag says it too, and the stored copy's source keeps its "*".
TEST(GameIdentity, ALearnedResultIsInTheHeader) {
  const std::string rich = "[Event \"Club\"]\n[Site \"S\"]\n[Round \"1\"]\n[White \"Alice\"]\n"
                           "[Black \"Bob\"]\n[Result \"*\"]\n\n" + std::string(kShortGame) + " *\n\n";
  for (const std::size_t batch : {std::size_t{1}, std::size_t{100}}) {
    const Imported r = import_text(rich + game("Alice", "Bob", "2-0", "", kShortGame), batch);
    ASSERT_EQ(r.games.size(), 1u);
    const db::GameRecord& g = r.games[0];
    EXPECT_EQ(g.result, db::GameResult::WhiteWin);
    EXPECT_EQ(g.tag("Result"), "2-0");
    EXPECT_EQ(g.tag("Site"), "S");  // the rich copy stays the stored one
    ASSERT_EQ(g.sources.size(), 2u);
    const std::vector<db::SourceTag> own = {{"Result", "*"}};
    EXPECT_EQ(g.sources[0].differing_tags, own);
  }
}

// A stored copy without tags (a clean scoresheet) and two copies with export junk (warnings)
// that know a Round each: the header takes the smaller, whether the copies come in one import or
// in later ones (where the stored game's own tags, none, are not the header's).
TEST(GameIdentity, ATaglessStoredCopyTakesTheSameValuesInEveryOrder) {
  const std::string moves = std::string(kShortGame) + " 2-0\n\n";
  const std::string tagless = moves;
  const std::string two = "[Round \"2\"]\\r\n[Result \"2-0\"]\\r\n\n" + moves;
  const std::string one = "[Round \"1\"]\\r\n[Result \"2-0\"]\\r\n\n" + moves;
  for (const auto& texts : {std::vector<std::string>{tagless, two, one},
                            std::vector<std::string>{tagless, one, two},
                            std::vector<std::string>{tagless + two + one},
                            std::vector<std::string>{one + two + tagless}}) {
    const std::vector<db::GameRecord> games = import_each(texts, 100);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].status, db::ValidationStatus::Valid);
    EXPECT_EQ(games[0].tag("Round"), "1");
  }
}

TEST(GameIdentity, ACopyInTheSameBatchGivesTheUnknownResult) {
  test::TempFolder folder("identity");
  test::write_text(folder.path() / "games.pdn",
                   game("Alice", "Bob", "*", "", kShortGame) +
                       game("Alice", "Bob", "2-0", "2003.05.14", kShortGame));
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  ASSERT_EQ(database.meta().counts.games, 1u);
  EXPECT_EQ(database.game(db::GameId{1})->result, db::GameResult::WhiteWin);
  EXPECT_EQ(database.game_header(db::GameId{1})->result, db::GameResult::WhiteWin);
  EXPECT_EQ(database.game_header(db::GameId{1})->sources, 2u);
  // The statistics count the game once, as a white win.
  const auto stats = database.position_stats(indexer::position_key(rules::Position::initial()));
  ASSERT_TRUE(stats);
  ASSERT_EQ(stats->moves.size(), 1u);
  EXPECT_EQ(stats->moves[0].counts.white_wins, 1u);
  EXPECT_EQ(stats->moves[0].counts.unknown, 0u);
}

TEST(GameIdentity, IllegalMoveCopyIsNotTheCleanGame) {
  // The same players, the same start; the second copy has an illegal third ply (28-22 while
  // 28x19 is compulsory): its legal prefix begins the clean game but it is another record.
  const Imported r = import_text(game("Alice", "Bob", "2-0", "", kShortGame) +
                                 game("Alice", "Bob", "2-0", "", "1. 32-28 19-23 2. 28-22"));
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(r.games[1].status, db::ValidationStatus::Invalid);
  EXPECT_EQ(r.games[1].first_error_kind,
            static_cast<std::uint8_t>(pdn::IssueKind::CaptureRequired));
  EXPECT_EQ(r.games[1].first_error_ply, 3u);
  EXPECT_NE(r.games[1].issue_kinds &
                (std::uint64_t{1} << static_cast<unsigned>(pdn::IssueKind::CaptureRequired)),
            0u);
}

}  // namespace
}  // namespace damdb

namespace damdb {
namespace {

TEST(GameIdentity, CountsByKindTellMoveErrorsFromOtherErrors) {
  test::TempFolder folder("identity-kinds");
  test::write_text(
      folder.path() / "games.pdn",
      // An illegal move: 28-22 while 28x19 is compulsory.
      game("A", "B", "2-0", "", "1. 32-28 19-23 2. 28-22") +
      // An unreadable move token: invalid, but no illegal move.
      game("C", "D", "2-0", "", "1. 32-28 3z") +
      // Legal moves, the Result tag contradicts the terminator: a warning.
      "[White \"E\"]\n[Black \"F\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 0-2\n" +
      // First error an unreadable token, then a square off the board: invalid by its token.
      game("G", "H", "*", "", "1. 32-28 3z 2. 60-55"));
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  const db::Counts c = test::open_read_only(folder.path() / "db").meta().counts;
  EXPECT_EQ(c.games, 4u);
  EXPECT_EQ(c.invalid, 3u);
  EXPECT_EQ(c.warnings + c.valid, 1u);
  // The invalid games whose first error is a move error: the first game only.
  EXPECT_EQ(indexer::games_with_move_error(c), 1u);
  EXPECT_EQ(c.with_kind[static_cast<unsigned>(pdn::IssueKind::BadSquare)], 1u);
  EXPECT_EQ(c.first_error[static_cast<unsigned>(pdn::IssueKind::CaptureRequired)], 1u);
  EXPECT_EQ(c.first_error[static_cast<unsigned>(pdn::IssueKind::MoveToken)], 2u);  // 3z twice
  EXPECT_EQ(c.with_kind[static_cast<unsigned>(pdn::IssueKind::ResultMismatch)], 1u);
  EXPECT_EQ(indexer::issue_kind_name(static_cast<unsigned>(pdn::IssueKind::CaptureRequired)),
            "capture_required");
  EXPECT_EQ(indexer::issue_kind_name(63), "kind_63");  // a kind this build does not know
}

}  // namespace
}  // namespace damdb

namespace damdb {
namespace {

// A batch counts every game read, copies of a stored game too: 250 copies of one game in
// batches of 50 are 5 commits after the 50th, 100th ... 250th game, and one more at the end of
// the import (the file's completed source record); the copies before each commit are kept.
TEST(GameIdentity, CopiesOfOneGameCommitEveryBatch) {
  std::string text;
  for (int i = 0; i < 250; ++i) text += game("Alice", "Bob", "2-0", "2003.05.14", kShortGame);
  const Imported r = import_text(text, 50);
  EXPECT_EQ(r.summary.commits, 6u);
  EXPECT_EQ(r.summary.games_stored, 1u);
  EXPECT_EQ(r.summary.duplicates, 249u);
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_EQ(r.games[0].sources.size(), 250u);
}

}  // namespace
}  // namespace damdb

namespace damdb {
namespace {

// A game can report two move-error kinds (a square off the board, then a piece of the side not
// to move, as a database built from mutated files held): counting games per kind would give
// more games "with an illegal move" than invalid games; the first error gives one per game.
TEST(GameIdentity, GamesWithAMoveErrorAreASubsetOfTheInvalidGames) {
  db::Counts c;
  c.games = 2;
  c.invalid = 1;
  c.valid = 1;
  c.with_kind[static_cast<unsigned>(pdn::IssueKind::BadSquare)] = 1;
  c.with_kind[static_cast<unsigned>(pdn::IssueKind::WrongSide)] = 1;
  c.first_error[static_cast<unsigned>(pdn::IssueKind::BadSquare)] = 1;
  EXPECT_EQ(indexer::games_with_move_error(c), 1u);
  c.first_error[static_cast<unsigned>(pdn::IssueKind::BadSquare)] = 0;
  c.first_error[static_cast<unsigned>(pdn::IssueKind::MoveToken)] = 1;
  EXPECT_EQ(indexer::games_with_move_error(c), 0u);  // unreadable token first: not counted
}

}  // namespace
}  // namespace damdb
