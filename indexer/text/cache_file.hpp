// Derived files kept beside RocksDB in a database folder (db/SCHEMA.md, "Files beside
// RocksDB"): each is headed by the stamp of the database state it was built for, written
// through a temporary file renamed over the old one (a reader never sees half a file), and
// ignored by a reader whose database is in another state. Safe to delete.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace damdb::indexer {

/// The state of `db` a derived file is valid for: the database's identity (a file copied from
/// another database), the next game id, the counts (of games and duplicates: every commit that
/// adds a game or a source changes one of them; by status; of indexed positions) and the
/// header of the first and last games (tags, result, status, plies, sources). Two copies of one
/// database folder that then store different games with all of these equal are not told apart.
/// Raises db::Error from the reads.
std::string database_stamp(const db::Database& db);

/// The head of a derived file: `magic` (its kind and layout version), then `stamp` (a string).
std::string cache_head(std::string_view magic, std::string_view stamp);

/// The bytes of a derived file after its head when the head is `magic` and `stamp`, else
/// nullopt (a file of another kind or layout, of another database state, or truncated).
std::optional<std::string_view> cache_body(std::string_view bytes, std::string_view magic,
                                           std::string_view stamp);

/// The whole content of `file`, "" when it cannot be read, is not a regular file or holds more
/// than `max_bytes`.
std::string read_cache_file(const std::filesystem::path& file,
                            std::uintmax_t max_bytes = UINTMAX_MAX);

/// A 64-bit checksum of `bytes` (words mixed by multiplication; not cryptographic): tells a
/// derived file whose body was damaged after it was written.
std::uint64_t cache_checksum(std::string_view bytes);

/// Writes `bytes` as `file` atomically (CacheFileWriter); any failure leaves no file behind and
/// is otherwise ignored.
void write_cache_file(const std::filesystem::path& file, std::string_view bytes);

/// Removes the temporary files of `file` left by writers that were killed (call it only where
/// no other process writes `file`).
void remove_stale_writes(const std::filesystem::path& file);

/// Writes a derived file piece by piece through db::AtomicFile (a temporary file beside it,
/// renamed over `file` by commit()); destroyed without commit() (or after a failure), it
/// removes the temporary file and leaves `file` as it was. Failures are not raised: commit()
/// returns false.
class CacheFileWriter {
 public:
  explicit CacheFileWriter(std::filesystem::path file);
  ~CacheFileWriter();
  CacheFileWriter(const CacheFileWriter&) = delete;
  CacheFileWriter& operator=(const CacheFileWriter&) = delete;

  /// Appends bytes (a failure is remembered: commit() then writes nothing).
  void append(std::string_view bytes);
  /// Renames the temporary file over the target; returns false (removing it) when a write or
  /// the rename failed.
  bool commit();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A file mapped read-only into memory (POSIX mmap): its pages are read from the page cache
/// when first touched, without a copy. The file must not be truncated while mapped (the
/// derived files are only ever replaced by a rename).
class MappedFile {
 public:
  /// The mapping of `file`, or nullptr when it is missing, empty or cannot be mapped.
  static std::shared_ptr<const MappedFile> open(const std::filesystem::path& file);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  /// The file's bytes.
  std::string_view bytes() const { return {data_, size_}; }

 private:
  MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
  const char* data_;
  std::size_t size_;
};

}  // namespace damdb::indexer
