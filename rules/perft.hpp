// perft: counting leaf nodes of the legal-move tree, the standard check of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/position.hpp"

namespace damdb::rules {

/// Number of leaf nodes at `depth` plies below `pos` (depth 0 counts 1), counting each move once
/// in the sense of Move (same start, end and captured set). Counts the last two plies in bulk
/// (count_replies).
/// Published values from the initial position: 9, 81, 658, 4265, 27117, 167140, 1049442,
/// 6483961, 41022423, 258895763 for depths 1..10.
std::uint64_t perft(const Position& pos, int depth);

/// perft split by first move: (move, leaf count) pairs, moves in sort_moves() order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace damdb::rules
