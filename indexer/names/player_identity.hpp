// Player identities over a set of games: every spelling of a name reduced to its player_key,
// and the keys merged by merge_player_keys (initials into the one full name they fit), so that
// "Georgiev, A.", "A. Georgiev" and "Alexander Georgiev" are one player, as `stats players`
// counts them. Names written "Surname, Given" whose parts are exchanged ("Basset, Didier" and
// "Didier, Basset") are one player only when they played the same opponent in the same event;
// the overrides file (PlayerOverrides) forces or forbids a merge. Every merge is kept with its
// rule and evidence (merges()).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "indexer/names/player_overrides.hpp"

namespace damdb::indexer {

/// Which player keys (player_key values, distinct) are one player. Beyond player_key (case,
/// white space, diacritics, word order: "Georgiev, A." = "Georgiev,A." = "A. Georgiev") a key
/// written with initials ("a georgiev": one or more one-letter words a..z plus the surname
/// words) merges into a key with full first names ("alexander georgiev": two or more words,
/// none a one-letter word) when
/// that key's words are exactly the surname words plus, for each initial, one word starting
/// with it ("J. Wal" does not merge into "Jan van der Wal"; "van der Wal, J." does), and
/// exactly one such key exists. With both "Alexander Georgiev" and "Anatoli Georgiev",
/// "A. Georgiev" is ambiguous and stays a player of its own; two keys with full first names
/// never merge ("Alexander Georgiev" and "Anatoli Georgiev" stay two players).
/// An abbreviated first name ("Aleks. Schwarzman": `abbreviations[i]` holds the words of key i
/// that some spelling wrote with a final '.', see abbreviated_words) is no full name; like an
/// initial it must be matched by one word of the full name: a word starting with it ("aleks"
/// fits "aleksandr"), or, when no full name has such a word, a word starting with its initial
/// ("aleks" then fits "alexander"); it merges under the same rule (exactly one full name fits).
/// `abbreviations` may be shorter than `keys` (missing = none).
/// Returns, for each index of `keys`, the index of the key it merges into (itself if none).
std::vector<std::size_t> merge_player_keys(
    const std::vector<std::string>& keys,
    const std::vector<std::vector<std::string>>& abbreviations = {});

/// Why two spellings are one player.
enum class MergeRule : std::uint8_t {
  SameName,      ///< equal after folding case, accents, spacing and word order (player_key)
  Initials,      ///< initials or abbreviations that fit one full name only (merge_player_keys)
  SwappedOrder,  ///< "Surname, Given" with the parts exchanged, the same opponent and event
  Override,      ///< a `same` line of the overrides file
};

/// "same name", "initials", "swapped order", "override".
std::string_view merge_rule_name(MergeRule rule);

/// One merge of two groups of spellings, as resolve() made (or refused) it.
struct PlayerMergeStep {
  std::uint32_t from = 0, to = 0;  ///< a spelling of each side (PlayerKeys indexes)
  MergeRule rule = MergeRule::SameName;
  std::string evidence;  ///< what the rule saw ("the one full name that fits", ...)
  bool refused = false;  ///< forbidden by a `different` line: the two stay two players
};

/// Interns the players of a pass over the games, then resolves the merged identities.
/// Usage: intern() every spelling (and played() every game) during the pass, then resolve()
/// once, then identity().
class PlayerKeys {
 public:
  /// No player: an empty or "?" name.
  static constexpr std::uint32_t kUnknown = UINT32_MAX;

  PlayerKeys() = default;
  PlayerKeys(PlayerKeys&&) = default;  // a deque's elements stay where they are
  PlayerKeys& operator=(PlayerKeys&&) = default;
  PlayerKeys(const PlayerKeys&) = delete;  // the indexes view the texts of this object
  PlayerKeys& operator=(const PlayerKeys&) = delete;

