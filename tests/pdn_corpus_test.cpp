// The reader over every file of ../shared/corpus: no crash, hand-verified game counts for a
// sample of files, round trip read-write-read, and the PDN standard's fail/succeed test sets.
#include "tests/corpus_required.hpp"
#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = DAMDB_CORPUS_DIR;

// An independent count of the games in a PDN text, by a scan much simpler than the reader: tag
// lines, {comments}, '%' lines, terminators (2-0, 1-1, 0-2, 1-0, 0-1, 0-0, 1/2-1/2, *, blanks
// allowed around '-') and move-like words ("32-28", "19x28", "a3b4"). A game ends at a
// terminator after tags or moves, or at tags that follow moves, or at the end of the text; a
// terminator after nothing (a second "0-0") is no game.
class GameScan {
 public:
  explicit GameScan(std::string_view text) : s_(text) {}

  std::size_t count() {
    std::size_t games = 0;
    bool open = false;
    char last = 0;  // kind of the last event: 'T' tags, 'M' move, 'R' terminator
    while (p_ < s_.size()) {
      const char kind = next_event();
      if (kind == 'T' || kind == 'M') {
        if (kind == 'T' && open && last == 'M') ++games;  // tags after moves: a new game
        open = true;
        last = kind;
      } else if (kind == 'R') {
        if (open) ++games;
        open = false;
        last = kind;
      }
    }
    return games + (open ? 1 : 0);
  }

 private:
  char at(std::size_t i) const { return i < s_.size() ? s_[i] : '\0'; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool word(char c) { return digit(c) || std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
  static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
  std::size_t blanks(std::size_t i) const {
    while (at(i) == ' ' || at(i) == '\t') ++i;
    return i;
  }
  std::size_t line_end(std::size_t i) const {
    const std::size_t e = s_.find('\n', i);
    return e == std::string_view::npos ? s_.size() : e;
  }

  /// Reads what starts at p_ (moving p_ past it): 'T', 'M', 'R', 'C' (comment) or 0 (nothing).
  char next_event() {
    const std::size_t p = p_;
    const bool line_start = p == 0 || s_[p - 1] == '\n';
    if (line_start) {
      const std::size_t b = blanks(p);
      if (at(b) == '[' && (std::isalpha(static_cast<unsigned char>(at(b + 1))) || at(b + 1) == '_')) {
        p_ = line_end(b);
        return 'T';
      }
    }
    if (at(p) == '{') {
      const std::size_t close = s_.find('}', p);
      p_ = close == std::string_view::npos ? s_.size() : close + 1;
      return 'C';
    }
    if (line_start && at(p) == '%') {
      p_ = line_end(p);
      return 'C';
    }
    if (p == 0 || !(word(s_[p - 1]) || s_[p - 1] == '/' || s_[p - 1] == '.' || s_[p - 1] == '-')) {
      const char r = terminator(p);
      if (r) return r;
    }
    if (digit(at(p))) {
      std::size_t q = p;
      while (digit(at(q))) ++q;
      if ((at(q) == '-' || at(q) == 'x' || at(q) == ':') && digit(at(q + 1))) {
        q += 1;
        while (digit(at(q))) ++q;
        p_ = q;
        return 'M';
      }
    }
    if (at(p) >= 'a' && at(p) <= 'h' && at(p + 1) >= '1' && at(p + 1) <= '8') {  // "a3b4"
      std::size_t q = p + 2;
      if ((at(q) >= 'a' && at(q) <= 'h') || at(q) == '-' || at(q) == 'x') ++q;
      if (at(q) >= '1' && at(q) <= '8') ++q;
      p_ = q;
      return 'M';
    }
    p_ = p + 1;
    return 0;
  }

  /// A terminator at p: 'R' (p_ moved past it), 'S' for a score that ends nothing ("2-1"),
  /// 0 when there is none.
  char terminator(std::size_t p) {
    if (at(p) == '*') {
      p_ = p + 1;
      return 'R';
    }
    if (s_.substr(p, 3) == "1/2") {
      std::size_t q = blanks(p + 3);
      if (at(q) == '-') {
        q = blanks(q + 1);
        if (s_.substr(q, 3) == "1/2") {
          p_ = q + 3;
          return 'R';
        }
      }
    }
    const char a = at(p);
    if (a < '0' || a > '2') return 0;
    std::size_t q = blanks(p + 1);
    if (at(q) != '-') return 0;
    q = blanks(q + 1);
    const char b = at(q);
    if (b < '0' || b > '2') return 0;
    ++q;
    std::size_t d = q;
    while (digit(at(d))) ++d;
    const bool follows = q >= s_.size() || space(at(q)) || at(q) == '[' || (d > q && at(d) == '.');
    if (!follows) return 0;
    p_ = q;
    const int score = (a - '0') * 10 + (b - '0');
    return score == 21 || score == 12 || score == 22 ? 'S' : 'R';
  }

  std::string_view s_;
  std::size_t p_ = 0;
};

std::string file_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(kCorpus)) {
    if (!entry.is_regular_file()) continue;
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".pdn") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}


