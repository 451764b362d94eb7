#include "indexer/names/player_identity.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "indexer/text/text_fold.hpp"

namespace damdb::indexer {
namespace {

/// The parts of a spelling written "Surname, Given", each as player_key folds it; both empty
/// without a comma or when a part is empty.
std::pair<std::string, std::string> comma_parts(std::string_view spelling) {
  const std::size_t comma = spelling.find(',');
  if (comma == std::string_view::npos) return {};
  std::string surname = player_key(spelling.substr(0, comma));
  std::string given = player_key(spelling.substr(comma + 1));
  if (surname.empty() || given.empty()) return {};
  return {std::move(surname), std::move(given)};
}

/// True when a player key has a one-letter word (an initial).
bool has_initial(std::string_view key) {
  std::size_t start = 0;
  while (start < key.size()) {
    std::size_t end = key.find(' ', start);
    if (end == std::string_view::npos) end = key.size();
    if (end - start == 1) return true;
    start = end + 1;
  }
  return false;
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

constexpr const char* kSameName = "equal after folding case, accents, spacing and word order";

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
    words[i] = folded_words(keys[i]);
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

std::string_view merge_rule_name(MergeRule rule) {
  switch (rule) {
    case MergeRule::SameName: return "same name";
    case MergeRule::Initials: return "initials";
    case MergeRule::SwappedOrder: return "swapped order";
    case MergeRule::Override: return "override";
  }
  return "?";
}

std::uint32_t PlayerKeys::intern(std::string_view spelling) {
  if (auto it = spelling_index_.find(spelling); it != spelling_index_.end()) return it->second;
  const std::string bare = without_notes(spelling);
  std::string key = player_key(bare);
  if (key.empty()) {
    spelling_index_.emplace(unknown_spellings_.emplace_back(spelling), kUnknown);
    return kUnknown;
  }
  const auto index = static_cast<std::uint32_t>(spellings_.size());
  spelling_index_.emplace(spellings_.emplace_back(spelling), index);
  unit_of_.push_back(unit_of_name(bare, std::move(key)));
  return index;
}

std::uint32_t PlayerKeys::unit_of_name(std::string_view spelling, std::string key) {
  auto key_it = key_index_.find(key);
  if (key_it == key_index_.end()) {
    const auto index = static_cast<std::uint32_t>(keys_.size());
    key_it = key_index_.emplace(keys_.emplace_back(std::move(key)), index).first;
    key_units_.emplace_back();
    plain_unit_.push_back(kUnknown);
  }
  const std::uint32_t k = key_it->second;
  if (spelling.find('.') != std::string_view::npos)
    for (std::string& w : abbreviated_words(spelling)) abbreviations_[k].insert(std::move(w));
  auto [surname, given] = comma_parts(spelling);
  const auto next = static_cast<std::uint32_t>(units_.size());
  std::uint32_t unit = next;
  if (surname.empty()) {  // most names: the key's one unit without a comma split
    if (plain_unit_[k] == kUnknown) plain_unit_[k] = next;
    unit = plain_unit_[k];
  } else {
    unit = unit_index_.try_emplace({k, surname}, next).first->second;
  }
  if (unit == next) {
    units_.push_back({k, std::move(surname), std::move(given),
                      static_cast<std::uint32_t>(spellings_.size() - 1)});
    key_units_[k].push_back(unit);
    met_.emplace_back();
  }
  return unit;
}

void PlayerKeys::played(std::uint32_t player, std::uint32_t opponent, std::string_view event) {
  if (player == kUnknown || opponent == kUnknown) return;
  const std::uint32_t unit = unit_of_[player];
  if (units_[unit].surname.empty() || has_initial(keys_[units_[unit].key])) return;
  std::string folded = fold_text(event);
  if (folded.empty()) return;  // no event: no evidence
  const auto id = events_.try_emplace(std::move(folded), static_cast<std::uint32_t>(events_.size()))
                      .first->second;
  auto& met = met_[unit];
  if (met.empty() || met.back() != std::pair{id, opponent}) met.emplace_back(id, opponent);
}

std::vector<std::size_t> PlayerKeys::merge_keys(const std::string* extra_key,
                                                std::string_view extra_spelling) const {
  // merge_player_keys over the keys in sorted order (deterministic), mapped back to indexes;
  // an extra key (one not stored) last, mapped to keys_.size() + 0.
  std::vector<std::uint32_t> order(keys_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return keys_[a] < keys_[b]; });
  std::vector<std::string> sorted;
  std::vector<std::vector<std::string>> abbreviations;
  sorted.reserve(order.size() + 1);
  abbreviations.reserve(order.size() + 1);
  for (std::uint32_t i : order) {
    sorted.push_back(keys_[i]);
    const auto it = abbreviations_.find(i);
    abbreviations.push_back(it == abbreviations_.end()
                                ? std::vector<std::string>{}
                                : std::vector<std::string>(it->second.begin(), it->second.end()));
  }
  if (extra_key) {
    sorted.push_back(*extra_key);
    abbreviations.push_back(extra_spelling.find('.') == std::string_view::npos
                                ? std::vector<std::string>{}
                                : abbreviated_words(extra_spelling));
  }
  const std::vector<std::size_t> target = merge_player_keys(sorted, abbreviations);
  std::vector<std::size_t> out(target.size());
  for (std::size_t i = 0; i < target.size(); ++i)
    out[i < order.size() ? order[i] : i] =
        target[i] < order.size() ? order[target[i]] : (i < order.size() ? order[i] : i);
  return out;
}

std::uint32_t PlayerKeys::find(std::uint32_t unit) {
  while (parent_[unit] != unit) unit = parent_[unit] = parent_[parent_[unit]];
  return unit;
}

void PlayerKeys::join(std::uint32_t a, std::uint32_t b, MergeRule rule, std::string evidence) {
  const std::uint32_t ra = find(a), rb = find(b);
  if (ra == rb) return;
  PlayerMergeStep step{units_[a].first, units_[b].first, rule, std::move(evidence), false};
  for (const auto& [x, y] : forbidden_) {
    const std::uint32_t fx = find(x), fy = find(y);
    if ((fx == ra && fy == rb) || (fx == rb && fy == ra)) {
      step.refused = true;
      step.evidence += "; refused: 'different " + spellings_[units_[x].first] + " = " +
                       spellings_[units_[y].first] + "' in the overrides";
      merges_.push_back(std::move(step));
      return;
    }
  }
  parent_[ra] = rb;
  merges_.push_back(std::move(step));
}

bool PlayerKeys::swap_confirmed(std::uint32_t a, std::uint32_t b,
                                const std::vector<std::size_t>& target,
                                std::string& evidence) const {
  // Opponents compared as players by the key merges (initials), before this rule.
  auto player_of = [&](std::uint32_t spelling) { return target[units_[unit_of_[spelling]].key]; };
  std::set<std::pair<std::uint32_t, std::size_t>> met;
  for (const auto& [event, opponent] : met_[a]) met.emplace(event, player_of(opponent));
  for (const auto& [event, opponent] : met_[b]) {
    if (!met.contains({event, player_of(opponent)})) continue;
    std::string name;
    for (const auto& [text, id] : events_)
      if (id == event) name = text;
    evidence = "both met \"" + spellings_[opponent] + "\" in the event \"" + name + "\"";
    return true;
  }
  return false;
}

void PlayerKeys::join_same_names(const std::vector<std::size_t>& key_target) {
  for (const std::vector<std::uint32_t>& units : key_units_) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> swaps;  // surname and given exchanged
    for (std::size_t i = 0; i < units.size(); ++i)
      for (std::size_t j = i + 1; j < units.size(); ++j) {
        const Unit &u = units_[units[i]], &v = units_[units[j]];
        if (!u.surname.empty() && u.surname == v.given && u.given == v.surname)
          swaps.emplace_back(units[i], units[j]);
      }
    if (swaps.empty()) {
      for (std::size_t i = 1; i < units.size(); ++i)
        join(units[i], units[0], MergeRule::SameName, kSameName);
      continue;
    }
    for (const auto& [a, b] : swaps) {
      std::string evidence;
      if (swap_confirmed(a, b, key_target, evidence))
        join(a, b, MergeRule::SwappedOrder, std::move(evidence));
    }
    // The other spellings of the name (no comma) go with the exchanged ones only when those
    // are one player; otherwise each could be either, and stays a player of its own.
    const std::uint32_t root = find(swaps.front().first);
    const bool one = std::all_of(swaps.begin(), swaps.end(), [&](const auto& s) {
      return find(s.first) == root && find(s.second) == root;
    });
    if (one)
      for (const std::uint32_t u : units) join(u, root, MergeRule::SameName, kSameName);
  }
}

void PlayerKeys::join_initials(const std::vector<std::size_t>& key_target) {
  auto one_player = [&](std::size_t k) {
    const std::uint32_t root = find(key_units_[k].front());
    return std::all_of(key_units_[k].begin(), key_units_[k].end(),
                       [&](std::uint32_t u) { return find(u) == root; });
  };
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    const std::size_t t = key_target[k];
    if (t == k || t >= keys_.size() || !one_player(k) || !one_player(t)) continue;
    join(key_units_[k].front(), key_units_[t].front(), MergeRule::Initials,
         "fits the one full name \"" + keys_[t] + "\"");
  }
}

