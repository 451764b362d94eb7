// Parsing one PDN game from a text buffer, behind GameReader: a ParseCursor (parse_cursor.hpp)
// over the text, the TagReader (tag_reader.hpp) and the MovetextReader (movetext_reader.hpp,
// terminators in result_scan.hpp). Source: PDN 3.0 grammar (pdn.fmjd.org) plus the dialects of
// real files (zero padding, glued results, spaced results, tag-less files; see reader.hpp).
#pragma once

#include "pdn/game.hpp"
#include "pdn/parse_step.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace damdb::pdn {

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