TEST(PdnCorpus, EveryFileReadsAndRoundTrips) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  auto files = corpus_files();
  ASSERT_EQ(files.size(), 666u);  // SOURCES.md: 666 files
  std::size_t total_games = 0, scanned_games = 0;
  std::size_t not_international = 0;
  std::map<Encoding, std::size_t> encodings;
  for (const fs::path& file : files) {
    std::vector<Game> games = read_file(file.string());
    total_games += games.size();
    const std::size_t scanned = GameScan(file_text(file)).count();
    scanned_games += scanned;
    EXPECT_EQ(games.size(), scanned) << file << ": the reader and the simple scan disagree";
    std::string written;
    for (std::size_t i = 0; i < games.size(); ++i) {
      const Game& g = games[i];
      EXPECT_EQ(g.index, i);
      ++encodings[g.encoding];
      not_international += !g.variant.international;
      if (i) written += '\n';
      write_game(g, written);
    }
    // Round trip: the written file reads back as the same games, and writing is stable.
    std::vector<Game> again = read_games(written, file.string() + " (written)");
    ASSERT_EQ(again.size(), games.size()) << file;
    std::string rewritten;
    for (std::size_t i = 0; i < games.size(); ++i) {
      std::string why;
      EXPECT_TRUE(same_content(games[i], again[i], &why))
          << file << " game " << i + 1 << ": " << why;
      if (i) rewritten += '\n';
      write_game(again[i], rewritten);
    }
    EXPECT_EQ(written, rewritten) << file;
  }
  // The simple scan (GameScan above) finds the same games, file by file: 4499. Neither counts
  // the second "0-0" after an engine game's "0-0" in oud/dam20070607(2).pdn and
  // oud/parallel4.pdn (no tag and no move, so no game).
  EXPECT_EQ(scanned_games, 4499u);
  EXPECT_EQ(total_games, 4499u);
  // Latin-1 files exist in the corpus (Gérard as 0xE9) and must be detected.
  EXPECT_GT(encodings[Encoding::Latin1] + encodings[Encoding::Windows1252], 0u);
  EXPECT_GT(encodings[Encoding::Utf8], 0u);
  // Exactly the five files of wiegerw_pdn/not-10x10 (43 + 54 + 44 + 53 + 1 games).
  EXPECT_EQ(not_international, 195u);
}

