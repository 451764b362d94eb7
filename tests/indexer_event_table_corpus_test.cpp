// The tables of the corpus's real events (../shared/corpus, see its SOURCES.md) against an
// independent count: each file is read again here with the plain reader, and the points of
// each player are summed from the games' Event, White and Black tags and their results (2-0 and
// 1-0 a win of White, 0-2 and 0-1 of Black, 1-1 and 1/2-1/2 a draw, anything else no result):
// the result ending the movetext, or the Result tag when the movetext ends without one. For
// every event of the file the table must agree with that count: its games, its points, each
// player's points (a player merged from several spellings has the points of all of them), and
// the games whose Result tag disagrees with the movetext's result.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "indexer/stats/event_table.hpp"
#include "pdn/reader.hpp"
#include "tests/corpus_required.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

/// The count made from one event's games: games, games with a result, points per spelling.
struct IndependentCount {
  unsigned games = 0, decided = 0, mismatched = 0;
  std::map<std::string, unsigned> points;
};

std::string tag_value(const pdn::Game& g, const char* name) {
  const pdn::Tag* tag = g.tag(name);
  return tag ? tag->value : "";
}

/// Points of White and Black for a result text, (-1, -1) when it gives none.
std::pair<int, int> tag_points(std::string result) {
  std::erase(result, ' ');
  if (result == "2-0" || result == "1-0") return {2, 0};
  if (result == "0-2" || result == "0-1") return {0, 2};
  if (result == "1-1" || result == "1/2-1/2") return {1, 1};
  return {-1, -1};
}

/// Checks the table of every event of `file` (a path under the corpus) against the count.
/// Returns the number of events checked.
unsigned check_file(const std::string& file) {
  const std::filesystem::path path = std::filesystem::path(DAMDB_CORPUS_DIR) / file;
  const std::vector<pdn::Game> games = pdn::read_file(path.string());
  std::set<std::string> events;
  for (const pdn::Game& g : games) {
    const std::string event = tag_value(g, "Event");
    if (!event.empty() && event != "?") events.insert(event);
  }
  test::TempFolder folder("event-corpus");
  test::import_into(folder.path() / "db", path);
  const db::Database database = test::open_read_only(folder.path() / "db");
  for (const std::string& event : events) {
    const indexer::EventTableReport r = indexer::event_table(database, event);
    const std::set<std::string> spellings(r.spellings.begin(), r.spellings.end());
    IndependentCount count;
    for (const pdn::Game& g : games) {
      if (!spellings.contains(tag_value(g, "Event"))) continue;
      ++count.games;
      const auto tagged = tag_points(tag_value(g, "Result"));
      const pdn::Element* end = g.result();
      const auto played = end ? tag_points(std::string(g.text_of(*end))) : std::pair{-1, -1};
      if (tagged.first >= 0 && played.first >= 0 && tagged != played) ++count.mismatched;
      const auto [white, black] = played.first >= 0 ? played : tagged;
      if (white < 0) continue;
      ++count.decided;
      count.points[tag_value(g, "White")] += static_cast<unsigned>(white);
      count.points[tag_value(g, "Black")] += static_cast<unsigned>(black);
    }
    const indexer::TournamentTable& t = r.table;
    EXPECT_EQ(t.games, count.games) << file << ": " << event;
    EXPECT_EQ(t.points_total, 2u * count.decided) << file << ": " << event;
    EXPECT_EQ(t.without_result.size(), count.games - count.decided) << file << ": " << event;
    EXPECT_EQ(t.result_mismatch.size(), count.mismatched) << file << ": " << event;
    unsigned summed = 0;
    for (const indexer::Standing& s : t.standings) {
      unsigned expected = 0;
      for (const std::string& spelling : t.players[s.player].spellings)
        expected += count.points[spelling];
      EXPECT_EQ(s.points(), expected) << file << ": " << event << ": " << t.players[s.player].name;
      summed += s.points();
    }
    EXPECT_EQ(summed, 2u * count.decided) << file << ": " << event;
  }
  return static_cast<unsigned>(events.size());
}

TEST(EventTableCorpus, WorldChampionship2003AgreesWithItsResultTags) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  // One event of 190 games: a round robin of 20 players.
  EXPECT_EQ(check_file("rhalbersma_horizon/BoomstraDam/pdn files/oud/wk2003.pdn"), 1u);
}

TEST(EventTableCorpus, DutchSemifinalsAgreeWithTheirResultTags) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  EXPECT_EQ(check_file("rhalbersma_horizon/BoomstraDam/pdn files/oud/DUTCH96H.PDN"), 1u);
}

TEST(EventTableCorpus, ItalianChampionshipAgreesWithItsResultTags) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  // Four Event spellings; the last game stops without a result; the first game's Result tag
  // says 0-1 and its movetext ends 1-0.
  EXPECT_EQ(check_file("wiegerw_pdn/games/fail/40Camp.DamaInternazionaleAssoluto.pdn"), 4u);
}

TEST(EventTableCorpus, WiersmaGamesAgreeEventByEvent) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  EXPECT_EQ(check_file("wiegerw_draughts/games/wiersma.pdn"), 7u);
}

TEST(EventTableCorpus, DutchChampionship2009RoundTwelveAgrees) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  EXPECT_EQ(check_file("wiegerw_pdn/games/succeed/090417ronde12.pdn"), 1u);
}

}  // namespace
}  // namespace damdb
