#include "indexer/query.hpp"

#include "indexer/counted_games.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

#include "db/position_stats.hpp"
#include "pdn/result.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::indexer {
namespace {

/// Calls visit(occurrence, header) for the games that reached `key`, newest first, until it
/// returns false; the first `skip` games are passed over without reading their headers, which
/// are read `batch` at a time (one MultiGet).
/// With `only` (ascending ids, GameFilter::candidates), the games not among them are passed
/// over without reading their headers (`skip` then counts the games of `only`).
template <class Visit>
void for_each_game_at(const db::Database& db, const db::PositionKey& key, std::size_t skip,
                      std::size_t batch, Visit&& visit,
                      const std::vector<db::GameId>* only = nullptr) {
  db::OccurrenceQuery q;
  q.descending = true;
  std::vector<db::GameId> ids;
  std::vector<std::size_t> rows;  // indexes into the page of the games of `only`
  while (true) {
    q.limit = std::clamp<std::size_t>(skip + batch, 1, 4096);
    const db::OccurrencePage page = db.occurrences(key, q);
    rows.clear();
    for (std::size_t i = 0; i < page.rows.size(); ++i)
      if (!only || std::binary_search(only->begin(), only->end(), page.rows[i].game))
        rows.push_back(i);
    const std::size_t first = std::min(skip, rows.size());
    skip -= first;
    ids.clear();
    for (std::size_t r = first; r < rows.size(); ++r) ids.push_back(page.rows[rows[r]].game);
    const auto headers = db.game_headers(ids);
    for (std::size_t r = first; r < rows.size(); ++r)
      if (const auto& h = headers[r - first]; h && !visit(page.rows[rows[r]], *h)) return;
    if (!page.more || page.rows.empty()) return;
    q.after = page.rows.back().game;
  }
}

/// The game's date as a number YYYYMMDD for ordering (unknown month or day 0; 0 when the year
/// is unknown, so that unknown dates come last in newest-first order).
std::uint32_t date_rank(const db::GameHeader& h) {
  const std::string date = game_date(h);  // "YYYY.MM.DD" with '?' parts, "" unknown
  if (date.size() != 10) return 0;
  auto part = [&](std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (date[i] < '0' || date[i] > '9') return std::uint32_t{0};
      v = v * 10 + static_cast<std::uint32_t>(date[i] - '0');
    }
    return v;
  };
  const std::uint32_t year = part(0, 4);
  return year == 0 ? 0 : year * 10000 + part(5, 2) * 100 + part(8, 2);
}

/// A game reached at a position, for ordering by date.
struct Dated {
  std::uint32_t date;  // date_rank
  db::GameId id;
  std::uint32_t ply;
};

/// Positions reached by more games than this, asked without a filter, list their games newest
/// imported first: ordering them by date would read the header of every game (a million at the
/// start position of a large database) where a page needs a few. With a filter every header is
/// read anyway, so the date order is kept at any size.
constexpr std::uint64_t kDateOrderMaxGames = 5000;

/// The games that reached `key` (`limit` at most), newest imported first, reading only their
/// headers: the order of large positions without a filter (see kDateOrderMaxGames).
std::vector<Dated> games_by_import(const db::Database& db, const db::PositionKey& key,
                                   std::size_t skip, std::size_t limit) {
  std::vector<Dated> games;
  if (limit == 0) return games;
  for_each_game_at(db, key, skip, std::min<std::size_t>(limit, 512),
                   [&](const db::Occurrence& o, const db::GameHeader& h) {
                     games.push_back({date_rank(h), o.game,
                                      o.plies.empty() ? 0u : std::uint32_t{o.plies.front()}});
                     return games.size() < limit;
                   });
  return games;
}

/// The number of games that reached `key` when it is above kDateOrderMaxGames and no filter is
/// given (those are listed by import order), else 0.
std::uint64_t large_unfiltered(const db::Database& db, const db::PositionKey& key,
                               const GameFilter& filter) {
  if (!CountedGames(db, filter).everything()) return 0;
  const auto stats = db.position_stats(key);
  const std::uint64_t games = stats ? stats->games() : 0;
  return games > kDateOrderMaxGames ? games : 0;
}

/// The games that reached `key` and pass `filter`, newest first: later dates first, unknown
/// dates last, the later imported first on a tie (reads every such game's header).
std::vector<Dated> games_by_date(const db::Database& db, const db::PositionKey& key,
                                 const GameFilter& filter) {
  std::vector<Dated> games;
  const CountedGames counted(db, filter);
  const auto candidates = filter.candidates(db);
  for_each_game_at(
      db, key, 0, 512,
      [&](const db::Occurrence& o, const db::GameHeader& h) {
        if (counted.counts(o.game, h))
          games.push_back(
              {date_rank(h), o.game, o.plies.empty() ? 0u : std::uint32_t{o.plies.front()}});
        return true;
      },
      candidates ? &candidates->ids : nullptr);
  // Visited in descending id order: a stable sort keeps the later import first on a tie.
  std::stable_sort(games.begin(), games.end(),
                   [](const Dated& a, const Dated& b) { return a.date > b.date; });
  return games;
}

