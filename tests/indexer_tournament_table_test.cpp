// The table of an event (indexer/stats/tournament_table.hpp) from games whose every figure is known by
// construction: a round robin of six players with chosen results, a match, a Swiss round with a
// bye, a game without a result and a pairing played twice. The expected points, places and
// tie-breaks are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/stats/tournament_table.hpp"

namespace damdb::indexer {
namespace {

using R = db::GameResult;

std::vector<TablePlayer> players_named(const std::string& letters) {
  std::vector<TablePlayer> out;
  for (char c : letters) out.push_back({std::string(1, c), {std::string(1, c)}});
  return out;
}

TableGame game(std::uint32_t id, std::size_t white, std::size_t black, R result,
               std::string round = "") {
  return {db::GameId{id}, white, black, result, std::move(round), "", false};
}

const Standing& standing_of(const TournamentTable& t, std::size_t player) {
  for (const Standing& s : t.standings)
    if (s.player == player) return s;
  throw std::out_of_range("no such player");
}

// A..F (0..5), five rounds of three games; results from the first-named player's side:
//   A beats everyone; B beats C, D, E and draws F; C beats E, F and draws D; D draws C, E and
//   beats F; E draws D, F.
// Points: A 10 (5 wins), B 7 (3 wins), C 5 (2), D 4 (1), E 2 (0), F 2 (0); 30 = 15 games x 2.
// E and F: equal points and wins. Sonneborn-Berger: E drew D (4) and F (2): 1x4 + 1x2 = 6;
// F drew B (7) and E (2): 7 + 2 = 9, so F is 5th and E 6th. Resistance points of E: A+B+C+D+F
// = 10+7+5+4+2 = 28; of F: A+B+C+D+E = 28. A: 2 x (7+5+4+2+2) = 40. B: 2 x (C 5 + D 4 + E 2)
// + 1 x F 2 = 24.
std::vector<TableGame> round_robin() {
  return {game(1, 0, 5, R::WhiteWin, "1"), game(2, 1, 4, R::WhiteWin, "1"),
          game(3, 2, 3, R::Draw, "1"),     game(4, 4, 0, R::BlackWin, "2"),
          game(5, 5, 3, R::BlackWin, "2"), game(6, 1, 2, R::WhiteWin, "2"),
          game(7, 0, 3, R::WhiteWin, "3"), game(8, 2, 4, R::WhiteWin, "3"),
          game(9, 5, 1, R::Draw, "3"),     game(10, 2, 0, R::BlackWin, "4"),
          game(11, 3, 1, R::BlackWin, "4"), game(12, 4, 5, R::Draw, "4"),
          game(13, 0, 1, R::WhiteWin, "5"), game(14, 5, 2, R::BlackWin, "5"),
          game(15, 3, 4, R::Draw, "5")};
}

TEST(TournamentTable, RoundRobinOfSixPlayers) {
  const TournamentTable t = tournament_table(players_named("ABCDEF"), round_robin());
  EXPECT_EQ(t.games, 15u);
  EXPECT_EQ(t.points_total, 30u);
  ASSERT_EQ(t.standings.size(), 6u);
  const std::vector<std::size_t> order = {0, 1, 2, 3, 5, 4};
  const std::vector<std::uint32_t> points = {10, 7, 5, 4, 2, 2};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(t.standings[i].player, order[i]) << i;
    EXPECT_EQ(t.standings[i].points(), points[i]) << i;
    EXPECT_EQ(t.standings[i].place, i + 1) << i;
    EXPECT_EQ(place_text(t.standings[i]), std::to_string(i + 1));
  }
  EXPECT_EQ(standing_of(t, 0).sonneborn_berger, 40u);
  EXPECT_EQ(standing_of(t, 1).sonneborn_berger, 24u);
  EXPECT_EQ(standing_of(t, 4).sonneborn_berger, 6u);
  EXPECT_EQ(standing_of(t, 5).sonneborn_berger, 9u);
  EXPECT_EQ(standing_of(t, 4).resistance, 28u);
  EXPECT_EQ(standing_of(t, 5).resistance, 28u);
  const Standing& b = standing_of(t, 1);
  EXPECT_EQ(b.results.wins, 3u);
  EXPECT_EQ(b.results.draws, 1u);
  EXPECT_EQ(b.results.losses, 1u);
  EXPECT_EQ(b.games(), 5u);
  // Cells: B against F is game 9, a draw with Black; F's side of it the same draw with White.
  ASSERT_EQ(t.cells[1][5].size(), 1u);
  EXPECT_EQ(t.cells[1][5][0].id.value, 9u);
  EXPECT_EQ(t.cells[1][5][0].points, 1);
  EXPECT_FALSE(t.cells[1][5][0].white);
  EXPECT_TRUE(t.cells[5][1][0].white);
  EXPECT_TRUE(t.cells[1][1].empty());
  EXPECT_EQ(t.rounds, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
  EXPECT_TRUE(t.missing.empty());
  EXPECT_TRUE(t.repeated_pairs.empty());
  EXPECT_TRUE(t.without_result.empty());
  EXPECT_FALSE(t.match);
}

TEST(TournamentTable, MatchHasARunningScoreAndEqualPlayersShareAPlace) {
  // A (0) wins game 1 with White, B (1) wins game 2 with White, game 3 is drawn: 3-3.
  const TournamentTable t = tournament_table(
      players_named("AB"), {game(1, 0, 1, R::WhiteWin, "1"), game(2, 1, 0, R::WhiteWin, "2"),
                            game(3, 0, 1, R::Draw, "3")});
  ASSERT_TRUE(t.match);
  ASSERT_EQ(t.running.size(), 3u);
  EXPECT_EQ(std::pair(t.running[0].score_first, t.running[0].score_second), std::pair(2u, 0u));
  EXPECT_EQ(std::pair(t.running[1].score_first, t.running[1].score_second), std::pair(2u, 2u));
  EXPECT_EQ(std::pair(t.running[2].score_first, t.running[2].score_second), std::pair(3u, 3u));
  // Both: 3 points, 1 win, Sonneborn-Berger 2 x 3 + 1 x 3 = 9: one shared first place.
  for (const Standing& s : t.standings) {
    EXPECT_EQ(s.points(), 3u);
    EXPECT_EQ(s.sonneborn_berger, 9u);
    EXPECT_EQ(place_text(s), "1-2");
  }
  EXPECT_EQ(t.cells[0][1].size(), 3u);
}

TEST(TournamentTable, SwissRoundsListThePlayerWithoutAGame) {
  // Five players, two rounds of two games: E (4) has no game in round 1, A (0) none in round 2.
  const TournamentTable t = tournament_table(
      players_named("ABCDE"), {game(1, 0, 1, R::WhiteWin, "1"), game(2, 2, 3, R::Draw, "1"),
                               game(3, 4, 1, R::BlackWin, "2"), game(4, 3, 2, R::WhiteWin, "2")});
  ASSERT_EQ(t.missing.size(), 2u);
  EXPECT_EQ(t.missing[0].round, "1");
  EXPECT_EQ(t.missing[0].player, 4u);
  EXPECT_EQ(t.missing[1].round, "2");
  EXPECT_EQ(t.missing[1].player, 0u);
  EXPECT_EQ(t.points_total, 8u);
}

TEST(TournamentTable, GamesByRoundHoldEachGameOfAPlayerUnderItsRound) {
  // Four players over rounds "2", "10" and "1": B (1) plays D in round 1 (game 1), A in round 2
  // (game 2) and C in round 2 too (game 3: a round with two games), none in round 10.
  const TournamentTable t = tournament_table(
      players_named("ABCD"),
      {game(1, 1, 3, R::WhiteWin, "1"), game(2, 0, 1, R::Draw, "2"), game(3, 2, 1, R::BlackWin, "2"),
       game(4, 0, 2, R::WhiteWin, "10"), game(5, 3, 0, R::Draw, "1")});
  ASSERT_EQ(t.rounds, (std::vector<std::string>{"1", "2", "10"}));
  const std::vector<std::vector<RoundGame>> b = games_by_round(t, 1);
  ASSERT_EQ(b.size(), 3u);
  ASSERT_EQ(b[0].size(), 1u);
  EXPECT_EQ(b[0][0].opponent, 3u);
  EXPECT_EQ(b[0][0].game->id, db::GameId{1});
  EXPECT_TRUE(b[0][0].game->white);
  EXPECT_EQ(b[0][0].game->points, 2);
  ASSERT_EQ(b[1].size(), 2u);  // by opponent: A (game 2, a draw as Black), then C (game 3, won)
  EXPECT_EQ(b[1][0].opponent, 0u);
  EXPECT_EQ(b[1][0].game->id, db::GameId{2});
  EXPECT_EQ(b[1][0].game->points, 1);
  EXPECT_EQ(b[1][1].opponent, 2u);
  EXPECT_EQ(b[1][1].game->id, db::GameId{3});
  EXPECT_FALSE(b[1][1].game->white);
  EXPECT_EQ(b[1][1].game->points, 2);
  EXPECT_TRUE(b[2].empty());
  const std::vector<std::vector<RoundGame>> a = games_by_round(t, 0);
  EXPECT_EQ(a[0].size(), 1u);  // D-A in round 1
  EXPECT_EQ(a[2].size(), 1u);  // A-C in round 10
}

TEST(TournamentTable, GamesWithoutResultAndARepeatedPairAreShown) {
  // Four players: A-B, C-D, A-C, B-D and D-A once each (B-C never met), then C-D again without
  // a result (game 6) and A-B again (game 7): 6 games with a result, 12 points; only game 6
  // names a round, so there are no rounds.
  const TournamentTable t = tournament_table(
      players_named("ABCD"),
      {game(1, 0, 1, R::WhiteWin), game(2, 2, 3, R::Draw), game(3, 0, 2, R::Draw),
       game(4, 1, 3, R::WhiteWin), game(5, 3, 0, R::BlackWin), game(6, 2, 3, R::Unknown, "x"),
       game(7, 1, 0, R::WhiteWin)});
  EXPECT_EQ(t.games, 7u);
  EXPECT_EQ(t.points_total, 12u);
  EXPECT_EQ(t.without_result, (std::vector<db::GameId>{db::GameId{6}}));
  // C-D met twice (games 2 and 6) and A-B twice (1 and 7); the other four pairs once.
  ASSERT_EQ(t.repeated_pairs.size(), 2u);
  EXPECT_EQ(t.repeated_pairs[0].a, 0u);
  EXPECT_EQ(t.repeated_pairs[0].b, 1u);
  EXPECT_EQ(t.repeated_pairs[1].a, 2u);
  EXPECT_EQ(t.repeated_pairs[1].b, 3u);
  EXPECT_TRUE(t.rounds.empty());
  // A: W (1), D (3), W (5), L (7) = 5 points; C: D, D, unknown = 2 points in 2 games.
  EXPECT_EQ(standing_of(t, 0).points(), 5u);
  EXPECT_EQ(standing_of(t, 2).points(), 2u);
  EXPECT_EQ(standing_of(t, 2).games(), 2u);
  EXPECT_EQ(standing_of(t, 2).results.unknown, 1u);
}

TEST(TournamentTable, RoundsOrderNumbersBeforeTexts) {
  EXPECT_TRUE(round_before("2", "10"));
  EXPECT_FALSE(round_before("10", "2"));
  EXPECT_TRUE(round_before("10", "a"));
  EXPECT_TRUE(round_before("1.1", "1.2"));
  EXPECT_FALSE(round_before("3", "3"));
  EXPECT_TRUE(round_before("ronde2", "ronde10"));
  EXPECT_TRUE(round_before("1.2", "1.10"));
  EXPECT_TRUE(round_before("02", "3"));
  EXPECT_FALSE(round_before("3", "02"));
  EXPECT_TRUE(round_before("02", "2"));  // equal numbers: as text, so that the order is strict
  EXPECT_FALSE(round_before("2", "02"));
  EXPECT_TRUE(round_before("r1", "r1a"));
}

TEST(TournamentTable, AGameNamingOnePlayerTwiceOrNoPlayerIsLeftOut) {
  const TournamentTable t = tournament_table(
      players_named("AB"), {game(1, 0, 0, R::WhiteWin), game(2, 0, 7, R::WhiteWin),
                            game(3, 0, 1, R::WhiteWin)});
  EXPECT_EQ(t.games, 1u);
  EXPECT_EQ(standing_of(t, 0).points(), 2u);
  EXPECT_EQ(t.left_out, (std::vector<db::GameId>{db::GameId{1}, db::GameId{2}}));
}

}  // namespace
}  // namespace damdb::indexer
