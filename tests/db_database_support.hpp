// Shared by the db::Database tests: a temporary folder, synthetic games whose every position
// and move is chosen, and small helpers.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/error.hpp"
#include "db_error_kind.hpp"

namespace damdb::db::test {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() {
    static int serial = 0;
    path_ = fs::temp_directory_path() /
            ("damdb-db-test-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::remove_all(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// A synthetic game: `keys` are the positions at plies 0, 1, 2, ...; moves are 0, 1, 2, ...
// (the move code of ply i is i % 7); the content hash follows from moves and `salt`.
struct TestGame {
  GameRecord record;
  std::vector<PlyPosition> plies;
};

inline TestGame make_game(const std::vector<PositionKey>& keys, GameResult result, std::string source,
                   std::uint64_t offset = 0, std::uint8_t salt = 0) {
  TestGame g;
  for (std::size_t i = 0; i + 1 < keys.size(); ++i)
    g.record.moves.push_back(static_cast<std::uint8_t>((i + salt) % 7));
  g.record.result = result;
  g.record.plies_replayed = static_cast<std::uint32_t>(g.record.moves.size());
  g.record.sources = {GameSource{.path = std::move(source), .first_line = 1, .last_line = 5,
                                  .byte_offset = offset}};
  g.record.tags = {{"White", "W"}, {"Black", "B"}};
  g.record.start_fen = salt ? "W:W" + std::to_string(salt) + ":B1" : "";
  g.record.content_hash = ContentHash::of(g.record.start_fen, g.record.moves);
  for (std::size_t i = 0; i < keys.size(); ++i)
    g.plies.push_back(PlyPosition{keys[i], static_cast<std::uint16_t>(i),
                                  i + 1 < keys.size() ? g.record.moves[i] : kGameEnd});
  return g;
}

inline OpenOptions opts(OpenMode mode) {
  OpenOptions o;
  o.mode = mode;
  return o;
}

inline IndexTexts players(std::vector<std::string> names) {
  IndexTexts t;
  t.players = std::move(names);
  return t;
}

}  // namespace damdb::db::test
