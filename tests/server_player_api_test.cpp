// /api/player (server/player_api.cpp) served on a loopback port: the record of "T. Sijbrands"
// in the hand-made games of tests/games_fixture.hpp counted by hand, the 400 and 404 cases, and
// the same JSON as `damdb player NAME --json`.
#include <httplib.h>

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "games_fixture.hpp"
#include "indexer/import/import_run.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/stats/player_record.hpp"
#include "indexer/stats/player_records_file.hpp"
#include "json/player_record.hpp"
#include "running_server.hpp"

namespace damdb {
namespace {

/// Status and JSON body of GET `target`.
std::pair<int, nlohmann::json> get_json(int port, const std::string& target) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(10);
  const httplib::Result r = client.Get(target.c_str());
  if (!r) return {0, nullptr};
  return {r->status, nlohmann::json::parse(r->body)};
}

TEST(ServerPlayerApi, TheRecordOfAPlayerCountedByHand) {
  test::TempFolder folder("server-player");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  test::RunningServer server(folder.path() / "db");
  // "Sijbrands, T." (games 1 and 6), "T. Sijbrands" (2), "T.  SIJBRANDS" (3): as White 1 2-0,
  // 3 0-2, 6 1-1; as Black 2 1-1. Points 2 + 0 + 1 + 1 = 4 of 8.
  const auto [status, j] = get_json(server.port(), "/api/player?name=T.%20Sijbrands");
  ASSERT_EQ(status, 200) << j;
  EXPECT_EQ(j.at("games"), 4);
  EXPECT_EQ(j.at("wins"), 1);
  EXPECT_EQ(j.at("draws"), 2);
  EXPECT_EQ(j.at("losses"), 1);
  EXPECT_EQ(j.at("score"), 50.0);
  EXPECT_EQ(j.at("white").at("games"), 3);
  EXPECT_EQ(j.at("black").at("draws"), 1);
  EXPECT_EQ(j.at("spellings").size(), 3u);
  EXPECT_EQ(j.at("spellings").at(0).at("name"), "Sijbrands, T.");
  EXPECT_EQ(j.at("spellings").at(0).at("games"), 2);
  // WK 2003 (games 1-3): Sijbrands 3 points, Jansen 2, Clerc 1: first of three. Friendly
  // (game 6, undated: last): a draw, both players 1 point, 0 wins: places 1-2 shared.
  ASSERT_EQ(j.at("events").size(), 2u);
  EXPECT_EQ(j.at("events").at(0).at("name"), "WK 2003");
  EXPECT_EQ(j.at("events").at(0).at("place"), "1");
  EXPECT_EQ(j.at("events").at(0).at("players"), 3);
  EXPECT_EQ(j.at("events").at(1).at("name"), "Friendly");
  EXPECT_EQ(j.at("events").at(1).at("place"), "1-2");
  // Two games each against Clerc (1, 2) and Jansen (3, 6, two spellings).
  ASSERT_EQ(j.at("opponents").size(), 2u);
  EXPECT_EQ(j.at("opponents").at(0).at("name"), "Clerc, R.");
  EXPECT_EQ(j.at("opponents").at(0).at("points"), 3);  // game 1 won, game 2 drawn
  EXPECT_EQ(j.at("points"), 4);
  EXPECT_EQ(j.at("opponents").at(1).at("games"), 2);
  // As White 32-28 (game 1), 33-28 (game 3), 31-26 (game 6); the node opens the explorer.
  const nlohmann::json& white = j.at("openings").at("white");
  EXPECT_EQ(white.at("games"), 3);
  ASSERT_EQ(white.at("children").size(), 3u);
  const nlohmann::json& first = white.at("children").at(0);
  EXPECT_EQ(first.at("explorer").at("line"), first.at("move"));
  EXPECT_EQ(first.at("explorer").at("player"), "Sijbrands, T.");
  EXPECT_EQ(first.at("children").at(0).at("explorer").at("line").get<std::string>().find(' ') !=
                std::string::npos,
            true);
  // Game 2 has 9 plies, game 1 8, games 3 and 6 6 each.
  EXPECT_EQ(j.at("longest").at(0).at("id"), 2);
  EXPECT_EQ(j.at("longest").at(0).at("plies"), 9);
  EXPECT_EQ(j.at("shortest").at(0).at("id"), 3);
  EXPECT_EQ(j.at("shortest").at(1).at("id"), 6);
}

TEST(ServerPlayerApi, EmptyUnknownAndAmbiguousNames) {
  test::TempFolder folder("server-player-bad");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  test::RunningServer server(folder.path() / "db");
  auto [status, j] = get_json(server.port(), "/api/player");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(j.value("parameter", ""), "name");
  std::tie(status, j) = get_json(server.port(), "/api/player?name=Kasparov");
  EXPECT_EQ(status, 404);
  EXPECT_FALSE(j.at("error").get<std::string>().empty());
  // "s" is in Sijbrands and in Jansen, not in Clerc.
  std::tie(status, j) = get_json(server.port(), "/api/player?name=s");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(j.value("parameter", ""), "name");
  EXPECT_EQ(j.at("candidates").size(), 2u);
}

TEST(ServerPlayerApi, SameJsonAsTheCommandLine) {
  test::TempFolder folder("server-player-cli");
  const std::string db = (folder.path() / "db").string();
  const std::string samples = std::string(DAMDB_SOURCE_DIR) + "/samples";
  test::import_into(folder.path() / "db", samples + "/wk2003.pdn");
  test::import_into(folder.path() / "db", samples + "/nk2003-amsterdam.pdn");
  test::RunningServer server(folder.path() / "db");
  const std::string command =
      std::string("'") + DAMDB_BINARY + "' player Thijssen --json --db '" + db + "' 2>/dev/null";
  std::string cli;
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) cli.append(buffer, n);
  ::pclose(pipe);
  ASSERT_FALSE(cli.empty());
  const auto [status, j] = get_json(server.port(), "/api/player?name=Thijssen");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(j, nlohmann::json::parse(cli));
}

