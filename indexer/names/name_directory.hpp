// The players and events of a database: every distinct spelling of White and Black among the
// stored games with the merged identity it belongs to (PlayerKeys, the merges `stats players`
// shows), and every Event spelling with the event it names (cluster_events, the rows of `stats
// events`), so that a filter finds every spelling of the players and events it names.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "db/database.hpp"
#include "indexer/names/player_identity.hpp"

namespace damdb::indexer {

class NameDirectory {
 public:
  /// Reads the White, Black, Event and Date tags of every stored game once (the headers) and
  /// resolves the identities. Throws db::Error from the database, OverridesError for a bad
  /// player-overrides.txt.
  /// The cached directory when it fits the database's state (see above), else build().
  static std::shared_ptr<const NameDirectory> of(const db::Database& db);
  /// Always from the headers, without the cache.
  static std::shared_ptr<const NameDirectory> build(const db::Database& db);

  /// The bytes of the cache file for the state `stamp`, and back: nullptr when `bytes` are not
  /// such a file or were written for another state.
  std::string encode(std::string_view stamp) const;
  static std::shared_ptr<const NameDirectory> decode(std::string_view bytes,
                                                     std::string_view stamp);
  /// The state of `db` a cache file is valid for (see above); throws OverridesError when
  /// player-overrides.txt cannot be read, db::Error from the database.
  static std::string stamp_of(const db::Database& db);
  static constexpr const char* kCacheFileName = "names.cache";

  /// True when some stored game has this exact spelling of a player.
  bool known_player(const std::string& spelling) const { return player_.contains(spelling); }
  /// True when some stored game has this exact Event tag.
  bool known_event(const std::string& spelling) const { return event_.contains(spelling); }

  /// Every stored spelling of the players named: the players one of whose spellings satisfies
  /// `matches` (called once per distinct stored spelling) and, when `name` is not empty, the
  /// player `name` itself would be merged into as a spelling of its own (PlayerKeys::identity_of:
  /// "Georgiev, A." names "Alexander Georgiev" when that is the one full name it fits).
  std::unordered_set<std::string> player_spellings_of(
      const std::function<bool(const std::string&)>& matches, std::string_view name) const;
  /// True when a stored player spelling that names nobody ("", "?": no player_key) satisfies
  /// `matches` (such games are in no players index entry).
  bool unknown_player_matches(const std::function<bool(const std::string&)>& matches) const;
  /// True when every stored spelling whose player_key is that of one of `spellings` is itself
  /// one of them (so the players index entries of those keys are games of these spellings).
  bool keys_name_only(const std::unordered_set<std::string>& spellings) const;
  /// Every stored Event tag of the events one of whose spellings satisfies `matches`.
  std::unordered_set<std::string> event_spellings_of(
      const std::function<bool(const std::string&)>& matches) const;
  /// The same, event by event: the stored Event tags of each event (sorted), the events in the
  /// order of their first tag.
  std::vector<std::vector<std::string>> events_of(
      const std::function<bool(const std::string&)>& matches) const;
  /// The merged player of a stored spelling; PlayerKeys::kUnknown for a spelling that is not
  /// stored or names nobody ("", "?").
  std::uint32_t player_of(const std::string& spelling) const {
    const auto it = player_.find(spelling);
    return it == player_.end() ? PlayerKeys::kUnknown : it->second;
  }
  /// The merged player `name` names as a spelling of its own (PlayerKeys::identity_of: a stored
  /// spelling of it, else the one full name it fits); PlayerKeys::kUnknown when none.
  std::uint32_t player_named(std::string_view name) const { return keys_.identity_of(name); }

 private:
  PlayerKeys keys_;
  std::unordered_map<std::string, std::uint32_t> player_;  // spelling -> merged identity
  std::unordered_map<std::string, std::size_t> event_;     // Event tag -> event (group)
  std::vector<std::string> unknown_;  // stored player spellings without a player_key
};

}  // namespace damdb::indexer
