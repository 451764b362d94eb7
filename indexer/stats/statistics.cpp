#include "indexer/stats/statistics.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "indexer/duplicates/counted_games.hpp"
#include "indexer/names/event_clusters.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/text/text_fold.hpp"
#include "pdn/result.hpp"

namespace damdb::indexer {
namespace {

bool known_date(const std::string& date) { return pdn::date_known(date); }

void widen_dates(const std::string& date, std::string& first, std::string& last) {
  if (!known_date(date)) return;
  if (first.empty() || date < first) first = date;
  if (last.empty() || date > last) last = date;
}

/// Counts of the spellings of one grouped name; picks the most frequent (first seen on a tie).
struct Spellings {
  std::vector<std::pair<std::string, std::uint64_t>> counts;  // first-seen order
  void add(std::string_view spelling, std::uint64_t games = 1) {
    for (auto& [s, n] : counts)
      if (s == spelling) {
        n += games;
        return;
      }
    counts.emplace_back(std::string(spelling), games);
  }
  const std::string& preferred() const {
    const auto* best = &counts.front();
    for (const auto& c : counts)
      if (c.second > best->second) best = &c;
    return best->first;
  }
};

/// Adds the tallies and dates of `from` to `to`.
void add_player(PlayerStats& to, const PlayerStats& from) {
  to.total += from.total;
  to.as_white += from.as_white;
  to.as_black += from.as_black;
  widen_dates(from.first_date, to.first_date, to.last_date);
  widen_dates(from.last_date, to.first_date, to.last_date);
}

/// The per-spelling statistics of the games passing the filter, the spellings interned in
/// `keys` (with the games they met each other in) and resolved.
std::vector<PlayerStats> spelling_statistics(const db::Database& db, const GameFilter& filter,
                                             PlayerKeys& keys, PlayerReport& report) {
  std::vector<PlayerStats> seen;  // by spelling index
  const CountedGames counted(db, filter);
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    ++report.games;
    const std::string date = game_date(game);
    const std::uint32_t w = keys.intern(game.white), b = keys.intern(game.black);
    keys.played(w, b, game.event);
    keys.played(b, w, game.event);
    for (const bool white : {true, false}) {
      const std::uint32_t i = white ? w : b;
      if (i == PlayerKeys::kUnknown) continue;
      if (i >= seen.size()) seen.resize(i + 1);
      PlayerStats& p = seen[i];
      p.total.add(game.result, white);
      (white ? p.as_white : p.as_black).add(game.result, white);
      widen_dates(date, p.first_date, p.last_date);
    }
    return true;
  });
  keys.resolve(PlayerOverrides::of(db));
  return seen;
}

/// The merges of each player (by identity) as PlayerMergeReason rows.
std::unordered_map<std::uint32_t, std::vector<PlayerMergeReason>> merge_reasons(
    const PlayerKeys& keys) {
  std::unordered_map<std::uint32_t, std::vector<PlayerMergeReason>> out;
  for (const PlayerMergeStep& m : keys.merges())
    out[keys.identity(m.from)].push_back(
        {keys.spelling(m.from), keys.spelling(m.to), m.rule, m.evidence, m.refused});
  return out;
}

}  // namespace

