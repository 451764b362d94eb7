// Games that share one main line under many pairs of players: the import reads, for each new
// game, only the stored games of its own players (game_hashes holds one value per content hash
// and pair of player keys), so the bytes it reads do not grow with the games of other players.
#include <gtest/gtest.h>

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/detail/game_hashes_merge.hpp"
#include "db/detail/game_sources_merge.hpp"
#include "db/detail/position_entry_merge.hpp"
#include "db/game_identity.hpp"
#include "tests/games_fixture.hpp"

using namespace damdb::db;
namespace fs = std::filesystem;

namespace {

// The one-ply game every test game plays (positions 1 and 2, move code 0), read from `path` at
// `offset`.
GameRecord one_ply_game(const std::string& path, std::uint64_t offset) {
  GameRecord r;
  r.moves = {0};
  r.plies_replayed = 1;
  r.result = GameResult::WhiteWin;
  r.sources = {GameSource{.path = path, .first_line = 1, .last_line = 3, .byte_offset = offset}};
  r.content_hash = ContentHash::of("", r.moves);
  return r;
}

const std::vector<PlyPosition> kPlies{{{1, 1}, 0, 0}, {{2, 2}, 1, kGameEnd}};

GameIdentity identity_of(std::uint32_t player) {
  return GameIdentity{"player " + std::to_string(player), "black", "", GameResult::WhiteWin};
}

struct LastBatch {
  std::uint64_t hash_bytes_read = 0;
  AddResult copy;  // of game 1
  std::vector<GameId> all;
};

// Stores `games` games of the one line, each of player i against "black", in batches of 100;
// then one batch with a copy of game 1 (from another file) and a game of a new player.
LastBatch store_then_copy(std::uint32_t games) {
  damdb::test::TempFolder folder("same-moves");
  const fs::path db_path = folder.path() / "db";
  auto db = Database::open(db_path);
  for (std::uint32_t i = 0; i < games; i += 100) {
    auto batch = db.begin_import();
    for (std::uint32_t k = i; k < i + 100 && k < games; ++k)
      batch.add_game(one_ply_game("a.pdn", k), kPlies, {}, identity_of(k));
    db.commit(batch);
  }
  LastBatch out;
  auto batch = db.begin_import();
  out.copy = batch.add_game(one_ply_game("b.pdn", 0), kPlies, {}, identity_of(0));
  batch.add_game(one_ply_game("b.pdn", 1), kPlies, {}, identity_of(games));
  out.hash_bytes_read = batch.hash_bytes_read();
  db.commit(batch);
  out.all = db.find_games(ContentHash::of("", std::vector<std::uint8_t>{0}));
  return out;
}

}  // namespace

TEST(DbSameMoves, ANewGameReadsOnlyTheGamesOfItsPlayers) {
  // The value of game 1's players holds game 1 alone: varint 1, varint id 1, "player 0",
  // "black", "" and the result byte; the new player's key holds nothing.
  std::string expected;
  SameMovesGames{{{GameId{1}, identity_of(0)}}}.encode(expected);
  ASSERT_EQ(expected.size(), 1 + 1 + 9 + 6 + 1 + 1u);
  for (const std::uint32_t games : {200u, 400u, 800u}) {
    const LastBatch last = store_then_copy(games);
    EXPECT_EQ(last.hash_bytes_read, expected.size()) << games << " games stored";
    EXPECT_TRUE(last.copy.duplicate);
    EXPECT_EQ(last.copy.id, GameId{1});
    // Every game of the line is still found, in id order: the games and the new one.
    ASSERT_EQ(last.all.size(), games + 1u);
    for (std::uint32_t i = 0; i < last.all.size(); ++i) EXPECT_EQ(last.all[i], GameId{i + 1});
  }
}

