#pragma once
// GameSignature: a small summary of one game's positions, stored at import so that a pattern
// search rejects most games without replaying them (indexer/search/signature.hpp decides what a
// signature proves). Stored in the signatures column family in blocks of kSignatureBlockGames
// consecutive game ids.
//
// Signatures are stored by column (db/signature_block.hpp): the per-game part below (plies,
// flags, date, material) for every game of a block under one key, and for each square set and
// board bit a column listing the block's games that have the bit, with their segment masks.
//
// Per-game part (encode_game):
//   varint plies            (positions after 0..plies plies)
//   byte   flags            bit 0: Black moves first; bit 1: opaque, the game could not be
//                           replayed: the signature proves nothing
//   varint date             (yyyymmdd of the Date tag, unknown month or day as 00; 0 unknown)
//   varint byte length of the material (so that a reader skips it)
//   material: varint number of entries, then the first entry as a varint ply and 4 bytes
//          (white men, white kings, black men, black kings), each later one as a byte: high
//          nibble the ply delta from the previous entry (1..15; 0: a varint delta follows the
//          byte), low nibble the change of the counts (white men, white kings, black men, black
//          kings): 0-3 white loses 1-4 men, 4-7 Black loses 1-4 men, 8 a white man crowned,
//          9 a black man crowned, 10 / 11 White / Black loses a king, 12 White loses a man and a
//          black man is crowned, 13 Black loses a man and a white man is crowned, 14 White
//          loses a man and a king; 15: the 4 counts follow (any other change)
// Segment mask code (put_segment_mask), a 16-bit mask whose bit s is set when the piece stood
// there at some ply of segment s (plies s * span_plies() .. (s + 1) * span_plies() - 1;
// kSignatureSegments cover the game):
//   1 byte  a << 4 | b, a <= b:         the one run of segments a..b
//   2 bytes (b + 1) << 4 | a, c << 4 | d (a <= b, b + 2 <= c <= d): runs a..b and c..d
//   3 bytes 0xf0, then the mask, 16 bits little-endian: any other mask
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::db {

class Reader;

/// Games per block of the signatures column family.
inline constexpr std::uint32_t kSignatureBlockGames = 1024;
/// Version of the signature layout (1: first and last sixteenth per square, unrecorded; 2: one
/// value per game, every set stored, 16-bit masks and 4 bytes of counts per material entry; 3:
/// as 2 in blocks of 256 games, empty sets left out, masks and material changes coded; 4: by
/// column, db/signature_block.hpp).
inline constexpr std::uint32_t kSignatureFormat = 4;
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
  /// One mask per (set, bit) of the four piece sets (white men's bits ascending, then white
  /// kings', black men's, black kings'): the segments in which that piece stood there.
  std::vector<std::uint16_t> segments;
  std::vector<MaterialEntry> material;  ///< at ply 0 and at every ply the counts change

  /// Plies per segment of `segments`: kSignatureSegments segments cover plies 0..plies.
  std::uint32_t span_plies() const { return plies / kSignatureSegments + 1; }

  /// Appends the per-game part (layout above): plies, flags, date and material.
  void encode_game(std::string& out) const;
  /// Reads one per-game part from the front of `r`: plies, flags and date into `out`; returns
  /// the bytes of its material (for decode_material; `out.material` is left as it was).
  /// Raises Error(Corruption) on a malformed value.
  static std::string_view decode_game(Reader& r, GameSignature& out);
  /// Decodes the material bytes returned by decode_game into `out` (reusing its storage).
  /// Raises Error(Corruption) on a malformed value.
  static void decode_material(std::string_view bytes, std::vector<MaterialEntry>& out);
  friend bool operator==(const GameSignature&, const GameSignature&) = default;
};

/// Appends the code of one segment mask (layout above: one run, two runs, raw).
void put_segment_mask(std::string& out, std::uint16_t mask);
/// Reads one segment mask code. Raises Error(Corruption) on a code the encoder never writes.
std::uint16_t get_segment_mask(Reader& r);

}  // namespace damdb::db