PlayerReport player_statistics(const db::Database& db, const GameFilter& filter,
                               std::size_t top) {
  struct Entry {
    PlayerStats stats;
    Spellings spellings;
  };
  PlayerReport report;
  PlayerKeys keys;
  const std::vector<PlayerStats> seen = spelling_statistics(db, filter, keys, report);
  std::unordered_map<std::uint32_t, Entry> players;
  for (std::uint32_t i = 0; i < seen.size(); ++i) {
    const std::uint32_t player = keys.identity(i);
    Entry& e = players[player];
    if (e.stats.key.empty()) e.stats.key = keys.key(player);
    add_player(e.stats, seen[i]);
    e.spellings.add(keys.spelling(i), seen[i].total.games());
  }
  auto reasons = merge_reasons(keys);
  report.players = players.size();
  report.rows.reserve(players.size());
  for (auto& [player, e] : players) {
    e.stats.name = e.spellings.preferred();
    auto steps = reasons.find(player);
    if (e.spellings.counts.size() > 1 || steps != reasons.end()) {
      PlayerMerge merge{e.stats.name, e.spellings.counts, {}};
      if (steps != reasons.end()) merge.steps = std::move(steps->second);
      std::stable_sort(merge.spellings.begin(), merge.spellings.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      report.merges.push_back(std::move(merge));
    }
    report.rows.push_back(std::move(e.stats));
  }
  std::sort(report.rows.begin(), report.rows.end(),
            [](const PlayerStats& a, const PlayerStats& b) {
              if (a.total.games() != b.total.games()) return a.total.games() > b.total.games();
              const double score_a = score_percent(a.total), score_b = score_percent(b.total);
              if (score_a != score_b) return score_a > score_b;
              return a.name < b.name;
            });
  if (top > 0 && report.rows.size() > top) report.rows.resize(top);
  std::sort(report.merges.begin(), report.merges.end(),
            [](const PlayerMerge& a, const PlayerMerge& b) { return a.name < b.name; });
  return report;
}

double EventStats::decisive_rate() const {
  return known_results == 0 ? 0.0 : 100.0 * static_cast<double>(decisive) / known_results;
}

double EventStats::average_moves() const {
  return games == 0 ? 0.0 : static_cast<double>(plies) / 2.0 / games;
}

namespace {

/// The games of one event name (one fold_text) in event_statistics.
struct EventEntry {
  std::string folded;
  EventStats stats;
  Spellings spellings;
  std::set<std::uint32_t> players;  // spelling indexes, then identities once resolved
};

/// Adds the games of `from` to `to` (a spelling of the same event).
void add_event(EventEntry& to, const EventEntry& from) {
  EventStats& s = to.stats;
  s.games += from.stats.games;
  s.plies += from.stats.plies;
  s.decisive += from.stats.decisive;
  s.known_results += from.stats.known_results;
  widen_dates(from.stats.first_date, s.first_date, s.last_date);
  widen_dates(from.stats.last_date, s.first_date, s.last_date);
  for (const auto& [spelling, n] : from.spellings.counts) to.spellings.add(spelling, n);
  to.players.insert(from.players.begin(), from.players.end());
}

/// The event names grouped (cluster_events), each group's games added to its first entry;
/// the groups of two or more spellings listed in `merges`.
void group_events(std::vector<EventEntry>& entries, std::vector<EventMerge>& merges) {
  std::vector<EventSummary> summaries;
  summaries.reserve(entries.size());
  for (const EventEntry& e : entries)
    summaries.push_back({e.folded, e.stats.first_date, e.stats.last_date,
                         std::vector<std::uint32_t>(e.players.begin(), e.players.end())});
  std::vector<EventLink> links;
  const std::vector<std::size_t> group = cluster_events(summaries, &links);
  std::unordered_map<std::size_t, std::vector<std::string>> evidence;  // by group
  for (const EventLink& l : links)
    evidence[group[l.a]].push_back("\"" + entries[l.a].spellings.preferred() + "\" ~ \"" +
                                   entries[l.b].spellings.preferred() + "\": " + l.evidence);
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (group[i] != i) add_event(entries[group[i]], entries[i]);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (group[i] != i || entries[i].spellings.counts.size() < 2) continue;
    EventMerge m{entries[i].spellings.preferred(), entries[i].spellings.counts, evidence[i]};
    std::stable_sort(m.spellings.begin(), m.spellings.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    merges.push_back(std::move(m));
  }
  std::vector<EventEntry> kept;  // one entry per group
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (group[i] == i) kept.push_back(std::move(entries[i]));
  entries = std::move(kept);
}

}  // namespace

EventReport event_statistics(const db::Database& db, const GameFilter& filter) {
  std::unordered_map<std::string, EventEntry> events;
  PlayerKeys keys;
  EventReport report;
  const CountedGames counted(db, filter);
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    ++report.games;
    const std::string_view event = game.event;
    const std::string folded = event == "?" ? std::string() : fold_text(event);
    EventEntry& e = events[folded];
    e.spellings.add(folded.empty() ? std::string_view() : event);
    EventStats& s = e.stats;
    ++s.games;
    s.plies += game.plies;
    if (game.result != db::GameResult::Unknown) {
      ++s.known_results;
      if (game.result != db::GameResult::Draw) ++s.decisive;
    }
    widen_dates(game_date(game), s.first_date, s.last_date);
    const std::uint32_t w = keys.intern(game.white), b = keys.intern(game.black);
    keys.played(w, b, game.event);
    keys.played(b, w, game.event);
    for (const std::uint32_t side : {w, b})
      if (side != PlayerKeys::kUnknown) e.players.insert(side);
    return true;
  });
  // Players counted as in player_statistics (PlayerKeys).
  keys.resolve(PlayerOverrides::of(db));
  std::vector<EventEntry> entries;
  entries.reserve(events.size());
  for (auto& [folded, e] : events) {
    e.folded = folded;
    std::set<std::uint32_t> players;
    for (const std::uint32_t k : e.players) players.insert(keys.identity(k));
    e.players = std::move(players);
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(),
            [](const EventEntry& a, const EventEntry& b) { return a.folded < b.folded; });
  group_events(entries, report.merges);
  report.rows.reserve(entries.size());
  for (EventEntry& e : entries) {
    e.stats.name = e.spellings.preferred();
    e.stats.players = e.players.size();
    report.rows.push_back(std::move(e.stats));
  }
  std::sort(report.rows.begin(), report.rows.end(), [](const EventStats& a, const EventStats& b) {
    const bool da = known_date(a.first_date), db_ = known_date(b.first_date);
    if (da != db_) return da;
    if (a.first_date != b.first_date) return a.first_date < b.first_date;
    return a.name < b.name;
  });
  std::sort(report.merges.begin(), report.merges.end(),
            [](const EventMerge& a, const EventMerge& b) { return a.name < b.name; });
  return report;
}

