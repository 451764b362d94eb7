#include "indexer/player_directory.hpp"

#include <unordered_set>
#include <vector>

namespace damdb::indexer {

std::shared_ptr<const PlayerDirectory> PlayerDirectory::of(const db::Database& db) {
  auto directory = std::make_shared<PlayerDirectory>();
  PlayerKeys& keys = directory->keys_;
  db.for_each_game_header([&](db::GameId, const db::GameHeader& game) {
    const std::uint32_t white = keys.intern(game.white), black = keys.intern(game.black);
    keys.played(white, black, game.event);
    keys.played(black, white, game.event);
    return true;
  });
  keys.resolve(PlayerOverrides::of(db));
  for (std::uint32_t i = 0; i < keys.size(); ++i)
    directory->identity_.emplace(keys.spelling(i), keys.identity(i));
  return directory;
}

std::unordered_set<std::string> PlayerDirectory::spellings_of(
    const std::function<bool(const std::string&)>& matches, std::string_view name) const {
  std::unordered_set<std::uint32_t> players;
  if (!name.empty()) players.insert(keys_.identity_of(name));
  for (const auto& [spelling, identity] : identity_)
    if (identity != PlayerKeys::kUnknown && matches(spelling)) players.insert(identity);
  players.erase(PlayerKeys::kUnknown);
  std::unordered_set<std::string> out;
  for (const auto& [spelling, identity] : identity_)
    if (players.contains(identity)) out.insert(spelling);
  return out;
}

}  // namespace damdb::indexer
