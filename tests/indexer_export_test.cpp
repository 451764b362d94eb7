// Export writes canonical PDN 3.0 for GameType 20 (Result and terminator 2-0 / 1-1 / 0-2 / 0-0
// / *, dates YYYY.MM.DD with ?? for unknown parts, changed values named in a damdb comment),
// and exporting everything then importing it into a new database gives the same games, the
// same explorer answers and the same player table (checked on the real corpus).
#include "tests/corpus_required.hpp"
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "indexer/export/export.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/stats/statistics.hpp"
#include "indexer/text/game_date.hpp"
#include "pdn/reader.hpp"
#include "tests/corpus_files.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

std::string export_all(const db::Database& database) {
  std::ostringstream out;
  indexer::export_games(database, indexer::GameFilter{}, out);
  return out.str();
}

TEST(ExportCanonical, ResultAndDateInTheInternationalForm) {
  test::TempFolder folder("export-canonical");
  test::write_text(folder.path() / "a.pdn",
                   "[White \"A\"]\n[Black \"B\"]\n[Date \"2003\"]\n[Result \"1-0\"]\n\n"
                   "1. 32-28 19-23 1-0\n\n"
                   "[White \"C\"]\n[Black \"D\"]\n[Date \"2004.05.14\"]\n[Result \"0-1\"]\n\n"
                   "1. 32-28 19-23 0-1\n\n"
                   "[White \"E\"]\n[Black \"F\"]\n[Date \"????.??.??\"]\n[Result \"0-0\"]\n\n"
                   "1. 32-28 19-23 0-0\n");
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const std::string text = export_all(test::open_read_only(folder.path() / "db"));
  const std::vector<pdn::Game> games = pdn::read_games(text);
  ASSERT_EQ(games.size(), 3u) << text;
  EXPECT_EQ(games[0].tag("Result")->value, "2-0");
  EXPECT_EQ(games[0].text_of(*games[0].result()), "2-0");
  EXPECT_EQ(games[0].tag("Date")->value, "2003.??.??");
  EXPECT_NE(text.find("{damdb: Result was \"1-0\", Date was \"2003\"}"), std::string::npos)
      << text;
  EXPECT_EQ(games[1].tag("Result")->value, "0-2");
  EXPECT_EQ(games[1].text_of(*games[1].result()), "0-2");
  EXPECT_EQ(games[1].tag("Date")->value, "2004.05.14");  // already canonical: no comment
  EXPECT_NE(text.find("{damdb: Result was \"0-1\"}"), std::string::npos) << text;
  EXPECT_EQ(games[2].tag("Result")->value, "0-0");  // unfinished stays unfinished
  EXPECT_EQ(games[2].text_of(*games[2].result()), "0-0");
  EXPECT_EQ(games[2].tag("Date")->value, "????.??.??");
  // Canonical text is a fixed point: exporting the export changes nothing more.
  test::write_text(folder.path() / "b.pdn", text);
  test::import_into(folder.path() / "again", folder.path() / "b.pdn");
  EXPECT_EQ(export_all(test::open_read_only(folder.path() / "again")), text);
}

// A game read twice: the stored copy (more tags) has no Date, the other copy has one. The
// header holds the Date, and so does the export, with a note; exporting the export changes
// nothing more.
TEST(ExportCanonical, TagsTakenFromAnotherCopyAreWrittenWithANote) {
  test::TempFolder folder("export-copies");
  test::write_text(folder.path() / "a.pdn",
                   "[White \"A\"]\n[Black \"B\"]\n[Date \"2003.05.14\"]\n[Result \"2-0\"]\n\n"
                   "1. 32-28 19-23 2-0\n\n"
                   "[Event \"E\"]\n[Site \"S\"]\n[White \"A\"]\n[Black \"B\"]\n"
                   "[Date \"????.??.??\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2-0\n");
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  ASSERT_EQ(database.meta().counts.games, 1u);
  EXPECT_EQ(database.game(db::GameId{1})->tag("Site"), "S");  // the second copy is stored
  EXPECT_EQ(database.game(db::GameId{1})->tag("Date"), "2003.05.14");
  const std::string text = export_all(database);
  const std::vector<pdn::Game> games = pdn::read_games(text);
  ASSERT_EQ(games.size(), 1u) << text;
  EXPECT_EQ(games[0].tag("Site")->value, "S");
  EXPECT_EQ(games[0].tag("Date")->value, "2003.05.14");
  EXPECT_NE(text.find("{damdb: Date \"2003.05.14\" from another copy}"), std::string::npos)
      << text;
  test::write_text(folder.path() / "b.pdn", text);
  test::import_into(folder.path() / "again", folder.path() / "b.pdn");
  EXPECT_EQ(export_all(test::open_read_only(folder.path() / "again")), text);
}

