#include "indexer/statistics.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "indexer/counted_games.hpp"
#include "indexer/game_moves.hpp"
#include "indexer/text_fold.hpp"

namespace damdb::indexer {
namespace {

double percent(std::uint64_t points, std::uint64_t known_games) {
  return known_games == 0 ? 0.0 : 100.0 * static_cast<double>(points) / (2.0 * known_games);
}

bool known_date(const std::string& date) { return !date.empty() && date[0] != '?'; }

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

std::vector<std::string_view> split_words(std::string_view key) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start < key.size()) {
    std::size_t end = key.find(' ', start);
    if (end == std::string_view::npos) end = key.size();
    if (end > start) words.push_back(key.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

/// An initial in a player key: a one-letter word a..z (keys are folded to lower case).
bool is_initial(std::string_view word) {
  return word.size() == 1 && word[0] >= 'a' && word[0] <= 'z';
}

/// A spelling with initials or abbreviations: the one-letter words, the abbreviated words
/// ("aleks" of "Aleks.") and the other (surname) words.
struct InitialsName {
  std::vector<char> initials;
  std::vector<std::string_view> abbreviations;
  std::vector<std::string_view> surname;
};

/// True when the words of the full name `words` (no one-letter word) are exactly the surname
/// words plus, for each initial, one word starting with that letter.
bool full_name_fits(const std::vector<std::string_view>& words, const InitialsName& name) {
  std::vector<bool> used(words.size(), false);
  auto take = [&](auto&& matches) {
    for (std::size_t i = 0; i < words.size(); ++i)
      if (!used[i] && matches(words[i])) {
        used[i] = true;
        return true;
      }
    return false;
  };
  for (std::string_view s : name.surname)
    if (!take([&](std::string_view w) { return w == s; })) return false;
  for (std::string_view a : name.abbreviations)
    if (!take([&](std::string_view w) { return w.starts_with(a); })) return false;
  for (char c : name.initials)
    if (!take([&](std::string_view w) { return w.front() == c; })) return false;
  return std::all_of(used.begin(), used.end(), [](bool u) { return u; });
}

/// The abbreviated words (abbreviated_words) of every spelling of each player key, in the
/// form merge_player_keys takes for a sorted list of keys.
class KeyAbbreviations {
 public:
  void add(const std::string& key, std::string_view spelling) {
    if (spelling.find('.') == std::string_view::npos) return;
    for (std::string& w : abbreviated_words(spelling)) words_[key].insert(std::move(w));
  }
  std::vector<std::vector<std::string>> of(const std::vector<std::string>& keys) const {
    std::vector<std::vector<std::string>> out(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (auto it = words_.find(keys[i]); it != words_.end())
        out[i].assign(it->second.begin(), it->second.end());
    return out;
  }

 private:
  std::unordered_map<std::string, std::set<std::string>> words_;
};

/// Adds the counts of `from` to `to`.
void add_tally(Tally& to, const Tally& from) {
  to.games += from.games;
  to.wins += from.wins;
  to.draws += from.draws;
  to.losses += from.losses;
  to.unknown += from.unknown;
}

}  // namespace

std::vector<std::size_t> merge_player_keys(
    const std::vector<std::string>& keys,
    const std::vector<std::vector<std::string>>& abbreviations) {
  auto abbreviated = [&](std::size_t i, std::string_view w) {
    return i < abbreviations.size() && std::find(abbreviations[i].begin(),
                                                 abbreviations[i].end(), w) !=
                                           abbreviations[i].end();
  };
  std::vector<std::size_t> target(keys.size());
  std::vector<std::vector<std::string_view>> words(keys.size());
  std::vector<bool> full(keys.size(), false);
  // Full names by each of their words, to find the candidates of an initial-only key.
  std::unordered_map<std::string_view, std::vector<std::size_t>> full_by_word;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    target[i] = i;
    words[i] = split_words(keys[i]);
    full[i] = words[i].size() >= 2 &&
              std::none_of(words[i].begin(), words[i].end(), [&](std::string_view w) {
                return is_initial(w) || abbreviated(i, w);
              });
    if (full[i])
      for (std::string_view w : words[i]) {
        auto& list = full_by_word[w];
        if (list.empty() || list.back() != i) list.push_back(i);
      }
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (full[i]) continue;
    InitialsName name;
    for (std::string_view w : words[i]) {
      if (is_initial(w))
        name.initials.push_back(w.front());
      else if (abbreviated(i, w))
        name.abbreviations.push_back(w);
      else
        name.surname.push_back(w);
    }
    if ((name.initials.empty() && name.abbreviations.empty()) || name.surname.empty()) continue;
    const auto candidates = full_by_word.find(name.surname.front());
    if (candidates == full_by_word.end()) continue;
    auto fitting = [&](const InitialsName& n, std::size_t& found) {
      std::size_t count = 0;
      for (std::size_t f : candidates->second)
        if (full_name_fits(words[f], n)) {
          found = f;
          ++count;
        }
      return count;
    };
    std::size_t found = keys.size();
    std::size_t count = fitting(name, found);
    if (count == 0 && !name.abbreviations.empty()) {
      // No first name starts with the abbreviation ("Aleks." and "Alexander": a spelling of
      // another language): take each abbreviation as its initial.
      InitialsName as_initials = name;
      for (std::string_view a : name.abbreviations) as_initials.initials.push_back(a.front());
      as_initials.abbreviations.clear();
      count = fitting(as_initials, found);
    }
    if (count == 1) target[i] = found;
  }
  return target;
}

double Tally::score() const { return percent(points(), wins + draws + losses); }

namespace {
/// Adds one game of `result` to the counter of its kind: a white win, a draw, a black win or
/// an unknown result.
void count_result(db::GameResult result, std::uint64_t& white_win, std::uint64_t& draw,
                  std::uint64_t& black_win, std::uint64_t& unknown) {
  switch (result) {
    case db::GameResult::white_win: ++white_win; break;
    case db::GameResult::black_win: ++black_win; break;
    case db::GameResult::draw: ++draw; break;
    default: ++unknown;
  }
}
}  // namespace

void Tally::add(db::GameResult result, bool as_white) {
  ++games;
  count_result(result, as_white ? wins : losses, draws, as_white ? losses : wins, unknown);
}

PlayerReport player_statistics(const db::Database& db, const GameFilter& filter,
                               std::size_t top) {
  struct Entry {
    PlayerStats stats;
    Spellings spellings;
  };
  std::unordered_map<std::string, Entry> players;
  KeyAbbreviations abbreviations;
  PlayerReport report;
  const CountedGames counted(db, filter);
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    ++report.games;
    const std::string date = game_date(game);
    for (const bool white : {true, false}) {
      const std::string_view name = white ? game.white : game.black;
      std::string key = player_key(name);
      if (key.empty()) continue;
      abbreviations.add(key, name);
      Entry& e = players[key];
      if (e.stats.key.empty()) e.stats.key = std::move(key);
      e.spellings.add(name);
      e.stats.total.add(game.result, white);
      (white ? e.stats.as_white : e.stats.as_black).add(game.result, white);
      widen_dates(date, e.stats.first_date, e.stats.last_date);
    }
    return true;
  });
  // Initial-only spellings merged into their full name (merge_player_keys).
  std::vector<std::string> keys;
  keys.reserve(players.size());
  for (const auto& [key, e] : players) keys.push_back(key);
  std::sort(keys.begin(), keys.end());  // a deterministic order of the spellings merged
  const std::vector<std::size_t> target = merge_player_keys(keys, abbreviations.of(keys));
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (target[i] == i) continue;
    auto from = players.find(keys[i]);
    Entry& to = players[keys[target[i]]];
    add_tally(to.stats.total, from->second.stats.total);
    add_tally(to.stats.as_white, from->second.stats.as_white);
    add_tally(to.stats.as_black, from->second.stats.as_black);
    widen_dates(from->second.stats.first_date, to.stats.first_date, to.stats.last_date);
    widen_dates(from->second.stats.last_date, to.stats.first_date, to.stats.last_date);
    for (const auto& [spelling, n] : from->second.spellings.counts)
      to.spellings.add(spelling, n);
    players.erase(from);
  }
  report.players = players.size();
  report.rows.reserve(players.size());
  for (auto& [key, e] : players) {
    e.stats.name = e.spellings.preferred();
    if (e.spellings.counts.size() > 1) {
      PlayerMerge merge{e.stats.name, e.spellings.counts};
      std::stable_sort(merge.spellings.begin(), merge.spellings.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      report.merges.push_back(std::move(merge));
    }
    report.rows.push_back(std::move(e.stats));
  }
  std::sort(report.rows.begin(), report.rows.end(),
            [](const PlayerStats& a, const PlayerStats& b) {
              if (a.total.games != b.total.games) return a.total.games > b.total.games;
              if (a.total.score() != b.total.score()) return a.total.score() > b.total.score();
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

EventReport event_statistics(const db::Database& db, const GameFilter& filter) {
  struct Entry {
    EventStats stats;
    Spellings spellings;
    std::set<std::string> players;
  };
  std::unordered_map<std::string, Entry> events;
  KeyAbbreviations abbreviations;
  EventReport report;
  const CountedGames counted(db, filter);
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    ++report.games;
    const std::string_view event = game.event;
    const std::string folded = event == "?" ? std::string() : fold_text(event);
    Entry& e = events[folded];
    e.spellings.add(folded.empty() ? std::string_view() : event);
    EventStats& s = e.stats;
    ++s.games;
    s.plies += game.plies;
    if (game.result != db::GameResult::unknown) {
      ++s.known_results;
      if (game.result != db::GameResult::draw) ++s.decisive;
    }
    widen_dates(game_date(game), s.first_date, s.last_date);
    for (const std::string* side : {&game.white, &game.black}) {
      std::string key = player_key(*side);
      if (key.empty()) continue;
      abbreviations.add(key, *side);
      e.players.insert(std::move(key));
    }
    return true;
  });
  // Players counted as in player_statistics: initial-only spellings merged (merge_player_keys).
  std::set<std::string> all_keys;
  for (const auto& [key, e] : events) all_keys.insert(e.players.begin(), e.players.end());
  const std::vector<std::string> keys(all_keys.begin(), all_keys.end());
  const std::vector<std::size_t> target = merge_player_keys(keys, abbreviations.of(keys));
  report.rows.reserve(events.size());
  for (auto& [key, e] : events) {
    e.stats.name = e.spellings.preferred();
    std::set<std::size_t> players;
    for (const std::string& k : e.players)
      players.insert(target[static_cast<std::size_t>(
          std::lower_bound(keys.begin(), keys.end(), k) - keys.begin())]);
    e.stats.players = players.size();
    report.rows.push_back(std::move(e.stats));
  }
  std::sort(report.rows.begin(), report.rows.end(), [](const EventStats& a, const EventStats& b) {
    const bool da = known_date(a.first_date), db_ = known_date(b.first_date);
    if (da != db_) return da;
    if (a.first_date != b.first_date) return a.first_date < b.first_date;
    return a.name < b.name;
  });
  return report;
}

void ResultCounts::add(db::GameResult result) {
  ++games;
  count_result(result, white_wins, draws, black_wins, unknown);
}

double ResultCounts::white_score() const {
  return percent(2 * white_wins + draws, white_wins + draws + black_wins);
}

double ResultReport::average_plies() const {
  return overall.games == 0 ? 0.0 : static_cast<double>(plies) / overall.games;
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
    years[date.size() >= 4 && date[0] != '?' ? date.substr(0, 4) : "????"].add(game.result);
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
      report.undecodable += group.counts.games;
      continue;
    }
    line.counts = group.counts;
    report.games += group.counts.games;
    report.rows.push_back(std::move(line));
  }
  report.sequences = report.rows.size();
  std::sort(report.rows.begin(), report.rows.end(),
            [](const OpeningLine& a, const OpeningLine& b) {
              if (a.counts.games != b.counts.games) return a.counts.games > b.counts.games;
              return a.moves < b.moves;
            });
  if (top > 0 && report.rows.size() > top) report.rows.resize(top);
  return report;
}

}  // namespace damdb::indexer