double ResultReport::average_plies() const {
  return overall.games() == 0 ? 0.0 : static_cast<double>(plies) / overall.games();
}

ResultReport result_statistics(const db::Database& db, const GameFilter& filter,
                               std::size_t longest) {
  ResultReport report;
  std::map<std::string, ResultCounts> years;  // "????" sorts after digits
  std::vector<std::pair<std::uint32_t, db::GameId>> lengths;  // (plies, id)
  const CountedGames counted(db, filter);
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    report.overall.add(game.result);
    const std::string date = game_date(game);
    years[pdn::date_year(date)].add(game.result);
    report.plies += game.plies;
    lengths.emplace_back(game.plies, id);
    return true;
  });
  for (auto& [year, counts] : years) report.by_year.push_back({year, counts});
  const std::size_t n = std::min(longest, lengths.size());
  std::partial_sort(lengths.begin(), lengths.begin() + n, lengths.end(),
                    [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<db::GameHeader> game = db.game_header(lengths[i].second);
    if (!game) continue;
    GameRow row = game_row(lengths[i].second, *game);
    row.ply = static_cast<int>(lengths[i].first);
    report.longest.push_back(std::move(row));
  }
  return report;
}

std::string OpeningLine::movetext() const {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!out.empty()) out += ' ';
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ". ";
    out += moves[i];
  }
  return out;
}

OpeningReport opening_statistics(const db::Database& db, const GameFilter& filter,
                                 std::size_t plies, std::size_t top) {
  if (plies < 1 || plies > 200)
    throw std::invalid_argument("--plies must be between 1 and 200, not " +
                                std::to_string(plies));
  OpeningReport report;
  report.plies = plies;
  // Group by the first N move codes (equal codes from the initial position = equal moves);
  // decode each distinct sequence once.
  struct Group {
    ResultCounts counts;
  };
  std::unordered_map<std::string, Group> groups;
  const CountedGames counted(db, filter);
  db.for_each_game([&](db::GameId id, const db::GameRecord& game) {
    if (!counted.counts(id, game)) return true;
    if (!game.start_fen.empty()) {
      ++report.from_setup;
    } else if (game.moves.size() < plies) {
      ++report.shorter;
    } else {
      groups[std::string(game.moves.begin(), game.moves.begin() + plies)].counts.add(game.result);
    }
    return true;
  });
  report.rows.reserve(groups.size());
  for (auto& [codes, group] : groups) {
    db::GameRecord prefix;
    prefix.moves.assign(codes.begin(), codes.end());
    OpeningLine line;
    try {
      for (DecodedPly& p : decode_moves(prefix)) line.moves.push_back(std::move(p.notation));
    } catch (const GameDecodeError&) {
      report.undecodable += group.counts.games();
      continue;
    }
    line.counts = group.counts;
    report.games += group.counts.games();
    report.rows.push_back(std::move(line));
  }
  report.sequences = report.rows.size();
  std::sort(report.rows.begin(), report.rows.end(),
            [](const OpeningLine& a, const OpeningLine& b) {
              const std::uint64_t games_a = a.counts.games(), games_b = b.counts.games();
              if (games_a != games_b) return games_a > games_b;
              return a.moves < b.moves;
            });
  if (top > 0 && report.rows.size() > top) report.rows.resize(top);
  return report;
}

}  // namespace damdb::indexer
