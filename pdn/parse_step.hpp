// What one parse_game call reports (parser.hpp): where the game it read starts and ends, as
// bytes and as lines and columns counted from 1.
#pragma once

#include <cstddef>
#include <cstdint>

namespace damdb::pdn {

/// Where the parser stands in its source: 1-based line and column (characters) of buffer[0].
struct LineColumn {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
  friend bool operator==(const LineColumn&, const LineColumn&) = default;
};

/// Outcome of one parse_game call.
struct ParseStep {
  enum Status : std::uint8_t {
    GameRead,  ///< `game` holds a game spanning buffer[begin, end)
    NeedMore,  ///< the buffer ends inside a game (or only whitespace was seen): read more
    End,       ///< only whitespace up to the end of the input
  };
  Status status = End;
  std::size_t begin = 0;  ///< first byte of the game (leading whitespace skipped)
  std::size_t end = 0;    ///< one past the game's last byte; GameRead only
  LineColumn begin_at;    ///< line/column of `begin`
  LineColumn end_at;      ///< line/column of `end`; GameRead only
  /// GameRead only: the game's text was taken from the TextSource string, which now holds only
  /// the bytes that followed the game in the buffer (see parse_game).
  bool text_taken = false;
  /// GameRead only: the text read holds no tag and no move (stray text, a lone terminator, a
  /// literal `\r` after the last game): it is not a game and the reader skips it.
  bool not_a_game = false;
};

}  // namespace damdb::pdn
