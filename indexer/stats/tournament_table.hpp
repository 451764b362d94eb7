// The table of one event from its games: per player games, wins, draws, losses, points (FMJD
// scoring: win 2, draw 1, loss 0), place with its tie-breaks, and the crosstable (player
// against player, or round by round when every game names its round); a match of two players
// gets its running score. What makes a table doubtful is listed beside it, not hidden: games
// without a result, results the final position contradicts, pairs that met more often than the
// others, rounds in which a player has no game.
//
// Places: by points, then by the number of wins, then by the Sonneborn-Berger score (the sum,
// over the player's games, of the points the player scored in the game times the opponent's
// total points); players equal on all three share a place ("3-4"). Resistance points
// ("weerstandspunten", the sum of the opponents' total points over the player's games) are shown
// beside them and not used to place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "db/game_id.hpp"
#include "db/game_record.hpp"
#include "db/result_counts.hpp"
#include "indexer/text/stored_result.hpp"

namespace damdb::indexer {

/// One game of the event, its players as indexes into the table's players.
struct TableGame {
  db::GameId id;
  std::size_t white = 0, black = 0;
  db::GameResult result = db::GameResult::Unknown;
  std::string round;                 ///< the Round tag as stored ("" when none)
  std::string date;                  ///< the normalised date ("" when unknown)
  bool result_contradicted = false;  ///< the final position has no move, the result says otherwise
  bool result_mismatch = false;  ///< the Result tag and the movetext's result disagree
};

/// One player of the event: the name shown and the spellings of the games merged into it.
struct TablePlayer {
  std::string name;
  std::vector<std::string> spellings;  ///< every spelling written in the event's games
};

/// A player's line of the table.
struct Standing {
  std::size_t player = 0;
  /// The player's wins, draws and losses; results.unknown = games without a result (no
  /// points, not in games()).
  db::SideResults results;
  std::uint64_t sonneborn_berger = 0;   ///< see the top of this file
  std::uint64_t resistance = 0;         ///< the opponents' points, summed over the games
  std::uint32_t place = 0, place_to = 0;  ///< 1-based; place_to > place when shared

  /// The games with a result (the table's games column): wins + draws + losses.
  std::uint64_t games() const { return results.decided(); }
  /// 2 per win, 1 per draw (result_points).
  std::uint64_t points() const { return result_points(results); }
};

/// One game in a cell of the crosstable, seen from the row's player.
struct CellGame {
  db::GameId id;
  int points = -1;     ///< 2, 1 or 0 for the row's player; -1 without a result
  bool white = false;  ///< the row's player had White
  std::string round;
};

/// A pair that met more often than most pairs of the event did.
struct RepeatedPair {
  std::size_t a = 0, b = 0;
  std::vector<db::GameId> games;
};

/// A round in which a player of the event has no game (a bye, or a game missing).
struct MissingGame {
  std::string round;
  std::size_t player = 0;
};

/// One game of a match with the score after it (points of players[0] and players[1]).
struct MatchStep {
  db::GameId id;
  std::string round;
  std::size_t white = 0;
  db::GameResult result = db::GameResult::Unknown;
  std::uint32_t score_first = 0, score_second = 0;
};

struct TournamentTable {
  std::vector<TablePlayer> players;
  std::vector<Standing> standings;  ///< by place, then name
  /// cells[r][c]: the games of players r and c from r's side (indexes into `players`).
  std::vector<std::vector<std::vector<CellGame>>> cells;
  /// The rounds in order ("1" < "2" < "10"; others after, as text), when every game has one.
  std::vector<std::string> rounds;
  bool match = false;               ///< two players: `running` holds the score game by game
  std::vector<MatchStep> running;
  // What an arbiter checks before trusting the table.
  std::vector<db::GameId> without_result;
  std::vector<db::GameId> contradicted;
  std::vector<db::GameId> result_mismatch;  ///< counted by the movetext's result
  /// Games left out of the table: their two sides are one player (the same spelling or merged
  /// spellings; two unnamed players "?" are one spelling), or a side is not a player of it.
  std::vector<db::GameId> left_out;
  std::vector<RepeatedPair> repeated_pairs;
  std::vector<MissingGame> missing;
  std::uint64_t games = 0;          ///< the event's games
  std::uint64_t points_total = 0;   ///< the points of all players (2 per game with a result)
};

/// The table of an event of `players` and `games` (games in the order given, usually by id;
/// a game whose player index is out of range, or that names one player twice, is left out and
/// listed in `left_out`).
TournamentTable tournament_table(std::vector<TablePlayer> players,
                                 const std::vector<TableGame>& games);

/// The order of two Round tags: as text, but with runs of digits compared as numbers ("2" <
/// "10", "ronde 2" < "ronde 10", "1.2" < "1.10"), a digit before any other character.
bool round_before(const std::string& a, const std::string& b);

/// One game of a player's round: the opponent (index into `players`) and the game from the
/// player's side.
struct RoundGame {
  std::size_t opponent = 0;
  const CellGame* game = nullptr;
};

/// The games of `player` round by round: element k holds its games of t.rounds[k] (none: a round
/// without a game), by opponent index, then as in the cell. One pass over the player's cells.
std::vector<std::vector<RoundGame>> games_by_round(const TournamentTable& t, std::size_t player);

/// "3" or "3-4" for a shared place.
std::string place_text(const Standing& s);

}  // namespace damdb::indexer
