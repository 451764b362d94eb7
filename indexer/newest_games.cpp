#include "indexer/newest_games.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_set>

#include "indexer/game_filter.hpp"

namespace damdb::indexer {
namespace {

/// Sets smaller than this are ordered from their headers (a few reads).
constexpr std::size_t kMinGames = 16;
/// Index keys worth one header read: a key is a step of an iterator over small blocks, a
/// header a point read of a block of its own (measured on 1,000,000 games: 0.3 us a key, 3-30
/// us a header, warm or not).
constexpr std::uint64_t kKeysPerHeader = 64;

/// The number of the `n` characters at `at` of `text`, or nullopt when one is not a digit.
std::optional<std::uint32_t> number(std::string_view text, std::size_t at, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint32_t>(text[i] - '0');
  }
  return v;
}

/// The value of a two-digit date field for an upper bound of the fields that sort at or below
/// it: its number, its first digit followed by 9 when the second is a '?', 99 for "??".
std::uint32_t field_bound(std::string_view text, std::size_t at) {
  if (const auto n = number(text, at, 2)) return *n;
  if (const auto tens = number(text, at, 1)) return *tens * 10 + 9;
  return 99;
}

/// An upper bound of date_rank over every key at or below `text` (a dates index key,
/// "YYYY.MM.DD" with '?' parts) in key order: keys below it in the same year and month have a
/// day field that sorts lower, in the same year a lower month field, else an earlier year (a
/// field holding a '?' counts 0 in date_rank). A year with a '?' sorts above every year of its
/// first digits: no bound.
std::uint32_t rank_bound_at_or_below(std::string_view text) {
  if (text.size() != 10) return std::numeric_limits<std::uint32_t>::max();
  const auto year = number(text, 0, 4);
  if (!year) return std::numeric_limits<std::uint32_t>::max();
  const bool month_known = number(text, 5, 2).has_value();
  return *year * 10000 + field_bound(text, 5) * 100 + (month_known ? field_bound(text, 8) : 99);
}

/// Newest first: later date, then later import.
bool newer(const RankedGame& a, const RankedGame& b) {
  return a.date != b.date ? a.date > b.date : a.id.value > b.id.value;
}

}  // namespace

std::uint32_t date_rank(const db::GameHeader& game) {
  const std::string date = game_date(game);  // "YYYY.MM.DD" with '?' parts, "" unknown
  if (date.size() != 10) return 0;
  const std::uint32_t year = number(date, 0, 4).value_or(0);
  if (year == 0) return 0;
  return year * 10000 + number(date, 5, 2).value_or(0) * 100 + number(date, 8, 2).value_or(0);
}

std::optional<std::vector<RankedGame>> newest_games(const db::Database& db,
                                                    std::span<const db::GameId> games,
                                                    std::size_t count) {
  count = std::min(count, games.size());
  if (games.size() < kMinGames) return std::nullopt;
  // Past this many keys, reading every header of the set would have been cheaper.
  const std::uint64_t budget = kKeysPerHeader * games.size();
  std::vector<RankedGame> found;  // dated games met, best `count` kept in front
  std::unordered_set<std::uint32_t> met;  // a game is under the date of each of its copies
  std::size_t keys = 0;
  bool stopped = false, over_budget = false;
  auto is_member = [&](db::GameId id) {
    return std::binary_search(games.begin(), games.end(), id,
                              [](db::GameId a, db::GameId b) { return a.value < b.value; });
  };
  using Step = db::Database::IndexStep;
  db.scan_index_backward(db::TextIndex::Dates, [&](const db::TextIndexKey& key) {
    if (++keys > budget) {
      over_budget = true;
      return Step::Stop;
    }
    const std::uint32_t bound = rank_bound_at_or_below(key.text);
    if (count == 0 || (found.size() >= count && bound < found[count - 1].date)) {
      stopped = true;
      return Step::Stop;
    }
    // At the bound of the count-th, a game can only enter with a higher id: the rest of this
    // date's keys (descending ids) cannot.
    if (found.size() >= count && bound == found[count - 1].date &&
        key.game.value < found[count - 1].id.value)
      return Step::SkipText;
    if (!is_member(key.game) || !met.insert(key.game.value).second) return Step::Next;
    const auto header = db.game_header(key.game);
    const std::uint32_t rank = header ? date_rank(*header) : 0;
    if (rank == 0) return Step::Next;  // no known date: among the undated games below
    const RankedGame game{key.game, rank};
    found.insert(std::upper_bound(found.begin(), found.end(), game, newer), game);
    if (found.size() > count) found.pop_back();
    return Step::Next;
  });
  if (over_budget) return std::nullopt;
  if (!stopped) {
    // Every key read: the games not found have no known date, and follow by id.
    std::unordered_set<std::uint32_t> dated;
    for (const RankedGame& g : found) dated.insert(g.id.value);
    for (auto it = games.rbegin(); it != games.rend() && found.size() < count; ++it)
      if (!dated.contains(it->value)) found.push_back({*it, 0});
  }
  return found;
}

}  // namespace damdb::indexer
