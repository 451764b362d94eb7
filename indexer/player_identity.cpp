#include "indexer/player_identity.hpp"

#include <algorithm>
#include <numeric>

#include "indexer/statistics.hpp"
#include "indexer/text_fold.hpp"

namespace damdb::indexer {

std::uint32_t PlayerKeys::intern(std::string_view spelling) {
  std::string key = player_key(spelling);
  if (key.empty()) return kUnknown;
  auto [it, added] = index_.try_emplace(std::move(key), static_cast<std::uint32_t>(keys_.size()));
  if (added) {
    keys_.push_back(it->first);
    abbreviations_.emplace_back();
  }
  if (spelling.find('.') != std::string_view::npos)
    for (std::string& w : abbreviated_words(spelling))
      abbreviations_[it->second].insert(std::move(w));
  return it->second;
}

std::vector<std::uint32_t> PlayerKeys::sorted_keys(
    std::vector<std::string>& sorted, std::vector<std::vector<std::string>>& abbreviations) const {
  std::vector<std::uint32_t> order(keys_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return keys_[a] < keys_[b]; });
  sorted.reserve(order.size() + 1);
  abbreviations.reserve(order.size() + 1);
  for (std::uint32_t i : order) {
    sorted.push_back(keys_[i]);
    abbreviations.emplace_back(abbreviations_[i].begin(), abbreviations_[i].end());
  }
  return order;
}

void PlayerKeys::resolve() {
  // merge_player_keys over the keys in sorted order (deterministic), mapped back to indexes.
  std::vector<std::string> sorted;
  std::vector<std::vector<std::string>> abbreviations;
  const std::vector<std::uint32_t> order = sorted_keys(sorted, abbreviations);
  const std::vector<std::size_t> target = merge_player_keys(sorted, abbreviations);
  identity_.assign(keys_.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i) identity_[order[i]] = order[target[i]];
}

std::uint32_t PlayerKeys::identity_of(std::string_view spelling) const {
  const std::string key = player_key(spelling);
  if (key.empty()) return kUnknown;
  if (auto it = index_.find(key); it != index_.end()) return identity(it->second);
  // Not stored: merged as one more key (appended last: merge_player_keys needs no order).
  std::vector<std::string> sorted;
  std::vector<std::vector<std::string>> abbreviations;
  const std::vector<std::uint32_t> order = sorted_keys(sorted, abbreviations);
  sorted.push_back(key);
  abbreviations.push_back(spelling.find('.') == std::string_view::npos
                              ? std::vector<std::string>{}
                              : abbreviated_words(spelling));
  const std::size_t target = merge_player_keys(sorted, abbreviations).back();
  return target == order.size() ? kUnknown : identity(order[target]);
}

}  // namespace damdb::indexer
