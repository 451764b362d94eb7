// ParallelGameReader against GameReader: the same file read by parts on several threads gives
// the same games (index, bytes, lines and columns, elements, diagnostics) and the same text
// outside games, whatever the parts; on the real corpus and on texts made to mislead the
// cutting (tag lines inside comments, games without tags or terminators, CR line ends, text
// outside games, Latin-1, a long game over many parts, a game longer than max_game_bytes).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>
#include <unistd.h>

#include "pdn/parallel_reader.hpp"
#include "pdn/reader.hpp"
#include "tests/corpus_files.hpp"

namespace damdb::pdn {
namespace {

void describe_line(const std::vector<Element>& line, std::string& s) {
  for (const Element& e : line)
    s += std::to_string(static_cast<int>(e.kind)) + '/' + std::to_string(e.offset) + '/' +
         std::to_string(e.text.begin) + '+' + std::to_string(e.text.size) + '/' +
         std::to_string(e.value) + '/' + std::to_string(e.square_count) + '/' +
         std::to_string(e.detail) + ' ';
  s += '\n';
}

/// Everything a reader gives of a game, as text (so that a difference shows where it is).
std::string describe(const Game& g) {
  std::string s = "game " + std::to_string(g.index) + " " + g.source + " bytes " +
                  std::to_string(g.byte_begin) + ".." + std::to_string(g.byte_end) + " lines " +
                  std::to_string(g.first_line) + ":" + std::to_string(g.first_column) + ".." +
                  std::to_string(g.last_line) + " " + std::string(to_string(g.encoding)) +
                  " variant " + std::to_string(g.variant.international) + "/" +
                  std::to_string(g.variant.game_type) + "/" + g.variant.reason + "\n" + g.text +
                  "\n";
  for (const Tag& t : g.tags)
    s += "[" + t.name + "=" + t.value + "|" + t.normalized + "@" + std::to_string(t.pos.line) +
         ":" + std::to_string(t.pos.column) + ":" + std::to_string(t.pos.offset) + "]\n";
  describe_line(g.moves, s);
  for (const std::vector<Element>& v : g.variations) describe_line(v, s);
  for (std::uint8_t square : g.squares) s += std::to_string(square) + ',';
  for (const std::string& setup : g.setups) s += "\nsetup " + setup;
  for (const Diagnostic& d : g.diagnostics) s += "\n" + d.to_string();
  for (std::uint32_t start : g.line_starts) s += ' ' + std::to_string(start);
  return s;
}

/// What a reader gave: each game described, its text outside games, and its parts (see
/// ParallelGameReader::parts; 0 for one GameReader).
struct Reading {
  std::vector<std::string> games;
  std::vector<std::string> outside;
  std::size_t parts = 0;
  std::size_t parts_read_again = 0;
};

Reading read_whole(const std::string& path, ReaderOptions options = {}) {
  GameReader reader(path, options);
  Reading r;
  reader.visit([&](Game& g) { r.games.push_back(describe(g)); });
  for (const Diagnostic& d : reader.file_diagnostics()) r.outside.push_back(d.to_string());
  return r;
}

Reading read_by_parts(const std::string& path, unsigned threads, std::size_t part_bytes,
                      ReaderOptions options = {}) {
  ParallelReaderOptions parallel;
  parallel.threads = threads;
  parallel.part_bytes = part_bytes;
  parallel.reader = options;
  ParallelGameReader reader(path, parallel);
  Reading r;
  const std::size_t n = reader.visit([&](Game& g) { r.games.push_back(describe(g)); });
  EXPECT_EQ(n, r.games.size());
  for (const Diagnostic& d : reader.file_diagnostics()) r.outside.push_back(d.to_string());
  r.parts = reader.parts();
  r.parts_read_again = reader.parts_read_again();
  return r;
}

void expect_same(const Reading& expected, const Reading& got, const std::string& what) {
  ASSERT_EQ(expected.games.size(), got.games.size()) << what;
  for (std::size_t i = 0; i < expected.games.size(); ++i)
    ASSERT_EQ(expected.games[i], got.games[i]) << what << ", game " << i;
  EXPECT_EQ(expected.outside, got.outside) << what;
}

/// A file of the test's own, removed at the end.
class TextFile {
 public:
  explicit TextFile(const std::string& text)
      : path_(std::filesystem::temp_directory_path() /
              ("damdb-parallel-" + std::to_string(::getpid()) + "-" +
               std::to_string(counter_++) + ".pdn")) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TextFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

/// Reads `text` whole and by parts of several sizes on 2 and 3 threads; expects the same.
void expect_parts_read_as_whole(const std::string& text, ReaderOptions options = {}) {
  TextFile file(text);
  const Reading whole = read_whole(file.path(), options);
  for (std::size_t part : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{700},
                           std::size_t{4096}})
    for (unsigned threads : {2u, 3u})
      expect_same(whole, read_by_parts(file.path(), threads, part, options),
                  "parts of " + std::to_string(part) + " bytes, " + std::to_string(threads) +
                      " threads");
}

TEST(PdnParallelReader, CountsLineEndsAsTheReader) {
  // Random texts of LF, CR and letters (up to longer than 255 blocks of 16 bytes, where the
  // lanes are summed), against a byte-by-byte count of the rule the reader's positions follow.
  std::uint32_t seed = 12345;
  auto random = [&] { return (seed = seed * 1103515245u + 12345u) >> 16; };
  for (std::size_t n : {0u, 1u, 16u, 17u, 33u, 4079u, 4080u, 4096u, 4097u, 9000u}) {
    for (const char* alphabet : {"\n\rxy", "\nxyz", "\r\r\nx"}) {
      std::string text;
      for (std::size_t i = 0; i < n; ++i) text += alphabet[random() % 4];
      std::uint64_t expected = 0;
      for (std::size_t i = 0; i < n; ++i)
        expected += text[i] == '\n' || (text[i] == '\r' && (i + 1 == n || text[i + 1] != '\n'));
      EXPECT_EQ(count_line_ends(text), expected) << n << " " << alphabet;
    }
  }
}

TEST(PdnParallelReader, ReadsTheCorpusAsOneReaderDoes) {
  // The corpus concatenated (about 4.4 MB, 660 files of every dialect and encoding): parts
  // of 2 KB to 256 KB, so that thousands of part boundaries fall everywhere in real games.
  const std::string text = damdb::testing::corpus_text();
  ASSERT_GT(text.size(), std::size_t{1} << 20);
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ASSERT_GT(whole.games.size(), 4000u);
  for (std::size_t part : {std::size_t{2048}, std::size_t{65536}, std::size_t{262144}}) {
    const Reading by_parts = read_by_parts(file.path(), 2, part);
    expect_same(whole, by_parts, "corpus, " + std::to_string(part));
    // Nearly every part starts where a game does: the parts are read in parallel, not again.
    EXPECT_GE(by_parts.parts, text.size() / part / 4);
    EXPECT_LE(by_parts.parts_read_again * 50, by_parts.parts) << part;
  }
}

TEST(PdnParallelReader, PartsOfAnOrdinaryFileAreNeverReadAgain) {
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += "[Event \"e" + std::to_string(i) + "\"]\r\n[Site \"s\"]\r\n\r\n1. 32-28 19-23 {c}\r\n"
            "2. 37-32 14-19 1-1\r\n\r\n";
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ASSERT_EQ(whole.games.size(), 300u);
  const Reading by_parts = read_by_parts(file.path(), 2, 500);
  expect_same(whole, by_parts, "parts of 500 bytes");
  EXPECT_GE(by_parts.parts, text.size() / 600);
  EXPECT_EQ(by_parts.parts_read_again, 0u);
}

TEST(PdnParallelReader, LongStretchesWithoutTagsAreScannedPast) {
  // Games without tags (tens of kilobytes of them, CRLF and CR line ends, lines of several
  // lengths so that a CRLF falls across the cutter's blocks) between games with tags: the part
  // before each tagged game runs over the stretch, and the line counted past it is right (a
  // wrong line would make the next part be read again).
  std::string text;
  const char* ends[] = {"\r\n", "\r\n", "\r"};
  for (int stretch = 0; stretch < 3; ++stretch) {
    text += "[Event \"tagged " + std::to_string(stretch) + "\"]\n\n1. 32-28 19-23 2-0\n\n";
    for (int i = 0; i < 3000; ++i)
      text += std::string(1 + (i + stretch) % 4, ' ') + "1. 33-28 18-23 1-1" + ends[i % 3];
  }
  text += "[Event \"last\"]\n1. 31-27 *\n";
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ASSERT_EQ(whole.games.size(), 3u * 3001u + 1u);
  for (std::size_t part : {std::size_t{64}, std::size_t{3000}}) {
    const Reading by_parts = read_by_parts(file.path(), 2, part);
    expect_same(whole, by_parts, "parts of " + std::to_string(part));
    EXPECT_EQ(by_parts.parts, 4u);
    EXPECT_EQ(by_parts.parts_read_again, 0u);
  }
}

TEST(PdnParallelReader, AFileWithoutTagsHoldsFewGamesAtOnce) {
  // 100,000 games of one line and no tag: no part can be cut, and the one part is read a few
  // parts' bytes at a time, its games visited in between (they were all held at once).
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "1. 32-28 *\n";
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ASSERT_EQ(whole.games.size(), 100000u);
  ParallelReaderOptions options;
  options.threads = 2;
  options.part_bytes = 4096;
  ParallelGameReader reader(file.path(), options);
  std::size_t n = 0;
  reader.visit([&](Game& g) { EXPECT_EQ(describe(g), whole.games[n++]); });
  EXPECT_EQ(n, 100000u);
  EXPECT_LE(reader.most_games_held(), 4 * 4096 / 11 + 1);
  EXPECT_LE(reader.bytes_read(), 2 * text.size());
}

TEST(PdnParallelReader, GamesFullOfWarningsHoldFewerGamesAtOnce) {
  // Games of 18 bytes with three warnings each (a value without quotes, a word, no
  // terminator): a part holds at most 32 bytes of games per byte of part_bytes, so far fewer
  // games than its bytes would give (16 KB of them are 900 games).
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "[Event 'q']\nwords\n";
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ParallelReaderOptions options;
  options.threads = 2;
  options.part_bytes = 4096;
  ParallelGameReader reader(file.path(), options);
  std::vector<std::string> games;
  reader.visit([&](Game& g) { games.push_back(describe(g)); });
  EXPECT_EQ(games, whole.games);
  EXPECT_LE(reader.most_games_held(), 32u * 4096u / 600u);
}

TEST(PdnParallelReader, ALongGameWithTagLikeLinesIsReadOnce) {
  // One game of 2 MB whose every other line starts with "[%eval": a part cut inside it is a
  // wrong guess, whose reader gives up a bounded way past its end; the game is read once, on
  // the visiting thread, and the parts it covers are skipped (before, each part read on to the
  // game's end: quadratic).
  std::string text = "[Event \"analysis\"]\n\n";
  for (int i = 1; text.size() < (std::size_t{2} << 20); ++i)
    text += std::to_string(i) + ". 32-28 19-23\n[%eval 0." + std::to_string(i % 100) +
            "] 28x19 14x23\n";
  text += "*\n\n[Event \"next\"]\n1. 32-28 2-0\n";
  TextFile file(text);
  const Reading whole = read_whole(file.path());
  ASSERT_EQ(whole.games.size(), 2u);
  for (unsigned threads : {2u, 4u}) {
    ParallelReaderOptions options;
    options.threads = threads;
    options.part_bytes = 16384;
    ParallelGameReader reader(file.path(), options);
    std::vector<std::string> games;
    reader.visit([&](Game& g) { games.push_back(describe(g)); });
    EXPECT_EQ(games, whole.games);
    // The parts queued while the game was read are wrong guesses; those after it are skipped.
    EXPECT_GE(reader.parts_read_again(), 1u) << threads;
    EXPECT_LE(reader.parts_read_again(), threads + 3) << threads;
    EXPECT_LE(reader.bytes_read(), text.size() + text.size() / 2) << threads;
  }
}

TEST(PdnParallelReader, TagLinesInsideCommentsAndGamesWithoutTags) {
  // Lines that start with '[' inside a comment, after a comment line, in a game that has no
  // terminator, and games of movetext only: wrong guesses of where a game begins.
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += "[Event \"e" + std::to_string(i) + "\"]\n[Round \"" + std::to_string(i) + "\"]\n";
    text += "1. 32-28 {a comment\n[Event \"not a tag\"]\nstill the comment} 19-23 ";
    text += i % 3 == 0 ? "\n" : "1-1\n";
    text += i % 5 == 0 ? "\n1. 33-28 18-23 2-0\n" : "\n";
    text += i % 7 == 0 ? "1-0\n\n" : "";  // text outside games
    text += "{\n[%eval 0.2]\n}\n";
  }
  expect_parts_read_as_whole(text);
}

TEST(PdnParallelReader, LineEndsEncodingsAndByteOrderMark) {
  // CRLF, lone CR and LF line ends (a part may end after a CR), a byte-order mark, Latin-1
  // and UTF-8 games (columns in characters).
  std::string text = "\xEF\xBB\xBF";
  const char* ends[] = {"\r\n", "\r", "\n"};
  for (int i = 0; i < 30; ++i) {
    const std::string nl = ends[i % 3];
    text += "[White \"G" + std::string(i % 2 ? "\xE9" : "\xC3\xA9") + "rard\"]" + nl;
    text += "[Black \"B" + std::to_string(i) + "\"]" + nl + nl + "1. 32-28 19-23 2. 37-32 *" + nl;
    if (i % 4 == 0) text += nl + nl + "   " + nl;
  }
  expect_parts_read_as_whole(text);
}

TEST(PdnParallelReader, LongGameOverManyPartsAndCutGames) {
  // A game of 20,000 bytes spans many parts; with max_game_bytes 5000 it is cut at the same
  // byte whatever the buffers of the reader that reads it (the rest is read as games).
  std::string text = "[Event \"short\"]\n1. 32-28 *\n\n[Event \"long\"]\n";
  for (int i = 1; i <= 1000; ++i) text += std::to_string(i) + ". 32-28 28-32 ";
  text += "*\n\n[Event \"after\"]\n1. 33-28 1-1\n";
  expect_parts_read_as_whole(text);
  ReaderOptions options;
  options.max_game_bytes = 5000;
  options.chunk_bytes = 1500;
  expect_parts_read_as_whole(text, options);
  for (std::size_t chunk : {std::size_t{100}, std::size_t{4096}}) {
    TextFile file(text);
    options.chunk_bytes = chunk;
    const Reading r = read_whole(file.path(), options);
    ASSERT_GE(r.games.size(), 3u);
    ReaderOptions other = options;
    other.chunk_bytes = 1500;
    expect_same(read_whole(file.path(), other), r, "chunk " + std::to_string(chunk));
  }
}

TEST(PdnParallelReader, ErrorsOfTheVisitorAndOfTheFile) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "[Event \"e\"]\n1. 32-28 19-23 *\n\n";
  TextFile file(text);
  ParallelReaderOptions options;
  options.threads = 3;
  options.part_bytes = 100;
  ParallelGameReader reader(file.path(), options);
  std::size_t seen = 0;
  EXPECT_THROW(reader.visit([&](Game&) {
    if (++seen == 50) throw std::runtime_error("stop");
  }),
               std::runtime_error);
  EXPECT_EQ(seen, 50u);
  ParallelGameReader missing("/nonexistent/file.pdn", options);
  EXPECT_THROW(missing.visit([](Game&) {}), ReadError);
}

}  // namespace
}  // namespace damdb::pdn
