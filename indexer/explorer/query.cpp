#include "indexer/explorer/query.hpp"

#include "indexer/duplicates/counted_games.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/explorer/popular_positions.hpp"
#include "indexer/records/position_key.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

#include "db/packed_moves.hpp"
#include "db/position_stats.hpp"
#include "pdn/result.hpp"
#include "rules/mirror.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::indexer {
namespace {

/// Calls visit(occurrence, header) for the games that reached `key`, newest first, until it
/// returns false: one pass over the position's postings, the headers read 512 games at a time
/// (one MultiGet). With `only` (ascending ids, GameFilter::candidates), the games not among
/// them are passed over without reading their headers.
template <class Visit>
void for_each_game_at(const db::Database& db, const db::PositionKey& key, Visit&& visit,
                      const std::vector<db::GameId>* only = nullptr) {
  constexpr std::size_t kBatch = 512;
  std::vector<db::Occurrence> batch;
  std::vector<db::GameId> ids;
  bool stopped = false;
  auto visit_batch = [&] {
    ids.clear();
    for (const db::Occurrence& o : batch) ids.push_back(o.game);
    const auto headers = db.game_headers(ids);
    for (std::size_t r = 0; r < batch.size() && !stopped; ++r)
      if (const auto& h = headers[r]; h && !visit(batch[r], *h)) stopped = true;
    batch.clear();
    return !stopped;
  };
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    if (only && !std::binary_search(only->begin(), only->end(), o.game)) return true;
    batch.push_back(o);
    return batch.size() < kBatch || visit_batch();
  });
  if (!stopped && !batch.empty()) visit_batch();
}

/// A game that reached a position: its id, the first ply there, and what orders it.
struct RankedGame {
  db::GameId id;
  std::uint32_t ply = 0;
  GameRank rank;
};

std::uint32_t first_ply(const db::Occurrence& o) {
  return o.plies.empty() ? 0u : std::uint32_t{o.plies.front()};
}

/// Calls visit(o) for the games that reached `key`, that are among the filter's exact
/// candidates when the filter has criteria, and that are no hidden member, newest imported
/// first, until it returns false: the games `counted` counts, found without a header read
/// (only when counted.exact(db) or the filter has no criteria).
template <class Visit>
void for_each_exact_game_at(const db::Database& db, const db::PositionKey& key,
                            const CountedGames& counted, Visit&& visit) {
  const auto& candidates = counted.candidates(db);
  const std::vector<db::GameId>* only = candidates ? &candidates->ids : nullptr;
  const HiddenGames& hidden = counted.hidden();
  const bool none_hidden = hidden.empty();
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    if (only && !std::binary_search(only->begin(), only->end(), o.game)) return true;
    if (!none_hidden && hidden.hidden(o.game)) return true;
    return visit(o);
  });
}

/// Calls visit(RankedGame) for the games that reached `key` and that `counted` counts, newest
/// imported first, until it returns false. With `ranks` and a filter without criteria (only
/// hidden members are left out), or whose index candidates are exactly the games that pass,
/// no header is read; otherwise the headers are read (batches of 512; with the filter's
/// candidates, only theirs).
template <class Visit>
void for_each_counted_game_at(const db::Database& db, const db::PositionKey& key,
                              const GameFilter& filter, const CountedGames& counted,
                              const GameRanks* ranks, Visit&& visit) {
  if (ranks != nullptr && (filter.empty() || counted.exact(db))) {
    for_each_exact_game_at(db, key, counted, [&](const db::Occurrence& o) {
      std::optional<GameRank> rank = ranks->find(o.game);
      if (!rank) {  // stored after the ranks were read
        const auto h = db.game_header(o.game);
        if (!h) return true;
        rank = GameRank::of(*h);
      }
      return visit(RankedGame{o.game, first_ply(o), *rank});
    });
    return;
  }
  const auto& candidates = counted.candidates(db);
  for_each_game_at(
      db, key,
      [&](const db::Occurrence& o, const db::GameHeader& h) {
        return !counted.counts(o.game, h) || visit(RankedGame{o.game, first_ply(o), GameRank::of(h)});
      },
      candidates ? &candidates->ids : nullptr);
}