std::uint32_t PlayerKeys::unit_of_stored(std::string_view spelling) const {
  if (auto it = spelling_index_.find(spelling); it != spelling_index_.end())
    return it->second == kUnknown ? kUnknown : unit_of_[it->second];
  const std::string bare = without_notes(spelling);
  const auto key = key_index_.find(player_key(bare));
  if (key == key_index_.end()) return kUnknown;
  const std::string surname = comma_parts(bare).first;
  if (surname.empty() && plain_unit_[key->second] != kUnknown) return plain_unit_[key->second];
  if (auto unit = unit_index_.find({key->second, surname}); unit != unit_index_.end())
    return unit->second;
  const std::vector<std::uint32_t>& units = key_units_[key->second];
  return units.size() == 1 ? units.front() : kUnknown;
}

void PlayerKeys::apply_overrides(const PlayerOverrides& overrides) {
  for (const PlayerOverride& pair : overrides.pairs) {
    if (!pair.same) continue;
    const std::uint32_t a = unit_of_stored(pair.a), b = unit_of_stored(pair.b);
    if (a == kUnknown || b == kUnknown) continue;  // a name these games do not have
    join(a, b, MergeRule::Override,
         "line " + std::to_string(pair.line) + " of " + PlayerOverrides::kFileName);
  }
}

