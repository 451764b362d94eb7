// "Newest first" in query position and the explorer's most recent game follow the games'
// dates: later dates first, unknown dates last, the later imported first on a tie.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/explorer/query.hpp"
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

}  // namespace
}  // namespace damdb
