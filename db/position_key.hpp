#pragma once
// PositionKey: how the database names a position. Both halves are computed by the rules
// library from the position (pieces, kings, side to move) with independent random tables:
//   zobrist  64-bit Zobrist key, the lookup key;
//   check    32-bit check key, independent of zobrist.
// Two positions share an entry only if both halves are equal (a false match needs a 96-bit
// collision), so a 64-bit Zobrist collision never merges two positions' games or statistics.
//
// Byte layout (12 bytes): zobrist as 8 bytes big-endian, then check as 4 bytes big-endian.
// The first 8 bytes are the RocksDB prefix (prefix bloom filters of occurrences and
// position_stats are built on them).

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace damdb::db {

struct PositionKey {
  std::uint64_t zobrist = 0;
  std::uint32_t check = 0;

  static constexpr std::size_t encoded_size = 12;
  static constexpr std::size_t prefix_size = 8;  ///< bytes of the bloom-filter prefix

  /// Appends the 12-byte form to out.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Decodes the first 12 bytes of bytes (which may be longer: a key that starts with a
  /// PositionKey); raises Error(Corruption) if fewer than 12 bytes.
  static PositionKey decode(std::string_view bytes);

  friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
};

}  // namespace damdb::db
