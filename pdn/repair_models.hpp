// Internal to the scoresheet repair (repair.hpp): the error models (RepairKind), each turning the
// token at an error into candidate fixes (plans) before any look-ahead.
#pragma once

#include <vector>

#include "pdn/repair_candidate.hpp"
#include "pdn/repair_tokens.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::pdn::repair_detail {

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

/// Generates every candidate fix at token `t` (position `at`; `prev` is the position before
/// token t - 1 when `has_prev`), without look-ahead.
void generate(const Context& c, const Position& at, const Position& prev, bool has_prev, int t,
              bool mirror, std::vector<Plan>& out);

}  // namespace damdb::pdn::repair_detail
