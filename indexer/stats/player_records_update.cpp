#include "indexer/stats/player_records_update.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "indexer/explorer/game_list.hpp"
#include "indexer/games/indexed_games.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/stats/player_record.hpp"
#include "indexer/stats/player_records_file.hpp"
#include "indexer/text/text_fold.hpp"

namespace damdb::indexer {
namespace {

constexpr std::size_t kManyPlayers = 1000;

/// Every stored spelling that names a player, with its identity.
std::unordered_map<std::string, std::uint32_t> identities_of(const NameDirectory& names) {
  std::unordered_map<std::string, std::uint32_t> out;
  for (const std::string& s :
       names.player_spellings_of([](const std::string&) { return true; }, ""))
    out.emplace(s, names.player_of(s));
  return out;
}

/// The games a change concerns and the players and Event tags they name.
class Concerned {
 public:
  Concerned(const db::Database& db, const NameDirectory& names) : db_(db), names_(names) {}

  void add_game(db::GameId id) { games_.push_back(id); }
  void add_player(std::uint32_t identity) {
    if (identity != PlayerKeys::kUnknown) players_.insert(identity);
  }
  void add_tag(const std::string& tag) { tags_.insert(tag); }

  /// The games of a stored spelling (the players index: a superset).
  void add_games_of_spelling(const std::string& spelling) {
    db_.scan_index(db::TextIndex::Players, player_key(spelling) + '\0',
                   [&](const db::TextIndexKey& k) {
                     games_.push_back(k.game);
                     return true;
                   });
  }

  /// Adds the players and Event tags that the copies of the stored games `ids` name where they
  /// differ from the game's header (a copy replaced by a better one keeps its tags there).
  void add_names_of_copies(std::span<const db::GameId> ids, const NameDirectory& before) {
    db_.for_each_game_of(ids, [&](db::GameId, const db::GameRecord& r) {
      for (const db::GameSource& source : r.sources)
        for (const db::SourceTag& tag : source.differing_tags) {
          if (!tag.value) continue;
          if (tag.name == "White" || tag.name == "Black") {
            add_player(names_.player_of(*tag.value));
            add_player(before.player_of(*tag.value));
          } else if (tag.name == "Event") {
            tags_.insert(*tag.value);
          }
        }
      return true;
    });
  }

  /// Reads the headers of the games added: their players and Event tags.
  void read_games() {
    std::sort(games_.begin(), games_.end());
    games_.erase(std::unique(games_.begin(), games_.end()), games_.end());
    for_each_header_of(db_, games_, [&](db::GameId, const db::GameHeader& h) {
      add_player(names_.player_of(h.white));
      add_player(names_.player_of(h.black));
      tags_.insert(h.event);
      return true;
    });
  }

  /// Adds the players of every game of the events (groups of Event tags) holding a tag added;
  /// an event without a name (its tags fold to nothing) has no table: only the players of its
  /// games added count.
  void add_players_of_events() {
    const std::vector<std::vector<std::string>> events =
        names_.events_of([&](const std::string& tag) { return tags_.contains(tag); });
    for (const std::vector<std::string>& tags : events) {
      if (fold_text(tags.front()).empty()) continue;  // no table: only the games' own players
      const std::unordered_set<std::string> group(tags.begin(), tags.end());
      std::vector<std::string> keys;
      for (const std::string& tag : tags) keys.push_back(fold_text(tag));
      const std::vector<db::GameId> ids = indexed_games(db_, db::TextIndex::Events, std::move(keys));
      for_each_header_of(db_, ids, [&](db::GameId, const db::GameHeader& h) {
        if (!group.contains(h.event)) return true;
        add_player(names_.player_of(h.white));
        add_player(names_.player_of(h.black));
        return true;
      });
    }
  }

  const std::set<std::uint32_t>& players() const { return players_; }
  /// The Event tags of the games added and of the events whose group changed.
  const std::unordered_set<std::string>& tags() const { return tags_; }

