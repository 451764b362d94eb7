// The name directory kept in the database folder (NameDirectory::of and its cache file) and the
// games a player or event filter reads through the players and events indexes
// (GameFilter::candidates). The expected spellings and game numbers are read off the PDN text
// below by hand; the listings through the indexes are compared with a scan of every header.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "indexer/duplicates/counted_games.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/names/name_directory.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

std::string game(const std::string& event, const std::string& white, const std::string& black,
                 const std::string& moves) {
  return "[Event \"" + event + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
         "\"]\n[Result \"*\"]\n" + moves + " *\n\n";
}

const char* const kLines[] = {
    "1. 32-28 18-23 2. 37-32 12-18",          "1. 33-28 18-22 2. 39-33 12-18",
    "1. 31-26 19-23 2. 36-31 14-19",          "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12",
    "1. 33-28 18-22 2. 39-33 12-18 3. 44-39 7-12", "1. 31-26 19-23 2. 36-31 14-19 3. 41-36 10-14",
    "1. 34-29 19-23 2. 40-34 14-19",
};

/// Games 1..6: Alexander Georgiev written three ways, a game with an unknown White ("?"), and
/// two events.
const std::string kGames =
    game("Open Utrecht", "Alexander Georgiev", "Ton Sijbrands", kLines[0]) +  // 1
    game("Open Utrecht", "Georgiev, A.", "Jansen, Gerard", kLines[1]) +       // 2
    game("Winter Toernooi", "Sijbrands, T.", "A. Georgiev", kLines[2]) +         // 3
    game("Winter Toernooi", "?", "Jansen, Gerard", kLines[3]) +                  // 4
    game("Winter Toernooi", "Jansen, Gerard", "Ton Sijbrands", kLines[4]);       // 5

/// Game 6 of a second file: Georgiev written a fourth way.
const std::string kMore = game("Herfst Cup", "Georgiev, Alexander", "Jansen, Gerard", kLines[5]);

using Names = std::set<std::string>;
using Ids = std::vector<std::uint32_t>;

std::string file_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

Names spellings_of(const indexer::NameDirectory& directory, const std::string& name) {
  const auto found = directory.player_spellings_of(
      [&](const std::string& s) { return s == name; }, name);
  return Names(found.begin(), found.end());
}

class NameDirectoryTest : public ::testing::Test {
 protected:
  void load(const std::string& pdn, const char* file = "games.pdn") {
    test::write_text(folder_.path() / file, pdn);
    db::Database database = db::Database::open(db_folder());
    indexer::ImportOptions options;
    options.compact_at_end = false;
    indexer::import_files(database, {(folder_.path() / file).string()}, options);
  }
  std::filesystem::path db_folder() const { return folder_.path() / "db"; }
  std::filesystem::path cache_file() const {
    return db_folder() / indexer::NameDirectory::kCacheFileName;
  }
  /// The ids listed by list_games (through the indexes when it can).
  Ids listed(const indexer::FilterSpec& spec) {
    const db::Database db = test::open_read_only(db_folder());
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    Ids out;
    for (const indexer::GameListRow& r : indexer::list_games(db, filter, 100).rows)
      out.push_back(r.game.id.value);
    return out;
  }
  /// The ids of a scan of every header with the same filter (no index).
  Ids scanned(const indexer::FilterSpec& spec) {
    const db::Database db = test::open_read_only(db_folder());
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    const indexer::CountedGames counted(db, filter);
    Ids out;
    db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
      if (counted.counts(id, game)) out.push_back(id.value);
      return true;
    });
    return out;
  }
  test::TempFolder folder_{"name-directory"};
};

const Names kGeorgiev{"Alexander Georgiev", "Georgiev, A.", "A. Georgiev"};

TEST_F(NameDirectoryTest, TheCacheFileHoldsTheSameDirectoryForTheSameState) {
  load(kGames);
  EXPECT_FALSE(std::filesystem::exists(cache_file()));  // the import of a test skips it
  const db::Database db = test::open_read_only(db_folder());
  const auto built = indexer::NameDirectory::of(db);
  ASSERT_TRUE(std::filesystem::exists(cache_file()));
  const std::string stamp = indexer::NameDirectory::stamp_of(db);
  const auto read = indexer::NameDirectory::decode(file_bytes(cache_file()), stamp);
  ASSERT_TRUE(read);
  EXPECT_EQ(spellings_of(*built, "Georgiev, A."), kGeorgiev);
  EXPECT_EQ(spellings_of(*read, "Georgiev, A."), kGeorgiev);
  // A spelling not stored, resolved by the restored identities: the one full name it fits.
  EXPECT_EQ(spellings_of(*read, "Georgiev, Al."), kGeorgiev);
  EXPECT_EQ(spellings_of(*read, "T. Sijbrands"), (Names{"Ton Sijbrands", "Sijbrands, T."}));
  EXPECT_TRUE(read->unknown_player_matches([](const std::string& s) { return s == "?"; }));
  const auto open_a = read->event_spellings_of([](const std::string& t) { return t == "Open Utrecht"; });
  EXPECT_EQ(Names(open_a.begin(), open_a.end()), Names{"Open Utrecht"});
}

