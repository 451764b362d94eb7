// ResultCounts and SideResults (db/result_counts.hpp): counts built game by game, so that every
// figure is known by construction.
#include "db/result_counts.hpp"

#include <gtest/gtest.h>

namespace damdb::db {
namespace {

// 3 white wins, 2 draws, 1 black win, 4 games without a result.
ResultCounts three_two_one_four() {
  ResultCounts c;
  for (int i = 0; i < 3; ++i) c.add(GameResult::WhiteWin);
  for (int i = 0; i < 2; ++i) c.add(GameResult::Draw);
  c.add(GameResult::BlackWin);
  for (int i = 0; i < 4; ++i) c.add(GameResult::Unknown);
  return c;
}

TEST(DbResultCounts, AddCountsEachResultAndGamesIsTheirSum) {
  const ResultCounts c = three_two_one_four();
  EXPECT_EQ(c, (ResultCounts{.white_wins = 3, .draws = 2, .black_wins = 1, .unknown = 4}));
  EXPECT_EQ(c.games(), 10u);
  EXPECT_EQ(c.decided(), 6u);
  EXPECT_EQ(c.of(GameResult::WhiteWin), 3u);
  EXPECT_EQ(c.of(GameResult::Draw), 2u);
  EXPECT_EQ(c.of(GameResult::BlackWin), 1u);
  EXPECT_EQ(c.of(GameResult::Unknown), 4u);
  EXPECT_EQ(ResultCounts{}.games(), 0u);
}

TEST(DbResultCounts, ChangeMovesOneGameAndRefusesAnEmptyResult) {
  ResultCounts c = three_two_one_four();
  EXPECT_TRUE(c.change(GameResult::Unknown, GameResult::BlackWin));
  EXPECT_EQ(c, (ResultCounts{.white_wins = 3, .draws = 2, .black_wins = 2, .unknown = 3}));
  EXPECT_EQ(c.games(), 10u);

  ResultCounts only_draws{.draws = 1};
  EXPECT_FALSE(only_draws.change(GameResult::WhiteWin, GameResult::Draw));
  EXPECT_EQ(only_draws, (ResultCounts{.draws = 1}));
  EXPECT_TRUE(only_draws.change(GameResult::Draw, GameResult::WhiteWin));
  EXPECT_EQ(only_draws, (ResultCounts{.white_wins = 1}));
}

TEST(DbResultCounts, SumsSwapsAndSidesAgree) {
  ResultCounts c = three_two_one_four();
  c += ResultCounts{.white_wins = 1, .draws = 10, .black_wins = 100, .unknown = 1000};
  EXPECT_EQ(c, (ResultCounts{.white_wins = 4, .draws = 12, .black_wins = 101, .unknown = 1004}));
  EXPECT_EQ(c.games(), 1121u);
  c.add(GameResult::Draw, 3);
  EXPECT_EQ(c.draws, 15u);
  EXPECT_EQ(c.games(), 1124u);
  EXPECT_EQ(c.swapped(),
            (ResultCounts{.white_wins = 101, .draws = 15, .black_wins = 4, .unknown = 1004}));

  const SideResults white = c.side(true), black = c.side(false);
  EXPECT_EQ(white, (SideResults{.wins = 4, .draws = 15, .losses = 101, .unknown = 1004}));
  EXPECT_EQ(black, (SideResults{.wins = 101, .draws = 15, .losses = 4, .unknown = 1004}));
  EXPECT_EQ(white.games(), 1124u);
  EXPECT_EQ(white.decided(), 120u);
}

TEST(DbResultCounts, SideResultsAddSeesTheResultFromTheSide) {
  SideResults s;
  s.add(GameResult::WhiteWin, true);   // a win with White
  s.add(GameResult::WhiteWin, false);  // a loss with Black
  s.add(GameResult::BlackWin, false);  // a win with Black
  s.add(GameResult::BlackWin, false);  // a win with Black
  s.add(GameResult::Draw, true);
  s.add(GameResult::Unknown, false);
  EXPECT_EQ(s, (SideResults{.wins = 3, .draws = 1, .losses = 1, .unknown = 1}));
  EXPECT_EQ(s.games(), 6u);
  EXPECT_EQ(s.decided(), 5u);
  s += SideResults{.wins = 1, .draws = 2, .losses = 3, .unknown = 4};
  EXPECT_EQ(s, (SideResults{.wins = 4, .draws = 3, .losses = 4, .unknown = 5}));
}

}  // namespace
}  // namespace damdb::db
