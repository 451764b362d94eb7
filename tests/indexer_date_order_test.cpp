// "Newest first" in query position and the explorer's most recent game follow the games'
// dates: later dates first, unknown dates last, the later imported first on a tie.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "indexer/newest_games.hpp"
#include "indexer/query.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

TEST(DateOrder, NewestFirstByDateUnknownLastImportOrderOnTies) {
  // Imported in this order: ids 1..5. Different players, so five games.
  const std::vector<std::pair<std::string, std::string>> games = {
      {"P1", "1983.01.10"}, {"P2", "2003.05.14"}, {"P3", ""}, {"P4", "2003"}, {"P5", "2003.05.14"}};
  std::string text;
  for (const auto& [white, date] : games) {
    text += "[White \"" + white + "\"]\n[Black \"Q\"]\n";
    if (!date.empty()) text += "[Date \"" + date + "\"]\n";
    text += "[Result \"1-1\"]\n\n1. 32-28 18-23 1-1\n\n";
  }
  test::TempFolder folder("date-order");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");

  const indexer::PositionAnswer answer = indexer::query_position(
      database, indexer::position_after("32-28"), indexer::GameFilter{});
  std::vector<std::uint32_t> ids;
  for (const indexer::GameRow& r : answer.rows) ids.push_back(r.id.value);
  // 2003.05.14 (id 5, then 2), 2003 (4), 1983 (1), unknown (3).
  EXPECT_EQ(ids, (std::vector<std::uint32_t>{5, 2, 4, 1, 3}));
  indexer::PositionQuery page;
  page.offset = 1;
  page.limit = 2;
  const indexer::PositionAnswer second =
      indexer::query_position(database, indexer::position_after("32-28"), indexer::GameFilter{}, page);
  ASSERT_EQ(second.rows.size(), 2u);
  EXPECT_EQ(second.rows[0].id.value, 2u);
  EXPECT_EQ(second.rows[1].id.value, 4u);
  EXPECT_EQ(second.rows[0].ply, 1);

  const indexer::OpeningAnswer opening = indexer::query_opening(
      database, rules::Position::initial(), indexer::GameFilter{});
  ASSERT_EQ(opening.moves.size(), 1u);
  ASSERT_TRUE(opening.moves[0].recent);
  EXPECT_EQ(opening.moves[0].recent->id.value, 5u);
  // With a filter that leaves out the 2003 games, the 1983 game is the most recent.
  indexer::FilterSpec until;
  until.until = "2000";
  const indexer::OpeningAnswer old = indexer::query_opening(
      database, rules::Position::initial(), indexer::GameFilter(until));
  ASSERT_TRUE(old.moves.at(0).recent);
  EXPECT_EQ(old.moves[0].recent->id.value, 1u);
}


/// A Date tag value of the kinds real files hold (none, unknown, year only, year and month, a
/// full date), from a few years so that equal dates (ties) are frequent.
std::string random_date(std::mt19937& rng) {
  const int year = 1990 + static_cast<int>(rng() % 4), month = 1 + static_cast<int>(rng() % 3),
            day = 1 + static_cast<int>(rng() % 3);
  char full[16];
  std::snprintf(full, sizeof full, "%04d.%02d.%02d", year, month, day);
  switch (rng() % 6) {
    case 0: return "";
    case 1: return "????.??.??";
    case 2: return std::to_string(year);
    case 3: return std::string(full).substr(0, 7) + ".??";
    default: return full;
  }
}

/// date_rank of a Date tag value as written by random_date, computed by hand.
std::uint32_t expected_rank(const std::string& date) {
  if (date.empty() || date[0] == '?') return 0;
  const auto field = [&](std::size_t at) {
    return date.size() >= at + 2 && date[at] != '?' ? std::stoi(date.substr(at, 2)) : 0;
  };
  return static_cast<std::uint32_t>(std::stoi(date.substr(0, 4)) * 10000 + field(5) * 100 +
                                    field(8));
}

/// One game: two opening plies chosen among the first three legal moves each, then eight
/// random ones (so that every game is distinct); its movetext and its opening.
struct RandomGame {
  std::string movetext, first, second;
};

