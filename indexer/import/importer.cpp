#include "indexer/import/importer.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>

#include "indexer/search/batch_signatures.hpp"
#include "indexer/records/records.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/explorer/popular_positions.hpp"
#include "indexer/search/signature.hpp"
#include "indexer/stats/result_warnings_file.hpp"
#include "pdn/projected_capacity.hpp"
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"

namespace damdb::indexer {
namespace {

namespace fs = std::filesystem;

/// The share of the table bytes above the bottom level from which an import compacts even
/// when it stored few games (RocksDB reads every level a key may be in).
constexpr double kUncompactedShare = 0.1;

// Storage of a game's vectors kept from one game to the next; a longer game's is given back.
constexpr std::size_t kKeepGameBytes = std::size_t{1} << 20;

/// The name a file is recorded under: its absolute, normalised path ("-" stays "-").
std::string source_name(const std::string& file) {
  if (file == "-") return file;
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(file), ec);
  return ec ? file : p.string();
}

/// The fingerprint of a file's whole content (128 bits: two independent 64-bit word-wise
/// multiply-xor lanes, with the size mixed in), so that an edited file is never taken for the
/// one already imported, even when its length is unchanged. Reads the file once (fast: about a
/// word per cycle); throws pdn::ReadError when it cannot be read.
db::ContentHash file_hash(const std::string& file, std::uint64_t size) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw pdn::ReadError("cannot read " + file);
  std::uint64_t a = 0x9E3779B97F4A7C15ull ^ size, b = 0xC2B2AE3D27D4EB4Full + size;
  std::vector<char> buffer(std::size_t{1} << 20);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const std::size_t n = static_cast<std::size_t>(in.gcount());
    if (n == 0) break;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, buffer.data() + i, 8);
      a = (a ^ w) * 0x100000001B3ull;
      a ^= a >> 29;
      b = (b + w) * 0x9FB21C651E98DF25ull;
      b ^= b >> 31;
    }
    for (; i < n; ++i) {
      const auto c = static_cast<unsigned char>(buffer[i]);
      a = (a ^ c) * 0x100000001B3ull;
      b = (b + c) * 0x9FB21C651E98DF25ull;
    }
  }
  return db::ContentHash{a, b};
}

/// Gives the heap memory freed by the step just done back to the system (glibc keeps freed
/// chunks in each thread's arena, resident, for reuse; a batch's vectors, a scan's readahead
/// buffers and a compaction's blocks are not reused in the same sizes by the next step).
void release_freed_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

class Importer {
 public:
  Importer(db::Database& database, const ImportOptions& options)
      : db_(database), options_(options), batch_(database.begin_import(game_terms())) {}

  ImportSummary run(const std::vector<std::string>& files) {
    const auto start = std::chrono::steady_clock::now();
    last_progress_ = start;
    for (const auto& f : files) {
      std::error_code ec;
      if (f != "-") progress_.total_bytes += fs::file_size(f, ec);
    }
    const db::Meta meta = db_.meta();
    for (const db::SourceInfo& s : meta.sources) known_[s.path] = s;
    first_id_ = meta.next_game_id;
    const StoredRanks ranks_before = StoredRanks::of(db_);
    for (const auto& f : files) {
      try {
        import_file(f);
      } catch (const pdn::ReadError& e) {
        summary_.unreadable.push_back(e.what());
      }
    }
    commit();
    // The last block's games; then those whose signatures the batches did not store (a
    // database older than signatures, an import interrupted between a commit and its
    // signatures); then the dates of the signatures of games whose copy was replaced (this
    // import's, or those of an import killed before this step).
    if (options_.build_signatures) {
      signatures_.store(db_, true);
      build_signatures(db_);
      refresh_signatures(db_);
    }
    write_game_ranks(db_, ranks_before, rank_changes_);
    release_freed_memory();
    // Compacted after a large import, and after one that stored little but found a large part
    // of the database uncompacted (the batches of an import that was killed, then resumed).
    const std::uint64_t stored_before = db_.meta().counts.games - summary_.games_stored;
    const bool large = summary_.games_stored > 0 &&
                       (summary_.games_stored >= 1000 || summary_.games_stored * 10 >= stored_before);
    if (options_.compact_at_end && (large || db_.uncompacted_share() >= kUncompactedShare))
      db_.compact();
    write_popular_positions(db_);  // after the compaction: it reads merged entries
    db_.release_cached_blocks();  // import_files gives the freed memory back
    std::sort(summary_.reached.begin(), summary_.reached.end());
    summary_.reached.erase(std::unique(summary_.reached.begin(), summary_.reached.end()),
                           summary_.reached.end());
    summary_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    return summary_;
  }