/// A game reached at a position, for ordering by date.
struct Dated {
  std::uint32_t date;  // GameRank::date
  db::GameId id;
  std::uint32_t ply;
};

/// Positions reached by more games than this, asked without a filter, list their games newest
/// imported first: ordering them by date would read the header of every game (a million at the
/// start position of a large database) where a page needs a few. With a filter every header is
/// read anyway, so the date order is kept at any size.
constexpr std::uint64_t kDateOrderMaxGames = 5000;

/// The statistics of `key`: from `popular` when it keeps them, else from db.
std::optional<db::PositionStats> stats_at(const db::Database& db, const db::PositionKey& key,
                                          const PopularPositions* popular) {
  if (popular)
    if (std::optional<PopularPosition> kept = popular->find(key)) return std::move(kept->stats);
  return db.position_stats(key);
}

/// The games that reached `key` (`limit` at most, after the first `skip`), newest imported
/// first, reading no header: the order of large positions without a filter (see
/// kDateOrderMaxGames; such a position has no hidden member to leave out). From `popular` when
/// it keeps them all.
std::vector<Dated> games_by_import(const db::Database& db, const db::PositionKey& key,
                                   std::size_t skip, std::size_t limit,
                                   const PopularPositions* popular) {
  std::vector<Dated> games;
  if (limit == 0) return games;
  if (const auto kept = popular ? popular->find(key) : std::nullopt;
      kept && ((skip <= kept->newest.size() && limit <= kept->newest.size() - skip) ||
               kept->newest.size() == kept->stats.games())) {
    for (std::size_t i = skip; i < kept->newest.size() && games.size() < limit; ++i)
      games.push_back({0, kept->newest[i].id, kept->newest[i].ply});
    return games;
  }
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    if (skip > 0) {
      --skip;
      return true;
    }
    games.push_back({0, o.game, first_ply(o)});
    return games.size() < limit;
  });
  return games;
}

/// The number of games that reached `key` when it is above kDateOrderMaxGames and no filter is
/// given (those are listed by import order), else 0.
std::uint64_t large_unfiltered(const db::Database& db, const db::PositionKey& key,
                               const CountedGames& counted, const PopularPositions* popular) {
  if (!counted.everything()) return 0;
  const auto stats = stats_at(db, key, popular);
  const std::uint64_t games = stats ? stats->games() : 0;
  return games > kDateOrderMaxGames ? games : 0;
}

/// The games that reached `key` and that `counted` counts, newest first: later dates first,
/// unknown dates last, the later imported first on a tie.
std::vector<Dated> games_by_date(const db::Database& db, const db::PositionKey& key,
                                 const GameFilter& filter, const CountedGames& counted,
                                 const GameRanks* ranks) {
  std::vector<Dated> games;
  for_each_counted_game_at(db, key, filter, counted, ranks, [&](const RankedGame& g) {
    games.push_back({g.rank.date, g.id, g.ply});
    return true;
  });
  // Visited in descending id order: a stable sort keeps the later import first on a tie.
  std::stable_sort(games.begin(), games.end(),
                   [](const Dated& a, const Dated& b) { return a.date > b.date; });
  return games;
}

