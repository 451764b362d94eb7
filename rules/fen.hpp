// FEN for International Draughts (PDN 3.0, section "FEN"): "W:W31,32,K45:B1-20".
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace damdb::rules {

/// Raised for text that is not a valid 10x10 FEN; what() says what is wrong and where.
struct FenError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Reads a FEN: side to move (W/B), then white and black piece lists in either order, each a
/// comma list of squares, ranges "1-20" and kings "K45"; case, white space and a trailing '.' are
/// ignored; a side may be empty ("B:W50:B"). Throws FenError for an unknown side to move ('?'
/// or anything else), squares outside 1..50, a square given twice, a white man on 1..5 or a
/// black man on 46..50, more than 20 pieces of one colour, or malformed text.
Position parse_fen(std::string_view fen);

/// Writes the canonical FEN: "W:W31,32,K45:B1,2" — side, then White's list, then Black's, each
/// in ascending square order, men and kings interleaved by square, no ranges.
std::string to_fen(const Position& pos);

}  // namespace damdb::rules
