#include "indexer/stats/tournament_table.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "pdn/result.hpp"

namespace damdb::indexer {
namespace {

/// Points of White and of Black for a result (pdn::result_points: win 2, draw 1, loss 0); -1
/// for none.
std::pair<int, int> points_of(db::GameResult result) {
  if (result == db::GameResult::Unknown) return {-1, -1};
  const bool draw = result == db::GameResult::Draw;
  return {static_cast<int>(pdn::result_points(result == db::GameResult::WhiteWin, draw)),
          static_cast<int>(pdn::result_points(result == db::GameResult::BlackWin, draw))};
}

/// Wins, draws, losses, points and the cells from the games with a result.
void count_games(TournamentTable& t, const std::vector<TableGame>& games) {
  const std::size_t n = t.players.size();
  t.cells.assign(n, std::vector<std::vector<CellGame>>(n));
  t.standings.resize(n);
  for (std::size_t p = 0; p < n; ++p) t.standings[p].player = p;
  for (const TableGame& g : games) {
    const auto [white_points, black_points] = points_of(g.result);
    t.cells[g.white][g.black].push_back({g.id, white_points, true, g.round});
    t.cells[g.black][g.white].push_back({g.id, black_points, false, g.round});
    ++t.games;
    if (g.result_contradicted) t.contradicted.push_back(g.id);
    if (g.result_mismatch) t.result_mismatch.push_back(g.id);
    if (white_points < 0) {
      t.without_result.push_back(g.id);
      ++t.standings[g.white].results.unknown;
      ++t.standings[g.black].results.unknown;
      continue;
    }
    for (const auto& [p, points] : {std::pair{g.white, white_points}, {g.black, black_points}}) {
      db::SideResults& r = t.standings[p].results;
      (points == 2 ? r.wins : points == 1 ? r.draws : r.losses) += 1;
    }
    t.points_total += 2;
  }
}

/// Sonneborn-Berger and resistance points, from the totals of every player.
void tie_breaks(TournamentTable& t) {
  for (Standing& s : t.standings)
    for (std::size_t o = 0; o < t.players.size(); ++o)
      for (const CellGame& c : t.cells[s.player][o]) {
        if (c.points < 0) continue;
        const std::uint64_t opponent = t.standings[o].points();
        s.resistance += opponent;
        s.sonneborn_berger += static_cast<std::uint64_t>(c.points) * opponent;
      }
}

/// Sorts the standings and gives equal players one shared place.
void place_players(TournamentTable& t) {
  auto key = [](const Standing& s) { return std::tuple(s.points(), s.results.wins, s.sonneborn_berger); };
  std::stable_sort(t.standings.begin(), t.standings.end(),
                   [&](const Standing& a, const Standing& b) {
                     if (key(a) != key(b)) return key(a) > key(b);
                     return t.players[a.player].name < t.players[b.player].name;
                   });
  for (std::size_t i = 0; i < t.standings.size();) {
    std::size_t j = i + 1;
    while (j < t.standings.size() && key(t.standings[j]) == key(t.standings[i])) ++j;
    for (std::size_t k = i; k < j; ++k) {
      t.standings[k].place = static_cast<std::uint32_t>(i + 1);
      t.standings[k].place_to = static_cast<std::uint32_t>(j);
    }
    i = j;
  }
}

/// Pairs with more games than the most common number of games of a pair that met.
void find_repeated_pairs(TournamentTable& t) {
  std::map<std::size_t, std::size_t> pairs_with;  // games of a pair -> pairs
  const std::size_t n = t.players.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      if (!t.cells[a][b].empty()) ++pairs_with[t.cells[a][b].size()];
  if (pairs_with.size() < 2) return;
  const std::size_t usual =
      std::max_element(pairs_with.begin(), pairs_with.end(), [](const auto& x, const auto& y) {
        return x.second < y.second || (x.second == y.second && x.first > y.first);
      })->first;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      if (t.cells[a][b].size() > usual) {
        RepeatedPair r{a, b, {}};
        for (const CellGame& c : t.cells[a][b]) r.games.push_back(c.id);
        t.repeated_pairs.push_back(std::move(r));
      }
}

/// The rounds when every game names one, and the players without a game in each.
void find_rounds(TournamentTable& t, const std::vector<TableGame>& games) {
  std::set<std::string> rounds;
  for (const TableGame& g : games) {
    if (g.round.empty() || g.round == "?" || g.round == "-") return;
    rounds.insert(g.round);
  }
  t.rounds.assign(rounds.begin(), rounds.end());
  std::sort(t.rounds.begin(), t.rounds.end(), round_before);
  std::map<std::string_view, std::size_t> index;  // round -> its place in t.rounds
  for (std::size_t r = 0; r < t.rounds.size(); ++r) index.emplace(t.rounds[r], r);
  std::vector<std::vector<bool>> played(t.rounds.size(), std::vector<bool>(t.players.size()));
  for (const TableGame& g : games) {
    std::vector<bool>& in_round = played[index.at(g.round)];
    in_round[g.white] = in_round[g.black] = true;
  }
  for (std::size_t r = 0; r < t.rounds.size(); ++r)
    for (std::size_t p = 0; p < t.players.size(); ++p)
      if (!played[r][p]) t.missing.push_back({t.rounds[r], p});
}

/// A match's score after each game, in the order of the games.
void run_match(TournamentTable& t, const std::vector<TableGame>& games) {
  std::uint32_t first = 0, second = 0;
  for (const TableGame& g : games) {
    const auto [white_points, black_points] = points_of(g.result);
    if (white_points >= 0) {
      first += static_cast<std::uint32_t>(g.white == 0 ? white_points : black_points);
      second += static_cast<std::uint32_t>(g.white == 0 ? black_points : white_points);
    }
    t.running.push_back({g.id, g.round, g.white, g.result, first, second});
  }
}

}  // namespace

bool round_before(const std::string& a, const std::string& b) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      // Runs of digits compare as numbers: without leading zeros, the shorter is smaller.
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      std::size_t zi = i, zj = j;
      while (zi + 1 < ei && a[zi] == '0') ++zi;
      while (zj + 1 < ej && b[zj] == '0') ++zj;
      const std::string_view na(a.data() + zi, ei - zi), nb(b.data() + zj, ej - zj);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei, j = ej;
      continue;
    }
    if (digit(a[i]) != digit(b[j])) return digit(a[i]);  // a number before a text
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;
}