/// Rows [offset, offset + limit) of the games that reached `key` and pass `filter`, newest
/// first (games_by_date); returns the number of such games.
std::uint64_t collect_rows(const db::Database& db, const db::PositionKey& key,
                           const GameFilter& filter, const CountedGames& counted,
                           const PositionQuery& query, bool mirrored, std::vector<GameRow>& rows) {
  const std::uint64_t large = large_unfiltered(db, key, counted, query.popular);
  const std::vector<Dated> games = large ? games_by_import(db, key, query.offset, query.limit,
                                                           query.popular)
                                         : games_by_date(db, key, filter, counted, query.ranks);
  const std::size_t first = large ? 0 : query.offset;
  std::vector<db::GameId> ids;
  for (std::size_t i = first; i < games.size() && ids.size() < query.limit; ++i)
    ids.push_back(games[i].id);
  const auto headers = db.game_headers(ids);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!headers[i]) continue;
    GameRow row = game_row(ids[i], *headers[i]);
    row.ply = static_cast<int>(games[first + i].ply);
    row.mirrored = mirrored;
    rows.push_back(std::move(row));
  }
  return large ? large : games.size();
}

}  // namespace

rules::Position position_after(std::string_view moves) {
  return position_after(rules::Position::initial(), moves);
}

rules::Position position_after(const rules::Position& start, std::string_view moves) {
  rules::Position pos = start;
  std::size_t i = 0, index = 0;
  while (i < moves.size()) {
    while (i < moves.size() && std::isspace(static_cast<unsigned char>(moves[i]))) ++i;
    std::size_t end = i;
    while (end < moves.size() && !std::isspace(static_cast<unsigned char>(moves[end]))) ++end;
    std::string_view token = moves.substr(i, end - i);
    i = end;
    // Strip a move number: "12." "12..." or glued "12.32-28".
    std::size_t k = 0;
    while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
    if (k > 0 && k < token.size() && token[k] == '.') {
      while (k < token.size() && token[k] == '.') ++k;
      token.remove_prefix(k);
    }
    if (token.empty()) continue;
    ++index;
    rules::MoveList legal;
    rules::generate_moves(pos, legal);
    std::vector<rules::Square> squares;
    rules::Separator sep;
    const bool parsed = rules::parse_move_text(token, squares, sep);
    const rules::Resolution r =
        parsed ? rules::resolve(pos, legal, squares, sep) : rules::Resolution{};
    if (r.status != rules::ResolveStatus::Ok) {
      rules::sort_moves(legal);
      std::string list;
      for (const rules::Move& m : legal) {
        if (!list.empty()) list += " ";
        list += rules::to_pdn(pos, m, legal);
      }
      const char* why = !parsed ? "is not a move"
                        : r.status == rules::ResolveStatus::Ambiguous
                            ? "is ambiguous (write the full route)"
                            : "is not legal";
      throw MoveListError("move " + std::to_string(index) + " \"" + std::string(token) + "\" " +
                          why + "; legal moves: " + (list.empty() ? "none" : list));
    }
    pos.play(r.move);
  }
  return pos;
}

GameRow game_row(db::GameId id, const db::GameHeader& game) {
  GameRow row;
  row.id = id;
  row.white = game.white;
  row.black = game.black;
  row.event = game.event;
  row.date = game.date;
  row.round = game.round;
  row.result = game.result;
  return row;
}

GameRow game_row(db::GameId id, const db::GameRecord& game) {
  return game_row(id, db::GameHeader::of(game));
}

PositionAnswer query_position(const db::Database& db, const rules::Position& pos,
                              const GameFilter& filter, const PositionQuery& query) {
  PositionAnswer answer;
  const CountedGames counted(db, filter);
  answer.games = collect_rows(db, position_key(pos), filter, counted, query, false, answer.rows);
  if (query.mirror) {
    const rules::Position mirror = pos.mirrored();
    if (!(mirror == pos))
      answer.mirrored_games = collect_rows(db, position_key(mirror), filter, counted, query, true,
                                           answer.mirrored_rows);
  }
  return answer;
}

