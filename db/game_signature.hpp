#pragma once
// GameSignature: a small summary of one game's positions, stored at import so that a pattern
// search rejects most games without replaying them (indexer/signature.hpp decides what a
// signature proves). Stored in the signatures column family in blocks of kSignatureBlockGames
// consecutive game ids (key = first GameId of the block, 4 bytes big-endian; value = the
// signatures one after another, see encode()).
//
// Signature layout:
//   varint plies            (positions after 0..plies plies)
//   byte   flags            (bit 0: Black moves first; bit 1: opaque, the game could not be
//                            replayed: the signature proves nothing)
//   varint date             (yyyymmdd of the Date tag, unknown month or day as 00; 0 unknown)
//   7 x 5  squares ever held by white men, white kings, black men, black kings, and squares
//          ever empty (board bit layout of rules/bitboard.hpp, 7 bytes little-endian each)
//   n x 2  segments: one 16-bit mask (little-endian) per square set in the four piece unions
//          above (white men's squares in board-bit order, then white kings', black men's, black
//          kings'): bit s set when that piece stood there at some ply of segment s (plies
//          s * span_plies() .. (s + 1) * span_plies() - 1; kSignatureSegments cover the game)
//   varint byte length of what follows (so that a reader may skip it), then the material
//          entries: varint number of entries, then per entry: varint ply (delta from the
//          previous entry), 4 bytes: white men, white kings, black men, black kings from that
//          ply on
// The family also holds, under the empty key, kSignatureFormat as decimal text: signatures of
// another layout are never read (db/database.cpp drops them when opened for writing).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::db {

/// Games per block of the signatures column family.
inline constexpr std::uint32_t kSignatureBlockGames = 256;
/// Version of the signature layout above (1: first and last sixteenth per square, unrecorded).
inline constexpr std::uint32_t kSignatureFormat = 2;
/// Segments of a game in GameSignature::segments masks.
inline constexpr std::uint32_t kSignatureSegments = 16;

/// Piece counts from a ply on (until the next entry).
struct MaterialEntry {
  std::uint32_t ply = 0;
  std::uint8_t white_men = 0, white_kings = 0, black_men = 0, black_kings = 0;
  friend bool operator==(const MaterialEntry&, const MaterialEntry&) = default;
};

struct GameSignature {
  std::uint32_t plies = 0;      ///< moves of the stored legal prefix
  bool black_first = false;     ///< Black to move at ply 0
  bool opaque = false;          ///< proves nothing (the game could not be replayed)
  std::uint32_t date = 0;       ///< yyyymmdd, unknown parts 00; 0 = unknown (for ordering)
  /// Squares (rules bit layout) on which each kind of piece ever stood, and squares ever empty.
  std::uint64_t white_men = 0, white_kings = 0, black_men = 0, black_kings = 0, ever_empty = 0;
  std::vector<std::uint16_t> segments;  ///< see the layout above
  std::vector<MaterialEntry> material;  ///< at ply 0 and at every ply the counts change

  /// Plies per segment of `segments`: kSignatureSegments segments cover plies 0..plies.
  std::uint32_t span_plies() const { return plies / kSignatureSegments + 1; }

  void encode(std::string& out) const;
  /// Reads one signature from the front of `bytes` into `out` (reusing its storage) and
  /// advances `bytes`. Raises Error(Corruption) on a malformed value.
  static void decode(std::string_view& bytes, GameSignature& out);
  /// The cheap first half of decode(): plies, flags, date and the five square sets into `out`
  /// (its segments and material are left as they were); `rest` receives the bytes of the
  /// segments and material, for decode_rest(). Advances `bytes` past the whole signature.
  static void decode_head(std::string_view& bytes, GameSignature& out, std::string_view& rest);
  /// The second half: the segments and material of `out` from decode_head()'s `rest`.
  static void decode_rest(std::string_view rest, GameSignature& out);
  friend bool operator==(const GameSignature&, const GameSignature&) = default;
};

}  // namespace damdb::db