std::string place_text(const Standing& s) {
  if (s.place_to <= s.place) return std::to_string(s.place);
  return std::to_string(s.place) + "-" + std::to_string(s.place_to);
}

TournamentTable tournament_table(std::vector<TablePlayer> players,
                                 const std::vector<TableGame>& games) {
  TournamentTable t;
  t.players = std::move(players);
  std::vector<TableGame> kept;
  for (const TableGame& g : games)
    if (g.white < t.players.size() && g.black < t.players.size() && g.white != g.black)
      kept.push_back(g);
    else
      t.left_out.push_back(g.id);
  count_games(t, kept);
  tie_breaks(t);
  place_players(t);
  t.match = t.players.size() == 2;
  if (t.match) run_match(t, kept);
  else find_repeated_pairs(t);
  find_rounds(t, kept);
  return t;
}

std::vector<std::vector<RoundGame>> games_by_round(const TournamentTable& t, std::size_t player) {
  std::unordered_map<std::string_view, std::size_t> index;
  for (std::size_t k = 0; k < t.rounds.size(); ++k) index.emplace(t.rounds[k], k);
  std::vector<std::vector<RoundGame>> out(t.rounds.size());
  for (std::size_t o = 0; o < t.cells[player].size(); ++o)
    for (const CellGame& g : t.cells[player][o])
      if (const auto it = index.find(g.round); it != index.end()) out[it->second].push_back({o, &g});
  return out;
}

}  // namespace damdb::indexer