// A database written before game_hashes had a key per pair of players: one 16-byte key (the
// content hash) whose value lists every game of the line. Its values are still read, and an
// update written under the new key (a result learned) takes precedence over the old entry.
namespace {

// Rewrites the game_hashes family of the closed database in `folder` in the older layout: the
// values of each content hash's keys folded into one value under the 16-byte hash alone.
void write_older_game_hashes(const fs::path& folder) {
  rocksdb::DBOptions options;
  std::vector<std::string> names;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(options, folder.string(), &names).ok());
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  for (const std::string& name : names) {
    rocksdb::ColumnFamilyOptions cf;
    cf.disable_auto_compactions = true;
    if (name == "game_hashes")
      cf.merge_operator = damdb::db::detail::make_same_moves_games_update();
    if (name == "games") cf.merge_operator = damdb::db::detail::make_game_sources_append();
    if (name == "positions") cf.merge_operator = damdb::db::detail::make_position_entry_merge();
    families.emplace_back(name, cf);
  }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, folder.string(), families, &handles, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  rocksdb::ColumnFamilyHandle* hashes = nullptr;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == "game_hashes") hashes = handles[i];
  ASSERT_NE(hashes, nullptr);
  std::map<std::string, SameMovesGames> by_hash;
  rocksdb::WriteBatch rewrite;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions(), hashes));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    ASSERT_EQ(key.size(), 24u);  // what this version writes
    by_hash[key.substr(0, 16)].update(SameMovesGames::decode(it->value().ToString()));
    ASSERT_TRUE(rewrite.Delete(hashes, key).ok());
  }
  ASSERT_TRUE(it->status().ok());
  it.reset();
  for (const auto& [key, games] : by_hash) {
    std::string value;
    games.encode(value);
    ASSERT_TRUE(rewrite.Put(hashes, key, value).ok());
  }
  ASSERT_TRUE(db->Write(rocksdb::WriteOptions(), &rewrite).ok());
  for (auto* h : handles) ASSERT_TRUE(db->DestroyColumnFamilyHandle(h).ok());
  ASSERT_TRUE(db->Close().ok());
}

GameIdentity identity_with(std::uint32_t player, GameResult result) {
  GameIdentity identity = identity_of(player);
  identity.result = result;
  return identity;
}

}  // namespace

TEST(DbSameMoves, OlderSixteenByteKeysAreStillRead) {
  damdb::test::TempFolder folder("same-moves");
  const fs::path db_path = folder.path() / "db";
  const ContentHash line = ContentHash::of("", std::vector<std::uint8_t>{0});
  {
    auto db = Database::open(db_path);
    auto batch = db.begin_import();
    // Game 1: player 0, a white win; game 2: player 1, result unknown.
    batch.add_game(one_ply_game("a.pdn", 0), kPlies, {}, identity_with(0, GameResult::WhiteWin));
    batch.add_game(one_ply_game("a.pdn", 1), kPlies, {}, identity_with(1, GameResult::Unknown));
    db.commit(batch);
  }
  write_older_game_hashes(db_path);

  auto db = Database::open(db_path);
  EXPECT_EQ(db.find_games(line), (std::vector<GameId>{GameId{1}, GameId{2}}));
  {
    auto batch = db.begin_import();
    // A copy of game 1, a copy of game 2 that tells its result, a game of a new player.
    const AddResult copy1 = batch.add_game(one_ply_game("b.pdn", 0), kPlies, {},
                                           identity_with(0, GameResult::WhiteWin));
    const AddResult copy2 = batch.add_game(one_ply_game("b.pdn", 1), kPlies, {},
                                           identity_with(1, GameResult::WhiteWin));
    const AddResult other = batch.add_game(one_ply_game("b.pdn", 2), kPlies, {},
                                           identity_with(2, GameResult::WhiteWin));
    db.commit(batch);
    EXPECT_TRUE(copy1.duplicate);
    EXPECT_EQ(copy1.id, GameId{1});
    EXPECT_TRUE(copy2.duplicate);
    EXPECT_EQ(copy2.id, GameId{2});
    EXPECT_FALSE(other.duplicate);
    EXPECT_EQ(other.id, GameId{3});
  }
  {
    // Game 2 is now a white win (the new key's entry replaces the old key's): a black win of
    // players 1 and "black" is another game; a third copy of game 1 is still found.
    auto batch = db.begin_import();
    const AddResult loss = batch.add_game(one_ply_game("c.pdn", 0), kPlies, {},
                                          identity_with(1, GameResult::BlackWin));
    const AddResult copy1 =
        batch.add_game(one_ply_game("c.pdn", 1), kPlies, {}, identity_with(0, GameResult::Unknown));
    db.commit(batch);
    EXPECT_FALSE(loss.duplicate);
    EXPECT_EQ(loss.id, GameId{4});
    EXPECT_TRUE(copy1.duplicate);
    EXPECT_EQ(copy1.id, GameId{1});
  }
  EXPECT_EQ(db.find_games(line), (std::vector<GameId>{GameId{1}, GameId{2}, GameId{3}, GameId{4}}));
  const auto game1 = db.game(GameId{1});
  ASSERT_TRUE(game1.has_value());
  EXPECT_EQ(game1->sources.size(), 3u);
}

