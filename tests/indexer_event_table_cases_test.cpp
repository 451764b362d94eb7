// The table of a stored event (indexer/stats/event_table.hpp) from PDN files written here, so
// that every figure is known by construction: a round robin of six players with one player
// spelled two ways, a match whose file order is not its playing order, a Swiss with a bye in
// each round, games without a result beside pairs that met twice, and a result the final
// position contradicts. Each expected figure is worked out by hand beside it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "indexer/import/import_run.hpp"
#include "indexer/stats/event_table.hpp"
#include "indexer/stats/result_warnings_file.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

/// One game of `event`: the tags given ("" leaves the tag out) and a short legal move list,
/// ended by `result` (no Result tag and no terminator when `result` is "").
std::string tagged_game(const std::string& event, const std::string& white,
                        const std::string& black, const std::string& result,
                        const std::string& round, const std::string& date = "",
                        const std::string& moves = "1. 32-28 19-23 2. 28x19 14x23") {
  std::string text = "[Event \"" + event + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
                     "\"]\n";
  if (!round.empty()) text += "[Round \"" + round + "\"]\n";
  if (!date.empty()) text += "[Date \"" + date + "\"]\n";
  if (!result.empty()) text += "[Result \"" + result + "\"]\n";
  text += "\n" + moves;
  if (!result.empty()) text += " " + result;
  return text + "\n\n";
}

/// The table of the event `name` of a database imported from `text` (its `games` are the
/// ids in file order: the import numbers the games in the order the file holds them).
indexer::EventTableReport table_of(const std::string& text, const std::string& name) {
  test::TempFolder folder("event-cases");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  return indexer::event_table(test::open_read_only(folder.path() / "db"), name);
}

const indexer::Standing& standing_named(const indexer::TournamentTable& t,
                                        const std::string& name) {
  for (const indexer::Standing& s : t.standings)
    if (t.players[s.player].name == name) return s;
  throw std::out_of_range(name);
}

std::size_t player_named(const indexer::TournamentTable& t, const std::string& name) {
  return standing_named(t, name).player;
}

// Six players A..F, five rounds of three games, results written in three notations (2-0, 1-0
// and 1/2-1/2 for the same outcomes as 2-0 and 1-1). Results from the first-named player's
// side: A beats everyone; B beats C, D, E and draws F; C beats E, F and draws D; D draws C, E
// and beats F; E draws D, F.
// Points: A 10 (5 wins), B 7 (3 wins), C 5 (2), D 4 (1), E 2 (0), F 2 (0); 30 = 15 games x 2.
// E and F are equal on points and wins. Sonneborn-Berger: E drew D (4) and F (2): 4 + 2 = 6;
// F drew B (7) and E (2): 7 + 2 = 9; so F is 5th and E 6th. A: 2 x (7+5+4+2+2) = 40; B: 2 x
// (C 5 + D 4 + E 2) + F 2 = 24; C: 2 x (E 2 + F 2) + D 4 = 12; D: C 5 + E 2 + 2 x F 2 = 11.
// Resistance of E and of F: the five others' points, 10+7+5+4+2 = 28.
// B is "Harm Wiersma" in four games and "Wiersma, Harm" in round 4 (game 11).
const char* const kA = "Ton Sijbrands";
const char* const kB = "Harm Wiersma";
const char* const kC = "Rob Clerc";
const char* const kD = "Jannes Dolfing";
const char* const kE = "Anton Winkel";
const char* const kF = "Piet Roozenburg";