TEST_F(NameDirectoryTest, AFileOfAnotherStateOrNotAFileIsNotRead) {
  load(kGames);
  const db::Database db = test::open_read_only(db_folder());
  indexer::NameDirectory::of(db);
  const std::string bytes = file_bytes(cache_file());
  const std::string stamp = indexer::NameDirectory::stamp_of(db);
  EXPECT_FALSE(indexer::NameDirectory::decode(bytes, stamp + "x"));
  EXPECT_FALSE(indexer::NameDirectory::decode(bytes.substr(0, bytes.size() - 3), stamp));
  EXPECT_FALSE(indexer::NameDirectory::decode("not a cache", stamp));
  EXPECT_FALSE(indexer::NameDirectory::decode("", stamp));
}

TEST_F(NameDirectoryTest, NewGamesAndANewOverridesFileAreSeen) {
  load(kGames);
  indexer::FilterSpec spec;
  spec.player = "Georgiev, A.";
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3}));  // builds and writes the cache
  load(kMore, "more.pdn");
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3, 6}));
  // "Jansen, Gerard" becomes the same player as Georgiev by an override.
  test::write_text(db_folder() / "player-overrides.txt", "same Jansen, Gerard = A. Georgiev\n");
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3, 4, 5, 6}));
  std::filesystem::remove(db_folder() / "player-overrides.txt");
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3, 6}));
}

TEST_F(NameDirectoryTest, ADamagedCacheFileIsBuiltAgain) {
  load(kGames);
  indexer::FilterSpec spec;
  spec.player = "A. Georgiev";
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3}));
  test::write_text(cache_file(), "damdb-names 1\n\x05garbage");
  load(kMore, "more.pdn");  // another state, so that no process memory answers
  EXPECT_EQ(listed(spec), (Ids{1, 2, 3, 6}));
  EXPECT_NE(file_bytes(cache_file()).find("Georgiev, Alexander"), std::string::npos);
}

TEST_F(NameDirectoryTest, ListingsThroughTheIndexesEqualAScanOfEveryHeader) {
  load(kGames + kMore);
  std::vector<indexer::FilterSpec> specs(8);
  specs[0].player = "Georgiev";
  specs[1].white = "Sijbrands";
  specs[2].player = "Jansen";
  specs[2].event = "Winter";
  specs[3].event = "toernooi";
  specs[4].player = ".*";  // matches "?" too: every header is read
  specs[4].regex = true;
  specs[5].black = "gerard";
  specs[5].result = "*";
  specs[6].player = "nobody at all";
  specs[7].player = "Sijbrands";
  specs[7].black = "Sijbrands";
  const Ids expected[] = {{1, 2, 3, 6}, {3}, {4, 5}, {3, 4, 5},
                          {1, 2, 3, 4, 5, 6}, {2, 4, 6}, {}, {1, 5}};
  for (std::size_t i = 0; i < specs.size(); ++i) {
    EXPECT_EQ(listed(specs[i]), expected[i]) << i;
    EXPECT_EQ(scanned(specs[i]), expected[i]) << i;
  }
}

TEST_F(NameDirectoryTest, OnlyAPlayerCriterionIsExactlyItsIndexEntries) {
  load(kGames + kMore);
  const db::Database db = test::open_read_only(db_folder());
  auto candidates = [&](const indexer::FilterSpec& spec) {
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    return filter.candidates(db);
  };
  indexer::FilterSpec player, white, regex_all;
  player.player = "Georgiev";
  white.white = "Georgiev";
  regex_all.player = ".*";
  regex_all.regex = true;
  const auto by_player = candidates(player);
  ASSERT_TRUE(by_player);
  EXPECT_TRUE(by_player->exact);
  EXPECT_EQ(by_player->ids.size(), 4u);
  const auto by_white = candidates(white);
  ASSERT_TRUE(by_white);
  EXPECT_FALSE(by_white->exact);  // the players index does not tell the colours
  EXPECT_EQ(by_white->ids.size(), 4u);
  EXPECT_FALSE(candidates(regex_all));
  EXPECT_FALSE(candidates(indexer::FilterSpec{}));
}

TEST_F(NameDirectoryTest, APlayerWithANoteIsFoundUnderBothIndexKeys) {
  load(game("Coppa", "Bubbi Raoul (non disponibile)", "Jansen, Gerard", kLines[0]) +  // 1
       game("Coppa", "Jansen, Gerard", "Bubbi Raoul", kLines[1]) +                     // 2
       game("Coppa", "Bubbi Mario", "Jansen, Gerard", kLines[2]));                      // 3
  indexer::FilterSpec spec;
  spec.player = "Bubbi Raoul";
  EXPECT_EQ(listed(spec), (Ids{1, 2}));
  EXPECT_EQ(scanned(spec), (Ids{1, 2}));
  spec.player = "non disponibile";  // a spelling's text: its whole player
  EXPECT_EQ(listed(spec), (Ids{1, 2}));
}

}  // namespace
}  // namespace damdb
