#include "indexer/event_clusters.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "indexer/duplicate_rules.hpp"

namespace damdb::indexer {
namespace {

/// The years 1800..2099 written as words of a folded name.
std::set<std::string> name_years(const std::string& folded) {
  std::set<std::string> years;
  std::size_t start = 0;
  while (start < folded.size()) {
    std::size_t end = std::min(folded.find(' ', start), folded.size());
    const std::string_view w(folded.data() + start, end - start);
    if (w.size() == 4 && w.find_first_not_of("0123456789") == std::string_view::npos &&
        (w.starts_with("18") || w.starts_with("19") || w.starts_with("20")))
      years.emplace(w);
    start = end + 1;
  }
  return years;
}

/// A date text with its unknown parts as the lowest ('0') or highest ('9') value.
std::string bound(std::string date, char unknown) {
  for (char& c : date)
    if (c == '?') c = unknown;
  return date;
}

/// True when the date ranges overlap or touch within 2 days; true when either is unknown.
bool dates_overlap(const EventSummary& a, const EventSummary& b) {
  if (a.first_date.empty() || b.first_date.empty()) return true;
  if (bound(a.first_date, '0') <= bound(b.last_date, '9') &&
      bound(b.first_date, '0') <= bound(a.last_date, '9'))
    return true;
  return dates_close(CalendarDate::of(a.last_date), CalendarDate::of(b.first_date)) ||
         dates_close(CalendarDate::of(b.last_date), CalendarDate::of(a.first_date));
}

/// Players of both (sorted unique lists).
std::size_t shared_players(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::size_t n = 0;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j]) ++n, ++i, ++j;
    else if (a[i] < b[j]) ++i;
    else ++j;
  }
  return n;
}

std::size_t word_count(const std::string& text) {
  return text.empty() ? 0 : static_cast<std::size_t>(std::count(text.begin(), text.end(), ' ')) + 1;
}

}  // namespace

std::vector<std::size_t> cluster_events(const std::vector<EventSummary>& events,
                                        std::vector<EventLink>* links) {
  std::vector<std::vector<std::uint32_t>> players(events.size());
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> events_of;  // player -> events
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].folded.empty()) continue;
    players[i] = events[i].players;
    std::sort(players[i].begin(), players[i].end());
    players[i].erase(std::unique(players[i].begin(), players[i].end()), players[i].end());
    for (const std::uint32_t p : players[i]) events_of[p].push_back(i);
  }
  std::vector<std::size_t> parent(events.size());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::unordered_set<std::uint64_t> checked;
  for (const auto& [player, list] : events_of)
    for (std::size_t x = 0; x < list.size(); ++x)
      for (std::size_t y = x + 1; y < list.size(); ++y) {
        const std::size_t a = std::min(list[x], list[y]), b = std::max(list[x], list[y]);
        if (find(a) == find(b) || !checked.insert((std::uint64_t{a} << 32) | b).second) continue;
        const EventSummary &ea = events[a], &eb = events[b];
        const std::set<std::string> ya = name_years(ea.folded), yb = name_years(eb.folded);
        if (!ya.empty() && !yb.empty() && ya != yb) continue;
        if (!dates_overlap(ea, eb) || !events_cluster(ea.folded, eb.folded)) continue;
        const std::size_t shared = shared_players(players[a], players[b]);
        const bool words_added = word_count(event_core(ea.folded)) != word_count(event_core(eb.folded));
        if (words_added && shared < 2) continue;  // "Ereklasse" / "Ereklasse - Hoofdklasse"
        parent[find(a)] = find(b);
        if (links)
          links->push_back({a, b, std::string(words_added ? "words added" : "names close") +
                                      ", dates overlap, " + std::to_string(shared) +
                                      " player(s) in common"});
      }
  // Each group named by its first member.
  std::vector<std::size_t> first(events.size(), events.size()), out(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    const std::size_t r = find(i);
    if (first[r] == events.size()) first[r] = i;
    out[i] = first[r];
  }
  return out;
}

}  // namespace damdb::indexer
