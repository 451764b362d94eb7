#pragma once
// PositionStats: for one position, for each move played from it, how many games played it and
// how they ended. Value of the position_stats column family (key = PositionKey, 12 bytes); kept
// up to date by an associative merge operator (each import adds a PositionStats operand; no read
// before write).
//
// Move code: the index (0..254) of the played move in the position's legal moves sorted
// canonically (rules/move_code.hpp encodes and decodes it; db/ keeps it as an opaque byte);
// kGameEnd (255) counts games that ended in this position (no move played), so that games
// reaching the position = sum of all entries' counts.games().
//
// Value layout:
//   varint n                         number of move entries (sorted by move code, codes unique)
//   n times:
//     byte   move code
//     byte   mask: bit 0 white wins != 0, bit 1 draws != 0, bit 2 black wins != 0,
//                  bit 3 unknown != 0, bit 4 "every non-zero count is 1" (counts omitted);
//                  bits 5..7 zero
//     varint count for each set bit 0..3, in that order (absent if bit 4)
// A position reached by one game costs 4 bytes (n, code, mask 0x1?); one entry's counts cost
// 1 byte each up to 127 games.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_result.hpp"
#include "db/result_counts.hpp"

namespace damdb::db {

/// Move code meaning "the game ended in this position".
inline constexpr std::uint8_t kGameEnd = 255;

/// One move played from the position and the results of the games that played it.
struct MoveStats {
  std::uint8_t move = 0;  ///< move code, see above
  ResultCounts counts;    ///< the games that played this move, by result
  friend bool operator==(const MoveStats&, const MoveStats&) = default;
};

/// A stored game whose result became known after its positions were counted: in each position
/// it reached, the game (which played `move` there) is counted under `to` instead of `from`.
struct ResultCorrection {
  std::uint32_t game = 0;
  std::uint8_t move = 0;
  GameResult from = GameResult::Unknown;
  GameResult to = GameResult::Unknown;
  friend bool operator==(const ResultCorrection&, const ResultCorrection&) = default;
};

struct PositionStats {
  std::vector<MoveStats> moves;  ///< sorted by move code, codes unique

  /// Games that reached the position (counted once per game), summed over moves.
  std::uint64_t games() const noexcept;
  /// The entry of move code m, or nullptr.
  const MoveStats* find(std::uint8_t move) const noexcept;
  /// Adds one game that played `move` and ended with `result`.
  void add(std::uint8_t move, GameResult result);
  /// Adds every count of other (sum per move code).
  void merge(const PositionStats& other);
  /// Applies `c` to the entry of c.move; false (nothing changed) when that entry counts no game
  /// of result c.from.
  bool apply(const ResultCorrection& c) noexcept;

  /// Appends the value form to out.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) on a malformed value (unsorted or repeated codes included).
  static PositionStats decode(std::string_view bytes);

  /// Sums two encoded values into out (the merge operator's work); raises Error(Corruption).
  static void merge_encoded(std::string_view a, std::string_view b, std::string& out);

  friend bool operator==(const PositionStats&, const PositionStats&) = default;
};

}  // namespace damdb::db
