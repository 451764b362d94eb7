#pragma once
// GameId: the number of a stored game, allocated 1, 2, 3, ... in import order (0 = no game).
// Byte layout in keys: 4 bytes big-endian, so that RocksDB's bytewise order is numeric order.

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace damdb::db {

struct GameId {
  std::uint32_t value = 0;

  static constexpr std::size_t encoded_size = 4;

  /// Appends the 4 big-endian bytes of value to out.
  void encode(std::string& out) const;
  /// The 4-byte key form.
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Decodes exactly 4 bytes; raises Error(Corruption) on any other length.
  static GameId decode(std::string_view bytes);

  friend auto operator<=>(const GameId&, const GameId&) = default;
};

}  // namespace damdb::db
