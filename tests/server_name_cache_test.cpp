// NameDirectoryCache: the names of a served database are read once and shared by every request
// (and thread) of that database view; filters resolved against them find what a filter
// resolved against the database itself finds.
#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <vector>

#include "indexer/explorer/game_list.hpp"
#include "server/name_directory_cache.hpp"
#include "tests/games_fixture.hpp"

namespace damdb::server {
namespace {

std::set<std::uint32_t> listed_ids(const db::Database& database, const indexer::GameFilter& f) {
  std::set<std::uint32_t> ids;
  for (const auto& row : indexer::list_games(database, f, 100, 0).rows) ids.insert(row.game.id.value);
  return ids;
}

TEST(NameDirectoryCache, ReadsTheNamesOnceForEveryThread) {
  test::TempFolder folder("name-cache");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  const NameDirectoryCache names(database);
  std::vector<const indexer::NameDirectory*> seen(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] { seen[i] = names.get().get(); });
  for (auto& t : threads) t.join();
  ASSERT_NE(seen[0], nullptr);
  for (const auto* d : seen) EXPECT_EQ(d, seen[0]);
  EXPECT_EQ(names.get().get(), seen[0]);

  // "T. Sijbrands" names the player of games 1, 2, 3 and 6 (four spellings of one player, see
  // games_fixture.hpp); an event criterion every spelling of "WK 2003" (games 1-3).
  indexer::FilterSpec player, event, since;
  player.player = "T. Sijbrands";
  event.event = "wk 2003";
  since.since = "2004";
  for (const auto& [spec, expected] :
       std::vector<std::pair<indexer::FilterSpec, std::set<std::uint32_t>>>{
           {player, {1, 2, 3, 6}}, {event, {1, 2, 3}}}) {
    indexer::GameFilter cached(spec), fresh(spec);
    ASSERT_TRUE(cached.names_criteria());
    cached.resolve_names(names.get());
    fresh.resolve_names(database);
    EXPECT_EQ(listed_ids(database, cached), expected);
    EXPECT_EQ(listed_ids(database, fresh), expected);
  }
  EXPECT_FALSE(indexer::GameFilter(since).names_criteria());
}

}  // namespace
}  // namespace damdb::server
