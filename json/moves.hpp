// JSON of a position's legal moves (`damdb moves --json`, the API's /api/moves).
#pragma once

#include <nlohmann/json.hpp>

#include "rules/position.hpp"

namespace damdb::json {

/// [{"move" (PDN, with the intermediate squares when two captures share from and to), "from",
/// "to", "path": [squares landed on], "captures": [squares taken]}] for every legal move of
/// `pos` (FMJD rules: maximum capture obligatory), in sort_moves order.
nlohmann::json legal_moves_json(const rules::Position& pos);

}  // namespace damdb::json
