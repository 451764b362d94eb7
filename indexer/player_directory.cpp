#include "indexer/player_directory.hpp"

#include <unordered_set>
#include <vector>

namespace damdb::indexer {

std::shared_ptr<const PlayerDirectory> PlayerDirectory::of(const db::Database& db) {
  auto directory = std::make_shared<PlayerDirectory>();
  std::unordered_map<std::string, std::uint32_t> key_of;  // spelling -> key index
  db.for_each_game_header([&](db::GameId, const db::GameHeader& game) {
    for (const std::string* side : {&game.white, &game.black})
      if (!key_of.contains(*side)) key_of.emplace(*side, directory->keys_.intern(*side));
    return true;
  });
  directory->keys_.resolve();
  for (auto& [spelling, key] : key_of)
    directory->identity_.emplace(spelling, directory->keys_.identity(key));
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