namespace {

/// What ranks a game among the top games (greater is better; see top_games).
struct TopRank {
  std::uint8_t replays = 0;   // 1: every move legal (valid or with warnings)
  std::uint8_t decisive = 0;  // 2: won by one side, 1: drawn, 0: unknown
  std::uint32_t plies = 0;
  std::uint32_t date = 0;     // GameRank::date
  db::GameId id;
  std::uint32_t ply = 0;      // first ply at the position (not ranked)
  auto order() const { return std::tie(replays, decisive, plies, date, id.value); }
};

TopRank top_rank(const RankedGame& g) {
  TopRank r;
  r.replays = g.rank.status == db::ValidationStatus::Invalid ? 0 : 1;
  r.decisive = g.rank.result == db::GameResult::Draw      ? 1
               : g.rank.result == db::GameResult::Unknown ? 0
                                                          : 2;
  r.plies = g.rank.plies;
  r.date = g.rank.date;
  r.id = g.id;
  r.ply = g.ply;
  return r;
}

}  // namespace

std::vector<GameRow> top_games(const db::Database& db, const rules::Position& pos,
                               const GameFilter& filter, std::size_t limit,
                               const GameRanks* ranks) {
  std::vector<GameRow> rows;
  if (limit == 0) return rows;
  const db::PositionKey key = position_key(pos);
  const CountedGames counted(db, filter);
  const bool large = large_unfiltered(db, key, counted, nullptr) != 0;
  std::vector<TopRank> ranked;
  for_each_counted_game_at(db, key, filter, counted, ranks, [&](const RankedGame& g) {
    ranked.push_back(top_rank(g));
    return !large || ranked.size() < kDateOrderMaxGames;
  });
  const std::size_t n = std::min(limit, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n), ranked.end(),
                    [](const TopRank& a, const TopRank& b) { return a.order() > b.order(); });
  std::vector<db::GameId> ids;
  for (std::size_t i = 0; i < n; ++i) ids.push_back(ranked[i].id);
  const auto headers = db.game_headers(ids);
  for (std::size_t i = 0; i < n; ++i) {
    if (!headers[i]) continue;
    GameRow row = game_row(ids[i], *headers[i]);
    row.ply = static_cast<int>(ranked[i].ply);
    rows.push_back(std::move(row));
  }
  return rows;
}

double MoveRow::score(rules::Color side) const {
  return score_percent(counts.side(side == rules::Color::White));
}

namespace {

/// Calls visit(record, first ply) for each hidden member (HiddenGames) that reached `key`:
/// the position's postings are read without headers, then the few members' records.
template <class Visit>
void for_each_hidden_at(const db::Database& db, const db::PositionKey& key,
                        const HiddenGames& hidden, Visit&& visit) {
  if (hidden.empty()) return;
  std::vector<std::pair<db::GameId, std::size_t>> found;
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    if (hidden.hidden(o.game)) found.emplace_back(o.game, o.plies.empty() ? 0 : o.plies.front());
    return true;
  });
  for (const auto& [id, ply] : found)
    if (const auto game = db.game(id)) visit(*game, ply);
}

/// Calls visit(move code played at the pair's ply, or nullopt where the game ended, result)
/// for each stored game of `games` ((id, ply) pairs, in any order): the moves kept beside the
/// signatures (one forward pass over a compact family, each game's codes read up to the ply),
/// the game record for a game without them.
template <class Visit>
void for_each_move_at(const db::Database& db,
                      std::vector<std::pair<db::GameId, std::uint32_t>>& games, Visit&& visit) {
  std::sort(games.begin(), games.end());
  std::vector<db::GameId> ids;
  ids.reserve(games.size());
  for (const auto& g : games) ids.push_back(g.first);
  std::vector<bool> seen(games.size());
  std::size_t at = 0;
  db.for_each_moves_of(ids, [&](db::GameId id, const db::GameMoves& m) {
    while (at < games.size() && games[at].first < id) ++at;
    if (at == games.size() || games[at].first != id) return true;
    seen[at] = true;
    visit(db::packed_move_at(m.packed, games[at].second), m.result);
    return true;
  }, false);
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (seen[i]) continue;
    if (const auto game = db.game(games[i].first)) {
      const std::size_t ply = games[i].second;
      visit(ply < game->moves.size() ? std::optional<std::uint8_t>(game->moves[ply]) : std::nullopt,
            game->result);
    }
  }
}

