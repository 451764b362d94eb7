// Scoresheet repair (see repair.hpp).
#include "pdn/repair.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <span>

#include "pdn/enum_names.hpp"
#include "pdn/result.hpp"
#include "pdn/written_move.hpp"
#include "rules/mirror.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::pdn {
namespace {

using rules::Color;
using rules::Move;
using rules::MoveList;
using rules::Position;
using rules::Square;

constexpr int kMaxSquares = 24;  // a written move with more squares is not repaired
constexpr int kNoToken = -1;

/// A main-line move token, squares copied out of the Game (no allocation when replaying).
struct Token {
  WrittenMove move;     // the squares as written (none when not usable)
  bool usable = false;  // false: coordinates, or too many squares
  int segment = 0;      // incremented at every /FEN/ setup of the main line
};

/// Squares of a token as they are replayed (mirrored when a MirrorRest fix is in force).
WrittenMove written(const Token& t, bool mirror) { return mirror ? mirrored(t.move) : t.move; }

/// Everything the search needs about one game.
struct Context {
  std::vector<Token> tokens;
  int end = 0;                      // one past the last token of the error's segment
  bool ends_game = false;           // `end` is the end of the main line (no setup follows)
  Outcome recorded = Outcome::Unknown;
  const RepairOptions* options = nullptr;
};

/// The tokens [i, end) for replayable_plies; it stops at an unusable token.
auto next_token(const Context& c, int i, bool mirror) {
  return [&c, i, mirror](WrittenMove& w) mutable {
    if (i >= c.end || !c.tokens[i].usable) return false;
    w = written(c.tokens[i++], mirror);
    return true;
  };
}

/// Resolves token `i` in `pos` like the replay validator does (an ambiguous capture takes the
/// route after which the next recorded plies replay longest). Returns false when illegal.
bool resolve_token(const Context& c, const Position& pos, int i, bool mirror, MoveList& legal,
                   Move& out) {
  if (i >= c.end || !c.tokens[i].usable) return false;
  const WrittenMove w = written(c.tokens[i], mirror);
  if (!w.on_board()) return false;
  rules::generate_moves(pos, legal);
  const rules::Resolution r = rules::resolve(pos, legal, w.span(), w.separator);
  if (r.status == rules::ResolveStatus::Ok) {
    out = r.move;
    return true;
  }
  if (r.status != rules::ResolveStatus::Ambiguous) return false;
  const RouteChoice choice =
      longest_replaying(pos, r.candidates, c.options->ambiguity_plies,
                        [&] { return next_token(c, i + 1, mirror); });
  out = r.candidates[choice.index];
  return true;
}

/// A candidate during the search: how the tokens change, and what the look-ahead found.
struct Plan {
  RepairKind kind = RepairKind::Truncation;
  RepairOp op = RepairOp::Replace;
  int token = 0;   // first changed token
  Move move{};     // Replace/MirrorRest/Insert
  Position after;  // position after the fixed region
  int resume = 0;  // first token replayed after the fixed region
  bool mirror = false;
  // Look-ahead.
  int reach = 0;        // first token not accounted for (== end when everything replays)
  int plies_after = 0;  // tokens replayed directly after the fixed region
  int fixes = 0;        // later repairs used to get `reach`
  int agreement = 0;
  Position stop;        // position where the direct look-ahead stopped
  Position stop_prev;   // position before the last token replayed (valid if plies_after > 0)
};

int agreement_of(const Context& c, const Position& final_position) {
  if (!c.ends_game || rules::count_moves(final_position) != 0) return 0;
  if (c.recorded == Outcome::Unknown || c.recorded == Outcome::Unfinished) return 0;
  const Outcome expected =
      final_position.side_to_move() == Color::White ? Outcome::BlackWin : Outcome::WhiteWin;
  return c.recorded == expected ? 1 : -1;
}

/// Replays the tokens after the plan's fixed region and fills its look-ahead fields.
void run(const Context& c, Plan& p) {
  Position pos = p.after, prev = p.after;
  MoveList legal;
  int i = p.resume;
  Move m{};
  while (i < c.end && resolve_token(c, pos, i, p.mirror, legal, m)) {
    prev = pos;
    pos.play(m);
    ++i;
  }
  p.plies_after = i - p.resume;
  p.reach = i;
  p.stop = pos;
  p.stop_prev = prev;
  p.fixes = 0;
  p.agreement = i == c.end ? agreement_of(c, pos) : 0;
}

bool better(const Plan& a, const Plan& b) {
  if (a.reach != b.reach) return a.reach > b.reach;
  if (a.fixes != b.fixes) return a.fixes < b.fixes;
  const int ca = edit_cost(a.kind), cb = edit_cost(b.kind);
  if (ca != cb) return ca < cb;
  if (a.agreement != b.agreement) return a.agreement > b.agreement;
  return a.kind < b.kind;
}

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

/// Generates every candidate fix at token `t` (position `at`; `prev` is the position before
/// token t - 1 when `has_prev`), without look-ahead.
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

/// Generates and scores the candidates at token `t`; `depth` later errors may still be repaired.
/// Returns the plans sorted best first.
void search(const Context& c, const Position& at, const Position& prev, bool has_prev, int t,
            bool mirror, int depth, std::vector<Plan>& plans) {
  plans.clear();
  generate(c, at, prev, has_prev, t, mirror, plans);
  for (Plan& p : plans) run(c, p);
  std::stable_sort(plans.begin(), plans.end(), better);
  if (plans.empty() || plans.front().reach >= c.end || depth <= 0) return;
  // No candidate explains the rest: repair the next error of the most promising ones.
  std::vector<Plan> sub;
  const int n = std::min<int>(static_cast<int>(plans.size()), c.options->recurse_best);
  for (int k = 0; k < n; ++k) {
    Plan& p = plans[k];
    if (p.reach >= c.end) continue;
    search(c, p.stop, p.stop_prev, p.plies_after > 0, p.reach, p.mirror, depth - 1, sub);
    if (!sub.empty() && sub.front().reach > p.reach) {
      p.reach = sub.front().reach;
      p.fixes = 1 + sub.front().fixes;
      p.agreement = sub.front().agreement;
    }
  }
  std::stable_sort(plans.begin(), plans.end(), better);
}

std::string format_confidence(double confidence) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.2f", confidence);
  return buffer;
}