RandomGame random_game(std::mt19937& rng) {
  RandomGame g;
  rules::Position pos = rules::Position::initial();
  for (int ply = 0; ply < 10; ++ply) {
    rules::MoveList legal;
    rules::generate_moves(pos, legal);
    if (legal.empty()) break;
    rules::sort_moves(legal);
    const int n = ply < 2 ? std::min(3, legal.size()) : legal.size();
    const rules::Move m = legal[static_cast<int>(rng() % static_cast<unsigned>(n))];
    const std::string text = rules::to_pdn(pos, m, legal);
    if (ply == 0) g.first = text;
    if (ply == 1) g.second = text;
    if (ply % 2 == 0) g.movetext += std::to_string(ply / 2 + 1) + ". ";
    g.movetext += text + " ";
    pos.play(m);
  }
  return g;
}

std::vector<std::uint32_t> row_ids(const std::vector<indexer::GameRow>& rows) {
  std::vector<std::uint32_t> ids;
  for (const auto& r : rows) ids.push_back(r.id.value);
  return ids;
}

// Sets of games large enough that the explorer finds each move's most recent game from the
// dates index (newest_games), and the position lists of the same sets, checked against the
// order computed from the written dates.
TEST(DateOrder, LargeSetsFromTheDatesIndexAgreeWithTheWrittenDates) {
  std::mt19937 rng(20261201);
  std::vector<RandomGame> games(400);
  std::vector<std::string> dates;
  std::string text;
  for (std::size_t i = 0; i < games.size(); ++i) {
    games[i] = random_game(rng);
    dates.push_back(random_date(rng));
    const std::string tags = "[White \"W" + std::to_string(i) + "\"]\n[Black \"B\"]\n";
    text += tags + (dates[i].empty() ? "" : "[Date \"" + dates[i] + "\"]\n") +
            "[Result \"*\"]\n\n" + games[i].movetext + "*\n\n";
  }
  test::TempFolder folder("date-order-large");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  ASSERT_EQ(database.info().counts.games, games.size());

  // Expected: game i has id i + 1; newest first by written date, then by id.
  std::map<std::pair<std::string, std::string>, std::vector<std::uint32_t>> by_opening;
  for (std::size_t i = 0; i < games.size(); ++i)
    by_opening[{games[i].first, games[i].second}].push_back(static_cast<std::uint32_t>(i + 1));
  auto newest_first = [&](std::vector<std::uint32_t> ids) {
    std::sort(ids.begin(), ids.end(), [&](std::uint32_t a, std::uint32_t b) {
      const std::uint32_t ra = expected_rank(dates[a - 1]), rb = expected_rank(dates[b - 1]);
      return ra != rb ? ra > rb : a > b;
    });
    return ids;
  };
  std::size_t large_sets = 0;
  for (const auto& [opening, ids] : by_opening) {
    const std::vector<std::uint32_t> expected = newest_first(ids);
    large_sets += ids.size() >= 16;
    const rules::Position pos = indexer::position_after(opening.first + " " + opening.second);
    indexer::PositionQuery page;
    page.limit = 10;
    const auto first = indexer::query_position(database, pos, indexer::GameFilter{}, page);
    EXPECT_EQ(first.games, ids.size());
    EXPECT_EQ(row_ids(first.rows),
              std::vector<std::uint32_t>(expected.begin(),
                                         expected.begin() + std::min<std::size_t>(10, ids.size())));
    page.offset = 5;
    page.limit = 7;
    const auto later = indexer::query_position(database, pos, indexer::GameFilter{}, page);
    EXPECT_EQ(row_ids(later.rows),
              std::vector<std::uint32_t>(
                  expected.begin() + std::min<std::size_t>(5, ids.size()),
                  expected.begin() + std::min<std::size_t>(12, ids.size())));
    const auto explorer = indexer::query_opening(
        database, indexer::position_after(opening.first), indexer::GameFilter{});
    const auto row = std::find_if(explorer.moves.begin(), explorer.moves.end(),
                                  [&](const indexer::MoveRow& m) {
                                    return m.notation == opening.second;
                                  });
    ASSERT_NE(row, explorer.moves.end()) << opening.first << " " << opening.second;
    ASSERT_TRUE(row->recent);
    EXPECT_EQ(row->recent->id.value, expected.front()) << opening.first << " " << opening.second;
  }
  EXPECT_GE(large_sets, 5u);  // the dates index answered most of these sets
}

TEST(DateOrder, NewestGamesDeclinesSmallSets) {
  test::TempFolder folder("date-order-small");
  test::write_text(folder.path() / "a.pdn",
                   "[Date \"2001.01.01\"]\n[Result \"*\"]\n\n1. 32-28 *\n");
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  const std::vector<db::GameId> one{db::GameId{1}};
  EXPECT_FALSE(indexer::newest_games(database, one, 1));
}

}  // namespace
}  // namespace damdb
