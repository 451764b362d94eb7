// A stored game's moves: decoding the one-byte move codes of db::GameRecord::moves back into
// positions and PDN notation by replaying them (rules/move_code.hpp decodes each code).
#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/game_record.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

/// Raised when a stored game cannot be replayed: a bad start FEN or a move code that is not the
/// index of a legal move (a damaged or foreign record). what() names the ply.
struct GameDecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One decoded ply.
struct DecodedPly {
  rules::Position before;  ///< position before the move
  rules::Move move{};
  std::string notation;    ///< PDN 3.0 notation in `before` ("32-28", "19x28")
};

/// The start position of a stored game (rules::Position::initial() when start_fen is empty).
/// Throws GameDecodeError for a start FEN that does not parse.
rules::Position start_position(const db::GameRecord& game);

/// Plays the move coded `code` in `pos` (`scratch`: a move list to reuse), without updating
/// its Zobrist key. Throws GameDecodeError naming ply index `i` when the code is not a legal
/// move's index.
void play_code(rules::Position& pos, rules::MoveList& scratch, std::uint8_t code, std::size_t i);

/// The legal move coded `code` in `pos` (`scratch`: a move list to reuse). Throws
/// GameDecodeError naming ply index `i` when the code is not a legal move's index.
rules::Move move_of_code(const rules::Position& pos, rules::MoveList& scratch, std::uint8_t code,
                         std::size_t i);

/// Replays the move codes: calls visit(ply, position after `ply` plies) for ply 0, 1, ...,
/// game.moves.size() until visit returns false (inlined: for the hot loops). Throws
/// GameDecodeError for a bad record. Positions' Zobrist keys are not kept.
template <class Visit>
void replay_positions(const db::GameRecord& game, Visit&& visit);

/// As replay_positions(), from `pos`, the position after the first `first` plies of `game`:
/// calls visit(ply, position) for ply first, first + 1, ...
template <class Visit>
void replay_positions_from(const db::GameRecord& game, rules::Position pos, std::size_t first,
                           Visit&& visit) {
  rules::MoveList scratch;
  for (std::size_t i = first;; ++i) {
    if (!visit(static_cast<int>(i), static_cast<const rules::Position&>(pos)) ||
        i == game.moves.size())
      return;
    play_code(pos, scratch, game.moves[i], i);
  }
}

template <class Visit>
void replay_positions(const db::GameRecord& game, Visit&& visit) {
  replay_positions_from(game, start_position(game), 0, visit);
}

/// replay_positions() through a std::function.
void for_each_position(const db::GameRecord& game,
                       const std::function<bool(int, const rules::Position&)>& visit);

/// The move coded `code` in `pos` (code = index among the sorted legal moves) with its PDN
/// notation. Throws GameDecodeError when the code is not a legal move's index.
DecodedPly decode_move(const rules::Position& pos, std::uint8_t code);

/// Replays the first `max_plies` plies of the game's move codes (all when larger than the game).
/// Throws GameDecodeError for a code that is not a legal move's index.
std::vector<DecodedPly> decode_moves(const db::GameRecord& game,
                                     std::size_t max_plies = static_cast<std::size_t>(-1));

/// The position after `ply` plies (0 = start; at most game.moves.size()).
/// Throws GameDecodeError for a bad record, std::out_of_range when ply exceeds the game.
rules::Position position_at(const db::GameRecord& game, std::size_t ply);

/// The moves as numbered PDN movetext: "1. 32-28 18-23 2. 33-29 ..."; a game starting with
/// Black to move begins "1... ". Move numbers start at 1. No result is appended.
std::string numbered_movetext(const std::vector<DecodedPly>& plies);

/// Ply `i` (0-based) with its move number as in numbered_movetext: "12. 33-28" for a white
/// move, "12... 18-23" for a black one. Precondition: i < plies.size().
std::string numbered_ply(const std::vector<DecodedPly>& plies, std::size_t i);

}  // namespace damdb::indexer
