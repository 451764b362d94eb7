#include "indexer/stats/event_table.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "indexer/explorer/game_list.hpp"
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

/// Marks the game when the replay's warnings say that the final position contradicts its
/// result, or that its Result tag and its movetext's result disagree: from the flags kept
/// beside the database (`kept`), else from the game's record.
void mark_result_warnings(const db::Database& db, const ResultWarnings* kept, TableGame& g) {
  std::uint8_t flags = 0;
  if (kept) {
    flags = kept->flags(g.id);
  } else {
    const std::optional<db::GameRecord> record = db.game(g.id);
    if (!record) return;
    flags = result_warning_flags(record->issue_kinds);
  }
  g.result_contradicted = (flags & kResultContradicted) != 0;
  g.result_mismatch = (flags & kResultMismatch) != 0;
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
  FilterSpec spec;
  spec.event = text;
  GameFilter filter(spec);
  filter.resolve_names(names);
  const GameListing listing =
      list_games(db, filter, std::numeric_limits<std::size_t>::max());
  EventPlayers players(*names);
  const std::shared_ptr<const ResultWarnings> kept = ResultWarnings::of(db);
  std::vector<TableGame> games;
  for (const GameListRow& row : listing.rows) {
    if (!spellings.contains(row.game.event)) continue;
    TableGame g;
    g.id = row.game.id;
    g.white = players.add(row.game.white);
    g.black = players.add(row.game.black);
    g.result = row.game.result;
    g.round = row.game.round;
    g.date = row.date;
    // The replay's warnings are in the full record; a valid game has none.
    if (row.status != db::ValidationStatus::Valid) mark_result_warnings(db, kept.get(), g);
    games.push_back(std::move(g));
    report.games.push_back(row.game.id);
  }
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
