// A small hand-made database shared by the indexer and cli tests of games, show, export and
// stats: seven games with known players (one player spelled three ways, one two ways), events
// (one spelled two ways), dates, results, openings, a game from a set-up position that stops at
// an illegal move, a comment and a variation. The expected answers in the tests are counted by
// hand from the text below.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include "db/database.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/import/importer.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::test {

inline constexpr const char* kGamesPdn = R"PDN([Event "WK 2003"]
[Date "2003.05.10"]
[Round "1"]
[White "Sijbrands, T."]
[Black "Clerc, R."]
[Result "2-0"]
1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 46-41 1-7 2-0

[Event "WK 2003"]
[Date "2003.05.11"]
[Round "2"]
[White "Clerc, R."]
[Black "T. Sijbrands"]
[Result "1-1"]
1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 31-26 {a comment} 1-7 (4... 20-24) 5. 36-31 1-1

[Event "WK 2003"]
[Date "2003.05.12"]
[Round "3"]
[White "T.  SIJBRANDS"]
[Black "Gérard Jansen"]
[Result "0-2"]
1. 33-28 18-22 2. 39-33 12-18 3. 44-39 7-12 0-2

[Event "Dutch Ch 2004"]
[Date "2004.03.01"]
[Round "1"]
[White "Jansen, Gerard"]
[Black "Clerc, R."]
[Result "2-0"]
1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 46-41 2-7 5. 34-29 23x34 6. 40x29 2-0

[Event "dutch ch. 2004"]
[Date "2004.03.02"]
[Round "2"]
[White "Clerc, R."]
[Black "Jansen, Gerard"]
[Result "*"]
1. 33-28 18-22 2. 39-33 12-18 *

[Event "Friendly"]
[White "Sijbrands, T."]
[Black "Jansen, Gerard"]
[Result "1-1"]
1. 31-26 19-23 2. 36-31 14-19 3. 41-36 10-14 1-1

[Event "Problem"]
[White "?"]
[Black "?"]
[Result "2-0"]
[FEN "W:W28,K47:B12,13"]
1. 28-22 13-18 2. 22x2 2-0
)PDN";

/// A fresh folder under the system temporary directory, removed with everything in it.
class TempFolder {
 public:
  explicit TempFolder(const std::string& tag) {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("damdb-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Writes `text` to `path`.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

/// The bytes of the file `path` ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// One game of PDN text: players, date ("" none), result, moves as written.
inline std::string pdn_game(const std::string& white, const std::string& date, const std::string& result,
                     const std::string& moves) {
  std::string text = "[White \"" + white + "\"]\n[Black \"Q\"]\n";
  if (!date.empty()) text += "[Date \"" + date + "\"]\n";
  return text + "[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n";
}

/// Plays on `pos` the move of code `code` (index into its sorted legal moves, as stored).
inline void play_code(rules::Position& pos, std::uint8_t code) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  pos.play(legal[code]);
}

/// PDN moves of `game` (move codes from the initial position), with move numbers.
inline std::string moves_text(const db::GameRecord& game) {
  rules::Position pos = rules::Position::initial();
  std::string text;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    rules::MoveList legal;
    rules::generate_moves(pos, legal);
    rules::sort_moves(legal);
    const rules::Move m = legal[game.moves[ply]];
    if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
    text += rules::to_pdn(pos, m, legal) + " ";
    pos.play(m);
  }
  return text;
}

/// Imports the PDN file `pdn` into a new database folder `folder` and closes it.
inline indexer::ImportSummary import_into(const std::filesystem::path& folder,
                                          const std::filesystem::path& pdn) {
  db::Database database = db::Database::open(folder);
  indexer::ImportOptions options;
  options.compact_at_end = false;
  return indexer::import_files(database, {pdn.string()}, options);
}

/// Standard output of the shell command `command` (its standard error discarded, or kept in the
/// output with `with_errors`), and its exit code (-1 when it did not exit normally).
inline std::string command_output(const std::string& command, int& exit_code,
                                  bool with_errors = false) {
  FILE* pipe = popen((command + (with_errors ? " 2>&1" : " 2>/dev/null")).c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

/// Opens a database read-only.
inline db::Database open_read_only(const std::filesystem::path& folder) {
  db::OpenOptions open;
  open.mode = db::OpenMode::ReadOnly;
  return db::Database::open(folder, open);
}

/// `game` (a record of move codes from its start) continued by random legal move codes up to
/// `plies` plies in all (fewer when the side to move is stuck); the same seed gives the same game.
inline db::GameRecord random_continuation(db::GameRecord game, int plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  rules::Position pos = indexer::start_position(game);
  for (const std::uint8_t code : game.moves) play_code(pos, code);
  rules::MoveList legal;
  for (int ply = static_cast<int>(game.moves.size()); ply < plies; ++ply) {
    legal.clear();
    rules::generate_moves(pos, legal);
    if (legal.empty()) break;
    rules::sort_moves(legal);
    const int code = static_cast<int>(rng() % static_cast<unsigned>(legal.size()));
    game.moves.push_back(static_cast<std::uint8_t>(code));
    pos.play(legal[code]);
  }
  return game;
}

/// A game record of `plies` random legal move codes (fewer when the side to move is stuck) from
/// `fen` ("" = the initial position); the same seed gives the same game.
inline db::GameRecord random_record(const std::string& fen, int plies, std::uint64_t seed) {
  db::GameRecord game;
  game.start_fen = fen;
  return random_continuation(std::move(game), plies, seed);
}

}  // namespace damdb::test
