// Legal move generation under the FMJD rules (articles 3 and 4).
#pragma once

#include <cstdint>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::rules {

/// Fills `moves` with every legal move of the side to move (FMJD art. 3-4):
/// men step one square diagonally forward and capture forward and backward; kings fly; capture
/// is compulsory and only sequences taking the maximum number of pieces are legal (a king counts
/// as one piece); captured pieces are removed after the sequence (Turkish strike: a piece may not
/// be jumped twice and blocks until removed); a man is crowned only when the move ends on the far
/// row. Capture routes with the same start, end and captured set appear once.
/// Order: unspecified; use sort_moves() for the documented order.
void generate_moves(const Position& pos, MoveList& moves);

/// Fills `captures` with the complete capture sequences of the side to move whatever the number
/// of pieces they take (the majority rule NOT applied), one per (start, end) pair: the one that
/// takes the fewest pieces. Used to explain why a written capture is illegal ("fewer pieces taken
/// than the maximum"). At most 20 x 50 entries (own pieces x end squares); empty when no capture
/// exists.
void generate_all_captures(const Position& pos, MoveList& captures);

/// Sorts moves by start square, then end square, then by the captured squares (ascending):
/// canonical_less (move.hpp), so that every position has one canonical move order (the order
/// of move codes, move_code.hpp).
void sort_moves(MoveList& moves);

/// The quiet move from bit `from` to bit `to` (bitboard.hpp layout) if it is one of the side to
/// move's legal moves: no capture is possible (FMJD art. 4.1) and it is a man's step forward onto
/// an empty square or a king's slide over empty squares. Returns false otherwise (any bit,
/// even off the board, may be given). Lets a replay skip generating the whole move list for the
/// common case.
bool find_legal_quiet_move(const Position& pos, int from, int to, Move& move);

/// True when the side to move has at least one capture (then every legal move is a capture).
bool has_capture(const Position& pos);

/// Number of legal moves, computed without building the list when no capture exists and when
/// every capture takes one piece.
int count_moves(const Position& pos);

/// Sum of count_moves() over the positions after each legal move: the number of leaves two plies
/// below `pos` (perft at depth 2), without building a move list when no capture exists.
std::uint64_t count_replies(const Position& pos);

}  // namespace damdb::rules
