// The key of a move for the rules tests: start square, end square and the captured squares
// ascending, so that moves compare as sets whatever order the generator finds them in.
#pragma once

#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "rules/bitboard.hpp"
#include "rules/move.hpp"

namespace damdb::rules::test {

/// A move as (start, end, captured squares ascending).
using Key = std::tuple<Square, Square, std::vector<Square>>;

/// "from->to captures {a,b}", for failure messages.
inline std::string key_text(const Key& k) {
  std::ostringstream os;
  os << std::get<0>(k) << "->" << std::get<1>(k) << " captures {";
  const auto& c = std::get<2>(k);
  for (size_t i = 0; i < c.size(); ++i) os << (i ? "," : "") << c[i];
  os << "}";
  return os.str();
}

/// The squares a move captures, ascending.
inline std::vector<Square> captured_squares(const Move& m) {
  std::vector<Square> out;
  for (Square s = 1; s <= kSquares; ++s)
    if (m.captures & square_bb(s)) out.push_back(s);
  return out;
}

/// The key of a generated move.
inline Key key_of(const Move& m) { return {m.from_square(), m.to_square(), captured_squares(m)}; }

}  // namespace damdb::rules::test
