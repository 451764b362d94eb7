#include "indexer/duplicates/duplicate_marks.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "indexer/duplicates/duplicate_primary.hpp"

namespace damdb::indexer {
namespace {

/// Components of the links of the chosen classes: root -> members (ascending).
std::map<std::uint32_t, std::set<std::uint32_t>> joined_components(
    const DuplicateReport& report, std::uint32_t class_mask) {
  std::map<std::uint32_t, std::uint32_t> parent;
  auto find = [&](std::uint32_t x) {
    parent.try_emplace(x, x);
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const DuplicateCluster& c : report.clusters) {
    if ((class_mask >> static_cast<unsigned>(c.kind) & 1) == 0) continue;
    for (const DuplicateLink& l : c.links) {
      const std::uint32_t a = find(l.a.value), b = find(l.b.value);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
  }
  std::map<std::uint32_t, std::set<std::uint32_t>> out;
  for (const auto& [id, p] : parent) out[find(id)].insert(id);
  return out;
}

/// The classes that linked a component's games.
std::uint32_t classes_of(const DuplicateReport& report, const std::set<std::uint32_t>& games,
                         std::uint32_t class_mask) {
  std::uint32_t mask = 0;
  for (const DuplicateCluster& c : report.clusters)
    if ((class_mask >> static_cast<unsigned>(c.kind) & 1) && games.contains(c.members[0].value))
      mask |= 1u << static_cast<unsigned>(c.kind);
  return mask;
}

}  // namespace

std::vector<db::DuplicateMark> apply_duplicates(db::Database& db, const DuplicateReport& report,
                                                const std::vector<DuplicateClass>& classes) {
  std::uint32_t class_mask = 0;
  for (const DuplicateClass c : classes) {
    if (!duplicate_class_applicable(c))
      throw std::invalid_argument(std::string(duplicate_class_name(c)) +
                                  " is only flagged: --apply takes prefix and tag-variant");
    class_mask |= 1u << static_cast<unsigned>(c);
  }
  std::vector<db::DuplicateMark> marks;
  std::set<std::uint32_t> marked;
  for (const auto& [root, games] : joined_components(report, class_mask)) {
    std::vector<db::GameId> ids;
    for (const std::uint32_t id : games) ids.push_back(db::GameId{id});
    std::vector<PrimaryRank> ranks;
    db.for_each_game_of(ids, [&](db::GameId id, const db::GameRecord& r) {
      ranks.push_back(PrimaryRank::of(id, r));
      return true;
    });
    if (ranks.size() < 2) continue;
    db::DuplicateMark mark;
    mark.primary = ranks[best_primary(ranks)].id;
    mark.classes = classes_of(report, games, class_mask);
    for (const PrimaryRank& r : ranks)
      if (r.id != mark.primary) mark.members.push_back(r.id);
    marked.insert(games.begin(), games.end());
    marks.push_back(std::move(mark));
  }
  // Existing marks that share a game with a new one are replaced.
  std::vector<db::GameId> replaced;
  for (const db::DuplicateMark& old : db.duplicate_marks()) {
    bool shares = marked.contains(old.primary.value);
    for (const db::GameId m : old.members) shares = shares || marked.contains(m.value);
    if (shares) replaced.push_back(old.primary);
  }
  db.write_duplicate_marks(marks, replaced);
  return marks;
}

std::vector<db::DuplicateMark> apply_to_new_games(db::Database& db, db::GameId first_new) {
  const std::vector<DuplicateClass> classes{DuplicateClass::Prefix, DuplicateClass::TagVariant};
  std::uint32_t class_mask = 0;
  for (const DuplicateClass c : classes) class_mask |= 1u << static_cast<unsigned>(c);
  DuplicateOptions options;
  options.new_from = first_new.value;
  options.classes = class_mask;  // the flag-only classes are not looked for
  DuplicateReport report = find_duplicates(db, GameFilter(), options);
  std::set<std::uint32_t> touched;  // the games of components holding a new game
  for (const auto& [root, games] : joined_components(report, class_mask))
    if (*games.rbegin() >= first_new.value) touched.insert(games.begin(), games.end());
  std::erase_if(report.clusters, [&](const DuplicateCluster& c) {
    return !touched.contains(c.members.front().value);
  });
  if (report.clusters.empty()) return {};
  return apply_duplicates(db, report, classes);
}

std::size_t undo_duplicates(db::Database& db, std::optional<db::GameId> primary) {
  std::vector<db::GameId> remove;
  for (const db::DuplicateMark& m : db.duplicate_marks())
    if (!primary || m.primary == *primary) remove.push_back(m.primary);
  if (!remove.empty()) db.write_duplicate_marks({}, remove);
  return remove.size();
}

std::shared_ptr<const HiddenGames> HiddenGames::of(const db::Database& db) {
  auto hidden = std::make_shared<HiddenGames>();
  for (const db::DuplicateMark& m : db.duplicate_marks())
    for (const db::GameId member : m.members) hidden->primary_[member.value] = m.primary.value;
  return hidden;
}

}  // namespace damdb::indexer