void PlayerKeys::resolve(const PlayerOverrides& overrides) {
  const std::vector<std::size_t> key_target = merge_keys(nullptr, {});
  parent_.resize(units_.size());
  std::iota(parent_.begin(), parent_.end(), 0u);
  merges_.clear();
  forbidden_.clear();
  for (const PlayerOverride& pair : overrides.pairs) {
    const std::uint32_t a = unit_of_stored(pair.a), b = unit_of_stored(pair.b);
    if (!pair.same && a != kUnknown && b != kUnknown && a != b) forbidden_.emplace_back(a, b);
  }
  for (std::uint32_t i = 0; i < spellings_.size(); ++i)  // spellings of one unit
    if (const std::uint32_t first = units_[unit_of_[i]].first; first != i)
      merges_.push_back({i, first, MergeRule::SameName, kSameName, false});
  join_same_names(key_target);
  join_initials(key_target);
  apply_overrides(overrides);
  root_.resize(units_.size());
  for (std::uint32_t u = 0; u < units_.size(); ++u) root_[u] = find(u);
}

void PlayerKeys::restore(const std::vector<std::uint32_t>& identities) {
  if (identities.size() != spellings_.size())
    throw std::invalid_argument("player identities: one per spelling expected");
  parent_.resize(units_.size());
  std::iota(parent_.begin(), parent_.end(), 0u);
  merges_.clear();
  forbidden_.clear();
  root_.assign(units_.size(), kUnknown);
  for (std::uint32_t i = 0; i < spellings_.size(); ++i) {
    const std::uint32_t to = identities[i];
    if (to >= spellings_.size() || units_[unit_of_[to]].first != to)
      throw std::invalid_argument("player identities: not a first spelling");
    std::uint32_t& root = root_[unit_of_[i]];
    if (root != kUnknown && root != unit_of_[to])
      throw std::invalid_argument("player identities: one name, two players");
    root = unit_of_[to];
  }
}

std::uint32_t PlayerKeys::identity_of(std::string_view spelling) const {
  if (const std::uint32_t unit = unit_of_stored(spelling); unit != kUnknown)
    return units_[root_[unit]].first;
  const std::string bare = without_notes(spelling);
  const std::string key = player_key(bare);
  if (key.empty() || key_index_.contains(key)) return kUnknown;  // stored, but split: either
  const std::size_t t = merge_keys(&key, bare).back();
  if (t >= keys_.size()) return kUnknown;
  const std::vector<std::uint32_t>& units = key_units_[t];
  const std::uint32_t root = root_[units.front()];
  for (const std::uint32_t u : units)
    if (root_[u] != root) return kUnknown;
  return units_[root].first;
}

}  // namespace damdb::indexer
