#include "indexer/search/signature.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "indexer/games/game_filter.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/records/signature_builder.hpp"

namespace damdb::indexer {
namespace {

using rules::Bitboard;

/// The piece-count conditions of a pattern, its own ranges and those its squares imply.
struct CountNeeds {
  const Pattern& p;
  int white_men, white_kings, white, black_men, black_kings, black, max_occupied;

  explicit CountNeeds(const Pattern& pattern)
      : p(pattern),
        white_men(rules::count(pattern.must.white_men)),
        white_kings(rules::count(pattern.must.white_kings)),
        white(rules::count(pattern.must.white_men | pattern.must.white_kings |
                           pattern.must.white_any)),
        black_men(rules::count(pattern.must.black_men)),
        black_kings(rules::count(pattern.must.black_kings)),
        black(rules::count(pattern.must.black_men | pattern.must.black_kings |
                           pattern.must.black_any)),
        max_occupied(rules::kSquares - rules::count(pattern.empty)) {}

  bool met(const db::MaterialEntry& e) const {
    const int wm = e.white_men, wk = e.white_kings, bm = e.black_men, bk = e.black_kings;
    return wm >= white_men && wk >= white_kings && wm + wk >= white && bm >= black_men &&
           bk >= black_kings && bm + bk >= black && wm + wk + bm + bk <= max_occupied &&
           p.white_men.contains(wm) && p.white_kings.contains(wk) && p.black_men.contains(bm) &&
           p.black_kings.contains(bk) && p.pieces.contains(wm + wk + bm + bk) &&
           p.balance.contains(wm + wk - bm - bk);
  }
};

}  // namespace

bool squares_possible(const db::GameSignature& sig, const Pattern& p) {
  if (sig.opaque) return true;
  const Bitboard wm = sig.white_men, wk = sig.white_kings, bm = sig.black_men,
                 bk = sig.black_kings;
  const Bitboard w = wm | wk, b = bm | bk;
  if (((p.must.white_men & ~wm) | (p.must.white_kings & ~wk) | (p.must.white_any & ~w) |
       (p.must.black_men & ~bm) | (p.must.black_kings & ~bk) | (p.must.black_any & ~b) |
       (p.empty & ~sig.ever_empty)) != 0)
    return false;
  for (const AnyOfGroup& g : p.any_of) {
    const PieceSet& s = g.pieces;
    const Bitboard ever = (s.white_men & wm) | (s.white_kings & wk) | (s.white_any & w) |
                          (s.black_men & bm) | (s.black_kings & bk) | (s.black_any & b);
    if (rules::count(ever) < g.at_least) return false;
  }
  return true;
}

namespace {

bool has_square_conditions(const Pattern& p) {
  return !p.must.empty() || p.empty != 0 || !p.must_not.empty() || !p.any_of.empty();
}

}  // namespace

bool counts_narrow(const Pattern& p) {
  return !has_square_conditions(p) || !p.white_men.unbounded() || !p.white_kings.unbounded() ||
         !p.black_men.unbounded() || !p.black_kings.unbounded() || !p.pieces.unbounded() ||
         !p.balance.unbounded();
}

std::uint32_t date_number(const db::GameRecord& game) { return date_number(game_date(game)); }

std::uint32_t date_number(const db::GameHeader& game) { return date_number(game_date(game)); }

namespace {

/// Where the mask of each kind of piece (white men, white kings, black men, black kings) on
/// each board bit is in db::GameSignature::segments.
struct MaskIndex {
  std::array<Bitboard, 4> unions;
  std::array<std::size_t, 4> offset{};
  explicit MaskIndex(const db::GameSignature& sig)
      : unions{sig.white_men, sig.white_kings, sig.black_men, sig.black_kings} {
    for (int k = 1; k < 4; ++k) offset[k] = offset[k - 1] + rules::count(unions[k - 1]);
  }
  bool has(int kind, int bit) const { return (unions[kind] >> bit & 1) != 0; }
  /// Precondition: has(kind, bit).
  std::size_t at(int kind, int bit) const {
    const Bitboard below = (Bitboard{1} << bit) - 1;
    return offset[kind] + static_cast<std::size_t>(rules::count(unions[kind] & below));
  }
};

/// The kinds of piece (MaskIndex order) each square set of a PieceSet stands for.
struct KindsOf {
  Bitboard squares;
  int kind_a, kind_b;  // kind_b -1: one kind only
};
std::array<KindsOf, 6> kinds_of(const PieceSet& s) {
  return {KindsOf{s.white_men, 0, -1}, KindsOf{s.white_kings, 1, -1}, KindsOf{s.white_any, 0, 1},
          KindsOf{s.black_men, 2, -1}, KindsOf{s.black_kings, 3, -1}, KindsOf{s.black_any, 2, 3}};
}

/// The segments in which every piece of `must` stood on its square at some ply: the AND of
/// their masks (every segment when `must` is empty). Exact: at a hit every piece stands, so
/// the hit's segment is in each mask.
std::uint32_t common_segments(const db::GameSignature& sig, const PieceSet& must) {
  const MaskIndex index(sig);
  // The mask of kind k on `bit` (0 when that kind never stood there).
  auto mask = [&](int k, int bit) -> std::uint32_t {
    return index.has(k, bit) ? sig.segments[index.at(k, bit)] : 0;
  };
  std::uint32_t common = (1u << db::kSignatureSegments) - 1;
  auto narrow = [&](int kind_a, int kind_b, Bitboard b) {
    for (; b != 0 && common != 0; b &= b - 1) {
      const int bit = rules::lowest_bit(b);
      common &= mask(kind_a, bit) | (kind_b >= 0 ? mask(kind_b, bit) : 0);
    }
  };
  for (const KindsOf& k : kinds_of(must)) narrow(k.kind_a, k.kind_b, k.squares);
  return common;
}

/// The plies of the segments in `mask` that overlap [lo, hi], as one range from the first such
/// segment's start to the last one's end, clipped to [lo, hi] (empty when none).
IntRange segment_plies(std::uint32_t mask, int per, int lo, int hi) {
  const int first_segment = lo / per, last_segment = hi / per;
  for (int s = 0; s < static_cast<int>(db::kSignatureSegments); ++s)
    if (s < first_segment || s > last_segment) mask &= ~(1u << s);
  if (mask == 0) return IntRange{1, 0};
  const int first = std::countr_zero(mask), last = 31 - std::countl_zero(mask);
  return IntRange{std::max(lo, first * per), std::min(hi, (last + 1) * per - 1)};
}

}  // namespace

db::GameSignature signature_of(const db::GameRecord& game) {
  const auto plies = static_cast<std::uint32_t>(game.moves.size());
  db::GameSignature sig;
  try {
    SignatureBuilder builder(plies);
    replay_positions(game, [&](int ply, const rules::Position& pos) {
      builder.add(ply, pos);
      return true;
    });
    sig = builder.finish();
  } catch (const GameDecodeError&) {
    sig = db::GameSignature{};
    sig.plies = plies;
    sig.opaque = true;
  }
  sig.date = date_number(game);
  return sig;
}

IntRange segment_window(const db::GameSignature& sig, const IntRange& plies,
                        std::uint32_t segments) {
  const int lo = std::max(plies.lo, 0);
  const int hi = static_cast<int>(std::min<std::int64_t>(plies.hi, sig.plies));
  if (sig.opaque || lo > hi) return IntRange{lo, hi};
  // Every hit (and its held plies) lies in segments where all the required pieces stood.
  return segment_plies(segments, static_cast<int>(sig.span_plies()), lo, hi);
}

SignatureVerdict test_counts(const db::GameSignature& sig, const Pattern& pattern,
                             const IntRange& plies, int hold, std::uint32_t segments) {
  SignatureVerdict v;
  const IntRange window = segment_window(sig, plies, segments);
  const int lo = window.lo, hi = window.hi;
  if (lo > hi) return v;
  if (sig.opaque) {
    v.possible = true;
    v.first = lo;
    v.last = hi;
    return v;
  }
  const CountNeeds needs(pattern);
  v.exact = !has_square_conditions(pattern);
  // Runs of consecutive plies (in the window) where the counts meet the needs.
  int run_start = -1;
  auto close_run = [&](int a, int b) {
    int p = a;
    if (pattern.side != SideToMove::Either) {
      const bool white_at_a = ((a & 1) == 0) != sig.black_first;
      if (white_at_a != (pattern.side == SideToMove::White)) ++p;
    }
    if (p + hold - 1 > b) return;
    if (!v.possible) {
      v.possible = true;
      v.first = p;
      v.hit.ply = p;
      v.hit.held = b - p + 1;
    }
    v.last = b;
  };
  if (sig.material.empty()) close_run(lo, hi);  // counts not read: every ply may hold
  for (std::size_t i = 0; i < sig.material.size(); ++i) {
    const int from = static_cast<int>(sig.material[i].ply);
    const int to = i + 1 < sig.material.size() ? static_cast<int>(sig.material[i + 1].ply) - 1
                                               : static_cast<int>(sig.plies);
    const int a = std::max(from, lo), b = std::min(to, hi);
    if (a > b) continue;
    if (needs.met(sig.material[i])) {
      if (run_start < 0) run_start = a;
    } else if (run_start >= 0) {
      close_run(run_start, a - 1);
      run_start = -1;
    }
    if (b == hi && run_start >= 0) {
      close_run(run_start, b);
      run_start = -1;
    }
  }
  if (!v.exact) v.hit = PatternHit{};
  return v;
}

SignatureVerdict test_signature(const db::GameSignature& sig, const Pattern& pattern,
                                const IntRange& plies, int hold) {
  if (!sig.opaque && !squares_possible(sig, pattern)) return SignatureVerdict{};
  return test_counts(sig, pattern, plies, hold,
                     sig.opaque ? kEverySegment : common_segments(sig, pattern.must));
}

}  // namespace damdb::indexer
