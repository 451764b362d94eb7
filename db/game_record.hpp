#pragma once
// GameRecord: everything stored about one game: the value of the games column family
// (key = GameId, 4 bytes big-endian).
//
// Value layout (format 1):
//   byte   format version (1)
//   byte   ValidationStatus     byte GameResult
//   varint plies_replayed
//   16     content hash (ContentHash layout)
//   string start_fen            (string = varint length + bytes)
//   string status_message
//   varint number of tags, then per tag: string name, string value (file order)
//   string moves                (one byte a ply: move code, see position_stats.hpp)
//   varint number of sources, then per source: string path, varint first_line,
//          varint last_line, varint byte_offset
//   string pdn_text             (the game's original PDN text, UTF-8)

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/content_hash.hpp"
#include "db/game_result.hpp"

namespace damdb::db {

/// Outcome of replay validation (the validator in pdn/ decides; the database stores it).
enum class ValidationStatus : std::uint8_t {
  valid = 0,     ///< every move legal, no remarks
  warnings = 1,  ///< every move legal, with remarks (e.g. result tag disagrees with the board)
  invalid = 2,   ///< an illegal or unreadable move; only the legal prefix is in `moves`
};

/// Where a game was read from. A game imported from several files (a duplicate) has several.
struct GameSource {
  std::string path;              ///< file path as given to the import ("-" = standard input)
  std::uint32_t first_line = 0;  ///< 1-based line of the game's first byte
  std::uint32_t last_line = 0;   ///< 1-based line of the game's last byte
  std::uint64_t byte_offset = 0; ///< offset of the game's first byte in the file
  friend bool operator==(const GameSource&, const GameSource&) = default;
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  ///< PDN tag pairs, file order
  std::string start_fen;            ///< "" = initial position
  std::vector<std::uint8_t> moves;  ///< move codes of the legal prefix, one a ply
  ValidationStatus status = ValidationStatus::valid;
  std::string status_message;       ///< first validation remark or error, "" if none
  std::uint32_t plies_replayed = 0; ///< plies the validator replayed
  GameResult result = GameResult::unknown;
  std::vector<GameSource> sources;  ///< at least one once stored
  std::string pdn_text;             ///< original PDN text, comments and variations included
  ContentHash content_hash;         ///< ContentHash::of(start_fen, moves), set by the caller

  /// The value of tag `name` (exact match), or "" if absent.
  std::string_view tag(std::string_view name) const noexcept;

  /// Appends the value form to out.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(corruption) on a malformed value or an unknown format version.
  static GameRecord decode(std::string_view bytes);

  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

}  // namespace damdb::db
