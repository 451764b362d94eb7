#pragma once
// Secondary index keys of the players, events and dates column families:
//   key   = normalised text (UTF-8, no 0x00 byte) | 0x00 | GameId (4 bytes big-endian)
//   value = empty
// The caller normalises (e.g. case- and accent-folded names, dates as "YYYY.MM.DD" with "??"
// for unknown parts) so that a prefix scan finds every game of a player, event or period.
// The 0x00 separator sorts before every text byte, so "smit" + 0x00 + id precedes "smith...".

#include <compare>
#include <string>
#include <string_view>

#include "db/game_id.hpp"

namespace damdb::db {

/// Which secondary index.
enum class TextIndex { Players, Events, Dates };

struct TextIndexKey {
  std::string text;
  GameId game;

  /// Appends the key form; raises Error(InvalidArgument) if text contains a 0x00 byte.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) if the key is shorter than 5 bytes or lacks the separator.
  static TextIndexKey decode(std::string_view bytes);

  friend auto operator<=>(const TextIndexKey&, const TextIndexKey&) = default;
};

}  // namespace damdb::db