 private:
  // The source record of `file` for this run, in `info`; `resume_from` is set to the bytes an
  // interrupted import of the same file committed. Returns false when the file was imported
  // whole before (same name, size and content hash). Throws pdn::ReadError when unreadable.
  bool start_source(const std::string& file, db::SourceInfo& info, std::uint64_t& resume_from) {
    info.path = source_name(file);
    info.import_time = static_cast<std::int64_t>(std::time(nullptr));
    resume_from = 0;
    if (file == "-") return true;
    std::error_code ec;
    info.size = fs::file_size(file, ec);
    if (ec) throw pdn::ReadError("cannot read " + file + ": " + ec.message());
    info.content_hash = file_hash(file, info.size);
    const auto it = known_.find(info.path);
    if (it == known_.end() || it->second.size != info.size ||
        it->second.content_hash != info.content_hash)
      return true;
    if (it->second.bytes_done >= info.size) return false;
    // An interrupted import of the same file: resume after the last committed game.
    resume_from = it->second.bytes_done;
    const std::int64_t time = info.import_time;
    info = it->second;
    info.import_time = time;
    return true;
  }

  void import_file(const std::string& file) {
    ++summary_.files;
    db::SourceInfo info;
    std::uint64_t resume_from = 0;
    if (!start_source(file, info, resume_from)) {
      ++summary_.files_already_imported;
      progress_.total_done += info.size;
      return;
    }
    progress_.file = file;
    progress_.file_bytes = info.size;
    const std::uint64_t done_before = progress_.total_done;

    pdn::GameReader reader(file);
    pdn::ReplayOptions replay_options;
    replay_options.record_plies = true;
    // One ply more than a game stores, so that make_records sees that a game is longer.
    replay_options.max_recorded_plies = kMaxStoredPlies + 1;
    pdn::Game game;
    summary_.validation.begin_file(file);
    while (reader.next(game)) {
      ++summary_.games_read;
      if (game.byte_end <= resume_from) continue;  // committed by the interrupted run
      ++info.games_read;
      store_game(game, pdn::replay(game, replay_options), info);
      info.bytes_done = game.byte_end;
      progress_.bytes_done = reader.bytes_consumed();
      progress_.total_done = done_before + progress_.bytes_done;
      // Every game read counts toward the batch, a copy of a stored game too: a file of copies
      // commits (and records how far it got) as often as a file of new games.
      ++batch_read_;
      if (batch_read_ >= options_.batch_games ||
          batch_.memory_bytes() + signatures_.memory_bytes() >= options_.batch_bytes) {
        batch_.set_source(info);
        game = pdn::Game();  // stored in the batch: its memory is not held through the commit
        commit();
      }
      if ((summary_.games_read & 63) == 0) report(false);
    }
    summary_.validation.add_file(reader.file_diagnostics());
    info.bytes_done = std::max(info.size, reader.bytes_consumed());
    if (file == "-") info.size = info.bytes_done;
    batch_.set_source(info);
    known_[info.path] = info;
    progress_.total_done = done_before + info.size;
  }

