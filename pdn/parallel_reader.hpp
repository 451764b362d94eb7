// Reading one PDN file with several threads: the file is cut into parts where a game seems to
// begin, each part is read by a GameReader of its own (ReadRange), and the games are handed to
// the caller in file order, each exactly as one GameReader reading the whole file gives it.
#pragma once

#include "pdn/game.hpp"
#include "pdn/reader.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::pdn {

/// Options of ParallelGameReader.
struct ParallelReaderOptions {
  /// Threads that read parts; 0: one per processor (at most 8). 1 reads the file on the calling
  /// thread with one GameReader.
  unsigned threads = 0;
  /// Bytes of a part (a part ends at the first line after that many bytes that starts a tag
  /// section); files shorter than two parts are read by one GameReader. Small parts keep the
  /// games of the parts in hand in the processors' caches.
  std::size_t part_bytes = std::size_t{64} << 10;
  ReaderOptions reader;
};

/// Reads a PDN file ("-" for standard input) with several threads and hands its games to a
/// visitor in file order, each game as GameReader reads it: the same index, text, byte range,
/// lines and columns, diagnostics, and the same file_diagnostics.
///
/// A part ends before a line whose first byte is '[' and whose previous non-blank byte is not
/// the ']' of a tag pair: where a game's tags usually begin. Each part is read on its own from
/// its start; the line of its start is counted while the file is cut. A part whose start turns
/// out not to begin a game (the game before it runs on past it: a comment holding such a line,
/// a game without a terminator whose next game has no tags) is read again from where that game
/// ends, so a wrong guess costs time, never a game. Standard input, other files that are not
/// regular, files shorter than two parts and threads == 1 are read by one GameReader on the
/// calling thread. At most threads + 2 parts are in memory at once.
class ParallelGameReader {
 public:
  /// Opens nothing yet: visit() does. `path` names the file in games and diagnostics.
  explicit ParallelGameReader(std::string path, ParallelReaderOptions options = {});

  /// Calls visitor(Game&) for every game, on the calling thread, in file order; returns the
  /// number of games. Throws ReadError when the file cannot be opened or read, and what the
  /// visitor throws (the reading threads are stopped first).
  std::size_t visit(const std::function<void(Game&)>& visitor);

  /// Text outside any game (see GameReader::file_diagnostics), once visit() has returned.
  const std::vector<Diagnostic>& file_diagnostics() const { return file_diagnostics_; }
  const std::string& source() const { return path_; }
  /// Parts the last visit() read, and those of them read again from where the game before
  /// them ended (a start that was not a game's); both 0 when one GameReader read the file.
  std::size_t parts() const { return parts_; }
  std::size_t parts_read_again() const { return parts_read_again_; }
  /// Bytes the parts' readers looked at in all (the file's size plus what wrong guesses cost),
  /// and the most games one part held before they were visited; both 0 for one GameReader.
  std::uint64_t bytes_read() const { return bytes_read_; }
  std::size_t most_games_held() const { return most_games_held_; }

 private:
  std::string path_;
  ParallelReaderOptions options_;
  std::vector<Diagnostic> file_diagnostics_;
  void count_reading(std::uint64_t bytes, std::size_t games);

  std::size_t parts_ = 0;
  std::size_t parts_read_again_ = 0;
  std::uint64_t bytes_read_ = 0;
  std::size_t most_games_held_ = 0;
};

/// Line ends in `text` as the reader counts them (the lines of TextPos): LF, CRLF (one) and a
/// CR that no LF follows; a CR that ends `text` counts (the text after it must not start with
/// LF). The line of a byte is 1 + the line ends before it.
std::uint64_t count_line_ends(std::string_view text);

}  // namespace damdb::pdn
