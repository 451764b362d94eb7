#include "indexer/duplicates/duplicates.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

#include "indexer/duplicates/duplicate_groups.hpp"
#include "indexer/duplicates/duplicate_primary.hpp"
#include "indexer/names/player_identity.hpp"

namespace damdb::indexer {
namespace {

/// What pass 1 keeps of a game (from its header).
struct HeaderInfo {
  std::uint64_t round = 0;            // round_key (first: no padding, 32 bytes in all)
  std::uint32_t id = 0;
  std::uint32_t white = 0, black = 0;  // player identities
  std::uint32_t event = 0, date = 0;  // interned texts
  std::uint32_t plies = 0;
  /// The key of its group: the two players in either colours, or in these colours (`ordered`).
  std::uint64_t pair(bool ordered) const {
    if (ordered) return std::uint64_t{white} << 32 | black;
    const std::uint32_t lo = std::min(white, black), hi = std::max(white, black);
    return std::uint64_t{lo} << 32 | hi;
  }
};
static_assert(sizeof(HeaderInfo) == 32);  // every stored game's, held for the whole pass

/// Strings kept once (events and dates repeat from game to game).
class Interned {
 public:
  std::uint32_t add(std::string text) {
    auto [it, added] = index_.try_emplace(std::move(text), static_cast<std::uint32_t>(texts_.size()));
    if (added) texts_.push_back(it->first);
    return it->second;
  }
  std::span<const std::string> texts() const { return texts_; }

 private:
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<std::string> texts_;
};

/// Union-find over game indexes.
class Components {
 public:
  std::uint32_t find(std::uint32_t x) {
    auto it = parent_.try_emplace(x, x).first;
    if (it->second == x) return x;
    const std::uint32_t root = find(it->second);
    parent_[x] = root;
    return root;
  }
  void join(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::unordered_map<std::uint32_t, std::uint32_t> parent_;
};

class DuplicateFinder {
 public:
  DuplicateFinder(const db::Database& db, const GameFilter& filter, const DuplicateOptions& o)
      : db_(db), filter_(filter), options_(o) {}

  DuplicateReport run() {
    read_headers();
    const std::vector<std::uint32_t> order = candidates();
    for (std::size_t s = 0; s < order.size();) {
      std::size_t e = s, plies = 0;
      while (e < order.size() && (e == s || plies + group_plies(order, e) <= options_.chunk_plies)) {
        plies += group_plies(order, e);
        e = group_end(order, e);
      }
      process_chunk(std::span(order).subspan(s, e - s));
      s = e;
    }
    build_clusters();
    return std::move(report_);
  }

 private:
  void read_headers();
  std::vector<std::uint32_t> candidates();
  std::size_t group_end(std::span<const std::uint32_t> order, std::size_t s) const {
    std::size_t e = s + 1;
    while (e < order.size() && pair(order[e]) == pair(order[s])) ++e;
    return e;
  }
  std::size_t group_plies(std::span<const std::uint32_t> order, std::size_t s) const {
    std::size_t plies = 0;
    for (std::size_t k = s, e = group_end(order, s); k < e; ++k) plies += games_[order[k]].plies;
    return plies;
  }
  /// The group key of games_[g]: only colours-swapped links games of the players in other
  /// colours, so without that class a group is one colour orientation (a smaller group).
  std::uint64_t pair(std::uint32_t g) const {
    return games_[g].pair((options_.classes >> static_cast<unsigned>(DuplicateClass::ColoursSwapped) & 1) == 0);
  }
  /// Where the moves of one game of a chunk are in its buffer of move codes.
  struct ChunkMoves {
    std::size_t offset = 0;
    std::uint32_t size = 0;
    std::uint32_t fen = kNotRead;  // interned start FEN
    static constexpr std::uint32_t kNotRead = ~std::uint32_t{0};
  };
  void read_moves(std::span<const db::GameId> ids, std::vector<std::uint8_t>& codes,
                  std::vector<ChunkMoves>& where, Interned& fens) const;
  void process_chunk(std::span<const std::uint32_t> chunk);
  void build_clusters();
  std::vector<PrimaryRank> ranks_of(std::vector<std::uint32_t> ids) const;

