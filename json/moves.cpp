#include "json/moves.hpp"

#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::json {

nlohmann::json legal_moves_json(const rules::Position& pos) {
  using namespace damdb::rules;
  MoveList moves;
  generate_moves(pos, moves);
  sort_moves(moves);
  auto out = nlohmann::json::array();
  for (const Move& m : moves) {
    const Route r = route(pos, m);
    out.push_back({{"move", to_pdn(pos, m, moves)},
                   {"from", m.from_square()},
                   {"to", m.to_square()},
                   {"path", r.path},
                   {"captures", r.captured}});
  }
  return out;
}

}  // namespace damdb::json
