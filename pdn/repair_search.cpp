// The look-ahead and ranking of candidate fixes (see repair_search.hpp).
#include "pdn/repair_search.hpp"

#include <algorithm>

#include "rules/movegen.hpp"

namespace damdb::pdn::repair_detail {
namespace {

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

}  // namespace

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

}  // namespace damdb::pdn::repair_detail
