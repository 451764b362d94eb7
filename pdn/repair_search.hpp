// Internal to the scoresheet repair (repair.hpp): the look-ahead that scores each candidate fix
// by replaying the rest of the recorded game after it, and the ranking order (see repair.hpp).
#pragma once

#include <vector>

#include "pdn/repair_models.hpp"
#include "pdn/repair_tokens.hpp"
#include "rules/position.hpp"

namespace damdb::pdn::repair_detail {

/// Generates and scores the candidates at token `t`; `depth` later errors may still be repaired.
/// Returns the plans sorted best first.
void search(const Context& c, const Position& at, const Position& prev, bool has_prev, int t,
            bool mirror, int depth, std::vector<Plan>& plans);

}  // namespace damdb::pdn::repair_detail
