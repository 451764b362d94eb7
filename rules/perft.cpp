#include "rules/perft.hpp"

#include "rules/movegen.hpp"

namespace damdb::rules {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_moves(pos));  // bulk counting
  if (depth == 2) return count_replies(pos);  // bulk counting of the last two plies
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    Position next = pos;
    next.play_unkeyed(m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  MoveList moves;
  generate_moves(pos, moves);
  sort_moves(moves);
  std::vector<std::pair<Move, std::uint64_t>> result;
  result.reserve(moves.size());
  for (const Move& m : moves) {
    Position next = pos;
    next.play(m);
    result.emplace_back(m, depth <= 1 ? 1 : perft(next, depth - 1));
  }
  return result;
}

}  // namespace damdb::rules
