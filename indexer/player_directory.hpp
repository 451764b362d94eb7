// The players of a database: every distinct spelling of White and Black among the stored games
// with the merged identity it belongs to (PlayerKeys, the merges `stats players` shows), so that
// a player filter finds every spelling of the players it names.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "db/database.hpp"
#include "indexer/player_identity.hpp"

namespace damdb::indexer {

class PlayerDirectory {
 public:
  /// Reads the White and Black tags of every stored game once (the headers) and resolves the
  /// identities. Throws db::Error from the database.
  static std::shared_ptr<const PlayerDirectory> of(const db::Database& db);

  /// True when some stored game has this exact spelling.
  bool known(const std::string& spelling) const { return identity_.contains(spelling); }

  /// Every stored spelling of the players named: the players one of whose spellings satisfies
  /// `matches` (called once per distinct stored spelling) and, when `name` is not empty, the
  /// player `name` itself would be merged into as a spelling of its own (PlayerKeys::identity_of:
  /// "Georgiev, A." names "Alexander Georgiev" when that is the one full name it fits).
  std::unordered_set<std::string> spellings_of(
      const std::function<bool(const std::string&)>& matches, std::string_view name) const;

 private:
  PlayerKeys keys_;
  std::unordered_map<std::string, std::uint32_t> identity_;  // spelling -> merged identity
};

}  // namespace damdb::indexer
