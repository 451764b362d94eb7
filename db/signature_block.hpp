#pragma once
// The GameSignatures of a block of up to kSignatureBlockGames consecutive games, stored by
// column so that a pattern search reads and decodes only the squares its pattern names.
//
// Keys in the signatures column family (layout version 4), first = the block's first GameId:
//   "g" first (BE4)            games part: varint n (games in the block), then the n per-game
//                              parts (GameSignature::encode_game: plies, flags, date, material)
//   "c" set bit first (BE4)    one column: the games of the block holding board bit `bit` (one
//                              byte, rules bit layout) in square set `set` (one byte: 0 white
//                              men, 1 white kings, 2 black men, 3 black kings, 4 ever empty);
//                              absent when no game of the block holds it
// Column value:
//   byte form, then the games (indexes 0..n-1 in the block) holding the bit:
//     0  every game of the block
//     1  a list: varint k, then k varints: the first index, then each gap - 1 to the next
//     2  a bitmap of (n + 7) / 8 bytes (bit i of byte j: game 8j + i)
//   for the piece sets (0..3) then one segment mask code (put_segment_mask) per game listed, in
//   index order: the segments in which that piece stood on that bit
// Keys sort column by column, so a search reads each column it needs as one run of blocks.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/game_signature.hpp"

namespace damdb::db {

/// Square sets of a signature column (the sets of GameSignature, in its order).
inline constexpr int kSignatureSets = 5;
/// Board bits per set (7 bytes of GameSignature's square sets).
inline constexpr int kSignatureBits = 56;
/// Column id: set * kSignatureBits + bit.
inline constexpr int kSignatureColumns = kSignatureSets * kSignatureBits;

/// Key of the games part of the block starting at game `first`.
std::string signature_games_key(std::uint32_t first);
/// Key of column `column` (set * kSignatureBits + bit) of the block starting at `first`.
std::string signature_column_key(int column, std::uint32_t first);

/// A block of signatures as stored: the games part and the columns no game lacks.
struct EncodedSignatureBlock {
  std::string games;
  std::vector<std::pair<int, std::string>> columns;  ///< (column id, value), ascending ids
};

/// Encodes the signatures of one block (at most kSignatureBlockGames).
EncodedSignatureBlock encode_signature_block(std::span<const GameSignature> signatures);

/// The signatures of a block back from its games part and its columns (`columns[id]`: the
/// value of column id, empty when absent). Raises Error(Corruption) on malformed bytes.
std::vector<GameSignature> decode_signature_block(
    std::string_view games, std::span<const std::string_view, kSignatureColumns> columns);

/// The games part `games` with the dates (GameSignature::date) of some of its games set:
/// `dates` holds (index in the block, date) pairs, ascending indexes; an index past the block
/// is left out. Raises Error(Corruption) on malformed bytes.
std::string with_signature_dates(std::string_view games,
                                 std::span<const std::pair<std::size_t, std::uint32_t>> dates);

/// Reads the number of games from the front of a games part (and advances `r` past it).
std::size_t signature_block_games(Reader& r);

/// One column of a block read back: which games hold the bit and, for a piece set, their masks.
struct SignatureColumn {
  std::array<std::uint64_t, kSignatureBlockGames / 64> games{};  ///< bit g: game g holds it
  std::vector<std::uint16_t> masks;  ///< one per game holding it, in index order (if read)

  /// Reads a column value (empty: no game holds it) of a block of `n` games: of a piece set
  /// (`piece_set`, masks follow the games) or of the ever-empty set; the masks when
  /// `with_masks`. Raises Error(Corruption) on malformed bytes.
  void read(std::string_view bytes, std::size_t n, bool piece_set, bool with_masks = true);
  /// Reads the games of a piece set's column value and keeps its mask codes undecoded, for
  /// next_mask(). Raises Error(Corruption) on malformed bytes.
  void read_games(std::string_view bytes, std::size_t n);
  /// Whether game `g` holds the bit.
  bool has(std::size_t g) const { return (games[g / 64] >> (g % 64) & 1) != 0; }
  /// The mask of game `g`. Precondition: read with masks and has(g).
  std::uint16_t mask(std::size_t g) const;
  /// The mask of game `g` from the codes kept by read_games(), decoding only that code (the
  /// ones before it are skipped). Precondition: has(g); `g` never below the last one asked.
  /// Raises Error(Corruption) on malformed codes.
  std::uint16_t next_mask(std::size_t g);

 private:
  std::size_t rank(std::size_t g) const;
  std::string_view codes_;     // mask codes not yet passed
  std::size_t passed_ = 0;     // codes passed (the next code is of the game of this rank)
  std::size_t last_game_ = 0;  // the game of the last next_mask() and its mask
  std::uint16_t last_mask_ = 0;
  bool has_last_ = false;
};

}  // namespace damdb::db