 private:
  const db::Database& db_;
  const NameDirectory& names_;
  std::vector<db::GameId> games_;
  std::set<std::uint32_t> players_;
  std::unordered_set<std::string> tags_;
};

/// The games whose mark (hidden, and under which primary) differs between `a` and `b`.
std::vector<db::GameId> remarked_games(const std::vector<db::DuplicateMark>& a,
                                       const std::vector<db::DuplicateMark>& b) {
  auto members = [](const std::vector<db::DuplicateMark>& marks) {
    std::map<std::uint32_t, std::uint32_t> out;  // game -> primary (itself for a primary)
    for (const db::DuplicateMark& m : marks) {
      out[m.primary.value] = m.primary.value;
      for (const db::GameId id : m.members) out[id.value] = m.primary.value;
    }
    return out;
  };
  const auto before = members(a), after = members(b);
  std::vector<db::GameId> out;
  for (const auto& [game, primary] : before)
    if (const auto it = after.find(game); it == after.end() || it->second != primary)
      out.push_back(db::GameId{game});
  for (const auto& [game, primary] : after)
    if (!before.contains(game)) out.push_back(db::GameId{game});
  return out;
}

/// Adds to `concerned` the spellings whose identity changed and the identities they left and
/// joined, and the Event tags whose group changed. False (with `why`) when a tag without a
/// name joined or left a group.
bool add_renamed(const NameDirectory& before, const NameDirectory& after, Concerned& concerned,
                 std::string& why) {
  const auto old_ids = identities_of(before), new_ids = identities_of(after);
  for (const auto& [spelling, identity] : old_ids) {
    const auto it = new_ids.find(spelling);
    const std::uint32_t now = it == new_ids.end() ? PlayerKeys::kUnknown : it->second;
    if (now == identity) continue;
    concerned.add_player(identity);
    concerned.add_player(now);
    concerned.add_games_of_spelling(spelling);
  }
  auto all = [](const std::string&) { return true; };
  const std::vector<std::vector<std::string>> old_events = before.events_of(all);
  const std::set<std::vector<std::string>> old_groups(old_events.begin(), old_events.end());
  for (const std::vector<std::string>& tags : after.events_of(all)) {
    if (old_groups.contains(tags)) continue;
    for (const std::string& tag : tags) {
      if (fold_text(tag).empty()) {
        why = "an Event tag without a name (\"" + tag + "\") is new to the database";
        return false;
      }
      concerned.add_tag(tag);
    }
  }
  return true;
}

/// The records file made anew (keep_player_records), for `why`.
PlayerRecordsUpdate rebuild(const db::Database& db, std::string why) {
  keep_player_records(db);
  PlayerRecordsUpdate out;
  out.rebuilt = true;
  out.why = std::move(why);
  return out;
}

/// The players the change concerns (see the header) and the Event tags of the events whose
/// table may have changed, or false with `why` for a rebuild.
bool find_concerned(const db::Database& db, const PlayerRecordsBefore& before,
                    std::span<const db::GameId> reached, std::size_t replaced, Concerned& concerned,
                    const NameDirectory& names, std::string& why) {
  for (db::GameId id = before.end; id.value < db.meta().next_game_id; ++id.value)
    concerned.add_game(id);
  for (const db::GameId id : reached) concerned.add_game(id);
  // A stored game replaced by a better copy had the tags of one of its copies.
  if (replaced > 0) concerned.add_names_of_copies(reached, *before.names);
  for (const db::GameId id : remarked_games(before.marks, db.duplicate_marks()))
    concerned.add_game(id);
  if (!add_renamed(*before.names, names, concerned, why)) return false;
  concerned.read_games();
  concerned.add_players_of_events();
  return true;
}

}  // namespace

PlayerRecordsBefore player_records_before(const db::Database& db) {
  PlayerRecordsBefore out;
  out.end = db::GameId{db.meta().next_game_id};
  std::error_code ec;
  if (!std::filesystem::exists(db.folder() / kPlayerRecordsFileName, ec)) return out;
  out.kept = true;
  out.stamp = player_records_stamp(db);
  out.names = NameDirectory::of(db);
  out.marks = db.duplicate_marks();
  return out;
}

PlayerRecordsUpdate update_player_records(const db::Database& db, const PlayerRecordsBefore& before,
                                          std::span<const db::GameId> reached,
                                          std::size_t replaced) {
  const std::string stamp = player_records_stamp(db);
  if (!before.kept) return rebuild(db, "no records were kept before");
  std::optional<std::vector<std::pair<std::uint32_t, std::string>>> kept =
      read_player_records(db, before.stamp);
  if (!kept) return rebuild(db, "the records kept were not those of the state before");
  const std::shared_ptr<const NameDirectory> names = NameDirectory::of(db);
  std::string why;
  Concerned concerned(db, *names);
  if (!find_concerned(db, before, reached, replaced, concerned, *names, why))
    return rebuild(db, why);
  const std::set<std::uint32_t>& players = concerned.players();
  // Counting a player again reads the player's games through the indexes, twice the cost of
  // the one pass over every header a rebuild makes: past half of many players, rebuilt.
  if (players.size() > kManyPlayers && players.size() * 2 > kept->size())
    return rebuild(db, std::to_string(players.size()) + " of " + std::to_string(kept->size()) +
                           " players concerned");
  std::map<std::uint32_t, std::vector<std::string>> spellings;  // of the players concerned
  for (const auto& [spelling, identity] : identities_of(*names))
    if (players.contains(identity)) spellings[identity].push_back(spelling);
  std::map<std::uint32_t, std::string> kept_concerned;  // their records as kept
  for (const auto& [identity, bytes] : *kept)
    if (players.contains(identity)) kept_concerned.emplace(identity, bytes);
  // An event's table is unchanged when its group of tags is and none of its games changed.
  const std::vector<std::vector<std::string>> groups =
      names->events_of([](const std::string&) { return true; });
  const std::set<std::vector<std::string>> group_set(groups.begin(), groups.end());
  auto table_kept = [&](const std::vector<std::string>& tags) {
    return group_set.contains(tags) &&
           std::none_of(tags.begin(), tags.end(),
                        [&](const std::string& t) { return concerned.tags().contains(t); });
  };
  std::vector<std::pair<std::uint32_t, std::string>> counted =
      player_record_bytes(db, *names, spellings, kept_concerned, table_kept);
  PlayerRecordsUpdate out;
  out.counted = counted.size();
  for (auto& record : *kept)
    if (!players.contains(record.first)) {
      counted.push_back(std::move(record));
      ++out.copied;
    }
  std::sort(counted.begin(), counted.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  if (player_records_stamp(db) == stamp) write_player_records_file(db, stamp, counted);
  return out;
}

}  // namespace damdb::indexer
