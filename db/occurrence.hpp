#pragma once
// Occurrence: "game G reached position P at plies p1 < p2 < ...": one posting of a position's
// posting list (stored inside PositionEntry values, see position_entry.hpp).
//
// OccurrencePlies layout (the plies of one posting): varint (first ply * 2 + more), where
// more = 1 if the game reached the position again; if more: varint (n - 1), then n - 1 varint
// gaps (ply[i] - ply[i-1] >= 1). Ply 0 = the game's start position. A position usually occurs
// once in a game, so the plies typically take one byte (plies 0..63) or two (64..8191).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_id.hpp"

namespace damdb::db {

/// The plies at which one game reached one position, ascending, without repeats.
struct OccurrencePlies {
  std::vector<std::uint16_t> plies;

  /// Appends the value form to out; raises Error(InvalidArgument) if plies is empty or not
  /// strictly ascending.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) on a malformed value.
  static OccurrencePlies decode(std::string_view bytes);

  friend bool operator==(const OccurrencePlies&, const OccurrencePlies&) = default;
};

/// One row of an occurrence query: a game and the plies at which it reached the position.
struct Occurrence {
  GameId game;
  std::vector<std::uint16_t> plies;
  friend bool operator==(const Occurrence&, const Occurrence&) = default;
};

}  // namespace damdb::db
