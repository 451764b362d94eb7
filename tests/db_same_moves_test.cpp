// Games that share one main line under many pairs of players: the import reads, for each new
// game, only the stored games of its own players (game_hashes holds one value per content hash
// and pair of player keys), so the bytes it reads do not grow with the games of other players.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "db/database.hpp"

using namespace damdb::db;
namespace fs = std::filesystem;

namespace {

class TempDir {
 public:
  TempDir() {
    static int serial = 0;
    path_ = fs::temp_directory_path() /
            ("damdb-same-moves-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::remove_all(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

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
  TempDir dir;
  auto db = Database::open(dir.path());
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
