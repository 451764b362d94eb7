// The novelty of a stored game (`damdb novelty GAME_ID`): the first position of the game that no
// earlier game in the database reached, the games that reached the position before it (its
// predecessors), and how often each move of the line up to it was played and how it scored.
//
// Earlier is by date (the Date tag as the filters read it, GameRank::date, compared by
// pdn::date_order). A position counts as reached when a game reached it by any move order (the index is keyed by the position's
// Zobrist key, so transpositions count) or reached its colour-reversed board (the index stores
// every position as played, White's pieces as White's; the colour-reversed board is looked up as
// a second position: rules::Position::mirrored()). Reads the position index and the stored
// statistics only: no pass over every game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::indexer {

class GameRanks;
class PopularPositions;

struct NoveltyOptions {
  /// Games whose order against the game is unknown (an unknown or partial date, on either side)
  /// count as earlier; the report says so (NoveltyReport::count_undated).
  bool count_undated = false;
  std::size_t predecessors = 10;  ///< predecessor rows listed (their total is always given)
  /// The ranks of db's games (GameRanks::read or read_stored), or nullptr: then each game met in
  /// a position's list has its header read.
  const GameRanks* ranks = nullptr;
  /// The popular positions (PopularPositions::read_stored), or nullptr: the statistics of the
  /// line's first positions, and the newest games of those positions, are then read from it.
  const PopularPositions* popular = nullptr;
};

/// One move of the game up to the novelty, with the explorer's statistics of the position
/// before it (every game in the database, any date; the colour-reversed board included).
struct NoveltyLineMove {
  std::size_t ply = 0;       ///< 1-based: the move from the position after ply - 1 plies
  std::string notation;      ///< PDN notation ("32-28")
  rules::Color side = rules::Color::White;  ///< the side that played it
  std::uint64_t position_games = 0;  ///< games that reached the position before the move
  db::ResultCounts counts;           ///< of which played this move, by result
  /// The side's score in percent over the games with a known result (win 2, draw 1), or
  /// nullopt when none has one.
  std::optional<double> score;
};

/// What novelty() finds.
struct NoveltyReport {
  GameRow game;                 ///< the game (ply, mirrored unused)
  std::size_t plies = 0;        ///< plies of the stored move list
  bool count_undated = false;   ///< NoveltyOptions::count_undated
  /// The number of plies after which the game first stood in a position that no earlier game
  /// reached (0: its start position already); nullopt when every position of the game was
  /// reached before (a game played before, or a copy).
  std::optional<std::size_t> novelty_ply;
  std::string novelty_move;     ///< PDN notation of the move that made it ("" for ply 0 or none)
  /// The last position known from earlier games: after novelty_ply - 1 plies, or after the
  /// whole game when there is no novelty. Meaningless when novelty_ply is 0.
  std::size_t known_ply = 0;
  std::string known_fen;        ///< its FEN ("" when novelty_ply is 0)
  std::uint64_t predecessors_total = 0;  ///< earlier games that reached that position
  /// The newest of them first (by date, then the later import), NoveltyOptions::predecessors
  /// at most; `ply` is where each reached it (another ply than known_ply is a transposition),
  /// `mirrored` when it reached the colour-reversed board.
  std::vector<GameRow> predecessors;
  /// Games that reached the novelty's position (or its colour-reversed board) without counting
  /// as earlier, by how their date stands against the game's: the same day, unknown order (not
  /// counted unless count_undated: such a game may have played it first) and later.
  std::uint64_t same_day = 0, unknown_order = 0, later = 0;
  /// The moves of the game up to and including the novelty's move (the whole game when there is
  /// none), with their statistics.
  std::vector<NoveltyLineMove> line;
};

/// The novelty of stored game `id`. Throws GameLookupError for an unknown id, GameDecodeError for
/// a record that does not replay, db::Error from the database.
NoveltyReport novelty(const db::Database& db, db::GameId id, const NoveltyOptions& options = {});

}  // namespace damdb::indexer
