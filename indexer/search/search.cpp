#include "indexer/search/search.hpp"

#include <algorithm>
#include <map>

#include "indexer/duplicates/counted_games.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/search/opening_cache.hpp"
#include "indexer/search/signature.hpp"
#include "indexer/search/signature_scan.hpp"
#include "rules/mirror.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::indexer {
namespace {

using Clock = std::chrono::steady_clock;

/// A game the signature did not rule out.
struct Candidate {
  std::uint32_t id = 0;
  std::uint32_t date = 0;
  IntRange window;         // plies a replay must look at
  bool exact = false;      // `hit` is the answer (no square condition)
  PatternHit hit;
};

/// A game with a hit.
struct Found {
  std::uint32_t id = 0;
  std::uint32_t date = 0;
  PatternHit hit;
};

class Search {
 public:
  Search(const db::Database& db, const PatternQuery& query, const GameFilter& filter,
         const SearchOptions& options)
      : db_(db), query_(query), counted_(db, filter), options_(options), tracker_(query),
        start_(Clock::now()), last_report_(start_) {}

  SearchAnswer run() {
    total_ = db_.meta().counts.games;
    scan_signatures();
    filter_candidates();
    resolve_candidates();
    scan_unsigned_games();
    finish();
    return std::move(answer_);
  }

 private:
  void scan_signatures() {
    SignatureScan scan(query_);
    std::vector<SignatureCandidate> possible;
    db_.for_each_signature_block(
        scan.columns(), [&](db::GameId first, std::string_view games,
                            std::span<const std::string_view> columns) {
          possible.clear();
          const std::size_t n = scan.scan(first.value, games, columns, possible);
          answer_.games_scanned += n;
          answer_.rejected_by_signature += n - possible.size();
          for (const SignatureCandidate& p : possible) candidates_.push_back(candidate(p));
          report();
          return true;
        });
  }

  /// The candidate of a game that one form of the query or both may hold in.
  static Candidate candidate(const SignatureCandidate& p) {
    Candidate c;
    c.id = p.id;
    c.date = p.date;
    c.window = IntRange{INT_MAX, INT_MIN};
    c.exact = true;
    for (const SignatureVerdict* v : {&p.direct, &p.mirror}) {
      if (!v->possible) continue;
      c.window.lo = std::min(c.window.lo, v->first);
      c.window.hi = std::max(c.window.hi, v->last);
      c.exact = c.exact && v->exact;
    }
    if (c.exact) {
      // The earlier hit, the direct one on a tie.
      c.hit = p.direct.hit;
      if (!p.direct.possible || (p.mirror.possible && p.mirror.hit.ply < p.direct.hit.ply)) {
        c.hit = p.mirror.hit;
        c.hit.mirrored = true;
      }
    }
    return c;
  }

  /// Drops the candidates the filter rejects or that are members of a marked cluster (counted
  /// once, through the primary; both counted in rejected_by_filter).
  void filter_candidates() {
    if (counted_.everything()) return;
    std::vector<Candidate> kept;
    std::vector<db::GameId> ids;
    for (std::size_t i = 0; i < candidates_.size(); i += 512) {
      const std::size_t end = std::min(candidates_.size(), i + 512);
      ids.clear();
      for (std::size_t k = i; k < end; ++k) ids.push_back(db::GameId{candidates_[k].id});
      const auto headers = db_.game_headers(ids);
      for (std::size_t k = i; k < end; ++k) {
        if (const auto& h = headers[k - i]; h && counted_.counts(ids[k - i], *h))
          kept.push_back(candidates_[k]);
        else
          ++answer_.rejected_by_filter;
      }
    }
    candidates_ = std::move(kept);
  }

  /// Settles the candidates: from the signature alone when it is exact and only a count is
  /// asked, else by replaying their records (read in id order, one forward pass).
  void resolve_candidates() {
    std::vector<db::GameId> ids;
    std::vector<const Candidate*> replays;
    for (const Candidate& c : candidates_) {
      if (c.exact && (options_.count_only || !c.hit.found())) {
        if (c.hit.found()) add_found(c.id, c.date, c.hit);
        continue;
      }
      ids.push_back(db::GameId{c.id});
      replays.push_back(&c);
    }
    std::size_t next = 0;
    auto visit = [&](db::GameId id, const db::GameRecord& game) {
      while (replays[next]->id != id.value) ++next;
      const Candidate& c = *replays[next];
      replay(c.id, c.date, game, c.exact ? IntRange{c.hit.ply, c.hit.ply} : c.window,
             c.exact ? &c.hit : nullptr);
      report();
      return true;
    };
    // The moves kept beside the signatures (no PDN text to read), else the game records.
    db::GameRecord game;
    const bool compact = db_.for_each_moves_of(ids, [&](db::GameId id, const db::GameMoves& m) {
      game.result = m.result;
      game.start_fen.assign(m.start_fen);
      game.moves.assign(m.moves.begin(), m.moves.end());
      return visit(id, game);
    });
    if (!compact) db_.for_each_game_of(ids, visit);
  }