TextRange append_text(Game& g, std::string_view text) {
  TextRange r{static_cast<std::uint32_t>(g.text.size()), static_cast<std::uint32_t>(text.size())};
  g.text += text;
  return r;
}

/// A move element holding `squares` (written with `sep`), placed at `at` in the source.
Element make_move(Game& g, std::span<const Square> squares, bool capture, TextPos at,
                  std::string_view strength = {}) {
  std::string text;
  for (std::size_t i = 0; i < squares.size(); ++i) {
    if (i) text += capture ? 'x' : '-';
    text += std::to_string(squares[i]);
  }
  Element e;
  e.kind = ElementKind::Move;
  e.separator = capture ? Separator::Cross : Separator::Dash;
  e.square_count = static_cast<std::uint8_t>(squares.size());
  e.value = static_cast<std::uint32_t>(g.squares.size());
  for (Square sq : squares) g.squares.push_back(static_cast<std::uint8_t>(sq));
  text += strength;
  e.text = append_text(g, text);
  e.set_strength_size(static_cast<std::uint32_t>(strength.size()));
  e.offset = at.offset;
  return e;
}

/// A move element for a legal move in PDN 3.0 notation (full route when start-end is shared).
Element move_element(Game& g, const Position& pos, const Move& m, TextPos at,
                     std::string_view strength = {}) {
  const std::string text = rules::to_pdn(pos, m);
  std::vector<Square> squares;
  rules::Separator sep;
  rules::parse_move_text(text, squares, sep);
  return make_move(g, squares, m.is_capture(), at, strength);
}

Element comment_element(Game& g, std::string_view text, TextPos at) {
  Element e;
  e.kind = ElementKind::Comment;
  e.text = append_text(g, text);
  e.offset = at.offset;
  return e;
}

