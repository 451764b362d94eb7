#include "indexer/stats/event_table.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/games/indexed_games.hpp"
#include "indexer/text/game_date.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/text/text_fold.hpp"
#include "indexer/stats/result_warnings_file.hpp"

namespace damdb::indexer {
namespace {

/// The one event `text` names among the stored events (see event_table).
std::vector<std::string> choose_event(const NameDirectory& names, const std::string& text) {
  const std::string needle = fold_text(text);
  if (needle.empty()) throw EventLookupError("no event named: give (a part of) an event's name", {});
  std::vector<std::vector<std::string>> events = names.events_of(
      [&](const std::string& tag) { return fold_text(tag).find(needle) != std::string::npos; });
  if (events.size() == 1) return events[0];
  std::vector<std::vector<std::string>> exact;
  for (const auto& spellings : events)
    if (std::any_of(spellings.begin(), spellings.end(),
                    [&](const std::string& s) { return fold_text(s) == needle; }))
      exact.push_back(spellings);
  if (exact.size() == 1) return exact[0];
  if (events.empty()) throw EventLookupError("no stored event is named \"" + text + "\"", {});
  const std::size_t named = events.size();
  if (events.size() > EventLookupError::kMaxCandidates)
    events.resize(EventLookupError::kMaxCandidates);
  throw EventLookupError("\"" + text + "\" names " + std::to_string(named) +
                             " events: give one of their names whole",
                         std::move(events));
}

/// The table's players: one per merged player of the games' spellings (a spelling that names
/// nobody is a player of its own), named by the spelling most of its games use.
class EventPlayers {
 public:
  explicit EventPlayers(const NameDirectory& names) : names_(names) {}

  std::size_t add(const std::string& spelling) {
    const std::uint32_t identity = names_.player_of(spelling);
    const std::string key = identity == PlayerKeys::kUnknown
                                ? "spelling " + spelling
                                : "player " + std::to_string(identity);
    auto [it, added] = index_.try_emplace(key, spellings_.size());
    if (added) spellings_.emplace_back();
    auto& counts = spellings_[it->second];
    auto found = std::find_if(counts.begin(), counts.end(),
                              [&](const auto& c) { return c.first == spelling; });
    if (found == counts.end()) counts.emplace_back(spelling, 1);
    else ++found->second;
    return it->second;
  }

  std::vector<TablePlayer> players() const {
    std::vector<TablePlayer> out;
    for (const auto& counts : spellings_) {
      TablePlayer p;
      std::size_t best = 0;
      for (const auto& [spelling, games] : counts) {
        if (games > best) p.name = spelling, best = games;
        p.spellings.push_back(spelling);
      }
      std::sort(p.spellings.begin(), p.spellings.end());
      out.push_back(std::move(p));
    }
    return out;
  }

 private:
  const NameDirectory& names_;
  std::map<std::string, std::size_t> index_;
  std::vector<std::vector<std::pair<std::string, std::size_t>>> spellings_;  // first seen first
};

/// Calls visit(id, header) for each stored game whose Event tag is one of `spellings` and that is
/// no hidden near-duplicate member, ascending ids: the games the events index holds under the
/// spellings' folded keys (a spelling folding to nothing is in no index entry: then every header
/// is read).
void for_each_event_game(const db::Database& db, const std::set<std::string>& spellings,
                         const std::function<void(db::GameId, const db::GameHeader&)>& visit) {
  const std::shared_ptr<const HiddenGames> hidden = HiddenGames::of(db);
  auto take = [&](db::GameId id, const db::GameHeader& game) {
    if (spellings.contains(game.event) && !hidden->hidden(id)) visit(id, game);
    return true;
  };
  std::vector<std::string> keys;
  for (const std::string& spelling : spellings) keys.push_back(fold_text(spelling));
  if (std::any_of(keys.begin(), keys.end(), [](const std::string& k) { return k.empty(); }))
    db.for_each_game_header(take);
  else
    for_each_header_of(db, indexed_games(db, db::TextIndex::Events, std::move(keys)), take);
}

/// Marks the games whose replay warnings say that the final position contradicts the result, or
/// that the Result tag and the movetext's result disagree: from the flags kept beside the
/// database, else from the records. Only games not valid can carry either warning.
void mark_result_warnings(const db::Database& db, std::vector<TableGame>& games,
                          const std::vector<char>& valid) {
  std::vector<db::GameId> ids;
  for (std::size_t i = 0; i < games.size(); ++i)
    if (!valid[i]) ids.push_back(games[i].id);
  std::optional<std::vector<std::uint8_t>> kept = kept_result_warnings(db, ids);
  for (std::size_t i = 0, k = 0; i < games.size(); ++i) {
    if (valid[i]) continue;
    std::uint8_t flags = 0;
    if (kept) {
      flags = (*kept)[k++];
    } else if (const std::optional<db::GameRecord> record = db.game(games[i].id)) {
      flags = result_warning_flags(record->issue_kinds);
    }
    games[i].result_contradicted = (flags & kResultContradicted) != 0;
    games[i].result_mismatch = (flags & kResultMismatch) != 0;
  }
}

}  // namespace

EventTableReport event_table(const db::Database& db, const std::string& text) {
  return event_table(db, NameDirectory::of(db), text);
}

EventTableReport event_table(const db::Database& db,
                             const std::shared_ptr<const NameDirectory>& names,
                             const std::string& text) {
  EventTableReport report;
  report.spellings = choose_event(*names, text);
  const std::set<std::string> spellings(report.spellings.begin(), report.spellings.end());
  EventPlayers players(*names);
  std::vector<TableGame> games;
  std::vector<char> valid;
  for_each_event_game(db, spellings, [&](db::GameId id, const db::GameHeader& header) {
    const GameRow row = game_row(id, header);
    TableGame g;
    g.id = id;
    g.white = players.add(row.white);
    g.black = players.add(row.black);
    g.result = row.result;
    g.round = row.round;
    g.date = game_date(header);
    games.push_back(std::move(g));
    valid.push_back(header.status == db::ValidationStatus::Valid);
    report.games.push_back(id);
  });
  mark_result_warnings(db, games, valid);
  // The games in the order they were played as far as the tags tell: by date when every game
  // has one, then by round when every game names one, then as stored.
  const bool dated = std::all_of(games.begin(), games.end(),
                                 [](const TableGame& g) { return !g.date.empty(); });
  const bool rounds = std::all_of(games.begin(), games.end(),
                                  [](const TableGame& g) { return !g.round.empty(); });
  std::stable_sort(games.begin(), games.end(), [&](const TableGame& a, const TableGame& b) {
    if (dated && a.date != b.date) return a.date < b.date;
    return rounds && round_before(a.round, b.round);
  });
  report.table = tournament_table(players.players(), games);
  return report;
}

}  // namespace damdb::indexer
