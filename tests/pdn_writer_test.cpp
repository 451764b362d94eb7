// The canonical writer with a bounded buffer (write_game with a TextFlush): the text handed out
// in pieces is byte for byte the text write_game appends at once, for hand-made games and the
// corpus, and no piece is much longer than the bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "pdn/reader.hpp"
#include "pdn/writer.hpp"
#include "tests/corpus_files.hpp"
#include "tests/corpus_required.hpp"

namespace damdb::pdn {
namespace {

// The pieces write_game hands out with `flush_bytes`, the rest of the buffer last.
std::vector<std::string> pieces_of(const Game& game, std::size_t flush_bytes) {
  std::vector<std::string> pieces;
  const TextFlush flush = [&](std::string& text) {
    pieces.push_back(text);
    text.clear();
  };
  std::string buffer;
  write_game(game, buffer, flush_bytes, flush);
  pieces.push_back(buffer);
  return pieces;
}

std::string joined(const std::vector<std::string>& pieces) {
  std::string all;
  for (const std::string& p : pieces) all += p;
  return all;
}

TEST(PdnWriter, ALongGameIsWrittenInPiecesOfTheBound) {
  // A king shuffle of 5,000 moves: its tokens ("4999.", "46-41", "1-6", "*") are at most 5
  // bytes and a line break or space, so a piece is handed out as soon as it reaches 1,024 bytes
  // and never holds more than 1,024 + 6 bytes.
  std::string text = "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n\n";
  for (int move = 1; move <= 5000; ++move)
    text += std::to_string(move) + (move % 2 == 1 ? ". 46-41 1-6 " : ". 41-46 6-1 ");
  text += "*\n";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  const std::vector<std::string> pieces = pieces_of(games[0], 1024);
  EXPECT_EQ(joined(pieces), to_pdn(games[0]));
  ASSERT_GT(pieces.size(), 30u);  // 5,000 x about 14 bytes
  for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
    EXPECT_GE(pieces[i].size(), 1024u) << i;
    EXPECT_LE(pieces[i].size(), 1024u + 6) << i;
  }
  EXPECT_LT(pieces.back().size(), 1024u);
}

TEST(PdnWriter, EveryCorpusGameWrittenInPiecesIsTheSameText) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  std::size_t games = 0;
  const auto files = testing::corpus_pdn_files();
  for (std::size_t f = 0; f < files.size(); f += 3) {
    GameReader reader(files[f].string());
    Game game;
    while (reader.next(game)) {
      ++games;
      const std::string whole = to_pdn(game);
      for (const std::size_t bound : {std::size_t{1}, std::size_t{80}, std::size_t{4096}})
        EXPECT_EQ(joined(pieces_of(game, bound)), whole) << files[f] << " game " << game.index;
    }
  }
  EXPECT_GT(games, 1000u);
}

}  // namespace
}  // namespace damdb::pdn
