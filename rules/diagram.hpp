// Text board diagrams of a position.
#pragma once

#include <string>

#include "rules/position.hpp"

namespace damdb::rules {

/// A 10-line text diagram, Black's back rank (squares 1..5) on top: 'w' white man, 'W' white
/// king, 'b' black man, 'B' black king, '.' empty dark square, ' ' light square. With
/// `numbers`, empty dark squares show their square number (two characters each).
std::string diagram(const Position& pos, bool numbers = false);

}  // namespace damdb::rules
