#include "indexer/search/pattern.hpp"

#include <algorithm>

#include "rules/mirror.hpp"

namespace damdb::indexer {
namespace {

using rules::Bitboard;

int negate(int v) { return v == INT_MIN ? INT_MAX : v == INT_MAX ? INT_MIN : -v; }

/// The smallest number of pieces a count range or a set of squares needs (0 when none).
int at_least(const IntRange& r) { return std::max(r.lo, 0); }

}  // namespace

PieceSet PieceSet::mirrored() const {
  return PieceSet{rules::mirrored_squares(black_men), rules::mirrored_squares(black_kings),
                  rules::mirrored_squares(black_any), rules::mirrored_squares(white_men),
                  rules::mirrored_squares(white_kings), rules::mirrored_squares(white_any)};
}

Bitboard PieceSet::standing(const rules::Position& pos) const {
  const Bitboard w = pos.white(), b = pos.black(), k = pos.kings();
  return (white_men & w & ~k) | (white_kings & w & k) | (white_any & w) |
         (black_men & b & ~k) | (black_kings & b & k) | (black_any & b);
}

bool Pattern::board_matches(const rules::Position& pos) const {
  const Bitboard w = pos.white(), b = pos.black(), k = pos.kings();
  const Bitboard wm = w & ~k, wk = w & k, bm = b & ~k, bk = b & k;
  if (((must.white_men & ~wm) | (must.white_kings & ~wk) | (must.white_any & ~w) |
       (must.black_men & ~bm) | (must.black_kings & ~bk) | (must.black_any & ~b)) != 0)
    return false;
  if ((empty & (w | b)) != 0) return false;
  if (must_not.standing(pos) != 0) return false;
  const int nwm = rules::count(wm), nwk = rules::count(wk);
  const int nbm = rules::count(bm), nbk = rules::count(bk);
  if (!white_men.contains(nwm) || !white_kings.contains(nwk) || !black_men.contains(nbm) ||
      !black_kings.contains(nbk) || !pieces.contains(nwm + nwk + nbm + nbk) ||
      !balance.contains(nwm + nwk - nbm - nbk))
    return false;
  for (const AnyOfGroup& g : any_of)
    if (rules::count(g.pieces.standing(pos)) < g.at_least) return false;
  return true;
}

Pattern Pattern::mirrored() const {
  Pattern m;
  m.side = side == SideToMove::White   ? SideToMove::Black
           : side == SideToMove::Black ? SideToMove::White
                                       : SideToMove::Either;
  m.must = must.mirrored();
  m.empty = rules::mirrored_squares(empty);
  m.must_not = must_not.mirrored();
  for (const AnyOfGroup& g : any_of) m.any_of.push_back({g.pieces.mirrored(), g.at_least});
  m.white_men = black_men;
  m.black_men = white_men;
  m.white_kings = black_kings;
  m.black_kings = white_kings;
  m.pieces = pieces;
  m.balance = IntRange{negate(balance.hi), negate(balance.lo)};
  return m;
}

HitTracker::HitTracker(const PatternQuery& query) : plies_(query.plies), hold_(query.hold) {
  forms_.emplace_back().pattern = query.pattern;
  if (query.mirror) forms_.emplace_back().pattern = query.pattern.mirrored();
  for (Form& f : forms_) {
    const Pattern& p = f.pattern;
    f.min_white_men = std::max(rules::count(p.must.white_men), at_least(p.white_men));
    f.min_black_men = std::max(rules::count(p.must.black_men), at_least(p.black_men));
    f.min_white = std::max(rules::count(p.must.white_men | p.must.white_kings | p.must.white_any),
                           f.min_white_men + std::max(rules::count(p.must.white_kings),
                                                      at_least(p.white_kings)));
    f.min_black = std::max(rules::count(p.must.black_men | p.must.black_kings | p.must.black_any),
                           f.min_black_men + std::max(rules::count(p.must.black_kings),
                                                      at_least(p.black_kings)));
    f.min_total = std::max(at_least(p.pieces), f.min_white + f.min_black);
  }
}

void HitTracker::reset(const IntRange& plies) {
  plies_ = plies;
  next_ply_ = 0;
  for (Form& f : forms_) {
    f.run_start = -1;
    f.hit = PatternHit{};
    f.hit_final = false;
    f.impossible = false;
  }
}

void HitTracker::add(int ply, const rules::Position& pos) {
  next_ply_ = ply + 1;
  for (Form& f : forms_) add_form(f, ply, pos);
}

void HitTracker::add_form(Form& f, int ply, const rules::Position& pos) const {
  if (f.hit_final || f.impossible || ply < plies_.lo) return;
  // Past the window, or fewer pieces than the pattern needs: men and pieces never come back, so
  // no later position can match either.
  const int white_men = rules::count(pos.white() & ~pos.kings());
  const int black_men = rules::count(pos.black() & ~pos.kings());
  const int white = rules::count(pos.white()), black = rules::count(pos.black());
  if (ply > plies_.hi || white_men < f.min_white_men || black_men < f.min_black_men ||
      white < f.min_white || black < f.min_black || white + black < f.min_total) {
    if (f.hit.found()) f.hit_final = true;
    else f.impossible = true;
    return;
  }
  const bool board = f.pattern.board_matches(pos);
  if (f.hit.found()) {
    if (board) ++f.hit.held;
    else f.hit_final = true;
    return;
  }
  if (!board) {
    f.run_start = -1;
    return;
  }
  if (f.run_start < 0 && f.pattern.side_matches(pos.side_to_move())) f.run_start = ply;
  if (f.run_start >= 0 && ply - f.run_start + 1 >= hold_) {
    f.hit.ply = f.run_start;
    f.hit.held = ply - f.run_start + 1;
  }
}

int HitTracker::earliest_possible(const Form& f) const {
  if (f.hit.found()) return f.hit.ply;
  return f.run_start >= 0 ? f.run_start : next_ply_;
}

bool HitTracker::done() const {
  for (std::size_t i = 0; i < forms_.size(); ++i) {
    const Form& f = forms_[i];
    if (f.hit_final || f.impossible) continue;
    // Settled by the other form's final hit: the direct form wins ties.
    const Form* other = forms_.size() == 2 ? &forms_[1 - i] : nullptr;
    if (other != nullptr && other->hit_final) {
      const int mine = earliest_possible(f);
      if (i == 0 ? mine > other->hit.ply : mine >= other->hit.ply) continue;
    }
    return false;
  }
  return true;
}

PatternHit HitTracker::hit() const {
  PatternHit best;
  for (std::size_t i = 0; i < forms_.size(); ++i) {
    const PatternHit& h = forms_[i].hit;
    if (h.found() && (!best.found() || h.ply < best.ply)) {
      best = h;
      best.mirrored = i == 1;
    }
  }
  return best;
}

PatternHit find_hit(const PatternQuery& query, const std::vector<rules::Position>& positions) {
  HitTracker tracker(query);
  for (std::size_t i = 0; i < positions.size() && !tracker.done(); ++i)
    tracker.add(static_cast<int>(i), positions[i]);
  return tracker.hit();
}

}  // namespace damdb::indexer
