#include "indexer/names/event_clusters.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>

#include "indexer/text/duplicate_rules.hpp"

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

/// True when the date ranges overlap or touch within 2 days; true when either is unknown.
bool dates_overlap(const EventSummary& a, const EventSummary& b) {
  return pdn::date_ranges_meet(a.first_date, a.last_date, b.first_date, b.last_date);
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

/// What the comparison of two event names reads, computed once per name.
struct NameFacts {
  std::string core;              ///< event_core, "" for "?" (then it clusters with every name)
  std::size_t core_words = 0;    ///< words of event_core(folded)
  std::set<std::string> years;   ///< name_years
};

NameFacts name_facts(const std::string& folded) {
  NameFacts f;
  const std::string core = event_core(folded);
  f.core_words = word_count(core);
  f.core = folded == "?" ? std::string() : core;
  f.years = name_years(folded);
  return f;
}

using pdn::Month;
using pdn::month_span;

/// Where an event's dates can meet another's (dates_overlap): the months from its first date's
/// to its last date's, one more on each side (dates within 2 days), and the months its complete
/// dates name with day and month exchanged. When two events' dates overlap, one's months meet
/// the other's months, or its `swapped` meet the other's months (a first date of one is the
/// last date of the other with day and month exchanged: each of the two holds the other's month
/// in `swapped`). `wide`: the dates are unknown (or span more than kMaxMonths), and the event
/// may meet any other.
struct DateReach {
  bool wide = true;
  Month first = 0, last = 0;
  std::vector<Month> swapped;
};

constexpr Month kMaxMonths = 36;

DateReach date_reach(const EventSummary& e) {
  DateReach r;
  if (e.first_date.empty()) return r;
  const auto a = month_span(e.first_date), b = month_span(e.last_date);
  if (!a || !b) return r;
  r.first = std::min(a->first, b->first) - 1;
  r.last = std::max(a->second, b->second) + 1;
  if (r.last - r.first > kMaxMonths) return r;
  r.wide = false;
  for (const std::string* date : {&e.first_date, &e.last_date}) {
    const CalendarDate d = CalendarDate::of(*date);
    if (d.complete() && d.day <= 12) r.swapped.push_back(Month{d.year} * 12 + d.day - 1);
  }
  return r;
}

/// The events of one player (ascending indexes) by the months their dates can meet in, to
/// find, for each event, the later events of the list whose dates may overlap its dates
/// without looking at every pair.
class MonthIndex {
 public:
  MonthIndex(const std::vector<std::size_t>& list, const std::vector<DateReach>& reach)
      : list_(list), reach_(reach) {
    for (std::size_t x = 0; x < list.size(); ++x) {
      const DateReach& r = reach[list[x]];
      if (r.wide) {
        wide_.push_back(x);
        continue;
      }
      for (Month m = r.first; m <= r.last; ++m) by_month_[m].push_back(x);
    }
  }

  /// The positions after `x` in the list whose events may meet event list[x], ascending.
  void later(std::size_t x, std::vector<std::size_t>& out) const {
    out.clear();
    const DateReach& r = reach_[list_[x]];
    if (r.wide) {
      for (std::size_t y = x + 1; y < list_.size(); ++y) out.push_back(y);
      return;
    }
    auto add = [&](const std::vector<std::size_t>& positions) {
      for (auto it = std::upper_bound(positions.begin(), positions.end(), x); it != positions.end();
           ++it)
        out.push_back(*it);
    };
    add(wide_);
    for (Month m = r.first; m <= r.last; ++m)
      if (auto it = by_month_.find(m); it != by_month_.end()) add(it->second);
    for (const Month m : r.swapped)
      if (auto it = by_month_.find(m); it != by_month_.end()) add(it->second);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

 private:
  const std::vector<std::size_t>& list_;
  const std::vector<DateReach>& reach_;
  std::vector<std::size_t> wide_;
  std::unordered_map<Month, std::vector<std::size_t>> by_month_;
};

}  // namespace

std::vector<std::size_t> cluster_events(const std::vector<EventSummary>& events,
                                        std::vector<EventLink>* links) {
  std::vector<std::vector<std::uint32_t>> players(events.size());
  std::vector<NameFacts> names(events.size());
  std::vector<DateReach> reach(events.size());
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> events_of;  // player -> events
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].folded.empty()) continue;
    players[i] = events[i].players;
    std::sort(players[i].begin(), players[i].end());
    players[i].erase(std::unique(players[i].begin(), players[i].end()), players[i].end());
    for (const std::uint32_t p : players[i]) events_of[p].push_back(i);
    names[i] = name_facts(events[i].folded);
    reach[i] = date_reach(events[i]);
  }
  std::vector<std::size_t> parent(events.size());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  // Two events of a player are compared when their dates may overlap (MonthIndex): a player of
  // thousands of events is not compared pair by pair. The pairs come in the order of the plain
  // double loop, so the same pairs are linked (a pair shared by several players is compared
  // again under each: the answer is the same).
  std::vector<std::size_t> later;
  for (const auto& [player, list] : events_of) {
    std::optional<MonthIndex> index;
    if (list.size() > 32) index.emplace(list, reach);
    for (std::size_t x = 0; x < list.size(); ++x) {
      if (index) {
        index->later(x, later);
      } else {
        later.resize(list.size() - x - 1);
        std::iota(later.begin(), later.end(), x + 1);
      }
      for (const std::size_t y : later) {
        const std::size_t a = std::min(list[x], list[y]), b = std::max(list[x], list[y]);
        if (find(a) == find(b)) continue;
        const EventSummary &ea = events[a], &eb = events[b];
        const NameFacts &na = names[a], &nb = names[b];
        if (!na.years.empty() && !nb.years.empty() && na.years != nb.years) continue;
        if (!dates_overlap(ea, eb) || !event_cores_cluster(na.core, nb.core)) continue;
        const std::size_t shared = shared_players(players[a], players[b]);
        const bool words_added = na.core_words != nb.core_words;
        if (words_added && shared < 2) continue;  // "Ereklasse" / "Ereklasse - Hoofdklasse"
        parent[find(a)] = find(b);
        if (links)
          links->push_back({a, b, std::string(words_added ? "words added" : "names close") +
                                      ", dates overlap, " + std::to_string(shared) +
                                      " player(s) in common"});
      }
    }
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
