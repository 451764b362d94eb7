#include "indexer/games/game_ranks.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <string>

#include "db/varint.hpp"
#include "indexer/text/cache_file.hpp"
#include "indexer/games/game_filter.hpp"

namespace damdb::indexer {

GameRank GameRank::of(const db::GameHeader& header) {
  GameRank r;
  r.date = date_number(game_date(header));
  r.plies = static_cast<std::uint16_t>(std::min<std::uint32_t>(header.plies, 65535));
  r.result = header.result;
  r.status = header.status;
  return r;
}

namespace {

constexpr std::string_view kMagic = "damdb-ranks 1\n";
constexpr std::size_t kRecordBytes = 8;

std::uint32_t get_le(const char* p, int bytes) {
  std::uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(p[i]);
  return v;
}

/// Appends the record of `rank`.
void put_record(std::string& out, const GameRank& rank) {
  const std::uint32_t d = rank.date;
  const char bytes[kRecordBytes] = {
      static_cast<char>(d),           static_cast<char>(d >> 8),
      static_cast<char>(d >> 16),     static_cast<char>(d >> 24),
      static_cast<char>(rank.plies),  static_cast<char>(rank.plies >> 8),
      static_cast<char>(rank.result), static_cast<char>(rank.status)};
  out.append(bytes, kRecordBytes);
}

/// The file's header up to its records: magic, stamp, end, padding.
std::string file_header(std::string_view stamp, std::uint32_t end) {
  std::string out = cache_head(kMagic, stamp);
  db::put_varint(out, end);
  out.append((kRecordBytes - out.size() % kRecordBytes) % kRecordBytes, '\0');
  return out;
}

}  // namespace

std::optional<GameRank> GameRanks::decode(const char* record) {
  GameRank r;
  r.status = static_cast<db::ValidationStatus>(record[7]);
  if (r.status == kAbsent) return std::nullopt;
  r.date = get_le(record, 4);
  r.plies = static_cast<std::uint16_t>(get_le(record + 4, 2));
  r.result = static_cast<db::GameResult>(record[6]);
  return r;
}

bool GameRanks::attach(std::string_view bytes, std::string_view stamp) {
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return false;
  try {
    db::Reader in(*body, "game ranks cache");
    const std::uint64_t end = in.varint_max(UINT32_MAX);
    std::size_t at = bytes.size() - in.remaining();
    at += (kRecordBytes - at % kRecordBytes) % kRecordBytes;
    if (bytes.size() != at + kRecordBytes * end + 8) return false;
    records_ = bytes.data() + at;
    end_ = static_cast<std::uint32_t>(end);
    const char* trailer = records_ + kRecordBytes * end;
    games_ = std::size_t{get_le(trailer, 4)} | std::size_t{get_le(trailer + 4, 4)} << 32;
    return true;
  } catch (const db::Error&) {
    return false;
  }
}

std::shared_ptr<const GameRanks> GameRanks::read_stored(const db::Database& db) {
  auto file = MappedFile::open(db.folder() / kCacheFileName);
  return file ? read_stored(db, database_stamp(db)) : nullptr;
}

std::shared_ptr<const GameRanks> GameRanks::read_stored(const db::Database& db,
                                                        std::string_view stamp) {
  auto file = MappedFile::open(db.folder() / kCacheFileName);
  if (!file) return nullptr;
  auto ranks = std::make_shared<GameRanks>();
  if (!ranks->attach(file->bytes(), stamp)) return nullptr;
  ranks->file_ = std::move(file);
  return ranks;
}

std::shared_ptr<const GameRanks> GameRanks::read(const db::Database& db,
                                                 const std::atomic<bool>* stop) {
  auto ranks = std::make_shared<GameRanks>();
  ranks->bytes_ = read_cache_file(db.folder() / kCacheFileName);
  if (!ranks->bytes_.empty() && ranks->attach(ranks->bytes_, database_stamp(db))) return ranks;
  return read_headers(db, stop);
}

std::shared_ptr<const GameRanks> GameRanks::read_headers(const db::Database& db,
                                                         const std::atomic<bool>* stop) {
  auto ranks = std::make_shared<GameRanks>();
  ranks->ranks_.reserve(db.meta().next_game_id);
  bool stopped = false;
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& header) {
    if (stop && (ranks->games_ & 4095) == 0 && stop->load(std::memory_order_relaxed)) {
      stopped = true;
      return false;
    }
    const std::size_t i = id.value;
    if (i >= ranks->ranks_.size()) ranks->ranks_.resize(i + 1, GameRank{0, 0, {}, kAbsent});
    ranks->ranks_[i] = GameRank::of(header);
    ++ranks->games_;
    return true;
  });
  if (stopped) return nullptr;
  return ranks;
}

void ChangedRanks::add(db::GameId id) {
  const std::size_t block = id.value / kRankBlockGames;
  if (block >= blocks_.size()) blocks_.resize(block + 1);
  blocks_[block] = true;
}

StoredRanks StoredRanks::of(const db::Database& db) {
  return StoredRanks{GameRanks::read_stored(db), db::GameId{db.meta().next_game_id}};
}

namespace {

/// Appends the records of ids [first, end) read from the headers; returns the games among them.
std::uint64_t put_header_records(const db::Database& db, std::uint32_t first, std::uint32_t end,
                                 std::string& out) {
  static constexpr GameRank kNoGame{0, 0, {}, GameRanks::kAbsent};
  std::uint32_t next = first;
  std::uint64_t games = 0;
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& header) {
    if (id.value >= end) return false;
    for (; next < id.value; ++next) put_record(out, kNoGame);
    put_record(out, GameRank::of(header));
    ++next;
    ++games;
    return true;
  }, db::GameId{first});
  for (; next < end; ++next) put_record(out, kNoGame);
  return games;
}

/// Appends the records of ids [first, end) copied from `ranks` (which has them all); returns
/// the games among them.
std::uint64_t put_stored_records(const GameRanks& ranks, std::uint32_t first, std::uint32_t end,
                                 std::string& out) {
  static constexpr GameRank kNoGame{0, 0, {}, GameRanks::kAbsent};
  std::uint64_t games = 0;
  for (std::uint32_t id = first; id < end; ++id) {
    const std::optional<GameRank> rank = ranks.find(db::GameId{id});
    put_record(out, rank ? *rank : kNoGame);
    games += rank.has_value();
  }
  return games;
}

}  // namespace

void write_game_ranks(const db::Database& db, const StoredRanks& before,
                      const ChangedRanks& changed) {
  const std::string stamp = database_stamp(db);
  const std::uint32_t end = db.meta().next_game_id;
  remove_stale_writes(db.folder() / GameRanks::kCacheFileName);
  CacheFileWriter out(db.folder() / GameRanks::kCacheFileName);
  out.append(file_header(stamp, end));
  std::uint64_t games = 0;
  std::string records;
  constexpr std::uint32_t kBlock = ChangedRanks::kRankBlockGames;
  for (std::uint32_t first = 0; first < end; first += kBlock) {
    const std::uint32_t last = std::min(end, first + kBlock);
    records.clear();
    const bool stored = before.ranks && last <= before.end.value && !changed.holds(first / kBlock);
    games += stored ? put_stored_records(*before.ranks, first, last, records)
                    : put_header_records(db, first, last, records);
    out.append(records);
  }
  char trailer[8];
  for (int i = 0; i < 8; ++i) trailer[i] = static_cast<char>(games >> (8 * i));
  out.append(std::string_view(trailer, 8));
  out.commit();
}

}  // namespace damdb::indexer
