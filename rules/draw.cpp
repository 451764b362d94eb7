#include "rules/draw.hpp"

#include <algorithm>

namespace damdb::rules {
namespace {

/// Plies after which an endgame of this material is drawn (FMJD art. 6.4 and 6.5), or 0.
/// Returns also a signature so that a change of material restarts the count.
int endgame_limit(const Position& pos, int& signature) {
  const Bitboard w = pos.white(), b = pos.black(), k = pos.kings();
  // Both articles need a lone king against at most 3 pieces: with more than 4 pieces on the
  // board no count runs, whatever the material (one signature for all of it).
  if (count(w | b) > 4) {
    signature = -2;
    return 0;
  }
  const int wk = count(w & k), wm = count(w & ~k), bk = count(b & k), bm = count(b & ~k);
  signature = ((wk * 32 + wm) * 32 + bk) * 32 + bm;
  auto limit = [](int kings, int men, int other_kings, int other_men) {
    if (other_kings != 1 || other_men != 0 || kings < 1) return 0;
    const int pieces = kings + men;
    if (pieces == 3) return 32;                 // art. 6.4: 3 kings, 2 kings + man, king + 2 men
    if (pieces == 2 || pieces == 1) return 10;  // art. 6.5: 2 kings, king + man, king vs king
    return 0;
  };
  return std::max(limit(wk, wm, bk, bm), limit(bk, bm, wk, wm));
}

}  // namespace

const char* to_string(DrawReason r) {
  switch (r) {
    case DrawReason::None:
      return "none";
    case DrawReason::ThreefoldRepetition:
      return "threefold repetition (FMJD 6.2)";
    case DrawReason::TwentyFiveMoves:
      return "25 king moves without capture (FMJD 6.3)";
    case DrawReason::SixteenMoves:
      return "16-move endgame rule (FMJD 6.4)";
    case DrawReason::FiveMoves:
      return "5-move endgame rule (FMJD 6.5)";
  }
  return "none";
}

DrawTracker::DrawTracker(const Position& start) {
  seen_[0] = Seen::of(start);
  seen_count_ = 1;
  endgame_limit_ = endgame_limit(start, material_);
}

int DrawTracker::repetitions(const Seen& p) const {
  // seen_ alternates the sides to move: only every second position, from the last, can be the
  // same position.
  int n = 0;
  for (int i = seen_count_ - 1; i >= 0 && n < 3; i -= 2) n += seen_[static_cast<std::size_t>(i)] == p;
  return n;
}

void DrawTracker::count_endgame(const Position& after) {
  // With more than 4 pieces no count runs: nothing changes once that is known.
  if (material_ == -2 && count(after.white() | after.black()) > 4) return;
  int signature = 0;
  const int limit = endgame_limit(after, signature);
  if (signature != material_ || limit != endgame_limit_) {
    endgame_plies_ = 0;
    material_ = signature;
    endgame_limit_ = limit;
  } else if (endgame_limit_ > 0) {
    ++endgame_plies_;
  }
}

void DrawTracker::push_any(const Position& before, const Move& m, const Position& after) {
  if (reason_ != DrawReason::None) return;  // the first rule reached is the one reported
  const bool king_move = (before.kings() >> m.from) & 1;
  const bool irreversible = !king_move || m.is_capture();
  if (irreversible) {
    seen_count_ = 0;
    king_only_plies_ = 0;
  } else {
    ++king_only_plies_;
  }
  // Never full: the 25-move rule below ends the game at 50 king plies (51 positions).
  if (seen_count_ == kMaxSeen) return;
  const Seen now = Seen::of(after);
  seen_[static_cast<std::size_t>(seen_count_++)] = now;
  count_endgame(after);

  // A position seen three times needs at least 8 plies since the last irreversible move.
  if (seen_count_ >= 9 && repetitions(now) >= 3)
    reason_ = DrawReason::ThreefoldRepetition;
  else if (king_only_plies_ >= 50)
    reason_ = DrawReason::TwentyFiveMoves;
  else if (endgame_limit_ > 0 && endgame_plies_ >= endgame_limit_)
    reason_ = endgame_limit_ == 32 ? DrawReason::SixteenMoves : DrawReason::FiveMoves;
}

}  // namespace damdb::rules