std::string token_text(const Game& g, const RepairProposal& p, int token) {
  return std::string(g.text_of(g.moves[p.elements[token]]));
}

/// The first error of `replay` that makes the game invalid, or nullptr.
const ReplayIssue* first_error(const Replay& replay) {
  for (const ReplayIssue& e : replay.errors)
    if (is_error(e.kind)) return &e;
  return nullptr;
}

/// Fills c.tokens with the main line's move tokens (and `elements` with their element indexes);
/// returns the index of the token at the error, or kNoToken.
int read_tokens(const Game& game, const ReplayIssue& error, Context& c,
                std::vector<std::uint32_t>& elements) {
  int segment = 0;
  int error_token = kNoToken;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Element& e = game.moves[i];
    if (e.kind == ElementKind::Setup) ++segment;
    if (e.kind != ElementKind::Move) continue;
    Token t;
    t.segment = segment;
    t.usable = !e.alphanumeric() && game.squares_of(e).size() <= kMaxSquares;
    if (t.usable) t.move = written_move(game, e);
    t.move.separator = rules_separator(e.separator);
    if (e.offset == error.pos.offset && error_token == kNoToken)
      error_token = static_cast<int>(c.tokens.size());
    elements.push_back(static_cast<std::uint32_t>(i));
    c.tokens.push_back(t);
  }
  return error_token;
}

/// Sets c.end to the end of the error's segment, and what the game's result says.
void bound_segment(const Game& game, int error_token, Context& c) {
  c.end = error_token;
  while (c.end < static_cast<int>(c.tokens.size()) &&
         c.tokens[c.end].segment == c.tokens[error_token].segment)
    ++c.end;
  c.ends_game = c.end == static_cast<int>(c.tokens.size());
  c.recorded = recorded_result(game).said();
}

/// The text before and after the fix of `p` (PDN notation of the moves played in `out.at`).
void describe_fix(const Game& game, const RepairProposal& out, const Plan& p,
                  const MoveList& legal, RepairCandidate& cand) {
  const std::string here = token_text(game, out, out.error_token);
  switch (p.op) {
    case RepairOp::Replace:
    case RepairOp::MirrorRest:
      cand.original = here;
      cand.applied = rules::to_pdn(out.at, p.move, legal);
      break;
    case RepairOp::Insert:
      cand.original = here;
      cand.applied = rules::to_pdn(out.at, p.move, legal) + " " + here;
      break;
    case RepairOp::Delete:
      cand.original = token_text(game, out, p.token);
      break;
    case RepairOp::Swap:
      cand.original = token_text(game, out, p.token) + " " + token_text(game, out, p.token + 1);
      cand.applied = token_text(game, out, p.token + 1) + " " + token_text(game, out, p.token);
      break;
  }
}

/// The best `plans` (sorted best first) as out.candidates, with their confidence (see
/// repair.hpp).
void rank_candidates(const Game& game, const Context& c, const std::vector<Plan>& plans,
                     RepairProposal& out) {
  const int error_token = out.error_token;
  std::vector<double> weight(plans.size());
  double total = std::exp(-4.0);
  for (std::size_t k = 0; k < plans.size(); ++k) {
    const Plan& p = plans[k];
    const double unexplained = c.end - p.reach;
    weight[k] = std::exp(-1.0 * unexplained - 2.0 * p.fixes - 1.0 * edit_cost(p.kind) +
                         0.5 * p.agreement);
    total += weight[k];
  }
  double ceiling = 1.0;
  const int keep = std::min<int>(static_cast<int>(plans.size()), c.options->max_candidates);
  MoveList legal;
  rules::generate_moves(out.at, legal);
  for (int k = 0; k < keep; ++k) {
    const Plan& p = plans[k];
    RepairCandidate cand;
    cand.kind = p.kind;
    cand.op = p.op;
    cand.token = p.token;
    cand.ply = out.ply - (error_token - p.token);
    cand.move = p.move;
    cand.reach = p.reach - error_token;
    cand.plies_after = p.plies_after;
    cand.later_fixes = p.fixes;
    cand.result_agreement = p.agreement;
    const double evidence = 1.0 - 0.5 * std::exp(-(p.reach - p.resume) / 3.0);
    cand.confidence = std::min(ceiling, weight[k] / total * evidence);
    ceiling = cand.confidence;
    describe_fix(game, out, p, legal, cand);
    out.candidates.push_back(std::move(cand));
  }
}

}  // namespace

