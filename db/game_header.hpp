#pragma once
// GameHeader: the few fields of a game that a result row, a filter or a statistic needs
// (players, event, date, round, result, status, length): the value of the game_headers column
// family (key = GameId, 4 bytes big-endian). Kept apart from the GameRecord (PDN text, moves,
// sources) so that listing 50 games reads 50 small values from a compact, well-cached column
// family instead of decompressing 50 blocks of PDN text.
//
// Value layout (format 2):
//   byte   format version (2)
//   byte   ValidationStatus     byte GameResult
//   varint plies                (number of stored move codes: the legal prefix)
//   varint sources              (copies read of the game, >= 1)
//   string white, string black, string event, string date, string round
//                               (tag values as in the file; "" when absent)

#include <cstdint>
#include <string>
#include <string_view>

#include "db/game_record.hpp"
#include "db/game_result.hpp"

namespace damdb::db {

struct GameHeader {
  std::string white;  ///< White tag
  std::string black;  ///< Black tag
  std::string event;  ///< Event tag
  std::string date;   ///< Date tag, as written ("2003.05.14", "2003.??.??", ...)
  std::string round;  ///< Round tag
  GameResult result = GameResult::Unknown;
  ValidationStatus status = ValidationStatus::Valid;
  std::uint32_t plies = 0;  ///< plies of the stored legal prefix (GameRecord::moves.size())
  std::uint32_t sources = 1;  ///< copies read of the game (GameRecord::sources.size())

  /// The header of a full record (tags White, Black, Event, Date, Round; result; status; plies; sources).
  static GameHeader of(const GameRecord& record);

  /// Appends the value form to out.
  void encode(std::string& out) const;
  /// Raises Error(Corruption) on a malformed value or an unknown format version.
  static GameHeader decode(std::string_view bytes);

  friend bool operator==(const GameHeader&, const GameHeader&) = default;
};

}  // namespace damdb::db