  // Adds one replayed game to the batch (a skipped game is only counted) and counts it in the
  // summary and in the file's source record `info`.
  void store_game(pdn::Game& game, const pdn::Replay& replay, db::SourceInfo& info) {
    summary_.validation.add(replay);
    summary_.validation.add_game(game, replay);
    if (replay.status == pdn::ReplayStatus::Skipped) {
      ++summary_.skipped;
      ++info.skipped;
      return;
    }
    // The line index served the diagnostics above; a long game's (4 bytes a line) is let go
    // before its records are made, the largest memory of an import.
    pdn::clear_releasing(game.line_starts, kKeepGameBytes);
    pdn::clear_releasing(game.block_chars, kKeepGameBytes);
    // The positions (keys and signature) only for a game the batch stores anew.
    GameRecords records = take_records(game, replay, false);
    if (!batch_.has_copy(records.record.content_hash, records.identity))
      add_positions(records, replay);
    const std::uint64_t positions = records.plies.size();
    const db::ValidationStatus status = records.record.status;
    const std::uint8_t warnings = result_warning_flags(records.record.issue_kinds);
    const auto added =
        batch_.add_game(std::move(records.record), records.plies, records.texts, records.identity);
    if ((!added.duplicate && warnings != 0) || added.replaced)
      summary_.result_warnings.emplace_back(added.id, warnings);
    if (added.duplicate) {
      // A stored game whose header gained a source or was replaced: its rank is read again.
      if (added.source_added || added.replaced) rank_changes_.add(added.id);
      if (added.id.value < first_id_) {
        summary_.reached.push_back(added.id);
        if (added.replaced) ++summary_.reached_replaced;
      }
      ++summary_.duplicates;
      ++info.duplicates;
      if (added.replaced) ++summary_.replaced;
      if (added.replaced && added.id.value >= first_id_) {  // stored by this import: recounted
        count_status(added.replaced_status, false);
        count_status(status, true);
      }
      return;
    }
    if (options_.build_signatures) signatures_.add(added.id, std::move(records.signature));
    ++summary_.games_stored;
    ++info.games_stored;
    summary_.positions += positions;
    info.positions += positions;
    count_status(status, true);
    if (status == db::ValidationStatus::Invalid) ++info.invalid;
  }

  // Counts (or with `add` false uncounts) a game this import stored under its status.
  void count_status(db::ValidationStatus status, bool add) {
    if (status == db::ValidationStatus::Valid) return;
    std::uint64_t& n =
        status == db::ValidationStatus::Invalid ? summary_.invalid : summary_.warnings;
    n = add ? n + 1 : n - 1;
  }

  void commit() {
    if (batch_.empty()) return;
    // SST ingestion pays for batches of many games, new or stored (a WriteBatch and the
    // memtables would hold two more copies of them); a few games, however long, go through one
    // sorted WriteBatch (an SST file holds a long game's record whole, twice, in its block
    // builder, while the reader still holds the game: a 48 MB game took 361 MB instead of 267).
    const bool big = batch_.games() + batch_.stored_games() >= 1000;
    if (options_.build_signatures) signatures_.take_stored_fields(batch_);
    db_.commit(batch_, big ? db::CommitMethod::SstIngestion : db::CommitMethod::SortedWriteBatch);
    batch_ = db_.begin_import(game_terms());
    batch_read_ = 0;
    ++summary_.commits;
    release_freed_memory();
    // After the batch's memory is given back: the blocks stored are encoded anew.
    if (options_.build_signatures) signatures_.store(db_, false);
  }

  void report(bool force) {
    if (!options_.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_progress_ < options_.progress_every) return;
    last_progress_ = now;
    progress_.summary = summary_;
    options_.progress(progress_);
  }

  db::Database& db_;
  const ImportOptions& options_;
  db::ImportBatch batch_;
  std::size_t batch_read_ = 0;  // games read since the last commit, copies included
  std::map<std::string, db::SourceInfo> known_;
  ChangedRanks rank_changes_;  // the stored games whose header this import rewrote
  std::uint32_t first_id_ = 1;  // the id of the first game this import stores
  BatchSignatures signatures_;  // those of the batch's new games, stored after its commit
  ImportSummary summary_;
  ImportProgress progress_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace

ImportSummary import_files(db::Database& database, const std::vector<std::string>& files,
                           const ImportOptions& options) {
  const ImportSummary summary = Importer(database, options).run(files);
  release_freed_memory();  // the batch's buffers, freed with the importer
  return summary;
}

}  // namespace damdb::indexer
