// cluster_events on a player of many events (it then compares only the events whose dates may
// meet): the groups and the links equal those of the plain comparison of every pair of events
// that share a player, written out below from the rule (event_clusters.hpp), on events drawn
// at random with typos, added words, years in names, unknown names and dates, partial dates,
// dates two days apart and dates with day and month exchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "indexer/text/duplicate_rules.hpp"
#include "indexer/names/event_clusters.hpp"
#include "indexer/text/text_fold.hpp"

namespace damdb {
namespace {

using indexer::EventLink;
using indexer::EventSummary;

std::set<std::string> years_in(const std::string& folded) {
  std::set<std::string> years;
  for (const std::string_view w : indexer::folded_words(folded))
    if (w.size() == 4 && w.find_first_not_of("0123456789") == std::string_view::npos &&
        (w.starts_with("18") || w.starts_with("19") || w.starts_with("20")))
      years.emplace(w);
  return years;
}

std::string lowest(std::string date, char unknown) {
  std::replace(date.begin(), date.end(), '?', unknown);
  return date;
}

bool overlap(const EventSummary& a, const EventSummary& b) {
  using indexer::CalendarDate;
  if (a.first_date.empty() || b.first_date.empty()) return true;
  if (lowest(a.first_date, '0') <= lowest(b.last_date, '9') &&
      lowest(b.first_date, '0') <= lowest(a.last_date, '9'))
    return true;
  return indexer::dates_close(CalendarDate::of(a.last_date), CalendarDate::of(b.first_date)) ||
         indexer::dates_close(CalendarDate::of(b.last_date), CalendarDate::of(a.first_date));
}

std::size_t words(const std::string& s) {
  return s.empty() ? 0 : static_cast<std::size_t>(std::count(s.begin(), s.end(), ' ')) + 1;
}

// The rule applied to every pair of events that share a player, player by player (in the
// order of the same unordered_map), each pair in index order: the groups and links.
std::vector<std::size_t> every_pair(const std::vector<EventSummary>& events,
                                    std::vector<EventLink>& links) {
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> events_of;
  std::vector<std::set<std::uint32_t>> players(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].folded.empty()) continue;
    players[i].insert(events[i].players.begin(), events[i].players.end());
    for (const std::uint32_t p : players[i]) events_of[p].push_back(i);
  }
  std::vector<std::size_t> parent(events.size());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x];
    return x;
  };
  for (const auto& [player, list] : events_of)
    for (std::size_t x = 0; x < list.size(); ++x)
      for (std::size_t y = x + 1; y < list.size(); ++y) {
        const std::size_t a = list[x], b = list[y];
        const EventSummary &ea = events[a], &eb = events[b];
        if (find(a) == find(b)) continue;
        const auto ya = years_in(ea.folded), yb = years_in(eb.folded);
        if (!ya.empty() && !yb.empty() && ya != yb) continue;
        if (!overlap(ea, eb) || !indexer::events_cluster(ea.folded, eb.folded)) continue;
        std::size_t shared = 0;
        for (const std::uint32_t p : players[a]) shared += players[b].count(p);
        const bool added =
            words(indexer::event_core(ea.folded)) != words(indexer::event_core(eb.folded));
        if (added && shared < 2) continue;
        parent[find(a)] = find(b);
        links.push_back({a, b,
                         std::string(added ? "words added" : "names close") + ", dates overlap, " +
                             std::to_string(shared) + " player(s) in common"});
      }
  std::vector<std::size_t> first(events.size(), events.size()), out(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    const std::size_t r = find(i);
    if (first[r] == events.size()) first[r] = i;
    out[i] = first[r];
  }
  return out;
}

std::string two(int n) { return (n < 10 ? "0" : "") + std::to_string(n); }

