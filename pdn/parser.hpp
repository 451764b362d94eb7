// Parsing one PDN game from a text buffer, behind GameReader: a ParseCursor (parse_cursor.hpp)
// over the text, the TagReader (tag_reader.hpp) and the MovetextReader (movetext_reader.hpp,
// terminators in result_scan.hpp). Source: PDN 3.0 grammar (pdn.fmjd.org) plus the dialects of
// real files (zero padding, glued results, spaced results, tag-less files; see reader.hpp).
#pragma once

#include "pdn/game.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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

/// The string a parse_game buffer views: `bytes` from `view_begin` on. A game of more than
/// `min_take_bytes` takes that string's memory as its text.
struct TextSource {
  std::string* bytes = nullptr;
  std::size_t view_begin = 0;
  std::size_t min_take_bytes = 0;
  std::size_t view_bytes = 0;  ///< bytes of the view in `bytes` (a cut game parses fewer)
};

/// Parses the next game from `buffer`, whose first byte is at `start` in the source.
/// `at_eof`: no bytes follow the buffer. On GameRead, `game` receives text (converted to
/// UTF-8, encoding detected per game), tags, movetext, diagnostics (file/index left empty for
/// the caller), tag value checks and the variant check; byte and source fields are left to the
/// caller. Never throws on bad input: every problem becomes a Diagnostic.
/// `source` (optional): the string `buffer` views. An ASCII or UTF-8 game longer than
/// source->min_take_bytes then takes that string's memory as its text instead of a copy (ParseStep::text_taken), and the string is left
/// holding the rest of the buffer (the bytes after the game), so that a long game is held once.
ParseStep parse_game(std::string_view buffer, bool at_eof, LineColumn start, Game& game,
                     TextSource* source = nullptr);

}  // namespace damdb::pdn