// Values taken from another copy keep their meaning through an export: a Date written
// 14/05/2003 is written in the canonical form, and a '}' in a value does not end the note's
// comment (the moves after it would be lost when the export is read).
TEST(ExportCanonical, TakenValuesAreWrittenAsTheReaderReadThem) {
  test::TempFolder folder("export-taken");
  const std::string moves = "1. 32-28 19-23 2. 28x19 14x23 2-0\n\n";
  test::write_text(folder.path() / "a.pdn",
                   "[Site \"S\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
                   "[Result \"2-0\"]\n\n" + moves +
                   "[White \"A\"]\n[Black \"B\"]\n[Date \"14/05/2003\"]\n"
                   "[Event \"Cup} 1. 33-29 {\"]\n[Result \"2-0\"]\n\n" + moves);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const std::string text = export_all(test::open_read_only(folder.path() / "db"));
  const std::vector<pdn::Game> games = pdn::read_games(text);
  ASSERT_EQ(games.size(), 1u) << text;
  EXPECT_EQ(games[0].tag("Site")->value, "S");  // stored: a tie, and first in the fixed order
  EXPECT_EQ(games[0].tag("Date")->value, "2003.05.14") << text;
  EXPECT_EQ(games[0].tag("Event")->value, "Cup} 1. 33-29 {");
  test::write_text(folder.path() / "b.pdn", text);
  test::import_into(folder.path() / "again", folder.path() / "b.pdn");
  const db::Database again = test::open_read_only(folder.path() / "again");
  ASSERT_EQ(again.meta().counts.games, 1u);
  EXPECT_EQ(again.game(db::GameId{1})->moves.size(), 4u);
  EXPECT_EQ(again.game(db::GameId{1})->status, db::ValidationStatus::Valid);
  EXPECT_EQ(export_all(again), text);
}

// Games without moves are told apart by their tags in the forms an export writes, in any
// order: a Date "2003" and "2003.??.??", two unreadable Dates, a Result tag "*" beside the
// terminator 0-2 and "0-2", are one game; exporting then importing keeps the number of games.
TEST(ExportCanonical, GamesWithoutMovesKeepTheirNumberThroughAnExport) {
  test::TempFolder folder("export-moveless");
  test::write_text(folder.path() / "a.pdn",
                   "[White \"Z1\"]\n[Black \"Z2\"]\n[Date \"2003\"]\n[Result \"*\"]\n\n0-2\n\n"
                   "[White \"Z1\"]\n[Black \"Z2\"]\n[Date \"2003.??.??\"]\n[Result \"0-2\"]\n\n0-2\n\n"
                   "[White \"Z1\"]\n[Black \"Z3\"]\n[Result \"2-0\"]\n\n2-0\n\n"
                   "[White \"Z1\"]\n[Black \"Z3\"]\n[Round \"2\"]\n[Result \"2-0\"]\n\n2-0\n\n"
                   // Unreadable Dates (exported as ????.??.??), tags in another order.
                   "[White \"Z4\"]\n[Black \"Z5\"]\n[Date \"garbage\"]\n[Result \"2-0\"]\n\n2-0\n\n"
                   "[White \"Z4\"]\n[Black \"Z5\"]\n[Date \"nonsense\"]\n[Result \"2-0\"]\n\n2-0\n\n"
                   "[White \"Z6\"]\n[Black \"Z7\"]\n[Event \"E\"]\n\n1-1\n\n"
                   "[Event \"E\"]\n[Black \"Z7\"]\n[White \"Z6\"]\n\n1-1\n");
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  EXPECT_EQ(database.meta().counts.games, 5u);  // pairs 1-2, 5-6 and 7-8 are one game each
  const std::string text = export_all(database);
  test::write_text(folder.path() / "b.pdn", text);
  test::import_into(folder.path() / "again", folder.path() / "b.pdn");
  const db::Database again = test::open_read_only(folder.path() / "again");
  EXPECT_EQ(again.meta().counts.games, 5u) << text;
  EXPECT_EQ(export_all(again), text);
}