/// The games that reached `key` and that `counted` counts, with their first ply there: from
/// the filter's exact candidates without a header read, else with the headers checked in
/// batches (only the candidates' when there are some).
std::vector<std::pair<db::GameId, std::uint32_t>> counted_games_at(const db::Database& db,
                                                                   const db::PositionKey& key,
                                                                   const CountedGames& counted) {
  std::vector<std::pair<db::GameId, std::uint32_t>> games;
  if (counted.exact(db)) {
    for_each_exact_game_at(db, key, counted, [&](const db::Occurrence& o) {
      games.emplace_back(o.game, first_ply(o));
      return true;
    });
    return games;
  }
  const auto& candidates = counted.candidates(db);
  for_each_game_at(db, key, [&](const db::Occurrence& o, const db::GameHeader& h) {
    if (counted.counts(o.game, h)) games.emplace_back(o.game, first_ply(o));
    return true;
  }, candidates ? &candidates->ids : nullptr);
  return games;
}

/// Adds the moves played from `pos` (from stats or, with a filter, from the games) into rows
/// keyed by canonical index of `target_legal` (the queried position's sorted legal moves).
void add_moves(const db::Database& db, const rules::Position& pos, const GameFilter& filter,
               const CountedGames& counted, bool mirrored, const rules::MoveList& target_legal,
               const PopularPositions* popular, std::vector<MoveRow>& rows, OpeningAnswer& answer) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  auto row_for = [&](std::uint8_t code) -> MoveRow* {
    const rules::Move* played = rules::decode_move_code(legal, code);
    if (played == nullptr) return nullptr;  // a code the rules no longer produce
    const rules::Move m = mirrored ? rules::mirrored_move(*played) : *played;
    for (int i = 0; i < target_legal.size(); ++i)
      if (target_legal[i] == m) return &rows[static_cast<std::size_t>(i)];
    return nullptr;
  };
  // n games of `result` (an unsigned -1 takes one away), their colours exchanged when mirrored.
  auto add = [&](MoveRow* row, db::GameResult result, std::uint64_t n) {
    db::ResultCounts c;
    c.add(result, n);
    row->counts += mirrored ? c.swapped() : c;
    if (mirrored) row->mirrored_games += n;
  };
  const db::PositionKey key = position_key(pos);
  if (filter.empty()) {
    const auto stats = stats_at(db, key, popular);
    if (!stats) return;
    for (const db::MoveStats& s : stats->moves) {
      const std::uint64_t n = s.counts.games();
      answer.games += n;
      if (mirrored) answer.mirrored_games += n;
      if (s.move == db::kGameEnd) {
        answer.ended_here += n;
        continue;
      }
      if (MoveRow* row = row_for(s.move)) {
        row->counts += mirrored ? s.counts.swapped() : s.counts;
        if (mirrored) row->mirrored_games += n;
      }
    }
    // Members of marked clusters count through their primary: their games are taken out again
    // (an unsigned -1 added subtracts one).
    for_each_hidden_at(db, key, counted.hidden(), [&](const db::GameRecord& game, std::size_t ply) {
      --answer.games;
      if (mirrored) --answer.mirrored_games;
      if (ply >= game.moves.size())
        --answer.ended_here;
      else if (MoveRow* row = row_for(game.moves[ply]))
        add(row, game.result, ~std::uint64_t{0});
    });
    return;
  }
  // The move of each game that counts, at its first ply there.
  std::vector<std::pair<db::GameId, std::uint32_t>> games = counted_games_at(db, key, counted);
  for_each_move_at(db, games, [&](std::optional<std::uint8_t> move, db::GameResult result) {
    ++answer.games;
    if (mirrored) ++answer.mirrored_games;
    if (!move)
      ++answer.ended_here;
    else if (MoveRow* row = row_for(*move))
      add(row, result, 1);
  });
}

}  // namespace

