#include "indexer/duplicates/duplicate_groups.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <tuple>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>

#include "indexer/text/text_fold.hpp"
#include "rules/fen.hpp"
#include "rules/move_code.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {
namespace {

/// Pairs compared one by one at most in a group of one colour orientation; larger groups
/// compare each game with its neighbours in two sort orders (see link_small_edits).
constexpr std::size_t kPairwiseLimit = 512;
constexpr std::size_t kNeighbours = 8;
/// Extensions of one line examined for the prefix rule (more: ambiguous, not clustered).
constexpr std::size_t kMaxExtensions = 256;
/// Games of one line compared pairwise for the same-moves rules.
constexpr std::size_t kMaxSameLine = 64;
/// Longer games examined for a game of at most 2 plies (more: ambiguous, not clustered).
constexpr std::size_t kMaxShortGameCandidates = 1024;

/// True when both games name a round and the rounds differ: two games, whatever else agrees
/// (an engine match replays one opening in every round).
bool other_round(const GroupGame& a, const GroupGame& b) {
  return a.round != 0 && b.round != 0 && a.round != b.round;
}

/// The same players in the same colours, and no other round.
bool same_colours(const GroupGame& a, const GroupGame& b) {
  return a.white == b.white && a.black == b.black && !other_round(a, b);
}

bool swapped_colours(const GroupGame& a, const GroupGame& b) {
  return a.white == b.black && a.black == b.white && a.white != a.black && !other_round(a, b);
}

/// True when a's line is a prefix of (or equal to) b's, from the same start.
bool is_prefix(const Group& games, const GroupGame& a, const GroupGame& b) {
  if (a.start_fen != b.start_fen || a.plies > b.plies) return false;
  const auto ca = games.codes(a), cb = games.codes(b);
  return std::equal(ca.begin(), ca.end(), cb.begin());
}

bool same_line(const Group& games, const GroupGame& a, const GroupGame& b) {
  return a.plies == b.plies && is_prefix(games, a, b);
}

bool line_less(const Group& games, const GroupGame& a, const GroupGame& b) {
  if (a.start_fen != b.start_fen) return games.start_fen(a) < games.start_fen(b);
  const auto ca = games.codes(a), cb = games.codes(b);
  return std::lexicographical_compare(ca.begin(), ca.end(), cb.begin(), cb.end());
}

std::string describe(const Group& games, const GroupGame& g) {
  const std::string_view date = games.date_text(g);
  std::string out = "#" + std::to_string(g.id) + " (" + std::to_string(g.plies) + " plies, " +
                    (date.empty() ? std::string("no date") : std::string(date));
  return out + ")";
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

/// The group's indexes sorted by line (start, then move codes).
std::vector<std::uint32_t> by_line(const Group& games) {
  std::vector<std::uint32_t> order(games.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return line_less(games, games[a], games[b]);
  });
  return order;
}

/// Tag variants and colour swaps among the games of one line (`run`).
void link_same_line(const Group& games, std::span<const std::uint32_t> run,
                    std::vector<GroupLink>& out) {
  const std::size_t n = std::min(run.size(), kMaxSameLine);
  for (std::size_t x = 0; x < n; ++x) {
    const GroupGame& a = games[run[x]];
    if (a.plies < kMinClusteredPlies) return;  // the whole run has this length
    for (std::size_t y = x + 1; y < n; ++y) {
      const GroupGame& b = games[run[y]];
      if (same_colours(a, b) && dates_close(games.date(a), games.date(b)) &&
          events_cluster(games.event(a), games.event(b))) {
        out.push_back({run[x], run[y], DuplicateClass::TagVariant,
                       describe(games, a) + " and " + describe(games, b) + ": the same moves, events " +
                           quoted(games.event(a)) + " / " + quoted(games.event(b))});
      } else if (swapped_colours(a, b) && same_year(games.date(a), games.date(b))) {
        out.push_back({run[x], run[y], DuplicateClass::ColoursSwapped,
                       describe(games, a) + " and " + describe(games, b) +
                           ": the same moves, White and Black exchanged"});
      }
    }
  }
}

/// Of the candidate longer games `ext` (in line order) of game `g`, the one `g` is a copy of:
/// the last when they form a chain (each a prefix of the next); else the same among those with
/// a date compatible with g's known date; none when still ambiguous.
std::optional<std::uint32_t> pick_extension(const Group& games,
                                            const GroupGame& g,
                                            std::vector<std::uint32_t> ext) {
  auto chain_end = [&](const std::vector<std::uint32_t>& c) -> std::optional<std::uint32_t> {
    if (c.empty()) return std::nullopt;
    for (std::size_t k = 0; k + 1 < c.size(); ++k)
      if (!is_prefix(games, games[c[k]], games[c[k + 1]])) return std::nullopt;
    return c.back();
  };
  if (auto end = chain_end(ext)) return end;
  if (!games.date(g).known()) return std::nullopt;
  std::erase_if(ext, [&](std::uint32_t j) {
    return !games.date(games[j]).known() || !dates_compatible(games.date(g), games.date(games[j]));
  });
  return chain_end(ext);
}

/// The games of kMinClusteredPlies plies or more of a group by colours and year, for the
/// rule of the games of at most 2 plies: a game's candidates are found without a pass over
/// the group (a group may hold hundreds of thousands of short games).
class LongerGames {
 public:
  LongerGames(const Group& games, std::span<const std::uint32_t> order) : games_(games), order_(order) {
    for (std::uint32_t rank = 0; rank < order.size(); ++rank) {
      const GroupGame& g = games[order[rank]];
      if (g.plies >= kMinClusteredPlies) by_year_[{g.white, g.black, games.date(g).year}].push_back(rank);
    }
  }

