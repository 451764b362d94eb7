#pragma once
// GameSignature: a small summary of one game's positions, stored at import so that a pattern
// search rejects most games without replaying them (indexer/signature.hpp decides what a
// signature proves). Stored in the signatures column family in blocks of kSignatureBlockGames
// consecutive game ids (key = first GameId of the block, 4 bytes big-endian; value = the
// signatures one after another, see encode()).
//
// Signature layout (version 3):
//   varint plies            (positions after 0..plies plies)
//   byte   flags            bit 0: Black moves first; bit 1: opaque, the game could not be
//                           replayed: the signature proves nothing; bit 2 + i (i = 0..4): set i
//                           below is not empty and is stored
//   varint date             (yyyymmdd of the Date tag, unknown month or day as 00; 0 unknown)
//   the square sets that are not empty, 7 bytes little-endian each (board bit layout of
//          rules/bitboard.hpp), in this order: squares ever held by white men (set 0), white
//          kings (1), black men (2), black kings (3); squares ever empty (4)
//   varint byte length of what follows (so that a reader of the head skips it)
//   material: varint number of entries, then the first entry as a varint ply and 4 bytes
//          (white men, white kings, black men, black kings), each later one as a byte: high
//          nibble the ply delta from the previous entry (1..15; 0: a varint delta follows the
//          byte), low nibble the change of the counts (white men, white kings, black men, black
//          kings): 0-3 white loses 1-4 men, 4-7 Black loses 1-4 men, 8 a white man crowned,
//          9 a black man crowned, 10 / 11 White / Black loses a king, 12 White loses a man and a
//          black man is crowned, 13 Black loses a man and a white man is crowned, 14 White
//          loses a man and a king; 15: the 4 counts follow (any other change)
//   segments: one code per square set in the four piece sets above (white men's squares in
//          board-bit order, then white kings', black men's, black kings'), for a 16-bit mask
//          whose bit s is set when that piece stood there at some ply of segment s (plies
//          s * span_plies() .. (s + 1) * span_plies() - 1; kSignatureSegments cover the game):
//            1 byte  a << 4 | b, a <= b:         the one run of segments a..b
//            2 bytes (b + 1) << 4 | a, c << 4 | d (a <= b, b + 2 <= c <= d): runs a..b and c..d
//            3 bytes 0xf0, then the mask, 16 bits little-endian: any other mask
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
/// Version of the signature layout above (1: first and last sixteenth per square, unrecorded;
/// 2: as 3 but every set stored, 16-bit masks and 4 bytes of counts per material entry).
inline constexpr std::uint32_t kSignatureFormat = 3;
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
  /// The second half: the material and segments of `out` from decode_head()'s `rest`; only
  /// the first `masks` segments when fewer are asked (a search reads the masks of the squares
  /// its pattern names, which come first when they have a low index).
  static void decode_rest(std::string_view rest, GameSignature& out,
                          std::size_t masks = static_cast<std::size_t>(-1));
  friend bool operator==(const GameSignature&, const GameSignature&) = default;
};

}  // namespace damdb::db