namespace {

/// The most recent game (as query_position orders) that reached `key` and that `counted`
/// counts, if any.
std::optional<Dated> most_recent(const db::Database& db, const db::PositionKey& key,
                                 const GameFilter& filter, const CountedGames& counted,
                                 const GameRanks* ranks, const PopularPositions* popular) {
  if (large_unfiltered(db, key, counted, popular)) {
    const std::vector<Dated> games = games_by_import(db, key, 0, 1, popular);
    if (games.empty()) return std::nullopt;
    return games.front();
  }
  std::optional<Dated> best;
  // Newest imported first: a later game replaces the best only with a later date.
  for_each_counted_game_at(db, key, filter, counted, ranks, [&](const RankedGame& g) {
    if (!best || g.rank.date > best->date) best = Dated{g.rank.date, g.id, g.ply};
    return true;
  });
  return best;
}

/// The most recent game that went on from `pos` to the position after `row`'s move (or, for a
/// move seen only in colour-reversed games, to its mirror).
std::optional<GameRow> recent_game(const db::Database& db, const rules::Position& pos,
                                   const MoveRow& row, const GameFilter& filter,
                                   const CountedGames& counted, const GameRanks* ranks,
                                   const PopularPositions* popular) {
  rules::Position next = pos;
  next.play(row.move);
  for (const bool mirrored : {false, true}) {
    if (mirrored && row.mirrored_games == 0) break;
    const rules::Position target = mirrored ? next.mirrored() : next;
    const std::optional<Dated> game = most_recent(db, position_key(target), filter, counted, ranks, popular);
    if (!game) continue;
    if (const auto h = db.game_header(game->id)) {
      GameRow recent = game_row(game->id, *h);
      recent.ply = static_cast<int>(game->ply);
      recent.mirrored = mirrored;
      return recent;
    }
  }
  return std::nullopt;
}

/// Sets each row's stored evaluation of the position after its move (one batched lookup).
void add_evaluations(const db::Database& db, const rules::Position& pos, std::vector<MoveRow>& rows) {
  if (!db.has_evaluations() || rows.empty()) return;
  std::vector<db::PositionKey> keys;
  for (const MoveRow& row : rows) {
    rules::Position next = pos;
    next.play(row.move);
    keys.push_back(position_key(next));
  }
  std::vector<std::optional<db::PositionEvaluation>> found = db.evaluations(keys);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].evaluation = std::move(found[i]);
}

}  // namespace

OpeningAnswer query_opening(const db::Database& db, const rules::Position& pos,
                            const GameFilter& filter, bool mirror, bool with_games,
                            const GameRanks* ranks, const PopularPositions* popular) {
  OpeningAnswer answer;
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  std::vector<MoveRow> rows(static_cast<std::size_t>(legal.size()));
  for (int i = 0; i < legal.size(); ++i) {
    rows[static_cast<std::size_t>(i)].move = legal[i];
    rows[static_cast<std::size_t>(i)].notation = rules::to_pdn(pos, legal[i], legal);
  }
  const CountedGames counted(db, filter);
  add_moves(db, pos, filter, counted, false, legal, popular, rows, answer);
  if (mirror) {
    const rules::Position m = pos.mirrored();
    if (!(m == pos)) add_moves(db, m, filter, counted, true, legal, popular, rows, answer);
  }
  for (MoveRow& row : rows) {
    if (row.counts.games() == 0) continue;
    if (with_games) row.recent = recent_game(db, pos, row, filter, counted, ranks, popular);
    answer.moves.push_back(std::move(row));
  }
  std::stable_sort(answer.moves.begin(), answer.moves.end(), [](const MoveRow& a, const MoveRow& b) {
    return a.counts.games() > b.counts.games();
  });
  add_evaluations(db, pos, answer.moves);
  return answer;
}

}  // namespace damdb::indexer
