// The text syntax of `damdb search` queries: FEN-like piece lists ("W:W27,28:B22,23",
// "B:WK45:B?12"), square lists ("33,38-40"), ranges ("2-5", "20-", "-4", balance "-2..1") and
// the compact single-string form ("must W:W27,28:B22,23; empty 33; plies 20-"). The grammar is
// in README.md ("Pattern search"). Every error names the clause and the part that is wrong.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "indexer/games/game_filter.hpp"
#include "indexer/search/pattern.hpp"

namespace damdb::indexer {

/// Raised for a query that cannot be read; what() names the clause and the wrong part.
struct PatternError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A FEN-like piece list: side to move (the letter before the first colon; either when the text
/// has none) and the pieces. Items: a square or a range of squares ("27", "31-35"), prefixed
/// with 'K' for kings or '?' for "a man or a king"; a bare 'K' or '?' (every square) only when
/// `every_square_allowed`. Throws PatternError.
struct PiecePattern {
  SideToMove side = SideToMove::Either;
  PieceSet pieces;
};
PiecePattern parse_piece_pattern(std::string_view text, bool every_square_allowed);

/// A list of squares "33,38-40"; throws PatternError.
rules::Bitboard parse_squares(std::string_view text);

/// "A-B", "A-", "-B", "A" (whole numbers >= 0), or with `allow_negative` "A..B", "..B", "A..",
/// "A", "A-B" where A and B may carry a minus sign ("-2..1", "-3--1"). Throws PatternError.
IntRange parse_range(std::string_view text, bool allow_negative = false);

/// A whole search: the pattern query and the game filters.
struct SearchSpec {
  PatternQuery query;
  FilterSpec filter;
};

/// Applies one clause (keyword and argument as in the compact form: "must" "W:W27,28",
/// "at-least" "2", "mirror" "") to `spec`. "at-least" applies to the last "any-of" group. A
/// second "must", "not" or "empty" adds to the first; side letters must agree.
/// Throws PatternError naming the clause.
void apply_clause(SearchSpec& spec, std::string_view keyword, std::string_view argument);

/// Parses the compact form: clauses separated by ';', each a keyword and its argument
/// ("any-of W:W24,25 at-least 2" may carry its at-least). Throws PatternError.
SearchSpec parse_search(std::string_view text);

/// Replaces each filter of `spec` (from the compact form) by the one of `given` that is not
/// empty (filters given apart, as command-line options or HTTP parameters); `regex` is on when
/// either has it.
void override_filters(SearchSpec& spec, const FilterSpec& given);

}  // namespace damdb::indexer