  /// Appends to `ext` (in line order) the games of g's colours, of g's year or none (of every
  /// year when g's is unknown), not of another round; false when more than
  /// kMaxShortGameCandidates games are to be examined (ambiguous: not clustered).
  bool candidates(const GroupGame& g, std::vector<std::uint32_t>& ext) const {
    const int year = games_.date(g).year;
    std::vector<const std::vector<std::uint32_t>*> lists;
    auto first = by_year_.lower_bound({g.white, g.black, INT_MIN});
    for (auto it = first; it != by_year_.end(); ++it) {
      const auto& [white, black, y] = it->first;
      if (white != g.white || black != g.black) break;
      if (year == 0 || y == 0 || y == year) lists.push_back(&it->second);
    }
    std::vector<std::uint32_t> ranks;
    for (const auto* list : lists) {
      if (ranks.size() + list->size() > kMaxShortGameCandidates) return false;
      const auto middle = static_cast<std::ptrdiff_t>(ranks.size());
      ranks.insert(ranks.end(), list->begin(), list->end());
      std::inplace_merge(ranks.begin(), ranks.begin() + middle, ranks.end());
    }
    for (const std::uint32_t rank : ranks)
      if (!other_round(g, games_[order_[rank]])) ext.push_back(order_[rank]);
    return true;
  }