namespace {

constexpr EnumNames<RepairKind, 12> kRepairKindNames{{{
    {RepairKind::AmbiguousRoute, "ambiguous capture route"},
    {RepairKind::SquareSwap, "square swap"},
    {RepairKind::DigitSwap, "digit swap"},
    {RepairKind::DigitEdit, "digit edit"},
    {RepairKind::CaptureEndMove, "capture written as its end"},
    {RepairKind::ShorterCapture, "shorter capture"},
    {RepairKind::MirroredMove, "mirrored move"},
    {RepairKind::MirroredGame, "mirrored game"},
    {RepairKind::MissingPly, "missing ply"},
    {RepairKind::ExtraPly, "extra ply"},
    {RepairKind::SwappedPlies, "swapped plies"},
    {RepairKind::Truncation, "truncation"},
}}};
static_assert(kRepairKindNames.covers(RepairKind::Truncation));

/// Edit cost of each RepairKind, in the order of the enum (see repair.hpp).
constexpr std::array<int, 12> kEditCost = {0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 100};

constexpr EnumNames<CleanOutcome, 3> kCleanOutcomeNames{{{
    {CleanOutcome::Unchanged, "unchanged"},
    {CleanOutcome::Repaired, "repaired"},
    {CleanOutcome::Truncated, "truncated"},
}}};
static_assert(kCleanOutcomeNames.covers(CleanOutcome::Truncated));

}  // namespace

std::string_view to_string(RepairKind kind) { return kRepairKindNames(kind, "truncation"); }

int edit_cost(RepairKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < kEditCost.size() ? kEditCost[i] : 100;
}

std::string_view to_string(CleanOutcome outcome) {
  return kCleanOutcomeNames(outcome, "unchanged");
}

RepairProposal propose_repair(const Game& game, const Replay& replay,
                              const RepairOptions& options) {
  RepairProposal out;
  const ReplayIssue* error = first_error(replay);
  if (!error) return out;
  out.error = error->kind;
  out.ply = error->ply;
  out.pos = error->pos;
  out.token = error->token;
  out.message = error->message;
  // An unreadable token, a bad FEN or a cut game: not a move to repair.
  if (!is_move_error(error->kind)) return out;
  Context c;
  c.options = &options;
  const int error_token = read_tokens(game, *error, c, out.elements);
  if (error_token == kNoToken) return out;
  bound_segment(game, error_token, c);
  out.repairable = true;
  out.error_token = error_token;
  out.segment_end = c.end;
  out.tokens_after = c.end - error_token;
  out.at = replay.final_position;
  // The position before the previous ply, when that ply is in the same segment.
  Position prev;
  bool has_prev = false;
  if (error->ply >= 2 && static_cast<int>(replay.plies_played.size()) >= error->ply - 1 &&
      error_token >= 1 && c.tokens[error_token - 1].segment == c.tokens[error_token].segment) {
    prev = replay.plies_played[error->ply - 2].before;
    has_prev = true;
  }
  std::vector<Plan> plans;
  plans.reserve(128);
  search(c, out.at, prev, has_prev, error_token, false, options.max_depth, plans);
  rank_candidates(game, c, plans, out);
  return out;
}

