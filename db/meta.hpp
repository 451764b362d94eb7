#pragma once
// Records of the meta column family (small, read at open, rewritten in every import batch).
//   key "schema_version"   value varint: kSchemaVersion of the writer that created the database
//   key "next_game_id"     value GameId (4 bytes BE): the id the next new game gets; written in
//                          the same WriteBatch as the games, so ids survive a crash unchanged
//   key "counts"           value Counts (varints, field order below; each array as varint n,
//                          then its first n entries: the rest are 0)
//   key "source:" + path   value SourceInfo (varints and strings, field order below)

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/content_hash.hpp"

namespace damdb::db {

/// Version of the on-disk layout described in db/SCHEMA.md; opening a database of another
/// version raises Error(InvalidArgument).
inline constexpr std::uint32_t kSchemaVersion = 4;

/// Running totals of the database, kept exact by the single writer.
struct Counts {
  std::uint64_t games = 0;       ///< stored games (distinct by content hash)
  std::uint64_t valid = 0;
  std::uint64_t warnings = 0;
  std::uint64_t invalid = 0;
  std::uint64_t duplicates = 0;  ///< copies of stored games read again (kept as sources)
  std::uint64_t indexed_positions = 0;  ///< (game, ply) pairs indexed in occurrences
  std::uint64_t occurrence_entries = 0; ///< (position, game) keys in occurrences
  /// with_kind[k]: stored games whose stored copy reported an issue of kind k (bit k of
  /// GameRecord::issue_kinds); first_error[k]: invalid games whose first error is of kind k.
  std::array<std::uint64_t, 64> with_kind{};
  std::array<std::uint64_t, 64> first_error{};

  void encode(std::string& out) const;
  /// Raises Error(Corruption) on a malformed value.
  static Counts decode(std::string_view bytes);
  friend bool operator==(const Counts&, const Counts&) = default;
};

/// One imported file, as recorded by the indexer (counts are the indexer's).
struct SourceInfo {
  std::string path;
  std::uint64_t size = 0;         ///< bytes
  ContentHash content_hash;       ///< hash of the file's bytes (the indexer chooses how)
  std::int64_t import_time = 0;   ///< seconds since 1970-01-01 UTC
  std::uint64_t bytes_done = 0;   ///< bytes of the file imported so far (== size when complete)
  std::uint64_t games_read = 0;
  std::uint64_t games_stored = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t invalid = 0;
  std::uint64_t skipped = 0;      ///< other variants
  std::uint64_t positions = 0;    ///< positions indexed from this file

  /// Value layout: varint size, 16-byte hash, varint import_time (zigzag), then varints
  /// bytes_done, games_read, games_stored, duplicates, invalid, skipped, positions.
  /// The path is in the key, not in the value.
  void encode(std::string& out) const;
  static SourceInfo decode(std::string_view path, std::string_view bytes);
  friend bool operator==(const SourceInfo&, const SourceInfo&) = default;
};

/// Everything in the meta column family.
struct Meta {
  std::uint32_t schema_version = 0;
  std::uint32_t next_game_id = 1;
  Counts counts;
  std::vector<SourceInfo> sources;  ///< sorted by path
};

}  // namespace damdb::db
