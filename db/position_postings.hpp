#pragma once
// The (position, game) pairs of an import batch and their encoding into PositionEntry values
// (db/position_entry.hpp, db/SCHEMA.md): sorting into key order, grouping by Zobrist and check
// key, summing the statistics per move code and encoding the posting lists. Pure: no RocksDB;
// Database::commit hands the values it gets here to RocksDB.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/detail/entry_codec.hpp"
#include "db/position_stats.hpp"

namespace damdb::db {

/// One (position, game) pair: the game `game` reached the position (Zobrist key, check key) at
/// `count` plies; the ply itself when count == 1, else plies[ply .. ply + count) of the batch's
/// ply array (strictly ascending). `move` is the code of the move played at the first of those
/// plies (kGameEnd at the game's end) and `result` the game's GameResult: they feed the
/// position's statistics (a game counts once per position). A row with count == 0 is a result
/// correction of a game indexed by an earlier batch (encoded as a correction group): the game
/// played `move` there and is counted under result `result >> 2`, to be counted under
/// `result & 3`; `ply` is unused.
struct PostingRow {
  std::uint64_t zobrist;
  std::uint32_t check;
  std::uint32_t game;
  std::uint32_t ply;
  std::uint16_t count;
  std::uint8_t move;
  std::uint8_t result;
};

/// Sorts rows into the order of the positions column family: Zobrist key ascending, then check
/// key ascending, then game id DESCENDING (the posting-list order, newest first). Zobrist keys
/// are uniform: two in-place passes of 256 buckets on their top two bytes, then std::sort in
/// each of the 65,536 buckets (faster than one std::sort of the whole batch, and than one pass
/// of 65,536 buckets, whose write fronts miss the cache). No second copy of the rows.
void sort_postings(std::vector<PostingRow>& rows);

/// Encodes rows, one PositionEntry value per Zobrist key, in the order of the rows.
///   PositionEntryEncoder encoder(rows, plies);
///   while (auto entry = encoder.next()) write(entry->first, entry->second);
class PositionEntryEncoder {
 public:
  /// `rows` sorted by sort_postings, or, with grouped = false, in any order: then every row
  /// is a value of its own (one merge operand per (position, game)). `plies` holds the plies
  /// of rows with count > 1. Both must outlive the encoder. A game listed twice for one
  /// position breaks the PositionEntry invariant: the caller (ImportBatch) never does it.
  PositionEntryEncoder(std::span<const PostingRow> rows, std::span<const std::uint16_t> plies,
                       bool grouped = true);

  /// The next Zobrist key and its encoded value (valid until the next call), or nullptr
  /// after the last one.
  const std::pair<std::uint64_t, std::string_view>* next();

 private:
  // Appends the group of rows [begin, end) (one check key) to value_.
  void put_group(std::size_t begin, std::size_t end);

  std::span<const PostingRow> rows_;
  std::span<const std::uint16_t> plies_;
  bool grouped_;
  std::size_t at_ = 0;
  std::string value_;
  std::pair<std::uint64_t, std::string_view> entry_;
  std::vector<detail::PostingRef> refs_;
  std::vector<std::uint16_t> single_plies_;
  std::vector<std::pair<std::uint8_t, std::uint8_t>> moves_;  // (move, result) of a group
  std::vector<ResultCorrection> corrections_;                 // of a group
  PositionStats stats_;
};

}  // namespace damdb::db