Game apply_repair(const Game& game, const RepairProposal& proposal,
                  const RepairCandidate& candidate) {
  Game g = game;
  const std::uint32_t here = proposal.elements[proposal.error_token];
  const TextPos at = game.pos_of(game.moves[here]);
  std::string note = "damdb: ";
  if (candidate.op == RepairOp::Delete)
    note += candidate.original + " deleted";
  else
    note += candidate.applied + " was " + candidate.original;
  note += ", ";
  note += to_string(candidate.kind);
  if (candidate.op == RepairOp::MirrorRest) note += " (every later move mirrored)";
  note += ", confidence " + format_confidence(candidate.confidence);

  switch (candidate.op) {
    case RepairOp::Replace:
    case RepairOp::MirrorRest: {
      const Element& old = game.moves[here];
      g.moves[here] = move_element(g, proposal.at, candidate.move, at, game.text_of(old.strength()));
      if (candidate.op == RepairOp::MirrorRest) {
        for (int k = proposal.error_token + 1; k < proposal.segment_end; ++k) {
          const Element& e = game.moves[proposal.elements[k]];
          if (e.alphanumeric()) continue;
          std::array<Square, 256> squares{};
          const auto written = game.squares_of(e);
          for (std::size_t i = 0; i < written.size(); ++i)
            squares[i] = rules::mirrored_square(written[i]);
          g.moves[proposal.elements[k]] =
              make_move(g, std::span<const Square>(squares.data(), written.size()),
                        e.separator == Separator::Cross || e.separator == Separator::Colon, game.pos_of(e),
                        game.text_of(e.strength()));
        }
      }
      g.moves.insert(g.moves.begin() + here + 1, comment_element(g, note, at));
      break;
    }
    case RepairOp::Insert: {
      // Before the move numbers that precede the token, so that "13." stays with White's move.
      std::uint32_t where = here;
      while (where > 0 && g.moves[where - 1].kind == ElementKind::MoveNumber) --where;
      const Element inserted = move_element(g, proposal.at, candidate.move, at);
      const Element comment = comment_element(g, note, at);
      g.moves.insert(g.moves.begin() + where, {inserted, comment});
      break;
    }
    case RepairOp::Delete: {
      const std::uint32_t gone = proposal.elements[candidate.token];
      g.moves[gone] = comment_element(g, note, game.pos_of(game.moves[gone]));
      break;
    }
    case RepairOp::Swap: {
      const std::uint32_t a = proposal.elements[candidate.token];
      const std::uint32_t b = proposal.elements[candidate.token + 1];
      std::swap(g.moves[a], g.moves[b]);
      g.moves.insert(g.moves.begin() + b + 1, comment_element(g, note, game.pos_of(game.moves[b])));
      break;
    }
  }
  return g;
}

Game truncate_game(const Game& game, const RepairProposal& proposal, std::string_view why) {
  Game g = game;
  const std::uint32_t here = proposal.elements[proposal.error_token];
  const Element* terminator = game.result();
  const std::uint32_t begin = game.moves[here].offset;
  const std::uint32_t end = terminator ? terminator->offset
                                       : static_cast<std::uint32_t>(game.text.size());
  std::string rest;
  bool space = false;
  for (std::uint32_t i = begin; i < end && i < game.text.size(); ++i) {
    char ch = game.text[i];
    if (ch == '{') ch = '(';
    if (ch == '}') ch = ')';
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      space = !rest.empty();
      continue;
    }
    if (space) rest += ' ';
    space = false;
    rest += ch;
  }
  std::string note = "damdb: not repaired (";
  note += why;
  note += "); unreplayable rest: ";
  note += rest;
  g.moves.resize(here);
  g.moves.push_back(comment_element(g, note, game.pos_of(game.moves[here])));
  if (terminator) g.moves.push_back(*terminator);
  return g;
}

Game annotate_game(const Game& game, std::string_view note) {
  Game g = game;
  std::string text(note);
  for (char& ch : text) {
    if (ch == '{') ch = '(';
    if (ch == '}') ch = ')';
  }
  const Element comment = comment_element(g, text, g.moves.empty() ? TextPos{} : g.pos_of(g.moves.back()));
  auto where = g.moves.end();
  if (!g.moves.empty() && g.moves.back().kind == ElementKind::Result) --where;
  g.moves.insert(where, comment);
  return g;
}

