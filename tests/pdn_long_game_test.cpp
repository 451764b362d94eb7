// A long game in the reader: its vectors grow to the size projected for the text instead of by
// doubling, the next game does not keep its storage, and however it is read (chunk sizes, a
// file or a stream) its elements, squares and line starts are the same. Expected capacities are
// computed by hand; line starts by a byte-by-byte count.
#include "pdn/projected_capacity.hpp"
#include "pdn/reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>  // getpid

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

TEST(PdnProjectedCapacity, DoublesWhileSmallThenProjects) {
  EXPECT_EQ(projected_capacity(0, 1, 0, 100), 1u);          // nothing yet: what is needed
  EXPECT_EQ(projected_capacity(100, 1, 50, 1000), 200u);    // below kProjectFrom: doubling
  EXPECT_EQ(projected_capacity(100, 300, 50, 1000), 400u);  // more than twice is needed
  // 8192 items in the first 32768 bytes of 327680: 81920 for the text, plus 1/16.
  EXPECT_EQ(projected_capacity(8192, 32, 32768, 327680), 87040u);
  // The text is read to its end and still needs room: 1/8 more than now.
  EXPECT_EQ(projected_capacity(10000, 5, 4000, 4000), 11250u);
  EXPECT_EQ(projected_capacity(10000, 50000, 4000, 4000), 60000u);
}

// A king shuffle of `moves` move numbers (3 elements each: number and two moves), six to a
// line, then a terminator, after tags.
std::string shuffle(int moves) {
  std::string text = "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n\n";
  for (int i = 1; i <= moves; ++i) {
    text += std::to_string(i);
    text += i % 2 ? ". 46-41 1-6" : ". 41-46 6-1";
    text += i % 6 == 0 ? "\n" : " ";
  }
  return text + "*\n";
}

const std::string kShort = "[Event \"short\"]\n1. 32-28 19-23 *\n";

std::vector<Game> read_stream(const std::string& text, std::size_t chunk_bytes) {
  std::istringstream in(text);
  ReaderOptions options;
  options.chunk_bytes = chunk_bytes;
  GameReader reader(in, "s.pdn", options);
  std::vector<Game> games;
  reader.visit([&](Game& g) { games.push_back(g); });
  return games;
}

void expect_same_game(const Game& a, const Game& b) {
  EXPECT_EQ(a.text, b.text);
  EXPECT_EQ(a.squares, b.squares);
  EXPECT_EQ(a.line_starts, b.line_starts);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const Element &x = a.moves[i], &y = b.moves[i];
    ASSERT_TRUE(x.kind == y.kind && x.offset == y.offset && x.text.begin == y.text.begin &&
                x.text.size == y.text.size && x.value == y.value &&
                x.square_count == y.square_count && x.detail == y.detail)
        << "element " << i;
  }
}

TEST(PdnLongGame, VectorsGrowCloseToTheirSizeAndAreNotKeptForTheNextGame) {
  // 33,000 move numbers: 99,001 elements and 132,000 squares. Doubling from a power of two
  // would end at 131,072 elements and 262,144 squares (1.32 and 1.99 times the size).
  const std::string text = shuffle(33000) + kShort;
  std::istringstream in(text);
  GameReader reader(in, "s.pdn");
  Game game;
  ASSERT_TRUE(reader.next(game));
  ASSERT_EQ(game.moves.size(), 99001u);
  ASSERT_EQ(game.squares.size(), 132000u);
  EXPECT_LE(game.moves.capacity(), game.moves.size() * 13 / 10);
  EXPECT_LE(game.squares.capacity(), game.squares.size() * 13 / 10);
  // The long game's storage (more than 1 MB of elements) is given back for the short game.
  ASSERT_TRUE(reader.next(game));
  EXPECT_EQ(game.tag("Event")->value, "short");
  EXPECT_LT(game.moves.capacity() * sizeof(Element), std::size_t{1} << 20);
  EXPECT_FALSE(reader.next(game));
}

TEST(PdnLongGame, SameElementsWhateverTheChunks) {
  const std::string text = shuffle(33000) + kShort;
  const std::vector<Game> whole = read_stream(text, std::size_t{1} << 20);
  ASSERT_EQ(whole.size(), 2u);
  for (std::size_t chunk : {std::size_t{4096}, std::size_t{100000}}) {
    const std::vector<Game> games = read_stream(text, chunk);
    ASSERT_EQ(games.size(), 2u) << chunk;
    for (std::size_t i = 0; i < 2; ++i) expect_same_game(whole[i], games[i]);
  }
}

TEST(PdnLongGame, FileOfKnownSizeReadsAsTheStream) {
  // The reader reads a regular file up to one byte past its size: files just below, at and
  // just above the chunk size, and one much longer, give the games the stream gives.
  const std::string text = shuffle(40) + kShort + shuffle(3000) + kShort;
  const auto path = std::filesystem::temp_directory_path() /
                    ("damdb-long-game-" + std::to_string(::getpid()) + ".pdn");
  for (std::size_t size : {std::size_t{999}, std::size_t{1000}, std::size_t{1001}, text.size()}) {
    const std::string bytes = text.substr(0, size);
    std::ofstream(path, std::ios::binary) << bytes;
    ReaderOptions options;
    options.chunk_bytes = 1000;
    GameReader reader(path.string(), options);
    std::vector<Game> games;
    reader.visit([&](Game& g) { games.push_back(g); });
    const std::vector<Game> expected = read_stream(bytes, 1000);
    ASSERT_EQ(games.size(), expected.size()) << size;
    for (std::size_t i = 0; i < games.size(); ++i) expect_same_game(expected[i], games[i]);
    EXPECT_EQ(reader.bytes_consumed(), bytes.size());
  }
  std::filesystem::remove(path);
}

TEST(PdnLongGame, LineStartsOfManySegments) {
  // LF, CRLF and lone CR line ends over many 4096-byte segments, one line end at some segment
  // borders; the line starts counted byte by byte.
  std::string text = "[Event \"lines\"]\n";
  const char* ends[] = {"\n", "\r\n", "\r", "\n\n"};
  for (int i = 0; i < 8000; ++i) {
    text += i % 5 == 0 ? "46-41 1-6 41-46 6-1" : "46-41";
    text += ends[i % 4];
  }
  text += "*";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  const std::string& t = games[0].text;
  std::vector<std::uint32_t> expected;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] == '\n' || (t[i] == '\r' && (i + 1 == t.size() || t[i + 1] != '\n')))
      expected.push_back(static_cast<std::uint32_t>(i + 1));
  EXPECT_EQ(games[0].line_starts, expected);
  EXPECT_GT(expected.size(), 8192u);  // enough to be grown by projection
}

}  // namespace
}  // namespace damdb::pdn
