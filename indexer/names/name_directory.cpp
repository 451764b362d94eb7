#include "indexer/names/name_directory.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "indexer/names/event_clusters.hpp"
#include "indexer/text/text_fold.hpp"
#include "indexer/text/game_date.hpp"

namespace damdb::indexer {
namespace {

/// What the games of one folded event name say about it, and its Event tags as written.
struct EventNames {
  EventSummary summary;
  std::set<std::uint32_t> spellings_of_players;  // PlayerKeys indexes
  std::vector<std::string> tags;
};

/// The event (group index) of every Event tag: the folded names clustered by cluster_events
/// with the players' identities.
std::unordered_map<std::string, std::size_t> event_groups(
    std::unordered_map<std::string, EventNames>& events, const PlayerKeys& keys) {
  std::vector<EventNames*> names;
  for (auto& [folded, e] : events) names.push_back(&e);
  std::sort(names.begin(), names.end(), [](const EventNames* a, const EventNames* b) {
    return a->summary.folded < b->summary.folded;
  });
  std::vector<EventSummary> summaries;
  for (EventNames* e : names) {
    for (const std::uint32_t p : e->spellings_of_players)
      e->summary.players.push_back(keys.identity(p));
    summaries.push_back(std::move(e->summary));
  }
  const std::vector<std::size_t> group = cluster_events(summaries);
  std::unordered_map<std::string, std::size_t> out;
  for (std::size_t i = 0; i < names.size(); ++i)
    for (const std::string& tag : names[i]->tags) out.emplace(tag, group[i]);
  return out;
}

void widen(const std::string& date, std::string& first, std::string& last) {
  if (date.empty()) return;
  if (first.empty() || date < first) first = date;
  if (last.empty() || date > last) last = date;
}

}  // namespace

std::shared_ptr<const NameDirectory> NameDirectory::build(const db::Database& db) {
  auto directory = std::make_shared<NameDirectory>();
  PlayerKeys& keys = directory->keys_;
  std::unordered_map<std::string, EventNames> events;  // by folded name
  std::unordered_map<std::string, EventNames*> event_of_tag;
  db.for_each_game_header([&](db::GameId, const db::GameHeader& game) {
    const std::uint32_t white = keys.intern(game.white), black = keys.intern(game.black);
    keys.played(white, black, game.event);
    keys.played(black, white, game.event);
    auto tag = event_of_tag.find(game.event);
    if (tag == event_of_tag.end()) {
      std::string folded = game.event == "?" ? std::string() : fold_text(game.event);
      EventNames& e = events[folded];
      e.summary.folded = std::move(folded);
      e.tags.push_back(game.event);
      tag = event_of_tag.emplace(game.event, &e).first;
    }
    EventNames& e = *tag->second;
    widen(game_date(game), e.summary.first_date, e.summary.last_date);
    for (const std::uint32_t side : {white, black})
      if (side != PlayerKeys::kUnknown) e.spellings_of_players.insert(side);
    return true;
  });
  keys.resolve(PlayerOverrides::of(db));
  for (std::uint32_t i = 0; i < keys.size(); ++i)
    directory->player_.emplace(keys.spelling(i), keys.identity(i));
  keys.for_each_unknown([&](const std::string& s) { directory->unknown_.push_back(s); });
  directory->event_ = event_groups(events, keys);
  return directory;
}

std::unordered_set<std::string> NameDirectory::player_spellings_of(
    const std::function<bool(const std::string&)>& matches, std::string_view name) const {
  std::unordered_set<std::uint32_t> players;
  if (!name.empty()) players.insert(keys_.identity_of(name));
  for (const auto& [spelling, identity] : player_)
    if (identity != PlayerKeys::kUnknown && matches(spelling)) players.insert(identity);
  players.erase(PlayerKeys::kUnknown);
  std::unordered_set<std::string> out;
  for (const auto& [spelling, identity] : player_)
    if (players.contains(identity)) out.insert(spelling);
  return out;
}

bool NameDirectory::unknown_player_matches(
    const std::function<bool(const std::string&)>& matches) const {
  return std::any_of(unknown_.begin(), unknown_.end(), matches);
}

bool NameDirectory::keys_name_only(const std::unordered_set<std::string>& spellings) const {
  std::unordered_set<std::string> keys;
  for (const std::string& s : spellings) keys.insert(player_key(s));
  // The index keys are player_key of the text as stored (notes kept), not PlayerKeys::key.
  for (std::uint32_t i = 0; i < keys_.size(); ++i)
    if (!spellings.contains(keys_.spelling(i)) && keys.contains(player_key(keys_.spelling(i))))
      return false;
  return true;
}

std::unordered_set<std::string> NameDirectory::event_spellings_of(
    const std::function<bool(const std::string&)>& matches) const {
  std::unordered_set<std::size_t> groups;
  for (const auto& [tag, group] : event_)
    if (matches(tag)) groups.insert(group);
  std::unordered_set<std::string> out;
  for (const auto& [tag, group] : event_)
    if (groups.contains(group)) out.insert(tag);
  return out;
}

std::vector<std::vector<std::string>> NameDirectory::events_of(
    const std::function<bool(const std::string&)>& matches) const {
  std::map<std::size_t, std::vector<std::string>> by_group;
  for (const auto& [tag, group] : event_)
    if (matches(tag)) by_group[group];
  for (const auto& [tag, group] : event_)
    if (auto it = by_group.find(group); it != by_group.end()) it->second.push_back(tag);
  std::vector<std::vector<std::string>> out;
  for (auto& [group, tags] : by_group) {
    std::sort(tags.begin(), tags.end());
    out.push_back(std::move(tags));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace damdb::indexer