  /// The index of `spelling` (kUnknown for one with an empty player_key); remembers the
  /// abbreviated words of the spelling (abbreviated_words) for resolve().
  std::uint32_t intern(std::string_view spelling);
  /// Records that spelling `player` met spelling `opponent` in `event` (the evidence of the
  /// swapped-order rule; kept only for names written "Surname, Given" in full).
  void played(std::uint32_t player, std::uint32_t opponent, std::string_view event);
  /// Merges the spellings: same player_key (unless two of them exchange surname and given
  /// names), initials (merge_player_keys), swapped order with evidence, then `overrides`.
  void resolve(const PlayerOverrides& overrides = {});
  /// Instead of resolve(): the identities an earlier resolve() gave the same spellings interned
  /// in the same order (identities[i] = identity(i) as it was), so that identity() and
  /// identity_of() answer as they did; merges() stays empty. Throws std::invalid_argument when
  /// `identities` cannot be such a list (wrong size, an index that is no first spelling).
  void restore(const std::vector<std::uint32_t>& identities);
  /// The player a spelling index belongs to (a spelling index of that player; kUnknown stays).
  std::uint32_t identity(std::uint32_t index) const {
    return index == kUnknown || index >= unit_of_.size() ? index
                                                         : units_[root_[unit_of_[index]]].first;
  }
  /// The player `spelling` would belong to if it were interned too (its own when stored, else
  /// a stored spelling of the same name, else the full name it would merge into), without
  /// interning it; kUnknown when it names no stored player. Call after resolve().
  std::uint32_t identity_of(std::string_view spelling) const;
  /// The spelling of an index as interned, and its player_key.
  const std::string& spelling(std::uint32_t index) const { return spellings_[index]; }
  const std::string& key(std::uint32_t index) const { return keys_[units_[unit_of_[index]].key]; }
  /// Calls visit(spelling) for every spelling interned as kUnknown (no player_key).
  template <class Visit>
  void for_each_unknown(Visit visit) const {
    for (const std::string& spelling : unknown_spellings_) visit(spelling);
  }
  /// Distinct spellings interned.
  std::size_t size() const { return spellings_.size(); }
  /// Every merge resolve() made or refused, in the order made.
  const std::vector<PlayerMergeStep>& merges() const { return merges_; }

 private:
  /// Spellings with one player_key and the same "Surname, Given" split (none without a comma).
  struct Unit {
    std::uint32_t key = 0;
    std::string surname, given;  ///< player_key of each part; both "" without a comma
    std::uint32_t first = 0;     ///< its first spelling
  };
  std::uint32_t unit_of_name(std::string_view spelling, std::string key);
  std::uint32_t find(std::uint32_t unit);
  void join(std::uint32_t a, std::uint32_t b, MergeRule rule, std::string evidence);
  void join_same_names(const std::vector<std::size_t>& key_target);
  bool swap_confirmed(std::uint32_t a, std::uint32_t b, const std::vector<std::size_t>& target,
                      std::string& evidence) const;
  void join_initials(const std::vector<std::size_t>& key_target);
  void apply_overrides(const PlayerOverrides& overrides);
  std::uint32_t unit_of_stored(std::string_view spelling) const;
  std::vector<std::size_t> merge_keys(const std::string* extra_key,
                                      std::string_view extra_spelling) const;

  // The texts are kept once, in deques (their addresses stay), and the indexes view them: an
  // archive may have hundreds of thousands of names, all held while games are compared.
  std::deque<std::string> spellings_, unknown_spellings_;
  std::unordered_map<std::string_view, std::uint32_t> spelling_index_;  // kUnknown: no key
  std::vector<std::uint32_t> unit_of_;  // spelling -> unit
  std::vector<Unit> units_;
  std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> unit_index_;  // (key, surname), comma names
  std::vector<std::uint32_t> plain_unit_;  // per key: its unit without a comma split, or kUnknown
  std::deque<std::string> keys_;
  std::unordered_map<std::string_view, std::uint32_t> key_index_;
  std::unordered_map<std::uint32_t, std::set<std::string>> abbreviations_;  // keys that have any
  std::vector<std::vector<std::uint32_t>> key_units_;       // per key
  std::unordered_map<std::string, std::uint32_t> events_;   // folded event -> id
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> met_;  // unit -> (event, opponent)
  std::vector<std::uint32_t> parent_, root_;                // union-find over units
  std::vector<std::pair<std::uint32_t, std::uint32_t>> forbidden_;  // unit pairs
  std::vector<PlayerMergeStep> merges_;
};

}  // namespace damdb::indexer
