// Move codes: the compact form in which a game's moves are stored. The code of a legal move is
// its index (0-based) among the legal moves of its position in the canonical order of
// sort_moves() (move.hpp: start square, end square, then the captured squares ascending), so it
// means something only with its position: a game is decoded by replaying it from its start.
// Most codes are below 15 (few positions have more legal moves); a position may have more than
// 255 legal captures, so a code is an int here.
//
// This is the one home of the mapping both ways: pdn's replay encodes the moves it plays, the
// indexer decodes stored games (replays, opening explorer, duplicates, popular positions). db/
// depends on nothing of ours and never decodes a code: it stores them as opaque bytes (one a
// ply in GameRecord::moves, 0..254, and 255 = kGameEnd in PositionStats) and only compares,
// counts and packs them.
#pragma once

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::rules {

/// The code of `m` among `legal`, the legal moves of its position in any order (generate_moves):
/// the number of moves of `legal` that sort before it. `m` must be one of `legal`.
int encode_move_code(const MoveList& legal, const Move& m);

/// The code of `m`, a legal move of `pos`, without a move list when `m` is quiet (a legal quiet
/// move means no capture exists: the quiet moves are counted off the bitboards); a capture's
/// code is counted among the legal moves generated here.
int encode_move_code(const Position& pos, const Move& m);

/// The move of code `code` among `legal`, the legal moves of a position in any order, found
/// without sorting the list; null when `code` is not below legal.size() (a damaged or foreign
/// code, or kGameEnd).
const Move* decode_move_code(const MoveList& legal, int code);

/// The legal move of code `code` in `pos`, written to `move`; false when `code` is not below the
/// number of legal moves. A quiet move (no capture possible) is read off the bitboards without a
/// move list; otherwise the legal moves are generated into `scratch` (a list to reuse; its
/// contents are unspecified afterwards).
bool decode_move_code(const Position& pos, int code, MoveList& scratch, Move& move);

}  // namespace damdb::rules
