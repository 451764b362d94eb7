#pragma once
// Internal to db/: streaming pieces of the value encodings, shared by the public value types
// (position_stats_codec.cpp, occurrence.cpp, position_entry.cpp), the import batch and the merge operator.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "db/position_stats.hpp"
#include "db/varint.hpp"

namespace damdb::db::detail {

/// Reads a PositionStats (position_stats.hpp layout) at the reader's position.
PositionStats read_stats(Reader& r);
/// The same into `s` (its moves replaced; their capacity kept, so a reused `s` allocates none).
void read_stats_into(Reader& r, PositionStats& s);

/// Reads an OccurrencePlies value (occurrence.hpp layout) at the reader's position and appends
/// its plies to `plies`; returns how many.
std::uint32_t read_plies(Reader& r, std::vector<std::uint16_t>& plies);
/// Appends the OccurrencePlies form of `plies` (non-empty, strictly ascending: the caller
/// checks) to out.
void put_plies(std::string& out, std::span<const std::uint16_t> plies);

/// One game of a posting list being encoded.
struct PostingRef {
  std::uint32_t game;
  const std::uint16_t* plies;  ///< strictly ascending
  std::uint32_t count;         ///< >= 1
};

/// Appends a one-game group (PositionEntry layout, head odd).
void put_single_group(std::string& out, std::uint32_t check, std::uint8_t move,
                      std::uint8_t result, const PostingRef& posting);
/// Appends a group of postings.size() >= 2 games (head even); postings in descending game-id
/// order; stats.games() must equal postings.size().
void put_multi_group(std::string& out, std::uint32_t check, const PositionStats& stats,
                     std::span<const PostingRef> postings);

/// Appends a group of result corrections (PositionEntry layout, head 0): `corrections`
/// non-empty, game ids strictly descending (the caller checks).
void put_correction_group(std::string& out, std::uint32_t check,
                          std::span<const ResultCorrection> corrections);
/// Reads one correction of a correction group; `previous` is the game id of the one before
/// (0 for the first): ids must descend strictly.
ResultCorrection read_correction(Reader& r, std::uint32_t previous);

/// A group's header as read by read_group_header.
struct GroupHeader {
  std::uint32_t check = 0;
  std::uint64_t games = 0;    ///< 1 for the single form; corrections for a correction group
  bool single = false;
  bool correction = false;    ///< a correction group (head 0): `games` corrections follow
  std::uint8_t move = 0;      ///< single form only
  std::uint8_t result = 0;    ///< single form only
  bool more = false;          ///< single form only: several plies follow
};

/// Reads check and head; for the multi form also the statistics into `stats` (if non-null,
/// else they are read and dropped). The reader is left at the first posting (the first
/// correction of a correction group).
GroupHeader read_group_header(Reader& r, PositionStats* stats);
/// Reads one posting of a group: for the single form (header.single) the id and plies, for the
/// multi form the id (absolute for index 0, else a gap below `previous`) and plies.
/// Returns the game id; appends the plies.
std::uint32_t read_posting(Reader& r, const GroupHeader& header, std::uint64_t index,
                           std::uint32_t previous, std::vector<std::uint16_t>& plies);

}  // namespace damdb::db::detail
