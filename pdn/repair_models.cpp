// The error models of the scoresheet repair (see repair_models.hpp and RepairKind).
#include "pdn/repair_models.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::pdn::repair_detail {
namespace {

/// Where candidate fixes are generated: token `t` in position `at` (`prev` is the position
/// before token t - 1 when `has_prev`), its legal moves, and the plans found so far.
struct FixSite {
  const Context& c;
  const Position& at;
  const Position& prev;
  bool has_prev;
  int t;
  bool mirror;
  MoveList legal;
  std::vector<Plan>& out;
  std::size_t first;  // the first plan generated at this token
};

/// A plan playing `m` in place of the token (kept once per operation, move and mirroring).
void add_plan(FixSite& s, RepairKind kind, RepairOp op, const Move& m, bool plan_mirror) {
  for (std::size_t k = s.first; k < s.out.size(); ++k)
    if (s.out[k].op == op && s.out[k].move == m && s.out[k].mirror == plan_mirror) return;
  Plan p;
  p.kind = kind;
  p.op = op;
  p.token = s.t;
  p.move = m;
  p.after = s.at;
  p.after.play(m);
  p.resume = s.t + 1;
  p.mirror = plan_mirror;
  s.out.push_back(p);
}

/// Plans for every legal move the squares `w` stand for.
void try_squares(FixSite& s, RepairKind kind, const WrittenMove& w) {
  if (!w.on_board()) return;
  const rules::Resolution r = rules::resolve(s.at, s.legal, w.span(), w.separator);
  if (r.status == rules::ResolveStatus::Ok)
    add_plan(s, kind, RepairOp::Replace, r.move, s.mirror);
  else if (r.status == rules::ResolveStatus::Ambiguous)
    for (const Move& m : r.candidates) add_plan(s, kind, RepairOp::Replace, m, s.mirror);
}

/// An ambiguous capture: every route.
void ambiguous_routes(FixSite& s, const WrittenMove& w) {
  if (!w.on_board()) return;
  const rules::Resolution r = rules::resolve(s.at, s.legal, w.span(), w.separator);
  if (r.status == rules::ResolveStatus::Ambiguous)
    for (const Move& m : r.candidates)
      add_plan(s, RepairKind::AmbiguousRoute, RepairOp::Replace, m, s.mirror);
}

/// Start and end squares exchanged (the written route reversed).
void square_swap(FixSite& s, const WrittenMove& w) {
  WrittenMove v = w;
  std::reverse(v.squares.begin(), v.squares.begin() + static_cast<std::ptrdiff_t>(v.count));
  try_squares(s, RepairKind::SquareSwap, v);
}

/// Number of decimal digits of a written square value (values up to 255; "07" is read as 7).
int digit_count(int value) { return value >= 100 ? 3 : value >= 10 ? 2 : 1; }

/// Two digits exchanged, within a square or between squares.
void digit_swaps(FixSite& s, const WrittenMove& w) {
  struct Digit {
    int square;
    int place;  // power of ten
  };
  std::array<Digit, kMaxSquares * 3> digits{};
  int ndigits = 0;
  auto digit_at = [&](const WrittenMove& v, const Digit& d) {
    return (v.squares[d.square] / d.place) % 10;
  };
  for (int k = 0; k < static_cast<int>(w.count); ++k) {
    const int len = digit_count(std::max(0, w.squares[k]));
    for (int p = 0, place = 1; p < len; ++p, place *= 10) digits[ndigits++] = {k, place};
  }
  for (int a = 0; a < ndigits; ++a)
    for (int b = a + 1; b < ndigits; ++b) {
      const int da = digit_at(w, digits[a]), db = digit_at(w, digits[b]);
      if (da == db) continue;
      WrittenMove v = w;
      v.squares[digits[a].square] += (db - da) * digits[a].place;
      v.squares[digits[b].square] += (da - db) * digits[b].place;
      try_squares(s, RepairKind::DigitSwap, v);
    }
}

/// One digit replaced, deleted or inserted.
void digit_edits(FixSite& s, const WrittenMove& w) {
  for (std::size_t k = 0; k < w.count; ++k) {
    const int v = std::max(0, w.squares[k]);
    const int len = digit_count(v);
    auto try_value = [&](int value) {
      if (!rules::is_square(value) || value == v) return;
      WrittenMove x = w;
      x.squares[k] = value;
      try_squares(s, RepairKind::DigitEdit, x);
    };
    for (int p = 0, place = 1; p < len; ++p, place *= 10) {
      const int d = (v / place) % 10;
      for (int nd = 0; nd <= 9; ++nd)
        if (nd != d) try_value(v + (nd - d) * place);
      const int high = v / (place * 10), low = v % place;
      if (len > 1) try_value(high * place + low);  // delete digit p
    }
    if (len <= 2)
      for (int p = 0, place = 1; p <= len; ++p, place *= 10) {
        const int high = v / place, low = v % place;
        for (int nd = 0; nd <= 9; ++nd) try_value((high * 10 + nd) * place + low);  // insert
      }
  }
}

/// Captures: written as the step they ended with, or a shorter capture than compulsory.
void capture_forms(FixSite& s, const WrittenMove& w) {
  if (!s.legal[0].is_capture() || !w.on_board()) return;
  const Square ws = w.squares[0], wt = w.squares[w.count - 1];
  bool written_is_capture = false;
  MoveList all;
  rules::generate_all_captures(s.at, all);
  for (const Move& m : all)
    if (m.from_square() == ws && m.to_square() == wt) written_is_capture = true;
  for (const Move& m : s.legal) {
    const rules::Route route = rules::route(s.at, m);
    const bool on_route_ws =
        std::find(route.path.begin(), route.path.end(), ws) != route.path.end();
    const bool on_route_wt =
        std::find(route.path.begin(), route.path.end(), wt) != route.path.end();
    if (m.to_square() == wt && m.from_square() != ws && on_route_ws)
      add_plan(s, RepairKind::CaptureEndMove, RepairOp::Replace, m, s.mirror);
    else if (m.from_square() == ws && (on_route_wt || written_is_capture))
      add_plan(s, RepairKind::ShorterCapture, RepairOp::Replace, m, s.mirror);
    else if (written_is_capture)
      add_plan(s, RepairKind::ShorterCapture, RepairOp::Replace, m, s.mirror);
  }
}

/// Mirrored numbering (n -> 51 - n): this move only, or this and every later move.
void mirrored_numbering(FixSite& s, const Token& token) {
  const WrittenMove v = written(token, !s.mirror);
  if (!v.on_board()) return;
  const rules::Resolution r = rules::resolve(s.at, s.legal, v.span(), v.separator);
  if (r.status != rules::ResolveStatus::Ok) return;
  add_plan(s, RepairKind::MirroredMove, RepairOp::Replace, r.move, s.mirror);
  if (s.t + 1 < s.c.end)
    add_plan(s, RepairKind::MirroredGame, RepairOp::MirrorRest, r.move, !s.mirror);
}

/// A plan of kind `kind` changing tokens from `token` on, replay resuming at `resume` from
/// `after`.
Plan token_plan(const FixSite& s, RepairKind kind, RepairOp op, int token, const Position& after,
                int resume) {
  Plan plan;
  plan.kind = kind;
  plan.op = op;
  plan.token = token;
  plan.after = after;
  plan.resume = resume;
  plan.mirror = s.mirror;
  return plan;
}

/// A missing ply: one move of the side to move inserted before the token.
void missing_ply(FixSite& s) {
  Move m{};
  MoveList scratch;
  for (const Move& x : s.legal) {
    Position p = s.at;
    p.play(x);
    if (!resolve_token(s.c, p, s.t, s.mirror, scratch, m)) continue;
    Plan plan = token_plan(s, RepairKind::MissingPly, RepairOp::Insert, s.t, p, s.t + 1);
    plan.move = x;
    plan.after.play(m);
    s.out.push_back(plan);
  }
}

/// An extra ply: the token itself, or the (legal) token before it, deleted.
void extra_ply(FixSite& s, const Token& token) {
  Move m{};
  MoveList scratch;
  const int t = s.t;
  if (t + 1 >= s.c.end || resolve_token(s.c, s.at, t + 1, s.mirror, scratch, m))
    s.out.push_back(token_plan(s, RepairKind::ExtraPly, RepairOp::Delete, t, s.at, t + 1));
  // Deleting the earlier of two identical tokens gives the same game: offered once.
  const WrittenMove& before = s.c.tokens[std::max(t - 1, 0)].move;
  const bool duplicate = t >= 1 && before.count == token.move.count &&
                         std::equal(before.squares.begin(),
                                    before.squares.begin() + static_cast<std::ptrdiff_t>(before.count),
                                    token.move.squares.begin());
  if (s.has_prev && t >= 1 && !duplicate && resolve_token(s.c, s.prev, t, s.mirror, scratch, m))
    s.out.push_back(token_plan(s, RepairKind::ExtraPly, RepairOp::Delete, t - 1, s.prev, t));
}

/// Tokens `first` and `first + 1` played in the other order from `from`; replay resumes at
/// `resume`.
void swapped_pair(FixSite& s, const Position& from, int first, int resume) {
  Move m{}, m2{};
  MoveList scratch;
  Position p = from;
  if (!resolve_token(s.c, p, first + 1, s.mirror, scratch, m)) return;
  p.play(m);
  if (!resolve_token(s.c, p, first, s.mirror, scratch, m2)) return;
  Plan plan = token_plan(s, RepairKind::SwappedPlies, RepairOp::Swap, first, p, resume);
  plan.move = m;
  plan.after.play(m2);
  s.out.push_back(plan);
}

/// Two consecutive plies in the wrong order: (t, t + 1) or (t - 1, t).
void swapped_plies(FixSite& s) {
  swapped_pair(s, s.at, s.t, s.t + 2);
  if (s.has_prev && s.t >= 1) swapped_pair(s, s.prev, s.t - 1, s.t + 1);
}

}  // namespace

void generate(const Context& c, const Position& at, const Position& prev, bool has_prev, int t,
              bool mirror, std::vector<Plan>& out) {
  FixSite s{c, at, prev, has_prev, t, mirror, {}, out, out.size()};
  rules::generate_moves(at, s.legal);
  const Token& token = c.tokens[t];
  if (token.usable && token.move.count >= 2 && !s.legal.empty()) {
    const WrittenMove w = written(token, mirror);
    ambiguous_routes(s, w);
    square_swap(s, w);
    digit_swaps(s, w);
    digit_edits(s, w);
    capture_forms(s, w);
    mirrored_numbering(s, token);
  }
  missing_ply(s);
  extra_ply(s, token);
  swapped_plies(s);
}

}  // namespace damdb::pdn::repair_detail
