#include "indexer/popular_positions.hpp"

#include <algorithm>
#include <queue>
#include <set>
#include <string>
#include <utility>

#include "db/position_stats.hpp"
#include "db/varint.hpp"
#include "indexer/cache_file.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-popular 1\n";

db::PositionKey key_of(const rules::Position& pos) { return {pos.key(), pos.check_key()}; }

/// Appends the record of the position `key` (reached by more than kMinGames games, with
/// `stats`): its newest postings are read from `db`.
void put_position(const db::Database& db, const db::PositionKey& key,
                  const db::PositionStats& stats, std::string& out) {
  db::put_be64(out, key.zobrist);
  db::put_be32(out, key.check);
  db::put_string(out, stats.encode());
  std::vector<NewestGame> newest;
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    newest.push_back({o.game, o.plies.empty() ? 0u : o.plies.front()});
    return newest.size() < PopularPositions::kNewestGames;
  });
  db::put_varint(out, newest.size());
  for (const NewestGame& g : newest) {
    db::put_varint(out, g.id.value);
    db::put_varint(out, g.ply);
  }
}

/// A position waiting in the walk, ordered by the games of the move that reached it.
struct Reached {
  std::uint64_t games;
  rules::Position position;
  bool operator<(const Reached& other) const { return games < other.games; }
};

/// Adds to `queue` the positions after the moves of `stats` played in more than kMinGames games.
void push_moves(const rules::Position& pos, const db::PositionStats& stats,
                std::priority_queue<Reached>& queue) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  for (const db::MoveStats& s : stats.moves) {
    // Move codes index the sorted legal moves; kGameEnd (255) and codes the rules no longer
    // produce lead nowhere.
    if (s.games() <= PopularPositions::kMinGames || s.move >= legal.size()) continue;
    rules::Position next = pos;
    next.play(legal[s.move]);
    queue.push({s.games(), next});
  }
}

}  // namespace

void write_popular_positions(const db::Database& db) {
  const std::string stamp = database_stamp(db);
  if (PopularPositions::read_stored(db, stamp)) return;  // written for this state already
  std::string records;
  std::size_t count = 0;
  std::set<std::pair<std::uint64_t, std::uint32_t>> seen;
  std::priority_queue<Reached> queue;
  queue.push({~std::uint64_t{0}, rules::Position::initial()});
  while (!queue.empty() && count < PopularPositions::kMaxPositions) {
    const rules::Position pos = queue.top().position;
    queue.pop();
    const db::PositionKey key = key_of(pos);
    if (!seen.insert({key.zobrist, key.check}).second) continue;
    const std::optional<db::PositionStats> stats = db.position_stats(key);
    if (!stats || stats->games() <= PopularPositions::kMinGames) continue;
    put_position(db, key, *stats, records);
    ++count;
    push_moves(pos, *stats, queue);
  }
  const auto file = db.folder() / PopularPositions::kCacheFileName;
  remove_stale_writes(file);
  std::string bytes = cache_head(kMagic, stamp);
  db::put_varint(bytes, count);
  bytes += records;
  write_cache_file(file, bytes);
}

std::shared_ptr<PopularPositions> PopularPositions::from_bytes(std::string_view bytes,
                                                               std::string_view stamp) {
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return nullptr;
  try {
    db::Reader in(*body, "popular positions cache");
    auto popular = std::make_shared<PopularPositions>();
    popular->count_ = in.varint_max(kMaxPositions);
    popular->positions_ = in.rest();
    return popular;
  } catch (const db::Error&) {
    return nullptr;
  }
}

std::shared_ptr<const PopularPositions> PopularPositions::read_stored(const db::Database& db,
                                                                      std::string_view stamp) {
  auto file = MappedFile::open(db.folder() / kCacheFileName);
  if (!file) return nullptr;
  auto popular = from_bytes(file->bytes(), stamp);
  if (popular) popular->file_ = std::move(file);
  return popular;
}

std::optional<PopularPosition> PopularPositions::find(const db::PositionKey& key) const {
  try {
    db::Reader in(positions_, "popular positions cache");
    for (std::size_t i = 0; i < count_; ++i) {
      const std::uint64_t zobrist = in.be64();
      const std::uint32_t check = in.be32();
      const std::string_view stats = in.string();
      const std::uint64_t games = in.varint_max(kNewestGames);
      if (zobrist != key.zobrist || check != key.check) {
        for (std::uint64_t g = 0; g < 2 * games; ++g) in.varint();
        continue;
      }
      PopularPosition found{db::PositionStats::decode(stats), {}};
      for (std::uint64_t g = 0; g < games; ++g) {
        const auto id = static_cast<std::uint32_t>(in.varint_max(UINT32_MAX));
        found.newest.push_back({db::GameId{id}, static_cast<std::uint32_t>(in.varint_max(UINT16_MAX))});
      }
      return found;
    }
  } catch (const db::Error&) {
  }
  return std::nullopt;
}

}  // namespace damdb::indexer
