#include "db/header_tags.hpp"

#include <algorithm>

namespace damdb::db {

namespace {

// Tags that the moves and the stored result decide: never taken from another copy.
bool describes_the_moves(std::string_view name) {
  return name == "Result" || name == "FEN" || name == "SetUp";
}

// True when `copy` holds tag `name` with value `value` that `header` lacks or holds without a
// known value; sets `at` to the index of the header's tag, or header.size() when it has none.
bool missing_in(const TagList& header, const std::string& name, const std::string& value,
                std::size_t& at) {
  if (!known_value(value) || describes_the_moves(name)) return false;
  at = static_cast<std::size_t>(
      std::find_if(header.begin(), header.end(),
                   [&](const auto& tag) { return tag.first == name; }) -
      header.begin());
  return at == header.size() || !known_value(header[at].second);
}

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
  for (const auto& [name, value] : copy)
    if (const std::string* v = find_tag(header, name); v == nullptr || *v != value)
      out.push_back({name, value});
  for (const auto& [name, value] : header)
    if (find_tag(copy, name) == nullptr) out.push_back({name, std::nullopt});
  return out;
}

TagList tags_of(const TagList& header, const std::vector<SourceTag>& diff) {
  TagList out = header;
  for (const SourceTag& d : diff) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& t) { return t.first == d.name; });
    if (!d.value) {
      if (it != out.end()) out.erase(it);
    } else if (it != out.end()) {
      it->second = *d.value;
    } else {
      out.emplace_back(d.name, *d.value);
    }
  }
  return out;
}

bool fills(const TagList& header, const TagList& copy) {
  std::size_t at = 0;
  for (const auto& [name, value] : copy)
    if (missing_in(header, name, value, at)) return true;
  return false;
}

bool fill(TagList& header, const TagList& copy) {
  bool date = false;
  for (const auto& [name, value] : copy) {
    std::size_t at = 0;
    if (!missing_in(header, name, value, at)) continue;
    if (at < header.size())
      header[at].second = value;
    else
      header.emplace_back(name, value);
    date = date || name == "Date";
  }
  return date;
}

}  // namespace damdb::db
