#include "db/header_tags.hpp"

#include <algorithm>
#include <unordered_map>

namespace damdb::db {

namespace {

// Tags that the moves and the stored result decide: never taken from another copy.
bool describes_the_moves(std::string_view name) {
  return name == "Result" || name == "FEN" || name == "SetUp";
}

// The index of tag `name` in `tags`, or tags.size().
std::size_t index_of(const TagList& tags, std::string_view name) {
  return static_cast<std::size_t>(
      std::find_if(tags.begin(), tags.end(), [&](const auto& tag) { return tag.first == name; }) -
      tags.begin());
}

// True when known value `a` of tag `name` comes before known value `b` in the order fill keeps.
bool comes_first(std::string_view name, std::string_view a, std::string_view b) {
  if (name == "Date") {
    auto digits = [](std::string_view v) { return std::count_if(v.begin(), v.end(), [](char c) {
                                             return c >= '0' && c <= '9'; }); };
    if (digits(a) != digits(b)) return digits(a) > digits(b);
  }
  return a < b;
}

// Where `copy`'s value `value` of tag `name` goes in `header`: the index of the header's tag
// (header.size() to add it), or npos when the header keeps what it has.
std::size_t place_in(const TagList& header, const TagList& own, const std::string& name,
                     const std::string& value) {
  constexpr std::size_t kKeep = std::string::npos;
  if (!known_value(value) || describes_the_moves(name)) return kKeep;
  if (const std::string* mine = find_tag(own, name); mine != nullptr && known_value(*mine))
    return kKeep;
  const std::size_t at = index_of(header, name);
  if (at == header.size()) {  // added among the taken tags, by name; at the cap, before the last
    const bool full = header.size() >= kMaxHeaderTags;
    return !full || (header.size() > own.size() && name < header.back().first) ? at : kKeep;
  }
  if (!known_value(header[at].second)) return at;
  return comes_first(name, value, header[at].second) ? at : kKeep;
}

// An index of the tags by name (the first of a repeated name), for lists too long to search
// from the start for each tag.
class TagIndex {
 public:
  explicit TagIndex(const TagList& tags) : tags_(tags) {
    if (tags.size() <= kLinear) return;
    by_name_.reserve(tags.size());
    for (std::size_t i = 0; i < tags.size(); ++i) by_name_.emplace(tags[i].first, i);
  }
  const std::string* find(std::string_view name) const {
    if (tags_.size() <= kLinear) return find_tag(tags_, name);
    const auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : &tags_[it->second].second;
  }

 private:
  static constexpr std::size_t kLinear = 16;
  const TagList& tags_;
  std::unordered_map<std::string_view, std::size_t> by_name_;
};

}  // namespace

bool known_value(std::string_view value) {
  return value.find_first_not_of("?.-* ") != std::string_view::npos;
}

std::size_t known_tags(const TagList& tags) {
  std::size_t n = 0;
  for (const auto& tag : tags) n += known_value(tag.second);
  return n;
}

const std::string* find_tag(const TagList& tags, std::string_view name) {
  for (const auto& [n, v] : tags)
    if (n == name) return &v;
  return nullptr;
}

std::vector<SourceTag> differing(const TagList& copy, const TagList& header) {
  std::vector<SourceTag> out;
  const TagIndex in_header(header), in_copy(copy);
  for (const auto& [name, value] : copy)
    if (const std::string* v = in_header.find(name); v == nullptr || *v != value)
      out.push_back({name, value});
  for (const auto& [name, value] : header)
    if (in_copy.find(name) == nullptr) out.push_back({name, std::nullopt});
  return out;
}

TagList tags_of(const TagList& header, const std::vector<SourceTag>& diff) {
  TagList out = header;
  if (diff.empty()) return out;
  std::unordered_map<std::string_view, const SourceTag*> change;
  for (const SourceTag& d : diff) change.emplace(d.name, &d);
  std::vector<bool> seen(diff.size());
  TagList kept;
  kept.reserve(out.size() + diff.size());
  for (auto& tag : out) {
    const auto it = change.find(tag.first);
    if (it == change.end()) {
      kept.push_back(std::move(tag));
      continue;
    }
    seen[static_cast<std::size_t>(it->second - diff.data())] = true;
    if (it->second->value) kept.emplace_back(std::move(tag.first), *it->second->value);
  }
  for (std::size_t i = 0; i < diff.size(); ++i)
    if (!seen[i] && diff[i].value && change.at(diff[i].name) == &diff[i])
      kept.emplace_back(diff[i].name, *diff[i].value);
  return kept;
}

bool wins_tie(const TagList& copy, const TagList& own) { return copy < own; }

bool fills(const TagList& header, const TagList& copy, const TagList& own) {
  for (const auto& [name, value] : copy)
    if (place_in(header, own, name, value) != std::string::npos) return true;
  return false;
}

bool fill(TagList& header, const TagList& copy, const TagList& own) {
  bool date = false;
  for (const auto& [name, value] : copy) {
    const std::size_t at = place_in(header, own, name, value);
    if (at == std::string::npos) continue;
    date = date || name == "Date";
    if (at < header.size()) {
      header[at].second = value;
      continue;
    }
    // header[0, own.size()) are the stored copy's own tags; the taken ones follow, by name.
    if (header.size() >= kMaxHeaderTags) {
      date = date || header.back().first == "Date";
      header.pop_back();
    }
    const auto by_name = [](const std::string& n, const auto& tag) { return n < tag.first; };
    const auto first_taken = header.begin() + static_cast<std::ptrdiff_t>(own.size());
    header.emplace(std::upper_bound(first_taken, header.end(), name, by_name), name, value);
  }
  return date;
}

}  // namespace damdb::db