std::string round_robin_pdn() {
  const std::string ev = "Zeskamp 1985";
  return tagged_game(ev, kA, kF, "2-0", "1") + tagged_game(ev, kB, kE, "1-0", "1") +
         tagged_game(ev, kC, kD, "1-1", "1") + tagged_game(ev, kE, kA, "0-2", "2") +
         tagged_game(ev, kF, kD, "0-1", "2") + tagged_game(ev, kB, kC, "2-0", "2") +
         tagged_game(ev, kA, kD, "2-0", "3") + tagged_game(ev, kC, kE, "2-0", "3") +
         tagged_game(ev, kF, kB, "1/2-1/2", "3") + tagged_game(ev, kC, kA, "0-2", "4") +
         tagged_game(ev, kD, "Wiersma, Harm", "0-2", "4") + tagged_game(ev, kE, kF, "1-1", "4") +
         tagged_game(ev, kA, kB, "2-0", "5") + tagged_game(ev, kF, kC, "0-2", "5") +
         tagged_game(ev, kD, kE, "1-1", "5");
}

TEST(EventTableCases, RoundRobinOfSixPlayersFromPdn) {
  const indexer::EventTableReport r = table_of(round_robin_pdn(), "zeskamp 1985");
  const indexer::TournamentTable& t = r.table;
  ASSERT_EQ(r.games.size(), 15u);
  EXPECT_EQ(t.games, 15u);
  EXPECT_EQ(t.points_total, 30u);
  ASSERT_EQ(t.players.size(), 6u);
  const std::vector<std::string> order = {kA, kB, kC, kD, kF, kE};
  const std::vector<unsigned> points = {10, 7, 5, 4, 2, 2}, wins = {5, 3, 2, 1, 0, 0};
  const std::vector<unsigned> sb = {40, 24, 12, 11, 9, 6};
  for (std::size_t i = 0; i < 6; ++i) {
    const indexer::Standing& s = t.standings[i];
    EXPECT_EQ(t.players[s.player].name, order[i]) << i;
    EXPECT_EQ(s.points(), points[i]) << i;
    EXPECT_EQ(s.results.wins, wins[i]) << i;
    EXPECT_EQ(s.sonneborn_berger, sb[i]) << i;
    EXPECT_EQ(s.games(), 5u) << i;
    EXPECT_EQ(indexer::place_text(s), std::to_string(i + 1));
  }
  EXPECT_EQ(standing_named(t, kE).resistance, 28u);
  EXPECT_EQ(standing_named(t, kF).resistance, 28u);
  EXPECT_EQ(t.players[player_named(t, kB)].spellings,
            (std::vector<std::string>{"Harm Wiersma", "Wiersma, Harm"}));
  // The cell of B against D holds game 11 (the 11th of the file), won by B with Black.
  const auto& cell = t.cells[player_named(t, kB)][player_named(t, kD)];
  ASSERT_EQ(cell.size(), 1u);
  EXPECT_EQ(cell[0].id, r.games[10]);
  EXPECT_EQ(cell[0].points, 2);
  EXPECT_FALSE(cell[0].white);
  EXPECT_EQ(cell[0].round, "4");
  EXPECT_EQ(t.rounds, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
  EXPECT_TRUE(t.missing.empty());
  EXPECT_TRUE(t.repeated_pairs.empty());
  EXPECT_TRUE(t.without_result.empty());
  EXPECT_TRUE(t.contradicted.empty());
  EXPECT_FALSE(t.match);
}

TEST(EventTableCases, MatchRunsItsScoreInPlayingOrder) {
  // Four games of Georgiev and Schwarzman; the file holds round 3 before round 2, the dates
  // give the playing order 1, 2, 3, 4. Georgiev (White in 1 and 3) wins 1, draws 2, loses 3
  // (Schwarzman White) and 4 (Georgiev White, 0-2): the running score from Georgiev's side is
  // 2-0, 3-1, 3-3, 3-5. Game 4 spells him "Georgiev, Alexander".
  const std::string ev = "WK match 2009";
  const std::string g = "Alexander Georgiev", s = "Alexander Schwarzman";
  const std::string text = tagged_game(ev, g, s, "2-0", "1", "2009.10.01") +
                           tagged_game(ev, g, s, "0-2", "3", "2009.10.05") +
                           tagged_game(ev, s, g, "1-1", "2", "2009.10.03") +
                           tagged_game(ev, "Georgiev, Alexander", s, "0-2", "4", "2009.10.07");
  const indexer::EventTableReport r = table_of(text, "WK match 2009");
  const indexer::TournamentTable& t = r.table;
  ASSERT_TRUE(t.match);
  ASSERT_EQ(t.players.size(), 2u);
  ASSERT_EQ(t.running.size(), 4u);
  const std::size_t georgiev = player_named(t, g);
  const std::vector<std::pair<unsigned, unsigned>> score = {{2, 0}, {3, 1}, {3, 3}, {3, 5}};
  const std::vector<std::string> rounds = {"1", "2", "3", "4"};
  const std::vector<db::GameId> ids = {r.games[0], r.games[2], r.games[1], r.games[3]};
  for (std::size_t i = 0; i < 4; ++i) {
    const indexer::MatchStep& step = t.running[i];
    const unsigned mine = georgiev == 0 ? step.score_first : step.score_second;
    const unsigned theirs = georgiev == 0 ? step.score_second : step.score_first;
    EXPECT_EQ(std::pair(mine, theirs), score[i]) << i;
    EXPECT_EQ(step.round, rounds[i]) << i;
    EXPECT_EQ(step.id, ids[i]) << i;
  }
  EXPECT_EQ(standing_named(t, s).place, 1u);
  EXPECT_EQ(standing_named(t, s).points(), 5u);
  EXPECT_EQ(standing_named(t, g).points(), 3u);
  EXPECT_EQ(t.players[georgiev].spellings,
            (std::vector<std::string>{"Alexander Georgiev", "Georgiev, Alexander"}));
  EXPECT_TRUE(t.repeated_pairs.empty());  // a match's pair meets in every game
}

TEST(EventTableCases, SwissWithAByeInEachRound) {
  // Five players, three rounds of two games: E has no game in round 1, D none in round 2, C
  // none in round 3 (each a bye, which scores nothing here: the table counts games).
  //   r1: A-B 2-0, C-D 1-1; r2: E-A 0-2, B-C 2-0; r3: D-A 1-1, B-E 2-0.
  // A 2+2+1 = 5, B 0+2+2 = 4, D 1+1 = 2, C 1+0 = 1, E 0: places 1..5 in that order; 12 points.
  const std::string ev = "Swiss Open";
  const std::string text =
      tagged_game(ev, "A", "B", "2-0", "1") + tagged_game(ev, "C", "D", "1-1", "1") +
      tagged_game(ev, "E", "A", "0-2", "2") + tagged_game(ev, "B", "C", "2-0", "2") +
      tagged_game(ev, "D", "A", "1-1", "3") + tagged_game(ev, "B", "E", "2-0", "3");
  const indexer::TournamentTable t = table_of(text, "Swiss Open").table;
  EXPECT_EQ(t.points_total, 12u);
  const std::vector<std::string> order = {"A", "B", "D", "C", "E"};
  const std::vector<unsigned> points = {5, 4, 2, 1, 0}, games = {3, 3, 2, 2, 2};
  ASSERT_EQ(t.standings.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(t.players[t.standings[i].player].name, order[i]) << i;
    EXPECT_EQ(t.standings[i].points(), points[i]) << i;
    EXPECT_EQ(t.standings[i].games(), games[i]) << i;
    EXPECT_EQ(t.standings[i].place, i + 1) << i;
  }
  ASSERT_EQ(t.missing.size(), 3u);
  const std::vector<std::pair<std::string, std::string>> missing = {
      {"1", "E"}, {"2", "D"}, {"3", "C"}};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(t.missing[i].round, missing[i].first) << i;
    EXPECT_EQ(t.players[t.missing[i].player].name, missing[i].second) << i;
  }
  EXPECT_EQ(t.rounds, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_TRUE(t.repeated_pairs.empty());
}

TEST(EventTableCases, GamesWithoutResultAndPairsMetTwice) {
  // Four players, no Round tags (so no rounds: player against player):
  //   1 A-B 2-0, 2 C-D 1-1, 3 A-C 1-1, 4 B-D 2-0, 5 D-A 0-2, 6 B-C "*", 7 C-D without a Result
  //   tag or terminator (and other moves, so that it is not taken for a copy of game 2), 8 B-A
  //   2-0.
  // A-B met twice (1, 8), C-D twice (2, 7); the other four pairs once. Games 6 and 7 have no
  // result. A 2+1+2+0 = 5 (2 W, 1 D, 1 L); B 0+2+2 = 4 (1 unknown); C 1+1 = 2 (2 unknown);
  // D 1+0+0 = 1 (1 unknown); 12 points from 6 games.
  const std::string ev = "Clubkampioenschap";
  const std::string text =
      tagged_game(ev, "A", "B", "2-0", "") + tagged_game(ev, "C", "D", "1-1", "") +
      tagged_game(ev, "A", "C", "1-1", "") + tagged_game(ev, "B", "D", "2-0", "") +
      tagged_game(ev, "D", "A", "0-2", "") + tagged_game(ev, "B", "C", "*", "") +
      tagged_game(ev, "C", "D", "", "", "", "1. 31-27 19-23") + tagged_game(ev, "B", "A", "2-0", "");
  const indexer::EventTableReport r = table_of(text, ev);
  const indexer::TournamentTable& t = r.table;
  ASSERT_EQ(r.games.size(), 8u);
  EXPECT_EQ(t.games, 8u);
  EXPECT_EQ(t.points_total, 12u);
  EXPECT_EQ(t.without_result, (std::vector<db::GameId>{r.games[5], r.games[6]}));
  EXPECT_TRUE(t.rounds.empty());
  const std::vector<std::string> names = {"A", "B", "C", "D"};
  const std::vector<unsigned> points = {5, 4, 2, 1}, unknown = {0, 1, 2, 1}, games = {4, 3, 2, 3};
  for (std::size_t i = 0; i < 4; ++i) {
    const indexer::Standing& s = standing_named(t, names[i]);
    EXPECT_EQ(s.points(), points[i]) << names[i];
    EXPECT_EQ(s.results.unknown, unknown[i]) << names[i];
    EXPECT_EQ(s.games(), games[i]) << names[i];
    EXPECT_EQ(s.place, i + 1) << names[i];
  }
  ASSERT_EQ(t.repeated_pairs.size(), 2u);
  std::vector<std::vector<db::GameId>> repeated;
  for (const indexer::RepeatedPair& p : t.repeated_pairs) {
    std::vector<std::string> pair = {t.players[p.a].name, t.players[p.b].name};
    std::sort(pair.begin(), pair.end());
    EXPECT_TRUE(pair == (std::vector<std::string>{"A", "B"}) ||
                pair == (std::vector<std::string>{"C", "D"}));
    repeated.push_back(p.games);
  }
  std::sort(repeated.begin(), repeated.end());
  EXPECT_EQ(repeated, (std::vector<std::vector<db::GameId>>{{r.games[0], r.games[7]},
                                                           {r.games[1], r.games[6]}}));
  // The cell of B against C holds game 6 without points.
  const auto& cell = t.cells[player_named(t, "B")][player_named(t, "C")];
  ASSERT_EQ(cell.size(), 1u);
  EXPECT_EQ(cell[0].points, -1);
}

TEST(EventTableCases, AResultTheFinalPositionContradictsIsCountedAndListed) {
  // Three players. Game 1: White takes Black's last piece (FEN W:W32:B28, 1. 32x23), so Black
  // has no move and has lost, but the file says 0-2: the table counts the result as recorded
  // (B 2 points) and lists the game. Game 2 B-C 1-1, game 3 C-A 2-0.
  // A 0 + 0 = 0, B 2 + 1 = 3, C 1 + 2 = 3; B and C both 1 win; SB: B 2 x A 0 + 1 x C 3 = 3,
  // C 1 x B 3 + 2 x A 0 = 3: B and C share place 1-2.
  const std::string ev = "Probleemtoernooi";
  const std::string contradicted = "[Event \"" + ev +
                                   "\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-2\"]\n"
                                   "[FEN \"W:W32:B28\"]\n\n1. 32x23 0-2\n\n";
  const std::string text = contradicted + tagged_game(ev, "B", "C", "1-1", "") +
                           tagged_game(ev, "C", "A", "2-0", "");
  const indexer::EventTableReport r = table_of(text, ev);
  const indexer::TournamentTable& t = r.table;
  ASSERT_EQ(r.games.size(), 3u);
  EXPECT_EQ(t.contradicted, (std::vector<db::GameId>{r.games[0]}));
  EXPECT_EQ(standing_named(t, "A").points(), 0u);
  EXPECT_EQ(standing_named(t, "B").points(), 3u);
  EXPECT_EQ(standing_named(t, "C").points(), 3u);
  EXPECT_EQ(indexer::place_text(standing_named(t, "B")), "1-2");
  EXPECT_EQ(indexer::place_text(standing_named(t, "C")), "1-2");
  EXPECT_EQ(indexer::place_text(standing_named(t, "A")), "3");
  EXPECT_TRUE(t.without_result.empty());
}

// The result warnings an import keeps beside the database (result-warnings.cache: made by reading
// every record at the first import, then from each import's own games) mark the same games as
// the records read one by one: a final position contradicting the result (game 1) and a Result
// tag disagreeing with the movetext's result (game 3, imported in a second batch).
TEST(EventTableCases, ResultWarningsKeptAtImportAreThoseOfTheRecords) {
  const std::string ev = "Probleemtoernooi";
  test::TempFolder folder("event-warnings");
  const std::filesystem::path db = folder.path() / "db";
  test::write_text(folder.path() / "a.pdn",
                   "[Event \"" + ev + "\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-2\"]\n"
                   "[FEN \"W:W32:B28\"]\n\n1. 32x23 0-2\n\n" + tagged_game(ev, "B", "C", "1-1", ""));
  test::write_text(folder.path() / "b.pdn",
                   "[Event \"" + ev + "\"]\n[White \"C\"]\n[Black \"A\"]\n[Result \"2-0\"]\n\n"
                   "1. 32-28 19-23 2. 28x19 14x23 0-2\n\n");
  for (const char* file : {"a.pdn", "b.pdn"}) {
    db::Database database = db::Database::open(db);
    indexer::ImportOptions options;
    options.compact_at_end = false;
    indexer::import_and_merge(database, {(folder.path() / file).string()}, options, false);
  }
  indexer::EventTableReport kept, read;
  {
    const db::Database database = test::open_read_only(db);
    ASSERT_TRUE(indexer::kept_result_warnings(database, {}).has_value());
    kept = indexer::event_table(database, ev);
  }
  std::filesystem::remove(db / indexer::kResultWarningsFileName);
  {
    const db::Database database = test::open_read_only(db);
    ASSERT_FALSE(indexer::kept_result_warnings(database, {}).has_value());
    read = indexer::event_table(database, ev);
  }
  ASSERT_EQ(kept.games.size(), 3u);
  EXPECT_EQ(kept.table.contradicted, (std::vector<db::GameId>{kept.games[0]}));
  EXPECT_EQ(kept.table.result_mismatch, (std::vector<db::GameId>{kept.games[2]}));
  EXPECT_EQ(read.table.contradicted, kept.table.contradicted);
  EXPECT_EQ(read.table.result_mismatch, kept.table.result_mismatch);
}

}  // namespace
}  // namespace damdb
