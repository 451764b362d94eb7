#pragma once
// ContentHash: 128-bit hash of what makes two games the same game for duplicate detection:
// the start position and the moves (players, event, dates and comments are ignored).
// Definition (stable, stored on disk): FNV-1a 128 (offset basis
// 0x6c62272e07bb014262b821756295c58d, prime 2^88 + 0x13b) over the bytes
//   start FEN (empty = initial position; the caller passes a canonical FEN) | 0x00 | move codes.
// Byte layout as the key of game_hashes: hi as 8 bytes big-endian, then lo as 8 bytes big-endian.

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace damdb::db {

struct ContentHash {
  std::uint64_t hi = 0;
  std::uint64_t lo = 0;

  static constexpr std::size_t encoded_size = 16;

  /// The hash of a game that starts at start_fen ("" = initial position) and plays `moves`
  /// (one move code a ply).
  static ContentHash of(std::string_view start_fen, std::span<const std::uint8_t> moves) noexcept;

  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Decodes exactly 16 bytes; raises Error(Corruption) otherwise.
  static ContentHash decode(std::string_view bytes);
  /// 32 lowercase hex digits (hi first).
  std::string hex() const;

  friend auto operator<=>(const ContentHash&, const ContentHash&) = default;
};

}  // namespace damdb::db
