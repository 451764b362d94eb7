// Writing canonical PDN 3.0: the seven standard tags first (Event, Site, Date, Round, White,
// Black, Result, those present), then the other tags in input order; movetext with regenerated
// move numbers ("12." before white's move, "12..." before black's when not directly after
// white's), squares without zero padding, strength marks, NAGs, comments, line comments,
// setups and variations kept; the terminator (`*` when the game had none, and for a
// non-standard score such as 4-6, which stays in the Result tag: written as a terminator it
// would read back as a move that does not end the game); UTF-8, LF line
// endings, lines wrapped at 80 characters where a token boundary allows. Reading the output
// gives a game with the same content (see same_content in game.hpp).
#pragma once

#include "pdn/game.hpp"

#include <ostream>
#include <functional>
#include <string>
#include <vector>

namespace damdb::pdn {

/// The tags in canonical order: the seven standard tags (first occurrence of each) in roster
/// order, then all other tags in input order.
std::vector<const Tag*> canonical_tag_order(const Game& game);

/// Appends one game as canonical PDN to `out`, ending with a line break.
void write_game(const Game& game, std::string& out);

/// Takes the text written so far (and empties the string), e.g. into a file.
using TextFlush = std::function<void(std::string&)>;

/// The same text as write_game(game, buffer), appended to `buffer` and handed to `flush`
/// whenever `buffer` holds `flush_bytes` or more, so that a long game is written with a
/// bounded buffer. What is left in `buffer` at the end is the caller's to write.
void write_game(const Game& game, std::string& buffer, std::size_t flush_bytes,
                const TextFlush& flush);

/// One game as canonical PDN text.
std::string to_pdn(const Game& game);

/// Writes games separated by one blank line.
void write_games(const std::vector<Game>& games, std::ostream& out);

}  // namespace damdb::pdn
