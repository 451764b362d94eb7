#include "indexer/explorer/novelty.hpp"

#include <algorithm>
#include <tuple>

#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/popular_positions.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/records/position_key.hpp"
#include "pdn/date.hpp"
#include "rules/fen.hpp"

namespace damdb::indexer {

namespace {

/// A game met in a position's list, with its date and where it reached the position.
struct Met {
  std::uint32_t date = 0;
  db::GameId id;
  std::uint32_t ply = 0;
  bool mirrored = false;
};

/// The games of the positions of one game, judged against that game's date.
class Judge {
 public:
  Judge(const db::Database& db, db::GameId game, std::uint32_t date, const NoveltyOptions& o)
      : db_(db), game_(game), date_(date), options_(o) {}

  /// How game `id`'s date stands against the game's; nullopt for the game itself or an id
  /// without a stored game.
  std::optional<pdn::DateOrder> order_of(db::GameId id, std::uint32_t& date) const {
    if (id == game_) return std::nullopt;
    std::optional<GameRank> rank = options_.ranks ? options_.ranks->find(id) : std::nullopt;
    if (!rank) {  // no ranks, or a game stored after they were read
      const auto header = db_.game_header(id);
      if (!header) return std::nullopt;
      rank = GameRank::of(*header);
    }
    date = rank->date;
    return pdn::date_order(date, date_);
  }
  /// Whether a game so ordered counts as earlier.
  bool counts(pdn::DateOrder order) const {
    return order == pdn::DateOrder::Earlier ||
           (options_.count_undated && order == pdn::DateOrder::Unknown);
  }
  bool counts(db::GameId id) const {
    std::uint32_t date = 0;
    const auto order = order_of(id, date);
    return order && counts(*order);
  }

  /// Calls visit(Met, order) for the games that reached `pos` or its colour-reversed board
  /// (not the game itself), until it returns false; returns false when stopped.
  template <class Visit>
  bool for_each_game(const rules::Position& pos, Visit&& visit) const {
    const rules::Position mirror = pos.mirrored();
    for (const bool mirrored : {false, true}) {
      if (mirrored && mirror == pos) break;
      bool go = true;
      db_.for_each_occurrence(position_key(mirrored ? mirror : pos), [&](const db::Occurrence& o) {
        Met met{0, o.game, o.plies.empty() ? 0u : std::uint32_t{o.plies.front()}, mirrored};
        if (const auto order = order_of(o.game, met.date)) go = visit(met, *order);
        return go;
      });
      if (!go) return false;
    }
    return true;
  }

  /// Whether a game counted as earlier reached `pos` or its colour-reversed board: the newest
  /// games that the popular positions keep first (no read of the position's whole list), then
  /// the list, until one is found.
  /// When none did, the pass has met every game there: `tally` gets them counted by order
  /// (NoveltyReport::same_day, unknown_order, later).
  bool reached_earlier(const rules::Position& pos, NoveltyReport& tally) const {
    if (options_.popular != nullptr) {
      const rules::Position mirror = pos.mirrored();
      for (const rules::Position* p : {&pos, &mirror})
        if (const auto kept = options_.popular->find(position_key(*p)))
          for (const NewestGame& g : kept->newest)
            if (counts(g.id)) return true;
    }
    std::uint64_t same_day = 0, unknown_order = 0, later = 0;
    const bool reached = !for_each_game(pos, [&](const Met&, pdn::DateOrder order) {
      if (counts(order)) return false;
      if (order == pdn::DateOrder::SameDay) ++same_day;
      else if (order == pdn::DateOrder::Later) ++later;
      else ++unknown_order;
      return true;
    });
    if (!reached) tally.same_day = same_day, tally.unknown_order = unknown_order, tally.later = later;
    return reached;
  }

