// Player identities over a set of games: every spelling of a name reduced to its player_key,
// and the keys merged by merge_player_keys (initials into the one full name they fit), so that
// "Georgiev, A.", "A. Georgiev" and "Alexander Georgiev" are one player, as `stats players`
// counts them.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace damdb::indexer {

/// Interns the players of a pass over the games, then resolves the merged identities.
/// Usage: intern() every spelling during the pass, then resolve() once, then identity().
class PlayerKeys {
 public:
  /// No player: an empty or "?" name.
  static constexpr std::uint32_t kUnknown = UINT32_MAX;

  /// The index of the player_key of `spelling` (kUnknown for an empty key); remembers the
  /// abbreviated words of the spelling (abbreviated_words) for resolve().
  std::uint32_t intern(std::string_view spelling);
  /// Merges the keys (merge_player_keys over every interned key with its abbreviations).
  void resolve();
  /// The index of the player a key index belongs to (itself when not merged; kUnknown stays).
  std::uint32_t identity(std::uint32_t index) const {
    return index == kUnknown || index >= identity_.size() ? index : identity_[index];
  }
  /// The index of the player `spelling` would belong to if it were interned too (its own key
  /// when stored; else the full name it would merge into by merge_player_keys), without
  /// interning it; kUnknown when it belongs to no stored player. Call after resolve().
  std::uint32_t identity_of(std::string_view spelling) const;
  /// The player_key of an index.
  const std::string& key(std::uint32_t index) const { return keys_[index]; }
  std::size_t size() const { return keys_.size(); }

 private:
  /// The interned keys in sorted order with their abbreviations (the arguments of
  /// merge_player_keys); returns the index of each.
  std::vector<std::uint32_t> sorted_keys(std::vector<std::string>& sorted,
                                         std::vector<std::vector<std::string>>& abbreviations) const;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<std::string> keys_;
  std::vector<std::set<std::string>> abbreviations_;
  std::vector<std::uint32_t> identity_;
};

}  // namespace damdb::indexer