namespace {

/// Ends the cleaning of a game whose first error is not a move error: the game as read (or as
/// repaired so far) with a note naming the error; a non-standard terminator ("4-6") would not
/// end the game when read back, so it is kept in the note and written as '*'.
void leave_unrepaired(CleanResult& out, RepairProposal proposal) {
  out.has_unrepaired = true;
  out.unrepaired_reason = "not a move error";
  std::string note = "damdb: not repaired: " + std::string(to_string(proposal.error));
  if (proposal.pos.line)
    note += " at " + std::to_string(proposal.pos.line) + ":" + std::to_string(proposal.pos.column);
  note += ": " + proposal.message;
  if (!proposal.token.empty()) note += ": '" + proposal.token + "'";
  const Element* terminator = out.game.result();
  const std::string result_text = terminator ? std::string(out.game.text_of(*terminator)) : "";
  const bool odd_result = terminator && outcome_of(result_text) == Outcome::Unknown &&
                          result_text.find('*') == std::string::npos;
  if (odd_result) note += "; result written as '" + result_text + "'";
  out.game = annotate_game(out.game, note);
  if (odd_result) {
    Element star = out.game.moves.back();
    star.text = append_text(out.game, "*");
    star.set_outcome(Outcome::Unknown);
    out.game.moves.back() = star;
  }
  out.unrepaired = std::move(proposal);
  if (!out.fixes.empty()) out.outcome = CleanOutcome::Repaired;
}

/// Applies the first candidate of `proposal` (confident enough, and after which the error is
/// gone or later) to out.game and its replay `r`. Returns false with `reason` when none fits.
bool apply_best(CleanResult& out, Replay& r, const RepairProposal& proposal, bool last_round,
                const CleanOptions& options, const ReplayOptions& replay_options,
                std::string& reason) {
  reason = last_round ? "too many errors" : "no candidate fix";
  if (last_round) return false;
  for (const RepairCandidate& cand : proposal.candidates) {
    if (cand.confidence < options.min_confidence) {
      const std::string fix = cand.op == RepairOp::Delete ? cand.original + " deleted" : cand.applied;
      reason = "best fix " + fix + " (" + std::string(to_string(cand.kind)) +
               ") has confidence " + format_confidence(cand.confidence);
      return false;
    }
    Game next = apply_repair(out.game, proposal, cand);
    Replay rn = replay(next, replay_options);
    const ReplayIssue* error = first_error(rn);
    const int first_error_ply = error ? error->ply : 0;
    if (rn.status == ReplayStatus::Invalid && first_error_ply <= cand.ply) continue;
    out.fixes.push_back({proposal, cand});
    out.game = std::move(next);
    r = std::move(rn);
    return true;
  }
  return false;
}

}  // namespace

CleanResult clean_game(const Game& game, const CleanOptions& options) {
  return clean_game(Game(game), options);
}

CleanResult clean_game(Game&& game, const CleanOptions& options) {
  CleanResult out;
  ReplayOptions replay_options;
  replay_options.record_plies = true;
  // The positions of every ply (about 100 bytes a ply) only for a game to repair: a valid long
  // game is replayed without them.
  Replay r = replay(game);
  if (r.status == ReplayStatus::Invalid) r = replay(game, replay_options);
  out.game = std::move(game);
  out.as_read.status = r.status;
  out.as_read.plies = r.plies;
  out.as_read.errors = r.errors;
  out.as_read.warnings = r.warnings;
  out.as_read.notes = r.notes;
  if (r.status != ReplayStatus::Invalid) return out;
  for (int round = 0; round <= options.max_fixes; ++round) {
    RepairProposal proposal = propose_repair(out.game, r, options.repair);
    if (!proposal.repairable) {
      leave_unrepaired(out, std::move(proposal));
      return out;  // the game as read (or as repaired so far): nothing to cut at
    }
    std::string reason;
    if (!apply_best(out, r, proposal, round == options.max_fixes, options, replay_options,
                    reason)) {
      out.game = truncate_game(out.game, proposal, reason);
      out.outcome = CleanOutcome::Truncated;
      out.has_unrepaired = true;
      out.unrepaired_reason = reason;
      out.unrepaired = std::move(proposal);
      return out;
    }
    if (r.status != ReplayStatus::Invalid) {
      out.outcome = CleanOutcome::Repaired;
      return out;
    }
  }
  return out;
}

}  // namespace damdb::pdn