namespace {

// Terms whose dates are prefixes: two dates fit when one begins the other, and the game's date
// is the longer; a learned result's Result tag is "won", "drawn" or "lost".
GameTerms prefix_terms() {
  GameTerms terms;
  terms.dates_fit = [](std::string_view a, std::string_view b) {
    return a.starts_with(b) || b.starts_with(a);
  };
  terms.merged_date = [](std::string_view a, std::string_view b) {
    return std::string(a.size() >= b.size() ? a : b);
  };
  terms.result_tag = [](GameResult r) {
    return r == GameResult::WhiteWin ? "won" : r == GameResult::Draw ? "drawn" : "lost";
  };
  return terms;
}

// The one-ply game with the identity of player 0 dated `date`, of result `result`, its Result
// tag "*".
std::pair<GameRecord, GameIdentity> dated_game(const std::string& path, const std::string& date,
                                               GameResult result) {
  GameRecord record = one_ply_game(path, 0);
  record.result = result;
  record.tags = {{"Result", "*"}};
  GameIdentity identity = identity_with(0, result);
  identity.date = date;
  return {record, identity};
}

}  // namespace

TEST(DbSameMoves, TheBatchReadsDatesAndWritesResultsByTheCallersTerms) {
  damdb::test::TempFolder folder("same-moves");
  auto db = Database::open(folder.path() / "db");
  {
    auto batch = db.begin_import(prefix_terms());
    auto [first, first_identity] = dated_game("a.pdn", "A", GameResult::Unknown);
    EXPECT_EQ(batch.add_game(first, kPlies, {}, first_identity).id, GameId{1});
    // "AB" begins with "A": a copy, which teaches the result and makes the date "AB".
    auto [copy, copy_identity] = dated_game("b.pdn", "AB", GameResult::WhiteWin);
    const AddResult added = batch.add_game(copy, kPlies, {}, copy_identity);
    EXPECT_TRUE(added.duplicate);
    EXPECT_EQ(added.id, GameId{1});
    db.commit(batch);
  }
  const auto game1 = db.game(GameId{1});
  ASSERT_TRUE(game1.has_value());
  EXPECT_EQ(game1->tag("Result"), "won");
  EXPECT_EQ(game1->result, GameResult::WhiteWin);
  {
    auto batch = db.begin_import(prefix_terms());
    // "AC" fitted "A" but not the merged "AB": another game; "ABC" is a copy.
    auto [other, other_identity] = dated_game("c.pdn", "AC", GameResult::WhiteWin);
    EXPECT_FALSE(batch.add_game(other, kPlies, {}, other_identity).duplicate);
    auto [copy, copy_identity] = dated_game("d.pdn", "ABC", GameResult::WhiteWin);
    EXPECT_EQ(batch.add_game(copy, kPlies, {}, copy_identity).id, GameId{1});
    db.commit(batch);
  }
  {
    // Default terms read no date: "ABC" and "ABCD" differ, so they are two games; and a
    // learned result leaves the Result tag as it is.
    auto batch = db.begin_import();
    auto [unknown, unknown_identity] = dated_game("e.pdn", "X", GameResult::Unknown);
    const GameId x = batch.add_game(unknown, kPlies, {}, unknown_identity).id;
    auto [copy, copy_identity] = dated_game("f.pdn", "X", GameResult::Draw);
    EXPECT_EQ(batch.add_game(copy, kPlies, {}, copy_identity).id, x);
    auto [longer, longer_identity] = dated_game("g.pdn", "ABCD", GameResult::WhiteWin);
    EXPECT_FALSE(batch.add_game(longer, kPlies, {}, longer_identity).duplicate);
    db.commit(batch);
    const auto game = db.game(x);
    ASSERT_TRUE(game.has_value());
    EXPECT_EQ(game->result, GameResult::Draw);
    EXPECT_EQ(game->tag("Result"), "*");
  }
}