// The records kept beside the database after an import (players.cache) are the records counted
// from the players' games, for every player of the samples and of the hand-made games.
TEST(ServerPlayerApi, KeptRecordsAreTheRecordsCountedFromTheGames) {
  test::TempFolder folder("server-player-kept");
  const std::string samples = std::string(DAMDB_SOURCE_DIR) + "/samples";
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  test::import_into(folder.path() / "db", samples + "/wk2003.pdn");
  test::import_into(folder.path() / "db", samples + "/nk2003-amsterdam.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto names = indexer::NameDirectory::of(database);
  std::vector<std::string> players;  // a spelling of each player
  for (const auto& [identity, record] : indexer::all_player_records(database, *names))
    players.push_back(record.spellings.front().first);
  ASSERT_GT(players.size(), 30u);  // 20 + 14 + the hand-made players, less the merged ones
  std::vector<nlohmann::json> counted;
  for (const std::string& p : players)
    counted.push_back(
        json::player_record_json(indexer::player_record(database, p, names, 5, false)));
  ASSERT_FALSE(std::filesystem::exists(folder.path() / "db" / indexer::kPlayerRecordsFileName));
  indexer::keep_player_records(database);
  ASSERT_TRUE(std::filesystem::exists(folder.path() / "db" / indexer::kPlayerRecordsFileName));
  for (std::size_t i = 0; i < players.size(); ++i)
    EXPECT_EQ(json::player_record_json(indexer::player_record(database, players[i], names)),
              counted[i])
        << players[i];
  // Another state (here an overrides file, even one of comments only) makes the file stale.
  const std::uint32_t sijbrands = names->player_of("Sijbrands, T.");
  EXPECT_TRUE(indexer::read_player_record_bytes(database, indexer::player_records_stamp(database),
                                                sijbrands)
                  .bytes);
  test::write_text(folder.path() / "db" / "player-overrides.txt", "# no pair\n");
  EXPECT_FALSE(indexer::read_player_record_bytes(
                   database, indexer::player_records_stamp(database), sijbrands)
                   .current);
}

/// One game of two plies in PDN (`moves`: "1. 32-28 18-23": distinct in each game, so that no
/// game is a copy or a prefix of another).
std::string two_ply_game(const std::string& event, const std::string& date,
                         const std::string& white, const std::string& black,
                         const std::string& result, const std::string& moves) {
  return "[Event \"" + event + "\"]\n[Date \"" + date + "\"]\n[White \"" + white +
         "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n" + moves + " " + result +
         "\n\n";
}

/// Every record of the players.cache file (which must be current) equals the record counted
/// from scratch (all_player_records), player for player.
void expect_kept_records_counted(const std::filesystem::path& folder) {
  const db::Database database = test::open_read_only(folder);
  const auto names = indexer::NameDirectory::of(database);
  const auto kept = indexer::read_player_records(database, indexer::player_records_stamp(database));
  ASSERT_TRUE(kept.has_value()) << "the kept records are not those of the current state";
  const auto counted = indexer::all_player_records(database, *names);
  ASSERT_EQ(kept->size(), counted.size());
  for (std::size_t i = 0; i < counted.size(); ++i) {
    ASSERT_EQ((*kept)[i].first, counted[i].first);
    const std::optional<indexer::PlayerRecord> r =
        indexer::kept_record(database, *names, counted[i].first);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(json::player_record_json(*r), json::player_record_json(counted[i].second))
        << counted[i].second.name;
  }
}

// An import updates the kept records of the players it concerns and copies the others: after
// each of several batches (new players and games in an event already stored, a spelling that
// merges two stored players, an Event tag spelled anew, copies of stored games one of which
// teaches a result) the file holds the records counted from scratch.
TEST(ServerPlayerApi, KeptRecordsFollowImportsInBatches) {
  test::TempFolder folder("server-player-batches");
  const std::filesystem::path db = folder.path() / "db";
  std::vector<std::string> batches(6);
  batches[0] = test::kGamesPdn;
  batches[1] =
      two_ply_game("Club 2004", "2004.01.10", "A. Schwarzman", "Bakker, P.", "2-0",
                   "1. 31-26 16-21") +
      two_ply_game("Club 2004", "2004.01.11", "Aleks. Schwarzman", "Visser, K.", "1-1",
                   "1. 31-27 16-21") +
      two_ply_game("Club 2004", "2004.01.12", "Visser, K.", "Bakker, P.", "*", "1. 32-27 16-21") +
      two_ply_game("Cup 2004", "2004.06.01", "Clerc, R.", "Bakker, P.", "0-2", "1. 32-28 16-21");
  batches[2] = two_ply_game("Open 2005", "2005.02.01", "Aleksandr Schwarzman", "Bakker, P.", "0-2",
                            "1. 33-28 16-21");
  batches[3] =
      two_ply_game("CLUB 2004", "2004.01.13", "Bakker, P.", "Visser, K.", "2-0", "1. 33-29 16-21");
  batches[4] = batches[1];  // copies of stored games: sources added, nothing else
  batches[5] =              // the game without a result, with one
      two_ply_game("Club 2004", "2004.01.12", "Visser, K.", "Bakker, P.", "0-2", "1. 32-27 16-21");
  std::vector<indexer::ImportRun> runs;
  for (std::size_t i = 0; i < batches.size(); ++i) {
    SCOPED_TRACE("batch " + std::to_string(i));
    const std::filesystem::path file = folder.path() / ("batch" + std::to_string(i) + ".pdn");
    test::write_text(file, batches[i]);
    {
      db::Database database = db::Database::open(db);
      indexer::ImportOptions options;
      options.compact_at_end = false;
      runs.push_back(indexer::import_and_merge(database, {file.string()}, options, false));
    }
    expect_kept_records_counted(db);
    if (i == 1 || i == 2) {  // "Aleksandr" merges "A." and "Aleks." into one player
      const db::Database database = test::open_read_only(db);
      const auto names = indexer::NameDirectory::of(database);
      EXPECT_EQ(names->player_of("A. Schwarzman") == names->player_of("Aleks. Schwarzman"), i == 2);
    }
  }
  EXPECT_TRUE(runs[0].records.rebuilt);  // no records kept before the first import
  for (std::size_t i = 1; i < runs.size(); ++i) {
    EXPECT_FALSE(runs[i].records.rebuilt) << i << ": " << runs[i].records.why;
    EXPECT_GT(runs[i].records.copied, 0u) << i;
  }
  EXPECT_EQ(runs[2].summary.games_stored, 1u);
  EXPECT_EQ(runs[4].summary.games_stored, 0u);
  EXPECT_EQ(runs[4].summary.reached.size(), 4u);
  EXPECT_EQ(runs[5].summary.reached.size(), 1u);
  // The copy taught the stored game its result: Visser lost it.
  const db::Database database = test::open_read_only(db);
  EXPECT_EQ(indexer::player_record(database, "Visser, K.").total.unknown, 0u);
}

}  // namespace
}  // namespace damdb
