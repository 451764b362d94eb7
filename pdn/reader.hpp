// Streaming PDN reader (python-chess pgn style): reads a file, a std::istream or standard input
// ("-") in bounded memory (a chunked buffer holding at most the current game plus one chunk)
// and yields one Game at a time:
//
//   damdb::pdn::GameReader reader("games.pdn");
//   while (auto game = reader.next()) { ... game->moves ... game->diagnostics ... }
//
// Reads every dialect of the issue-3 corpus: PDN 3.0 (tags, movetext, comments, variations,
// NAGs, setups, embedded commands), files without tags, games separated only by results,
// results glued to the next game (`0-001.33-29`), zero-padded numbers and squares, `1- 7`,
// spaced results (`1 - 1`), tags on one line, FEN values over two lines, CRLF/LF/mixed line
// endings, no final newline, empty files, a UTF-8 byte-order mark, and ASCII / UTF-8 /
// Latin-1 / Windows-1252 text (detected per game, converted to UTF-8).
//
// A large regular file can also be read by parts on several threads, with the same games: see
// pdn/parallel_reader.hpp (ReadRange below is the part one GameReader reads).
//
// Game boundaries: a game ends at its terminator (2-0 1-1 0-2 1-0 0-1 1/2-1/2 0-0 *, outside
// variations), or without one where the next game's tags begin (a '[' after movetext, or a tag
// name repeated in a tag-only game), or at the end of the input. Syntax errors never stop the
// reader: they are recorded in Game::diagnostics and reading continues.
#pragma once

#include "pdn/game.hpp"
#include "pdn/source_map.hpp"
#include "pdn/parser.hpp"

#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::pdn {

/// Thrown when a source cannot be opened or read (missing file, I/O error).
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Buffer sizes of the streaming reader.
struct ReaderOptions {
  std::size_t chunk_bytes = std::size_t{1} << 20;     ///< bytes read from the source at once
  std::size_t max_game_bytes = std::size_t{64} << 20; ///< a longer game is cut (with an error)
};

/// A part of a regular file read on its own (ParallelGameReader): the games whose first byte
/// lies in [start, stop), read exactly as a reader from the file's start reads them. `start`
/// is where a game (or text outside games) begins, at line and column `start_at`. A game that
/// begins before `stop` and runs on past `give_up_at` is not read: the reader stops before it
/// (next_game_offset is its first byte), so that a part whose start was a wrong guess costs a
/// bounded amount of reading.
struct ReadRange {
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};
  std::uint64_t start = 0;
  std::uint64_t stop = kNever;
  LineColumn start_at{};
  std::uint64_t give_up_at = kNever;
};

/// Reads games one at a time from a PDN source.
class GameReader {
 public:
  /// Opens `path` ("-" reads standard input). Throws ReadError if the file cannot be opened.
  explicit GameReader(const std::string& path, ReaderOptions options = {});
  /// Reads from `in`, naming the source `source_name` in games and diagnostics.
  GameReader(std::istream& in, std::string source_name, ReaderOptions options = {});
  /// Reads the part `range` of the file `path`, whose first `length` bytes (from range.start
  /// on) the caller has read into `buffer` (which may be longer); reads on in the file when a
  /// game goes on past them. Game indices count from 0 in the part. Throws ReadError if the
  /// file cannot be opened.
  GameReader(const std::string& path, ReadRange range, std::string buffer, std::size_t length,
             ReaderOptions options = {});

  /// The next game, or std::nullopt at the end of the input. Throws ReadError on I/O errors.
  std::optional<Game> next();
  /// Like next() but reuses `game`'s storage; returns false at the end of the input.
  bool next(Game& game);

  /// Calls `visitor(Game&)` for every remaining game; returns the number of games.
  template <class Visitor>
  std::size_t visit(Visitor&& visitor) {
    Game game;
    std::size_t n = 0;
    while (next(game)) {
      visitor(game);
      ++n;
    }
    return n;
  }

  const std::string& source() const { return source_; }
  /// Problems of the source outside any game: text holding no tag and no move (white space
  /// written as text, a lone terminator, stray words) is skipped, not read as a game; it is
  /// reported here once (IssueKind::StrayText, count = the number of such places, pos = the first).
  const std::vector<Diagnostic>& file_diagnostics() const { return file_diagnostics_; }
  std::size_t games_read() const { return index_; }
  /// Bytes of the source consumed so far.
  std::uint64_t bytes_consumed() const { return source_offset(buffer_offset_ + pos_); }
  /// Line and column of bytes_consumed(): after a game, where the reader goes on from.
  LineColumn consumed_at() const { return at_; }
  /// Bytes of the source read so far: the end of what the reader has looked at.
  std::uint64_t bytes_read() const { return source_offset(buffer_offset_ + len_); }
  /// Once next() returned false: where the first game not read begins (a part's stop or
  /// later, a game given up, or the end of the source), and its line and column; at_end()
  /// when it is the end of the source.
  std::uint64_t next_game_offset() const { return source_offset(next_game_offset_); }
  LineColumn next_game_at() const { return next_game_at_; }
  bool at_end() const { return at_end_; }
  /// The reader's buffer, given away, holding at its front the bytes read and not consumed
  /// (from bytes_consumed() on; `length` receives their count): a reader of the range that
  /// starts there can take them as its first bytes.
  std::string take_unread(std::size_t& length);
  /// Games read before the first text outside any game (file_diagnostics' first entry).
  std::size_t games_before_stray_text() const { return games_before_stray_text_; }

 private:
  void open(const std::string& path);
  void fill();
  bool stop_before(const ParseStep& step);
  bool stop_waiting();
  void note_text_outside_games(std::string_view text, LineColumn at);
  void read_wide_source();
  // The offset in the source file of offset `offset` of the text read (converted or not).
  std::uint64_t source_offset(std::uint64_t offset) const;

  std::unique_ptr<std::ifstream> file_;
  std::istream* in_ = nullptr;
  std::string source_;
  ReaderOptions options_;
  // Valid bytes are [0, len_). A game longer than a chunk takes the buffer as its text (no
  // copy: a long game is in memory once); the bytes after it become the new buffer.
  std::string buffer_;
  std::size_t len_ = 0;
  std::size_t pos_ = 0;     // first unconsumed byte
  std::uint64_t buffer_offset_ = 0;  // source offset of buffer_[0]
  std::optional<std::uint64_t> file_size_;  // a regular file's size when opened
  bool eof_ = false;
  bool started_ = false;
  LineColumn at_{};
  std::size_t index_ = 0;
  std::vector<Diagnostic> file_diagnostics_;
  std::size_t games_before_stray_text_ = 0;
  std::optional<ReadRange> range_;  // a part's: no game that begins at its stop or later is read
  std::uint64_t next_game_offset_ = 0;
  LineColumn next_game_at_{};
  bool at_end_ = false;
  Encoding wide_ = Encoding::Utf8;  // a UTF-16 or UTF-32 source, read converted to UTF-8
  // For a converted source, the conversions applied in order (offsets of the text read go
  // through them from last to first); empty when the text read is the source's own bytes.
  std::vector<SourceMap> conversions_;
};

/// The message of text outside any game skipped after `games_before` games.
std::string stray_text_message(std::size_t games_before);

/// Reads every game of an in-memory text (tests, fuzzing). `source` names it in diagnostics.
std::vector<Game> read_games(std::string_view text, const std::string& source = "<memory>");

/// Reads every game of a file ("-" = stdin). Throws ReadError when it cannot be opened.
std::vector<Game> read_file(const std::string& path);

}  // namespace damdb::pdn