// What a comparison of two databases looks at: every game's header, the explorer at a few
// positions, the player table.
struct DatabaseView {
  std::vector<std::string> games;
  std::vector<std::string> explorer;
  std::vector<std::string> players;
};

DatabaseView view_of(const db::Database& database) {
  DatabaseView v;
  database.for_each_game_header([&](db::GameId, const db::GameHeader& h) {
    v.games.push_back(h.white + "|" + h.black + "|" + h.event + "|" + h.round + "|" +
                      indexer::game_date(h) + "|" + indexer::result_text(h.result) + "|" +
                      std::to_string(h.plies));
    return true;
  });
  for (const char* moves : {"", "32-28", "32-28 18-23", "33-28 18-22", "31-27"}) {
    const indexer::OpeningAnswer a = indexer::query_opening(
        database, indexer::position_after(moves), indexer::GameFilter{}, false, false);
    v.explorer.push_back(std::string(moves) + ": " + std::to_string(a.games) + " games, " +
                         std::to_string(a.ended_here) + " ended");
    for (const indexer::MoveRow& m : a.moves) {
      const db::ResultCounts& c = m.counts;
      v.explorer.push_back(m.notation + " " + std::to_string(c.games()) + " " +
                           std::to_string(c.white_wins) + "/" + std::to_string(c.draws) + "/" +
                           std::to_string(c.black_wins) + "/" + std::to_string(c.unknown));
    }
  }
  const indexer::PlayerReport players = indexer::player_statistics(database, indexer::GameFilter{});
  for (const indexer::PlayerStats& p : players.rows)
    v.players.push_back(p.key + " " + std::to_string(p.total.games()) + " " +
                        std::to_string(indexer::result_points(p.total)) + " " + p.first_date +
                        " " + p.last_date);
  return v;
}

TEST(ExportCorpus, ExportThenImportIsTheIdentity) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  test::TempFolder folder("export-corpus");
  std::vector<std::string> files;
  for (const auto& f : damdb::testing::corpus_pdn_files()) files.push_back(f.string());
  ASSERT_FALSE(files.empty());
  std::string text;
  DatabaseView first;
  {
    db::Database database = db::Database::open(folder.path() / "a");
    indexer::ImportOptions options;
    options.compact_at_end = false;
    indexer::import_files(database, files, options);
    text = export_all(database);
    first = view_of(database);
  }
  test::write_text(folder.path() / "all.pdn", text);
  test::import_into(folder.path() / "b", folder.path() / "all.pdn");
  const DatabaseView second = view_of(test::open_read_only(folder.path() / "b"));
  ASSERT_GT(first.games.size(), 3000u);
  EXPECT_EQ(second.games.size(), first.games.size());
  for (std::size_t i = 0; i < std::min(first.games.size(), second.games.size()); ++i)
    ASSERT_EQ(second.games[i], first.games[i]) << "game " << i + 1;
  EXPECT_EQ(second.explorer, first.explorer);
  EXPECT_EQ(second.players, first.players);
}

}  // namespace
}  // namespace damdb
