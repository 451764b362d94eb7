// SVG board diagrams of a position, for articles and web pages.
#pragma once

#include <string>

#include "rules/position.hpp"

namespace damdb::rules {

struct SvgOptions {
  int square_size = 40;  ///< side of one square in SVG user units (pixels), >= 8
  bool numbers = false;  ///< print the square number (1..50) on every empty dark square
  bool side_to_move = true;  ///< a small marker beside the board for the side to move
};

/// A standalone SVG 1.1 document (UTF-8, ends with '\n') drawing the 10x10 board as
/// rules::diagram does: Black's back rank (squares 1..5) at the top, square 1 in the second
/// column of the top row; light squares pale, dark squares brown; men as discs (white: light
/// fill, black: dark fill, both outlined), kings as discs with an inner ring and a crown mark.
/// The board is 10 x square_size units wide, with a border of square_size / 4.
std::string svg_diagram(const Position& pos, const SvgOptions& options = {});

}  // namespace damdb::rules
