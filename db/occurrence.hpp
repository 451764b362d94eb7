#pragma once
// Occurrence: "game G reached position P at plies p1 < p2 < ...". One entry per (position, game).
//
// Key (16 bytes):   PositionKey (zobrist BE 8, check BE 4) | GameId (BE 4)
//   All games that reached a position are one contiguous key range (12-byte prefix), in game-id
//   order, found by a prefix seek; the 8-byte zobrist prefix feeds the bloom filter.
// Value (1+ bytes): varint (first ply * 2 + more), where more = 1 if the game reached the
//   position again; if more: varint (n - 1), then n - 1 varint gaps (ply[i] - ply[i-1] >= 1).
//   Ply 0 = the game's start position. A position usually occurs once in a game, so the value
//   is typically one byte (plies 0..63) or two (64..8191).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_id.hpp"
#include "db/position_key.hpp"

namespace damdb::db {

struct OccurrenceKey {
  PositionKey position;
  GameId game;

  static constexpr std::size_t encoded_size = PositionKey::encoded_size + GameId::encoded_size;

  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Decodes exactly 16 bytes; raises Error(corruption) otherwise.
  static OccurrenceKey decode(std::string_view bytes);

  friend auto operator<=>(const OccurrenceKey&, const OccurrenceKey&) = default;
};

/// The plies at which one game reached one position, ascending, without repeats.
struct OccurrencePlies {
  std::vector<std::uint16_t> plies;

  /// Appends the value form to out; raises Error(invalid_argument) if plies is empty or not
  /// strictly ascending.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(corruption) on a malformed value.
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