/// Rows [offset, offset + limit) of the games that reached `key` and pass `filter`, newest
/// first (games_by_date); returns the number of such games.
std::uint64_t collect_rows(const db::Database& db, const db::PositionKey& key,
                           const GameFilter& filter, const PositionQuery& query, bool mirrored,
                           std::vector<GameRow>& rows) {
  const std::uint64_t large = large_unfiltered(db, key, filter);
  const std::vector<Dated> games = large ? games_by_import(db, key, query.offset, query.limit)
                                         : games_by_date(db, key, filter);
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

db::PositionKey position_key(const rules::Position& pos) { return {pos.key(), pos.check_key()}; }

const char* result_text(db::GameResult result) {
  switch (result) {
    case db::GameResult::WhiteWin: return pdn::result_text(pdn::Outcome::WhiteWin);
    case db::GameResult::Draw: return pdn::result_text(pdn::Outcome::Draw);
    case db::GameResult::BlackWin: return pdn::result_text(pdn::Outcome::BlackWin);
    default: return pdn::result_text(pdn::Outcome::Unknown);
  }
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
  answer.games = collect_rows(db, position_key(pos), filter, query, false, answer.rows);
  if (query.mirror) {
    const rules::Position mirror = pos.mirrored();
    if (!(mirror == pos))
      answer.mirrored_games =
          collect_rows(db, position_key(mirror), filter, query, true, answer.mirrored_rows);
  }
  return answer;
}

namespace {

/// What ranks a game among the top games (greater is better; see top_games).
struct TopRank {
  std::uint8_t replays = 0;   // 1: every move legal (valid or with warnings)
  std::uint8_t decisive = 0;  // 2: won by one side, 1: drawn, 0: unknown
  std::uint32_t plies = 0;
  std::uint32_t date = 0;     // date_rank
  db::GameId id;
  std::uint32_t ply = 0;      // first ply at the position (not ranked)
  auto order() const { return std::tie(replays, decisive, plies, date, id.value); }
};

TopRank top_rank(const db::Occurrence& o, const db::GameHeader& h) {
  TopRank r;
  r.replays = h.status == db::ValidationStatus::Invalid ? 0 : 1;
  r.decisive = h.result == db::GameResult::Draw ? 1 : h.result == db::GameResult::Unknown ? 0 : 2;
  r.plies = h.plies;
  r.date = date_rank(h);
  r.id = o.game;
  r.ply = o.plies.empty() ? 0u : std::uint32_t{o.plies.front()};
  return r;
}

}  // namespace

std::vector<GameRow> top_games(const db::Database& db, const rules::Position& pos,
                               const GameFilter& filter, std::size_t limit) {
  std::vector<GameRow> rows;
  if (limit == 0) return rows;
  const db::PositionKey key = position_key(pos);
  const bool large = large_unfiltered(db, key, filter) != 0;
  std::vector<TopRank> ranked;
  const auto candidates = filter.candidates(db);
  for_each_game_at(
      db, key, 0, 512,
      [&](const db::Occurrence& o, const db::GameHeader& h) {
        if (filter.matches(h)) ranked.push_back(top_rank(o, h));
        return !large || ranked.size() < kDateOrderMaxGames;
      },
      candidates ? &candidates->ids : nullptr);
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

rules::Move mirror_move(const rules::Move& m) {
  auto flip = [](int bit) {
    return rules::square_to_bit(rules::kSquares + 1 - rules::bit_to_square(bit));
  };
  rules::Move out{};
  out.from = static_cast<std::uint8_t>(flip(m.from));
  out.to = static_cast<std::uint8_t>(flip(m.to));
  for (rules::Bitboard c = m.captures; c; c &= c - 1)
    out.captures |= rules::Bitboard{1} << flip(rules::lowest_bit(c));
  return out;
}

double MoveRow::score(rules::Color side) const {
  const std::uint64_t known = white_wins + draws + black_wins;
  if (known == 0) return 0;
  const std::uint64_t wins = side == rules::Color::White ? white_wins : black_wins;
  return 100.0 * (2.0 * static_cast<double>(wins) + static_cast<double>(draws)) /
         (2.0 * static_cast<double>(known));
}

namespace {

/// Calls visit(record, first ply) for each hidden member (HiddenGames) that reached `key`:
/// the position's postings are read without headers, then the few members' records.
template <class Visit>
void for_each_hidden_at(const db::Database& db, const db::PositionKey& key,
                        const HiddenGames& hidden, Visit&& visit) {
  if (hidden.empty()) return;
  std::vector<std::pair<db::GameId, std::size_t>> found;
  db::OccurrenceQuery page_query;
  page_query.limit = 65536;
  for (;;) {
    const db::OccurrencePage page = db.occurrences(key, page_query);
    for (const db::Occurrence& o : page.rows)
      if (hidden.hidden(o.game)) found.emplace_back(o.game, o.plies.empty() ? 0 : o.plies.front());
    if (!page.more || page.rows.empty()) break;
    page_query.after = page.rows.back().game;
  }
  for (const auto& [id, ply] : found)
    if (const auto game = db.game(id)) visit(*game, ply);
}

/// Adds the moves played from `pos` (from stats or, with a filter, from the games) into rows
/// keyed by canonical index of `target_legal` (the queried position's sorted legal moves).
void add_moves(const db::Database& db, const rules::Position& pos, const GameFilter& filter,
               bool mirrored, const rules::MoveList& target_legal, std::vector<MoveRow>& rows,
               OpeningAnswer& answer) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  auto row_for = [&](std::uint8_t code) -> MoveRow* {
    if (code >= legal.size()) return nullptr;  // a code the rules no longer produce
    const rules::Move m = mirrored ? mirror_move(legal[code]) : legal[code];
    for (int i = 0; i < target_legal.size(); ++i)
      if (target_legal[i] == m) return &rows[static_cast<std::size_t>(i)];
    return nullptr;
  };
  auto add = [&](MoveRow* row, db::GameResult result, std::uint64_t n) {
    row->games += n;
    if (mirrored) row->mirrored_games += n;
    switch (result) {
      case db::GameResult::WhiteWin:
        (mirrored ? row->black_wins : row->white_wins) += n;
        break;
      case db::GameResult::BlackWin:
        (mirrored ? row->white_wins : row->black_wins) += n;
        break;
      case db::GameResult::Draw:
        row->draws += n;
        break;
      default:
        row->unknown += n;
        break;
    }
  };
  const db::PositionKey key = position_key(pos);
  const CountedGames counted(db, filter);
  if (filter.empty()) {
    const auto stats = db.position_stats(key);
    if (!stats) return;
    for (const db::MoveStats& s : stats->moves) {
      const std::uint64_t n = s.games();
      answer.games += n;
      if (mirrored) answer.mirrored_games += n;
      if (s.move == db::kGameEnd) {
        answer.ended_here += n;
        continue;
      }
      if (MoveRow* row = row_for(s.move)) {
        add(row, db::GameResult::WhiteWin, s.white_wins);
        add(row, db::GameResult::Draw, s.draws);
        add(row, db::GameResult::BlackWin, s.black_wins);
        add(row, db::GameResult::Unknown, s.unknown);
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
  // Filter on the headers (batched); read the record only of a matching game, for its move.
  const auto candidates = filter.candidates(db);
  for_each_game_at(db, key, 0, 512, [&](const db::Occurrence& o, const db::GameHeader& h) {
    if (!counted.counts(o.game, h)) return true;
    const auto game = db.game(o.game);
    if (!game) return true;
    ++answer.games;
    if (mirrored) ++answer.mirrored_games;
    const std::size_t ply = o.plies.empty() ? 0 : o.plies.front();
    if (ply >= game->moves.size()) {
      ++answer.ended_here;
      return true;
    }
    if (MoveRow* row = row_for(game->moves[ply])) add(row, game->result, 1);
    return true;
  }, candidates ? &candidates->ids : nullptr);
}

}  // namespace

OpeningAnswer query_opening(const db::Database& db, const rules::Position& pos,
                            const GameFilter& filter, bool mirror, bool with_games) {
  OpeningAnswer answer;
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  std::vector<MoveRow> rows(static_cast<std::size_t>(legal.size()));
  for (int i = 0; i < legal.size(); ++i) {
    rows[static_cast<std::size_t>(i)].move = legal[i];
    rows[static_cast<std::size_t>(i)].notation = rules::to_pdn(pos, legal[i], legal);
  }
  add_moves(db, pos, filter, false, legal, rows, answer);
  if (mirror) {
    const rules::Position m = pos.mirrored();
    if (!(m == pos)) add_moves(db, m, filter, true, legal, rows, answer);
  }
  for (MoveRow& row : rows) {
    if (row.games == 0) continue;
    if (with_games) {
      // The most recent game that went on to the position after this move.
      rules::Position next = pos;
      next.play(row.move);
      // A move seen only in colour-reversed games: the most recent of those.
      for (const bool mirrored : {false, true}) {
        if (row.recent || (mirrored && row.mirrored_games == 0)) break;
        const rules::Position target = mirrored ? next.mirrored() : next;
        const db::PositionKey target_key = position_key(target);
        const std::vector<Dated> games = large_unfiltered(db, target_key, filter)
                                             ? games_by_import(db, target_key, 0, 1)
                                             : games_by_date(db, target_key, filter);
        if (games.empty()) continue;
        if (const auto h = db.game_header(games.front().id)) {
          GameRow recent = game_row(games.front().id, *h);
          recent.ply = static_cast<int>(games.front().ply);
          recent.mirrored = mirrored;
          row.recent = std::move(recent);
        }
      }
    }
    answer.moves.push_back(std::move(row));
  }
  std::stable_sort(answer.moves.begin(), answer.moves.end(),
                   [](const MoveRow& a, const MoveRow& b) { return a.games > b.games; });
  return answer;
}

}  // namespace damdb::indexer
