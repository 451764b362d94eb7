// Events written several ways (cluster_events): grouped when the names are close, the dates
// overlap and a player is shared; never across other years, far dates or disjoint players; and
// through a database, one `stats events` row per event and --event finding every spelling.
// Every expected group is read off the names, dates and players below by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/names/event_clusters.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/stats/statistics.hpp"
#include "indexer/text/text_fold.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

using indexer::EventSummary;
using Groups = std::vector<std::size_t>;

EventSummary event(const std::string& name, const std::string& first, const std::string& last,
                   std::vector<std::uint32_t> players) {
  return {indexer::fold_text(name), first, last, std::move(players)};
}

TEST(EventClusters, TyposAndElisionsOfOneEventAreOneEvent) {
  const std::vector<EventSummary> events{
      event("TOURNOI DES CHAMPIONS REGIONAUX", "1990.05.01", "1990.05.05", {1, 2, 3}),
      event("TOURNOI DES CHZMPIONS REGIONAUX", "1990.05.03", "1990.05.03", {2, 4}),
      event("TOURNOI DES CHAMPIONS REGIONAUC", "1990.05.04", "1990.05.04", {3, 5}),
      event("1er Open International Allinges 2007", "2007.07.10", "2007.07.12", {6, 7}),
      event("1er Open International d'Allinges", "2007.07.11", "2007.07.11", {7, 8}),
  };
  std::vector<indexer::EventLink> links;
  EXPECT_EQ(indexer::cluster_events(events, &links), (Groups{0, 0, 0, 3, 3}));
  EXPECT_EQ(links.size(), 3u);
}

TEST(EventClusters, OtherYearsFarDatesOrNoSharedPlayerAreOtherEvents) {
  const std::vector<EventSummary> events{
      event("Open Allinges 2007", "", "", {1, 2}),                         // 0
      event("Open Allinges 2008", "", "", {1, 3}),                         // 1: other year
      event("Paris Open", "2001.03.01", "2001.03.09", {4, 5}),             // 2
      event("Paris Opem", "2005.06.01", "2005.06.09", {4, 6}),             // 3: four years on
      event("Dutch Championship", "2004.03.01", "2004.03.12", {7, 8}),     // 4
      event("Dutch Championshp", "2004.03.02", "2004.03.02", {9, 10}),     // 5: no one shared
      event("", "2004.03.02", "2004.03.02", {7, 8}),                       // 6: no name
      event("Paris Open", "2001.03.11", "2001.03.11", {5}),                // 7: two days later
  };
  EXPECT_EQ(indexer::cluster_events(events), (Groups{0, 1, 2, 3, 4, 5, 6, 2}));
}

TEST(EventClusters, WordsAddedNeedTwoPlayersInCommon) {
  const std::vector<EventSummary> one{
      event("NLD-chT Ereklasse", "2010.10.01", "2011.04.01", {1, 2, 3}),
      event("NLD-chT Ereklasse - Hoofdklasse", "2010.10.01", "2011.04.01", {3, 4, 5})};
  EXPECT_EQ(indexer::cluster_events(one), (Groups{0, 1}));
  const std::vector<EventSummary> two{
      event("NLD-chT Ereklasse", "2010.10.01", "2011.04.01", {1, 2, 3}),
      event("NLD-chT Ereklasse - Hoofdklasse", "2010.10.01", "2011.04.01", {2, 3, 4})};
  EXPECT_EQ(indexer::cluster_events(two), (Groups{0, 0}));
}

std::string game(const std::string& event, const std::string& date, const std::string& white,
                 const std::string& black, const std::string& moves) {
  return "[Event \"" + event + "\"]\n[Date \"" + date + "\"]\n[White \"" + white +
         "\"]\n[Black \"" + black + "\"]\n[Result \"*\"]\n" + moves + " *\n\n";
}

/// Games 1..3 are one tournament written three ways; game 4 is another year's edition.
std::string tournament_pdn() {
  return game("TOURNOI DES CHAMPIONS REGIONAUX", "1990.05.01", "Dupont, Jean", "Martin, Paul",
              "1. 32-28 18-23") +
         game("TOURNOI DES CHZMPIONS REGIONAUX", "1990.05.02", "Martin, Paul", "Leroy, Marc",
              "1. 33-28 18-22") +
         game("Tournoi des Champions Regionaux", "1990.05.03", "Leroy, Marc", "Dupont, Jean",
              "1. 31-26 19-23") +
         game("TOURNOI DES CHAMPIONS REGIONAUX 1991", "1991.05.01", "Dupont, Jean",
              "Martin, Paul", "1. 34-29 17-21");
}

TEST(EventClusters, StatsShowOneRowPerEventAndTheFilterFindsEverySpelling) {
  test::TempFolder folder("event-clusters");
  test::write_text(folder.path() / "g.pdn", tournament_pdn());
  test::import_into(folder.path() / "db", folder.path() / "g.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  const indexer::EventReport r = indexer::event_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(r.rows.size(), 2u);  // 1990 (three spellings) and 1991
  EXPECT_EQ(r.rows[0].games, 3u);
  EXPECT_EQ(r.rows[0].players, 3u);
  EXPECT_EQ(r.rows[0].first_date, "1990.05.01");
  EXPECT_EQ(r.rows[0].last_date, "1990.05.03");
  EXPECT_EQ(r.rows[1].games, 1u);
  ASSERT_EQ(r.merges.size(), 1u);
  EXPECT_EQ(r.merges[0].spellings.size(), 3u);
  EXPECT_EQ(r.merges[0].evidence.size(), 1u);  // "Tournoi..." and "TOURNOI..." fold to one

  auto games = [&](const std::string& needle) {
    indexer::FilterSpec spec;
    spec.event = needle;
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    return indexer::list_games(db, filter, 10).total;
  };
  EXPECT_EQ(games("CHZMPIONS"), 3u);  // game 2 as written, games 1 and 3 as its spellings
  EXPECT_EQ(games("1991"), 1u);
  EXPECT_EQ(games("regionaux"), 4u);  // a substring of every spelling
  indexer::FilterSpec as_written;
  as_written.event = "CHZMPIONS";
  EXPECT_EQ(indexer::list_games(db, indexer::GameFilter(as_written), 10).total, 1u);
}

}  // namespace
}  // namespace damdb
