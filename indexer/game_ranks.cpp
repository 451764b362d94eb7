#include "indexer/game_ranks.hpp"

#include <algorithm>
#include <string>

#include "indexer/game_filter.hpp"

namespace damdb::indexer {
namespace {

/// The normalised date "YYYY.MM.DD" ('?' for unknown parts, "" unknown) as YYYYMMDD.
std::uint32_t date_number(const std::string& date) {
  if (date.size() != 10) return 0;
  auto part = [&](std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (date[i] < '0' || date[i] > '9') return std::uint32_t{0};
      v = v * 10 + static_cast<std::uint32_t>(date[i] - '0');
    }
    return v;
  };
  const std::uint32_t year = part(0, 4);
  return year == 0 ? 0 : year * 10000 + part(5, 2) * 100 + part(8, 2);
}

}  // namespace

GameRank GameRank::of(const db::GameHeader& header) {
  GameRank r;
  r.date = date_number(game_date(header));
  r.plies = static_cast<std::uint16_t>(std::min<std::uint32_t>(header.plies, 65535));
  r.result = header.result;
  r.status = header.status;
  return r;
}

std::shared_ptr<const GameRanks> GameRanks::read(const db::Database& db,
                                                 const std::atomic<bool>* stop) {
  auto ranks = std::make_shared<GameRanks>();
  const std::size_t expected = db.meta().next_game_id;
  ranks->ranks_.reserve(expected);
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

}  // namespace damdb::indexer