 private:
  const db::Database& db_;
  db::GameId game_;
  std::uint32_t date_;
  const NoveltyOptions& options_;
};

/// The earlier games at `pos` (counted and listed, newest first) into the report.
void add_predecessors(const db::Database& db, const Judge& judge, const rules::Position& pos,
                      std::size_t limit, NoveltyReport& report) {
  std::vector<Met> earlier;
  judge.for_each_game(pos, [&](const Met& met, pdn::DateOrder order) {
    if (judge.counts(order)) earlier.push_back(met);
    return true;
  });
  report.predecessors_total = earlier.size();
  const std::size_t n = std::min(limit, earlier.size());
  // Later dates first (unknown dates, 0, last), then the later import.
  auto newer = [](const Met& a, const Met& b) {
    return std::tie(a.date, a.id.value, a.mirrored) > std::tie(b.date, b.id.value, b.mirrored);
  };
  std::partial_sort(earlier.begin(), earlier.begin() + static_cast<std::ptrdiff_t>(n),
                    earlier.end(), newer);
  std::vector<db::GameId> ids;
  for (std::size_t i = 0; i < n; ++i) ids.push_back(earlier[i].id);
  const auto headers = db.game_headers(ids);
  for (std::size_t i = 0; i < n; ++i) {
    if (!headers[i]) continue;
    GameRow row = game_row(ids[i], *headers[i]);
    row.ply = static_cast<int>(earlier[i].ply);
    row.mirrored = earlier[i].mirrored;
    report.predecessors.push_back(std::move(row));
  }
}

/// The explorer's statistics of move `ply` (1-based) of the line: the games at the position
/// before it and those that played it (the colour-reversed board included).
NoveltyLineMove line_move(const db::Database& db, const DecodedPly& played, std::size_t ply,
                          const NoveltyOptions& options) {
  NoveltyLineMove out;
  out.ply = ply;
  out.notation = played.notation;
  out.side = played.before.side_to_move();
  const OpeningAnswer answer = query_opening(db, played.before, GameFilter{}, true, false,
                                             options.ranks, options.popular);
  out.position_games = answer.games;
  for (const MoveRow& m : answer.moves) {
    if (!(m.move == played.move)) continue;
    out.counts = m.counts;
    if (m.counts.decided() > 0) out.score = m.score(out.side);
  }
  return out;
}

/// The number of games that reached `pos` or its colour-reversed board (statistics only).
std::uint64_t games_at(const db::Database& db, const rules::Position& pos,
                       const PopularPositions* popular) {
  std::uint64_t games = 0;
  const rules::Position mirror = pos.mirrored();
  for (const rules::Position* p : {&pos, &mirror}) {
    if (p == &mirror && mirror == pos) break;
    const db::PositionKey key = position_key(*p);
    std::optional<PopularPosition> kept = popular ? popular->find(key) : std::nullopt;
    if (kept) games += kept->stats.games();
    else if (const auto stats = db.position_stats(key)) games += stats->games();
  }
  return games;
}

}  // namespace

NoveltyReport novelty(const db::Database& db, db::GameId id, const NoveltyOptions& options) {
  const GameView view = view_game(db, id);
  const db::GameHeader header = db::GameHeader::of(view.record);
  NoveltyReport report;
  report.game = game_row(id, header);
  report.plies = view.plies.size();
  report.count_undated = options.count_undated;
  std::vector<rules::Position> positions;  // after 0, 1, ..., plies plies
  for (const DecodedPly& p : view.plies) positions.push_back(p.before);
  positions.push_back(view.position);
  const Judge judge(db, id, GameRank::of(header).date, options);
  // An undated game has no certainly earlier game: new from its start, without a pass over
  // the games of the start position.
  const bool undated = GameRank::of(header).date == 0 && !options.count_undated;
  if (undated) report.novelty_ply = 0;
  for (std::size_t i = 0; i < positions.size() && !report.novelty_ply; ++i)
    if (!judge.reached_earlier(positions[i], report)) report.novelty_ply = i;
  const std::size_t line_end = report.novelty_ply.value_or(report.plies);
  if (report.novelty_ply && *report.novelty_ply > 0)
    report.novelty_move = view.plies[*report.novelty_ply - 1].notation;
  if (undated) {
    // An undated game: every other game's order is unknown, so they are the count of the games
    // at its start (from the statistics, not a pass over a list of every game).
    report.unknown_order = games_at(db, positions[0], options.popular) - 1;
  }  // else reached_earlier counted the games at the novelty's position
  if (!report.novelty_ply || *report.novelty_ply > 0) {
    report.known_ply = report.novelty_ply ? *report.novelty_ply - 1 : report.plies;
    report.known_fen = rules::to_fen(positions[report.known_ply]);
    add_predecessors(db, judge, positions[report.known_ply], options.predecessors, report);
  }
  for (std::size_t ply = 1; ply <= line_end; ++ply)
    report.line.push_back(line_move(db, view.plies[ply - 1], ply, options));
  return report;
}

}  // namespace damdb::indexer
