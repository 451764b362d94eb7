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

}  // namespace damdb::pdn