// A random event of player 0 (and of one or two of players 1..9).
EventSummary random_event(std::mt19937& rng) {
  static const std::vector<std::string> names{"Open Paris",
                                              "Open Pariz",
                                              "Paris Open",
                                              "Dutch Championship",
                                              "Dutch Championship Blitz",
                                              "Dutch Champoinship",
                                              "Tournoi des Champions Regionaux",
                                              "Tournoi des Champions Regionaux Juniors",
                                              "Open Paris 2003",
                                              "Open Paris 2004",
                                              "?",
                                              "Cup",
                                              "Cop",
                                              "Zomer Toernooi Almelo",
                                              "Zomer Toernooi Almelo Rapid",
                                              "Toernooi Almelo"};
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  EventSummary e;
  e.folded =
      indexer::fold_text(names[static_cast<std::size_t>(pick(static_cast<int>(names.size())))]);
  const int year = 2003 + pick(2), month = 1 + pick(12), day = 1 + pick(28);
  switch (pick(8)) {
    case 0:
      break;  // no date
    case 1:
      e.first_date = e.last_date = std::to_string(year) + ".??.??";
      break;
    case 2:
      e.first_date = e.last_date = std::to_string(year) + "." + two(month) + ".??";
      break;
    case 3:
      e.first_date = std::to_string(year) + "." + two(month) + "." + two(day);
      e.last_date = "????.??.??";
      break;
    case 4:
      e.first_date = e.last_date = "????.??.??";
      break;
    default: {
      e.first_date = std::to_string(year) + "." + two(month) + "." + two(day);
      const int end = std::min(28, day + pick(4));
      e.last_date = std::to_string(year) + "." + two(month) + "." + two(end);
    }
  }
  e.players = {0, static_cast<std::uint32_t>(1 + pick(9))};
  if (pick(2) == 0) e.players.push_back(static_cast<std::uint32_t>(1 + pick(9)));
  return e;
}

TEST(EventClustersMany, APlayerOfManyEventsLinksWhatEveryPairWouldLink) {
  std::mt19937 rng(7);
  std::size_t linked = 0;
  for (int round = 0; round < 20; ++round) {
    std::vector<EventSummary> events;
    for (int i = 0; i < 200; ++i) events.push_back(random_event(rng));
    std::vector<EventLink> expected_links, links;
    const std::vector<std::size_t> expected = every_pair(events, expected_links);
    EXPECT_EQ(indexer::cluster_events(events, &links), expected) << "round " << round;
    ASSERT_EQ(links.size(), expected_links.size()) << "round " << round;
    for (std::size_t i = 0; i < links.size(); ++i) {
      EXPECT_EQ(links[i].a, expected_links[i].a);
      EXPECT_EQ(links[i].b, expected_links[i].b);
      EXPECT_EQ(links[i].evidence, expected_links[i].evidence);
    }
    linked += links.size();
  }
  EXPECT_GT(linked, 100u);  // the draw links events, not only leaves them apart
}

// Day and month exchanged ("2003.02.08" and "2003.08.02", half a year apart), and dates two
// days apart in two months ("2003.04.30" and "2003.05.02"): one event each, as every pair
// would have it, though the player has enough events for the month index.
TEST(EventClustersMany, DatesThatMeetInOtherMonthsAreFoundThroughTheIndex) {
  std::vector<EventSummary> events;
  for (int i = 0; i < 60; ++i)
    events.push_back({indexer::fold_text("Filler Event Number " + std::to_string(i)),
                      "1990." + two(1 + i % 12) + ".20",
                      "1990." + two(1 + i % 12) + ".20",
                      {0, 100}});
  events.push_back(
      {indexer::fold_text("Zomer Toernooi Almelo"), "2003.02.08", "2003.02.08", {0, 1}});
  events.push_back(
      {indexer::fold_text("Zomer Toernooi Almel"), "2003.08.02", "2003.08.02", {0, 2}});
  events.push_back({indexer::fold_text("Open Paris"), "2003.04.28", "2003.04.30", {0, 3}});
  events.push_back({indexer::fold_text("Open Pariz"), "2003.05.02", "2003.05.02", {0, 4}});
  const std::vector<std::size_t> group = indexer::cluster_events(events);
  EXPECT_EQ(group[60], 60u);
  EXPECT_EQ(group[61], 60u);
  EXPECT_EQ(group[62], 62u);
  EXPECT_EQ(group[63], 62u);
  std::vector<EventLink> ignored;
  EXPECT_EQ(group, every_pair(events, ignored));
}

}  // namespace
}  // namespace damdb