// Game counts verified by hand (grep of [Event and [Result tags, reading the files, and for
// tag-less files the results that end each game):
TEST(PdnCorpus, HandVerifiedGameCounts) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const std::map<std::string, std::size_t> expected = {
      // 4 [Event tags, 4 [Result tags
      {"wiegerw_pdn/games/succeed/kurnik.pdn", 4},
      // three FEN positions each ended by '*'
      {"wiegerw_pdn/games/succeed/fen.pdn", 3},
      // 23 [Event / [Result tags
      {"wiegerw_pdn/games/succeed/wk2003.pdn", 23},
      // 190 [Event / [Result tags: all games of the 2003 world championship
      {"rhalbersma_horizon/BoomstraDam/pdn files/oud/wk2003.pdn", 190},
      // 43 [Event / [Result tags
      {"rhalbersma_mobydam/book/games/babasy1.pdn", 43},
      {"wiegerw_draughts/games/wiersma.pdn", 34},
      {"wiegerw_pdn/not-10x10/games/succeed/ussr1947.pdn", 54},
      {"wiegerw_pdn/not-10x10/games/succeed/OCA_2.0.pdn", 43},
      // 7 tagged games, heavily annotated
      {"wiegerw_pdn/games/succeed/nk ronde 01.pdn", 7},
      // two games, results 4-6 and 1-9
      {"wiegerw_pdn/games/fail/delfts.pdn", 2},
      // 45 [Event tags plus a stray fragment "36x27 1-0" at line 611 that is a game by itself
      {"wiegerw_pdn/games/fail/Cat.C1.pdn", 46},
      // one tagged game ended by "1-1", then three tag-less engine games glued by results:
      // "1-101.33-29" and "0-001." twice
      {"rhalbersma_horizon/BoomstraDam/pdn files/oud-2/roel20081212.pdn", 4},
      // one game whose move numbers restart at "1." without a result: still one game
      {"rhalbersma_horizon/BoomstraDam/pdn files/oud/row-scr.pdn", 1},
      // five FEN positions, each ended by '*'
      {"rhalbersma_horizon/Horizon/pdn-files/test-files/2010-02-18.pdn", 5},
      // '%' line comment, then tags and moves without a terminator: one game
      {"wiegerw_pdn/games/succeed/linecomment.pdn", 1},
      // "1.a3b4": one alphanumeric 8x8 move
      {"wiegerw_pdn/not-10x10/games/succeed/alphanumeric.pdn", 1},
      // 0-byte files
      {"rhalbersma_horizon/Horizon/pdn-files/158/028__won.pdn", 0},
      {"rhalbersma_horizon/BoomstraDam/pdn files/oud-2/aaaaend.pdn", 0},
  };
  for (const auto& [path, count] : expected)
    EXPECT_EQ(read_file((kCorpus / path).string()).size(), count) << path;
}

TEST(PdnCorpus, StandardTestSetsFailAndSucceed) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  for (const auto& entry : fs::directory_iterator(kCorpus / "wiegerw_pdn/games/fail")) {
    // The standard's "fail" files break the syntax; their moves replay, so the reader reads
    // them with warnings (text skipped or mended), never silently.
    auto games = read_file(entry.path().string());
    std::size_t flagged = 0;
    for (const Game& g : games)
      for (const Diagnostic& d : g.diagnostics) flagged += d.severity == Severity::Warning;
    EXPECT_GT(flagged, 0u) << entry.path();
  }
  for (const auto& entry : fs::directory_iterator(kCorpus / "wiegerw_pdn/games/succeed")) {
    auto games = read_file(entry.path().string());
    EXPECT_FALSE(games.empty()) << entry.path();
    for (const Game& g : games)
      for (const Diagnostic& d : g.diagnostics)
        EXPECT_NE(d.severity, Severity::Error) << d.to_string();
    for (const Game& g : games) EXPECT_TRUE(g.variant.international) << entry.path();
  }
}

TEST(PdnCorpus, NotInternationalFilesAreRecognised) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  for (const auto& entry : fs::directory_iterator(kCorpus / "wiegerw_pdn/not-10x10/games/succeed")) {
    auto games = read_file(entry.path().string());
    ASSERT_FALSE(games.empty()) << entry.path();
    for (const Game& g : games) EXPECT_FALSE(g.variant.international) << entry.path() << " game " << g.number();
  }
}

TEST(PdnCorpus, Latin1OriginalEqualsUtf8Reencoding) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  // The 2017 Latin-1 original and the 2023 UTF-8 re-encoding hold the same games.
  auto latin = read_file((kCorpus / "wiegerw_pdn/original-11c652f/games/succeed/nk2003-amsterdam.pdn").string());
  auto utf8 = read_file((kCorpus / "wiegerw_pdn/games/succeed/nk2003-amsterdam.pdn").string());
  ASSERT_EQ(latin.size(), utf8.size());
  std::size_t latin_games = 0;
  for (std::size_t i = 0; i < latin.size(); ++i) {
    latin_games += latin[i].encoding == Encoding::Latin1;
    std::string why;
    EXPECT_TRUE(same_content(latin[i], utf8[i], &why)) << "game " << i + 1 << ": " << why;
  }
  EXPECT_GT(latin_games, 0u);
}

}  // namespace
}  // namespace damdb::pdn
