// The game terminators as the reader finds them in movetext: the result grammar (2-0, 0-2, 1-1,
// 1-0, 0-1, 0-0, 1/2-1/2, 0.5-0.5, ½-½, blanks around the '-'), the '*', the placeholders that
// stand where a terminator belongs, and a non-standard score that the Result tag names.
// Source: PDN 3.0 "Game termination" and the forms found in real files; what a result text
// means is result.hpp's outcome_of.
#pragma once

#include "pdn/game.hpp"
#include "pdn/parse_cursor.hpp"

#include <cstddef>

namespace damdb::pdn {

/// Matches a game result at byte q: "2-0" "0-2" "1-1" "1-0" "0-1" "0-0" "1/2-1/2" "0.5-0.5",
/// with optional spaces or tabs around the '-'; a ':' for the '-' between digits ("2:0", "1:1"). A result directly followed by digits counts
/// only when those digits form a move number of the next game ("0-001."), so "1-10" stays a
/// move. On a match returns true with the byte after it in `end` and its outcome.
bool match_result(const ParseCursor& in, std::size_t q, std::size_t& end, Outcome& outcome);

/// The draw written `½-½` (UTF-8 or Latin-1 '½', blanks allowed around '-') at byte q: the byte
/// after it, or kNoPosition.
std::size_t half_draw_end(const ParseCursor& in, std::size_t q);

/// A '-', '--' or '?' at byte q standing where the terminator belongs (only white space, then
/// the end of the input or the next game's tags follow): the byte after it, or kNoPosition.
/// (In a variation it is no terminator: the caller checks.)
std::size_t placeholder_terminator_end(const ParseCursor& in, std::size_t q);

/// True when the '*' at byte q is the terminator '*': not glued to a number before it, which it
/// would mark (FMJD rules article 9).
bool star_is_terminator(const ParseCursor& in, std::size_t q);

/// A game cut by the next tags whose last main-line "move" (no strength marks) equals its
/// non-standard Result tag (4-6, 1-9) ends with that score: turns the move into a Result with
/// Outcome::Unknown and records a NonStandardResult note. Returns true when it did.
bool read_last_move_as_result(Game& game, ParseCursor& in);

}  // namespace damdb::pdn