 private:
  const Group& games_;
  std::span<const std::uint32_t> order_;
  std::map<std::tuple<std::uint32_t, std::uint32_t, int>, std::vector<std::uint32_t>> by_year_;
};

/// Prefix links: each line to the longest game it begins (same colours, same year), and a
/// game of at most 2 plies to the one longer game of its players and year.
void link_prefixes(const Group& games, std::span<const std::uint32_t> order,
                   std::vector<GroupLink>& out) {
  std::optional<LongerGames> longer;  // made when a short game first needs it
  for (std::size_t x = 0; x < order.size(); ++x) {
    const GroupGame& g = games[order[x]];
    std::vector<std::uint32_t> ext;
    bool too_many = false;
    for (std::size_t y = x + 1; y < order.size() && is_prefix(games, g, games[order[y]]); ++y) {
      const GroupGame& h = games[order[y]];
      if (h.plies == g.plies || !same_colours(g, h) || !same_year(games.date(g), games.date(h)))
        continue;
      if (ext.size() == kMaxExtensions) {
        too_many = true;
        break;
      }
      ext.push_back(order[y]);
    }
    if (ext.empty() && g.plies <= 2) {
      if (!longer) longer.emplace(games, order);
      if (!longer->candidates(g, ext)) continue;
    }
    if (too_many) continue;
    const std::optional<std::uint32_t> to = pick_extension(games, g, std::move(ext));
    if (!to) continue;
    const GroupGame& h = games[*to];
    out.push_back({order[x], *to, DuplicateClass::Prefix,
                   describe(games, g) +
                       (is_prefix(games, g, h) ? " is a prefix of " : " (at most 2 plies) precedes ") +
                       describe(games, h)});
  }
}

/// The replayed form of a game: each ply's from and to bits, and the final position's key.
struct ReplayedLine {
  bool ok = false;
  std::vector<std::uint16_t> notation;
  std::uint64_t final_key = 0;
};

ReplayedLine replay_line(const Group& games, const GroupGame& g) {
  ReplayedLine out;
  rules::Position pos = rules::Position::initial();
  try {
    if (!games.start_fen(g).empty()) pos = rules::parse_fen(games.start_fen(g));
  } catch (const rules::FenError&) {
    return out;
  }
  rules::MoveList scratch;
  out.notation.reserve(g.plies);
  for (const std::uint8_t code : games.codes(g)) {
    rules::Move m{};
    if (!rules::decode_move_code(pos, code, scratch, m)) return out;
    out.notation.push_back(static_cast<std::uint16_t>(m.from << 8 | m.to));
    pos.play(m);
  }
  out.ok = true;
  out.final_key = pos.key();
  return out;
}

}  // namespace

namespace {

/// 1-based ply of the first difference of two lines (the shorter's length + 1 if none).
std::size_t first_difference(const Group& games, const GroupGame& a, const GroupGame& b) {
  const auto ca = games.codes(a), cb = games.codes(b);
  const auto [pa, pb] = std::mismatch(ca.begin(), ca.end(), cb.begin(), cb.end());
  return static_cast<std::size_t>(pa - ca.begin()) + 1;
}

/// Games of one colour orientation with at least kMinClusteredPlies plies, replayed.
struct Side {
  std::vector<std::uint32_t> games;        // indexes into the group
  std::vector<ReplayedLine> lines;         // parallel to games
};

/// Move-order variants: the same ply count and final position, different lines.
void link_move_orders(const Group& games, const Side& side,
                      std::vector<GroupLink>& out) {
  std::vector<std::size_t> order(side.games.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto key = [&](std::size_t k) {
    return std::make_pair(side.lines[k].notation.size(), side.lines[k].final_key);
  };
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return key(x) < key(y); });
  for (std::size_t s = 0; s < order.size();) {
    std::size_t e = s + 1;
    while (e < order.size() && key(order[e]) == key(order[s])) ++e;
    for (std::size_t x = s; x < e && x < s + kMaxSameLine; ++x)
      for (std::size_t y = x + 1; y < e && y < s + kMaxSameLine; ++y) {
        const std::uint32_t a = side.games[order[x]], b = side.games[order[y]];
        if (!side.lines[order[x]].ok || !side.lines[order[y]].ok || same_line(games, games[a], games[b]) ||
            other_round(games[a], games[b]))
          continue;
        out.push_back({std::min(a, b), std::max(a, b), DuplicateClass::MoveOrder,
                       describe(games, games[a]) + " and " + describe(games, games[b]) +
                           ": the same final position, the moves in another order from ply " +
                           std::to_string(first_difference(games, games[a], games[b]))});
      }
    s = e;
  }
}

