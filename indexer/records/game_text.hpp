// A stored game's PDN text without the moves its move codes already hold: the main-line moves
// and move numbers that replaying the codes writes again byte for byte are stored as one-byte
// marks (db::PdnTextForm::MovesElided), everything else as read. The text of a typical game is
// mostly such tokens; their marks compress to almost nothing.
//
// Marks (a text holding any of these bytes is stored verbatim):
//   0x01  the next main-line ply: start square, 'x' for a capture or '-', end square ("32-28",
//         "19x28"), squares 1..50 in decimal; the ply counter then advances
//   0x02  the number of the next ply's move and a dot ("12."); the counter does not advance
//   0x03  a main-line move written otherwise (kept as read just before): the counter advances
// The counter starts at ply 0 of the stored start position; move numbers count from 1 there
// (White's first ply is move 1, a start with Black to move begins with move 1's black ply).
#pragma once

#include <string>

#include "db/game_record.hpp"
#include "pdn/game.hpp"
#include "pdn/replay.hpp"

namespace damdb::indexer {

/// Stores game.text in `record` with its moves elided (record.text_form = MovesElided) and
/// returns true, when the game's stored moves are its whole main line from its start as
/// replayed (`record.moves` set, none cut, no /FEN/ setup in the movetext) and the text holds
/// no mark byte.
/// Returns false, `record` unchanged, otherwise: the caller stores the text verbatim.
/// `replay`: the game's replay with ReplayOptions::record_plies.
bool store_text_moves_elided(const pdn::Game& game, const pdn::Replay& replay,
                             db::GameRecord& record);

/// The game's original PDN text, byte for byte as read: record.pdn_text expanded by replaying
/// record.moves when its form is MovesElided. Throws GameDecodeError (game_moves.hpp) for a
/// record whose codes do not replay or whose marks name a ply past its codes.
std::string original_text(const db::GameRecord& record);

}  // namespace damdb::indexer