  /// Games stored after the last signature (an older database): filtered by their record and
  /// replayed over the whole window.
  void scan_unsigned_games() {
    db_.for_each_game(
        [&](db::GameId id, const db::GameRecord& game) {
          ++answer_.games_scanned;
          ++answer_.without_signature;
          if (!counted_.counts(id, game)) {
            ++answer_.rejected_by_filter;
            return true;
          }
          replay(id.value, date_number(game), game, query_.plies, nullptr);
          report();
          return true;
        },
        db_.signatures_end());
  }

  /// Replays `game` over `window` (or only to the known hit `exact`) and records its hit.
  void replay(std::uint32_t id, std::uint32_t date, const db::GameRecord& game,
              const IntRange& window, const PatternHit* exact) {
    ++answer_.replayed;
    positions_.clear();
    tracker_.reset(window);
    // Plies before `from` are only played through: from a known opening when there is one.
    const int from = exact != nullptr ? exact->ply : window.lo;
    auto visit = [&](int ply, const rules::Position& pos) {
      if (ply <= from) openings_.keep(game, ply, pos);
      positions_.push_back(pos);
      if (exact != nullptr) return ply < exact->ply;
      tracker_.add(ply, pos);
      return !tracker_.done();
    };
    rules::Position opening;
    if (openings_.find(game, from, first_ply_, opening)) {
      replay_positions_from(game, opening, static_cast<std::size_t>(first_ply_), visit);
    } else {
      first_ply_ = 0;
      replay_positions(game, visit);
    }
    const PatternHit hit = exact != nullptr ? *exact : tracker_.hit();
    if (!hit.found()) return;
    add_found(id, date, hit);
    if (!options_.count_only) add_next_move(game, hit);
  }

  void add_found(std::uint32_t id, std::uint32_t date, const PatternHit& hit) {
    found_.push_back(Found{id, date, hit});
    if (hit.mirrored) ++answer_.mirrored_games;
  }

  /// The move played at the hit, in the pattern's orientation, with the game's result.
  void add_next_move(const db::GameRecord& game, const PatternHit& hit) {
    const auto ply = static_cast<std::size_t>(hit.ply);
    const auto at = ply - static_cast<std::size_t>(first_ply_);  // positions_ start there
    if (ply >= game.moves.size() || at >= positions_.size()) {
      ++answer_.ended_here;
      return;
    }
    const DecodedPly d = decode_move(positions_[at], game.moves[ply]);
    std::string notation = d.notation;
    if (hit.mirrored) {
      const rules::Position m = d.before.mirrored();
      rules::MoveList legal;
      rules::generate_moves(m, legal);
      notation = rules::to_pdn(m, rules::mirrored_move(d.move), legal);
    }
    NextMoveRow& row = next_[notation];
    row.notation = notation;
    db::ResultCounts one;
    one.add(game.result);
    row.counts += hit.mirrored ? one.swapped() : one;
  }

  void finish() {
    answer_.games = found_.size();
    if (!options_.count_only) {
      for (auto& [notation, row] : next_) answer_.next_moves.push_back(std::move(row));
      std::stable_sort(answer_.next_moves.begin(), answer_.next_moves.end(),
                       [](const NextMoveRow& a, const NextMoveRow& b) {
                         return a.counts.games() > b.counts.games();
                       });
    }
    if (options_.count_only || options_.offset >= found_.size() || options_.limit == 0) return;
    auto newest_first = [](const Found& a, const Found& b) {
      return a.date != b.date ? a.date > b.date : a.id > b.id;
    };
    const std::size_t end = std::min(found_.size(), options_.offset + options_.limit);
    std::partial_sort(found_.begin(), found_.begin() + static_cast<std::ptrdiff_t>(end),
                      found_.end(), newest_first);
    std::vector<db::GameId> ids;
    for (std::size_t i = options_.offset; i < end; ++i) ids.push_back(db::GameId{found_[i].id});
    const auto headers = db_.game_headers(ids);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (!headers[i]) continue;
      const Found& f = found_[options_.offset + i];
      SearchRow row{game_row(ids[i], *headers[i]), f.hit.held};
      row.game.ply = f.hit.ply;
      row.game.mirrored = f.hit.mirrored;
      answer_.rows.push_back(std::move(row));
    }
  }

  void report() {
    if (!options_.progress) return;
    const auto now = Clock::now();
    if (now - start_ < options_.progress_every || now - last_report_ < options_.progress_every)
      return;
    last_report_ = now;
    options_.progress(SearchProgress{answer_.games_scanned, total_, answer_.replayed,
                                     candidates_.size()});
  }

  const db::Database& db_;
  const PatternQuery& query_;
  const CountedGames counted_;
  const SearchOptions& options_;
  HitTracker tracker_;
  std::vector<Candidate> candidates_;
  std::vector<Found> found_;
  OpeningCache openings_;
  std::vector<rules::Position> positions_;  // of the last replay, from ply first_ply_ on
  int first_ply_ = 0;
  std::map<std::string, NextMoveRow> next_;
  SearchAnswer answer_;
  std::uint64_t total_ = 0;
  Clock::time_point start_, last_report_;
};

}  // namespace

SearchAnswer search_games(const db::Database& db, const PatternQuery& query,
                          const GameFilter& filter, const SearchOptions& options) {
  return Search(db, query, filter, options).run();
}

}  // namespace damdb::indexer
