#include "rules/zobrist.hpp"

#include "rules/zobrist_key.hpp"

namespace damdb::rules::zobrist {

std::uint64_t compute(const Position& pos) {
  return main_key(pos.white(), pos.black(), pos.kings(), pos.side_to_move() == Color::Black);
}

std::uint32_t compute_check(const Position& pos) {
  return check_key(pos.white(), pos.black(), pos.kings(), pos.side_to_move() == Color::Black);
}

}  // namespace damdb::rules::zobrist