  const db::Database& db_;
  const GameFilter& filter_;
  DuplicateOptions options_;
  PlayerKeys players_;
  Interned events_, dates_;
  std::vector<CalendarDate> calendar_;  // parallel to dates_
  std::vector<HeaderInfo> games_;  // ascending ids
  std::vector<DuplicateLink> links_[kDuplicateClasses];
  DuplicateReport report_;
};

void DuplicateFinder::read_headers() {
  games_.reserve(db_.meta().counts.games);  // exactly: doubling would hold up to twice as much
  db_.for_each_game_header([&](db::GameId id, const db::GameHeader& h) {
    if (!filter_.matches(h)) return true;
    ++report_.games;
    HeaderInfo info;
    info.id = id.value;
    info.white = players_.intern(h.white);
    info.black = players_.intern(h.black);
    players_.played(info.white, info.black, h.event);
    players_.played(info.black, info.white, h.event);
    if (info.white == PlayerKeys::kUnknown || info.black == PlayerKeys::kUnknown) return true;
    info.event = events_.add(h.event);
    info.date = dates_.add(game_date(h));
    info.round = round_key(h.round);
    info.plies = h.plies;
    games_.push_back(info);
    return true;
  });
  players_.resolve(PlayerOverrides::of(db_));
  for (const std::string& date : dates_.texts()) calendar_.push_back(CalendarDate::of(date));
  for (HeaderInfo& g : games_) {
    g.white = players_.identity(g.white);
    g.black = players_.identity(g.black);
  }
}

/// Indexes of games_ whose player pair has two or more games, sorted by pair then id.
std::vector<std::uint32_t> DuplicateFinder::candidates() {
  std::vector<std::uint32_t> order(games_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const auto pa = pair(a), pb = pair(b);
    return pa != pb ? pa < pb : a < b;
  });
  std::vector<std::uint32_t> kept;
  for (std::size_t s = 0; s < order.size();) {
    const std::size_t e = group_end(order, s);
    const bool has_new = std::any_of(order.begin() + s, order.begin() + e, [&](std::uint32_t g) {
      return games_[g].id >= options_.new_from;
    });
    if (e - s >= 2 && has_new) kept.insert(kept.end(), order.begin() + s, order.begin() + e);
    s = e;
  }
  report_.candidates = kept.size();
  return kept;
}

/// The moves of the games `ids` (ascending) into `codes`, each game's place in `where` (parallel
/// to ids; fen kNotRead for a game removed since the headers were read).
void DuplicateFinder::read_moves(std::span<const db::GameId> ids, std::vector<std::uint8_t>& codes,
                                 std::vector<ChunkMoves>& where, Interned& fens) const {
  where.assign(ids.size(), ChunkMoves{});
  auto keep = [&](db::GameId id, std::string_view fen, std::span<const std::uint8_t> moves) {
    const auto k = static_cast<std::size_t>(
        std::lower_bound(ids.begin(), ids.end(), id, [](db::GameId a, db::GameId b) {
          return a.value < b.value;
        }) - ids.begin());
    where[k] = {codes.size(), static_cast<std::uint32_t>(moves.size()), fens.add(std::string(fen))};
    codes.insert(codes.end(), moves.begin(), moves.end());
    return true;
  };
  db_.for_each_moves_of(ids, [&](db::GameId id, const db::GameMoves& m) {
    return keep(id, m.start_fen,
                {reinterpret_cast<const std::uint8_t*>(m.moves.data()), m.moves.size()});
  });
  std::vector<db::GameId> missing;
  for (std::size_t k = 0; k < ids.size(); ++k)
    if (where[k].fen == ChunkMoves::kNotRead) missing.push_back(ids[k]);
  db_.for_each_game_of(missing, [&](db::GameId id, const db::GameRecord& r) {
    return keep(id, r.start_fen, r.moves);
  });
}

void DuplicateFinder::process_chunk(std::span<const std::uint32_t> chunk) {
  // Moves of the chunk's games, read in id order into one buffer.
  std::vector<std::uint32_t> by_id(chunk.begin(), chunk.end());
  std::sort(by_id.begin(), by_id.end());  // games_ is in id order
  std::vector<db::GameId> ids;
  ids.reserve(by_id.size());
  for (const std::uint32_t g : by_id) ids.push_back(db::GameId{games_[g].id});
  std::vector<std::uint8_t> codes;  // sized once: doubling would hold up to twice the plies
  std::size_t plies = 0;
  for (const std::uint32_t g : by_id) plies += games_[g].plies;
  codes.reserve(plies);
  std::vector<ChunkMoves> where;  // parallel to ids
  Interned fens;
  read_moves(ids, codes, where, fens);
  // The rules, one player pair at a time.
  const std::uint32_t replayed_classes = 1u << static_cast<unsigned>(DuplicateClass::MoveOrder) |
                                         1u << static_cast<unsigned>(DuplicateClass::SmallEdit);
  const bool replay = (options_.classes & replayed_classes) != 0;
  const GroupTables tables{events_.texts(), dates_.texts(), calendar_, fens.texts(), codes};
  std::vector<GroupGame> group;
  for (std::size_t s = 0; s < chunk.size();) {
    const std::size_t e = group_end(chunk, s);
    group.clear();
    group.reserve(e - s);  // exactly: a player pair may have hundreds of thousands of games
    for (std::size_t k = s; k < e; ++k) {
      const HeaderInfo& h = games_[chunk[k]];
      const ChunkMoves& m = where[static_cast<std::size_t>(
          std::lower_bound(by_id.begin(), by_id.end(), chunk[k]) - by_id.begin())];
      if (m.fen == ChunkMoves::kNotRead) continue;  // removed since the headers were read
      GroupGame g;
      g.round = h.round;
      g.codes_offset = m.offset;
      g.plies = m.size;
      g.id = h.id;
      g.white = h.white;
      g.black = h.black;
      g.event = h.event;
      g.date = h.date;
      g.start_fen = m.fen;
      group.push_back(g);
    }
    for (GroupLink& l : link_group(Group(group, tables), report_.replayed, replay))
      if (options_.classes >> static_cast<unsigned>(l.kind) & 1)
        links_[static_cast<std::size_t>(l.kind)].push_back(
            {db::GameId{group[l.a].id}, db::GameId{group[l.b].id}, std::move(l.evidence)});
    s = e;
  }
}

std::vector<PrimaryRank> DuplicateFinder::ranks_of(std::vector<std::uint32_t> ids) const {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::vector<db::GameId> keys;
  keys.reserve(ids.size());
  for (const std::uint32_t id : ids) keys.push_back(db::GameId{id});
  std::vector<PrimaryRank> ranks;
  ranks.reserve(ids.size());
  db_.for_each_game_of(keys, [&](db::GameId id, const db::GameRecord& r) {
    ranks.push_back(PrimaryRank::of(id, r));
    return true;
  });
  return ranks;  // ascending ids
}

void DuplicateFinder::build_clusters() {
  std::vector<std::uint32_t> linked;
  for (const auto& links : links_)
    for (const DuplicateLink& l : links) linked.insert(linked.end(), {l.a.value, l.b.value});
  const std::vector<PrimaryRank> ranks = ranks_of(std::move(linked));
  auto rank_of = [&](std::uint32_t id) -> const PrimaryRank* {
    const auto it = std::lower_bound(ranks.begin(), ranks.end(), id,
                                     [](const PrimaryRank& r, std::uint32_t v) { return r.id.value < v; });
    return it != ranks.end() && it->id.value == id ? &*it : nullptr;
  };
  for (std::size_t c = 0; c < kDuplicateClasses; ++c) {
    Components components;
    for (const DuplicateLink& l : links_[c]) components.join(l.a.value, l.b.value);
    std::map<std::uint32_t, DuplicateCluster> by_root;
    for (DuplicateLink& l : links_[c]) {
      DuplicateCluster& cluster = by_root[components.find(l.a.value)];
      cluster.kind = static_cast<DuplicateClass>(c);
      for (const db::GameId id : {l.a, l.b})
        if (std::find(cluster.members.begin(), cluster.members.end(), id) == cluster.members.end())
          cluster.members.push_back(id);
      cluster.links.push_back(std::move(l));
    }
    for (auto& [root, cluster] : by_root) {
      std::sort(cluster.members.begin(), cluster.members.end());
      std::vector<PrimaryRank> member_ranks;
      for (const db::GameId id : cluster.members)
        if (const PrimaryRank* r = rank_of(id.value)) member_ranks.push_back(*r);
      if (!member_ranks.empty()) {
        const db::GameId primary = member_ranks[best_primary(member_ranks)].id;
        std::rotate(cluster.members.begin(),
                    std::find(cluster.members.begin(), cluster.members.end(), primary),
                    std::find(cluster.members.begin(), cluster.members.end(), primary) + 1);
      }
      ++report_.clusters_by_class[c];
      report_.games_by_class[c] += cluster.members.size();
      report_.clusters.push_back(std::move(cluster));
    }
  }
  std::stable_sort(report_.clusters.begin(), report_.clusters.end(),
                   [](const DuplicateCluster& a, const DuplicateCluster& b) {
                     if (a.kind != b.kind) return a.kind < b.kind;
                     return a.members.front().value < b.members.front().value;
                   });
}

}  // namespace

DuplicateReport find_duplicates(const db::Database& db, const GameFilter& filter,
                                const DuplicateOptions& options) {
  return DuplicateFinder(db, filter, options).run();
}

}  // namespace damdb::indexer
