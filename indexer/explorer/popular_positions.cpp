#include "indexer/explorer/popular_positions.hpp"

#include <algorithm>
#include <queue>
#include <set>
#include <string>
#include <utility>

#include "db/position_stats.hpp"
#include "db/varint.hpp"
#include "indexer/text/cache_file.hpp"
#include "indexer/records/position_key.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-popular 3\n";

/// Appends the record of the position `key` (reached by more than kMinGames games, with
/// `stats`): its newest postings are read from `db`.
void put_position(const db::Database& db, const db::PositionKey& key,
                  const db::PositionStats& stats, std::string& out) {
  db::put_be64(out, key.zobrist);
  db::put_be32(out, key.check);
  std::string body;
  db::put_string(body, stats.encode());
  std::vector<NewestGame> newest;
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    newest.push_back({o.game, o.plies.empty() ? 0u : o.plies.front()});
    return newest.size() < PopularPositions::kNewestGames;
  });
  db::put_varint(body, newest.size());
  for (const NewestGame& g : newest) {
    db::put_varint(body, g.id.value);
    db::put_varint(body, g.ply);
  }
  db::put_string(out, body);
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
  for (const db::MoveStats& s : stats.moves) {
    // kGameEnd (255) and codes the rules no longer produce lead nowhere.
    const rules::Move* m = rules::decode_move_code(legal, s.move);
    if (s.counts.games() <= PopularPositions::kMinGames || m == nullptr) continue;
    rules::Position next = pos;
    next.play(*m);
    queue.push({s.counts.games(), next});
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
    const db::PositionKey key = position_key(pos);
    if (!seen.insert({key.zobrist, key.check}).second) continue;
    const std::optional<db::PositionStats> stats = db.position_stats(key);
    if (!stats || stats->games() <= PopularPositions::kMinGames) continue;
    put_position(db, key, *stats, records);
    ++count;
    push_moves(pos, *stats, queue);
  }
  const auto file = db.folder() / PopularPositions::kCacheFileName;
  remove_stale_writes(file);
  std::string body;
  db::put_varint(body, count);
  body += records;
  std::string bytes = cache_head(kMagic, stamp) + body;
  const std::uint64_t checksum = cache_checksum(body);
  for (int i = 0; i < 8; ++i) bytes += static_cast<char>(checksum >> (8 * i));
  write_cache_file(file, bytes);
}

std::shared_ptr<const PopularPositions> PopularPositions::from_bytes(std::string bytes,
                                                                     std::string_view stamp) {
  auto popular = std::make_shared<PopularPositions>();
  popular->bytes_ = std::move(bytes);
  std::optional<std::string_view> body = cache_body(popular->bytes_, kMagic, stamp);
  if (!body || body->size() < 8) return nullptr;
  std::uint64_t checksum = 0;
  for (int i = 7; i >= 0; --i)
    checksum = checksum << 8 | static_cast<unsigned char>((*body)[body->size() - 8 + static_cast<std::size_t>(i)]);
  body->remove_suffix(8);
  if (cache_checksum(*body) != checksum) return nullptr;
  try {
    db::Reader in(*body, "popular positions cache");
    popular->count_ = in.varint_max(kMaxPositions);
    popular->positions_ = in.rest();
    return popular;
  } catch (const db::Error&) {
    return nullptr;
  }
}

std::shared_ptr<const PopularPositions> PopularPositions::read_stored(const db::Database& db,
                                                                      std::string_view stamp) {
  std::string bytes = read_cache_file(db.folder() / kCacheFileName, kMaxFileBytes);
  return bytes.empty() ? nullptr : from_bytes(std::move(bytes), stamp);
}

std::optional<PopularPosition> PopularPositions::find(const db::PositionKey& key) const {
  try {
    db::Reader in(positions_, "popular positions cache");
    for (std::size_t i = 0; i < count_; ++i) {
      const std::uint64_t zobrist = in.be64();
      const std::uint32_t check = in.be32();
      const std::string_view record = in.string();  // skipped whole unless it is the one
      if (zobrist != key.zobrist || check != key.check) continue;
      db::Reader body(record, "popular positions cache");
      PopularPosition found{db::PositionStats::decode(body.string()), {}};
      const std::uint64_t games = body.varint_max(kNewestGames);
      for (std::uint64_t g = 0; g < games; ++g) {
        const auto id = static_cast<std::uint32_t>(body.varint_max(UINT32_MAX));
        found.newest.push_back({db::GameId{id}, static_cast<std::uint32_t>(body.varint_max(UINT16_MAX))});
      }
      return found;
    }
  } catch (const db::Error&) {
  }
  return std::nullopt;
}

}  // namespace damdb::indexer
