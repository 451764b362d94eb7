#pragma once
// PositionEntry: the value of the positions column family (key = 64-bit Zobrist key, 8 bytes
// big-endian). One entry holds, for every position with that Zobrist key (normally one; several
// only after a 64-bit Zobrist collision), a group with the position's 32-bit check key, its
// move statistics and its posting list (the games that reached it, with their plies). Kept up
// to date by a merge operator ("damdb.PositionEntryMerge", no read before write): every import
// writes one PositionEntry operand per Zobrist key it touches.
//
// Value layout (see db/SCHEMA.md, schema version 2):
//   group+                 ascending check keys, unique (except that a correction group may
//                          follow the group of postings of its check key)
//   group  := check BE4, varint head, body
//   head 0    -> k >= 1 result corrections of games whose postings another operand holds:
//       varint k, k x (varint game id (strictly descending), byte move code,
//                      byte from << 2 | to (GameResult codes))
//   head odd  -> one game (the common case: most positions are reached by one game):
//       head = move << 4 | more << 3 | result << 1 | 1   (move code 0..255, GameResult 0..3)
//       varint game id, varint first ply;
//       if more (the game reached the position again): varint (n - 1), n - 1 varint gaps >= 1
//   head even -> n >= 2 games: head = n << 1
//       PositionStats (position_stats.hpp layout; its games() == n)
//       n postings, game ids strictly DESCENDING (newest first):
//          varint game id (first posting) or varint (previous id - id) (later ones, >= 1)
//          OccurrencePlies (occurrence.hpp layout: varint (first ply << 1 | more), ...)
// A position reached by one game at one ply below 128 with a move code below 8 costs
// 4 + 1 + varint(id) + 1 bytes of value.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_id.hpp"
#include "db/game_result.hpp"
#include "db/occurrence.hpp"
#include "db/position_stats.hpp"

namespace damdb::db {

/// One position (one check key) inside a PositionEntry.
struct PositionGroup {
  std::uint32_t check = 0;
  PositionStats stats;            ///< stats.games() == games.size()
  std::vector<Occurrence> games;  ///< game ids strictly descending, plies ascending
  /// Result corrections of games that are not in `games` (held by another operand: a join
  /// that meets the game applies them to its statistics); game ids strictly descending. A
  /// group has games, pending corrections, or both.
  std::vector<ResultCorrection> pending;

  friend bool operator==(const PositionGroup&, const PositionGroup&) = default;
};

struct PositionEntry {
  std::vector<PositionGroup> groups;  ///< ascending check keys, unique

  /// Appends the value form to out. Raises Error(InvalidArgument) if the invariants above do
  /// not hold (unsorted groups or games, a group without games, stats that disagree with the
  /// number of games, plies not strictly ascending).
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) on a malformed value.
  static PositionEntry decode(std::string_view bytes);

  /// The merge operator's work: combines encoded entries (in any order and grouping) into one:
  /// groups of the same check key are joined (statistics summed per move code, posting lists
  /// merged by game id), and each result correction whose game is among the joined postings is
  /// applied to the statistics (one that finds no game of its `from` result there changes
  /// nothing); the others stay pending. Raises Error(Corruption) on a malformed operand or if
  /// one game appears in two operands of the same position (a game is indexed once).
  static void merge_encoded(std::span<const std::string_view> operands, std::string& out);
  /// merge_encoded's general join (every posting decoded, sorted and encoded again): the same
  /// bytes, whatever the order of the games in the operands. Exposed for tests.
  static void merge_by_sorting(std::span<const std::string_view> operands, std::string& out);

  friend bool operator==(const PositionEntry&, const PositionEntry&) = default;
};

/// Reading one position out of an encoded PositionEntry without decoding the other groups'
/// postings or the whole posting list (queries page through the newest games first).
class GroupReader {
 public:
  /// Looks for check key `check` in the encoded entry; found() tells whether it is there.
  /// Raises Error(Corruption) on malformed bytes met on the way.
  GroupReader(std::string_view entry, std::uint32_t check);

  bool found() const noexcept { return found_; }
  /// Number of games that reached the position (0 if not found).
  std::uint64_t games() const noexcept { return games_; }
  /// The position's statistics (empty if not found).
  const PositionStats& stats() const noexcept { return stats_; }
  /// The next posting in descending game-id order; false after the last.
  bool next(Occurrence& out);

 private:
  std::string_view rest_;
  bool found_ = false;
  std::uint64_t games_ = 0;
  std::uint64_t read_ = 0;
  std::uint32_t last_id_ = 0;
  bool single_ = false;
  bool more_ = false;
  PositionStats stats_;
};

}  // namespace damdb::db
