// Which draughts variant a game is: International draughts (10x10, FMJD, GameType 20) or
// another (8x8 English 21, Italian 22, Russian 25, Czech 29, ...). Source: PDN 3.0 "GameType".
#pragma once

#include "pdn/game.hpp"

#include <string_view>

namespace damdb::pdn {

/// Name of a PDN GameType number ("International draughts", "English draughts", ...), or
/// "unknown variant".
std::string_view game_type_name(int game_type);

/// Fills game.variant. GameType 20 (or its long form) -> International; any other GameType ->
/// not International. Without a GameType, evidence decides: a square above 32 or a first move
/// from squares 31..35 means 10x10; squares never above 32 together with an 8x8 opening move
/// (from 9..12 or 21..24), an 8x8-sized FEN, or alphanumeric squares within a..h / 1..8 mean
/// another variant. With no evidence either way the PDN default (International) is assumed.
void check_variant(Game& game);

/// What the moves of a game (main line and variations) say about the board, gathered by the
/// parser while it reads them (so that check_variant need not walk the moves again).
struct MoveEvidence {
  int max_square = 0;       ///< largest numeric square in any move, 0 if none
  int first_from = 0;       ///< first square of the first main-line move if numeric, else 0
  int alnum_max_file = -1;  ///< largest file (a = 0) in alphanumeric moves, -1 if none
  int alnum_max_rank = 0;   ///< largest rank in alphanumeric moves (capped at 1000)
  bool any_move = false;    ///< the main line holds at least one move
};

/// Adds the squares of an alphanumeric move's text (`a3-b4`, `c3xe5`) to `evidence`.
void add_alphanumeric_evidence(std::string_view move_text, MoveEvidence& evidence);

/// check_variant with the move evidence already gathered (equal to walking game.moves).
void check_variant(Game& game, const MoveEvidence& evidence);

}  // namespace damdb::pdn
