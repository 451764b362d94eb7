#pragma once
// The values of the signature_moves family: what a replay of a stored game needs (its result,
// start position and moves), kept beside its signature without the PDN text, so that a search
// reads its candidates back in one forward pass.
//
// One value per block of kSignatureBlockGames games (key: the block's first game id, 4 bytes
// big-endian; signature_block_first); per game, in id order, a string (varint length, bytes) of:
//   byte     the result (GameResult)
//   string   the start FEN ("" = the initial position)
//   rest     the move codes, one a ply (GameRecord::moves), packed (db/packed_moves.hpp)
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "db/game_result.hpp"

namespace damdb::db {

/// Appends the entry of one game to a block: its result, its start FEN and its move codes
/// (packed here). `scratch` is a buffer the caller keeps from one call to the next (no
/// allocation per game).
void put_moves_entry(std::string& block, GameResult result, std::string_view start_fen,
                     std::string_view codes, std::string& scratch);

/// One entry read back (views into the entry's bytes).
struct MovesEntry {
  GameResult result = GameResult::Unknown;
  std::string_view start_fen;  ///< "" = the initial position
  std::string_view packed;     ///< the move codes packed (get_packed_moves, packed_move_at)
};

/// Decodes one entry (the bytes of one string of a block). Raises Error(Corruption) on a
/// result byte out of range or malformed bytes.
MovesEntry read_moves_entry(std::string_view entry);

/// The block `block` with the results of some of its games set: `results` holds (index in the
/// block, result) pairs, ascending indexes; an index past the block is left out. Raises
/// Error(Corruption) on malformed bytes.
std::string with_moves_results(std::string_view block,
                               std::span<const std::pair<std::size_t, GameResult>> results);

}  // namespace damdb::db