/// A small-edit link between side games x and y when the rule holds.
void check_small_edit(const Group& games, const Side& side, std::size_t x,
                      std::size_t y, std::vector<GroupLink>& out) {
  const ReplayedLine &la = side.lines[x], &lb = side.lines[y];
  const GroupGame &a = games[side.games[x]], &b = games[side.games[y]];
  if (!la.ok || !lb.ok || !dates_compatible(games.date(a), games.date(b)) || other_round(a, b))
    return;
  if (is_prefix(games, a, b) || is_prefix(games, b, a)) return;  // the prefix rule's
  if (la.notation.size() == lb.notation.size() && la.final_key == lb.final_key) return;
  const std::size_t d = edit_distance(la.notation, lb.notation, 2);
  if (d > 2) return;
  const std::uint32_t i = side.games[x], j = side.games[y];
  out.push_back({std::min(i, j), std::max(i, j), DuplicateClass::SmallEdit,
                 describe(games, a) + " and " + describe(games, b) + ": " + std::to_string(d) +
                     (d == 1 ? " edited ply" : " edited plies") + ", the first at ply " +
                     std::to_string(first_difference(games, a, b))});
}

/// Small edits: every pair of a side of at most kPairwiseLimit games; in a larger side each
/// game and its kNeighbours next games sorted by notation, then sorted by reversed notation
/// (an edit near the end, then one near the start, keeps the rest of the lines together).
void link_small_edits(const Group& games, const Side& side,
                      std::vector<GroupLink>& out) {
  const std::size_t n = side.games.size();
  if (n <= kPairwiseLimit) {
    for (std::size_t x = 0; x < n; ++x)
      for (std::size_t y = x + 1; y < n; ++y) check_small_edit(games, side, x, y, out);
    return;
  }
  // No list of pairs (n x kNeighbours x 2 of them): the second order skips the pairs the
  // first already checked (within kNeighbours ranks there), and the links are put in pair
  // order at the end, as one pass over sorted unique pairs would give them.
  std::vector<std::size_t> order(n), first_rank(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t begin = out.size();
  for (const bool reversed : {false, true}) {
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      const auto &a = side.lines[x].notation, &b = side.lines[y].notation;
      return reversed ? std::lexicographical_compare(a.rbegin(), a.rend(), b.rbegin(), b.rend())
                      : a < b;
    });
    for (std::size_t x = 0; x < n; ++x) {
      if (!reversed) first_rank[order[x]] = x;
      for (std::size_t y = x + 1; y < n && y <= x + kNeighbours; ++y) {
        const std::size_t a = std::min(order[x], order[y]), b = std::max(order[x], order[y]);
        const std::size_t ra = first_rank[a], rb = first_rank[b];
        if (reversed && (ra > rb ? ra - rb : rb - ra) <= kNeighbours) continue;
        check_small_edit(games, side, a, b, out);
      }
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(begin), out.end(),
            [](const GroupLink& l, const GroupLink& m) {
              return std::pair(l.a, l.b) < std::pair(m.a, m.b);
            });
}

}  // namespace

std::uint64_t round_key(std::string_view round) {
  if (round.empty() || round == "?" || round == "-") return 0;
  const std::uint64_t h = std::hash<std::string>{}(fold_text(round));
  return h == 0 ? 1 : h;
}

std::vector<GroupLink> link_group(const Group& games, std::uint64_t& replayed, bool replay) {
  std::vector<GroupLink> out;
  const std::vector<std::uint32_t> order = by_line(games);
  for (std::size_t s = 0; s < order.size();) {
    std::size_t e = s + 1;
    while (e < order.size() && same_line(games, games[order[s]], games[order[e]])) ++e;
    if (e - s > 1) link_same_line(games, std::span(order).subspan(s, e - s), out);
    s = e;
  }
  link_prefixes(games, order, out);
  if (!replay) return out;
  std::map<std::pair<std::uint32_t, std::uint32_t>, Side> sides;
  for (std::uint32_t i = 0; i < games.size(); ++i)
    if (games[i].plies >= kMinClusteredPlies)
      sides[{games[i].white, games[i].black}].games.push_back(i);
  for (auto& [colours, side] : sides) {
    if (side.games.size() < 2) continue;
    side.lines.reserve(side.games.size());
    for (const std::uint32_t i : side.games) side.lines.push_back(replay_line(games, games[i]));
    replayed += side.games.size();
    link_move_orders(games, side, out);
    link_small_edits(games, side, out);
    side.lines = {};  // one side's replayed lines at a time
  }
  return out;
}

}  // namespace damdb::indexer
