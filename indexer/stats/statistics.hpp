// Statistics over the stored games (`damdb stats players|events|results|openings`), each computed
// in one pass over the games passing a filter. Points follow FMJD scoring (win 2, draw 1, loss
// 0); a score in percent is points / (2 x games with a known result) x 100, and 0 when no game
// has a known result. Dates are "YYYY.MM.DD" index texts with '?' for unknown parts (see
// game_date); games without a known date do not take part in first/last dates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/result_counts.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/names/player_identity.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/text/stored_result.hpp"
#include "pdn/result.hpp"

namespace damdb::indexer {

/// One player: the spellings PlayerKeys merges (same player_key, initial-only spellings into
/// a full name by merge_player_keys, names written "Surname, Given" with the parts exchanged
/// when they met the same opponent in the same event, the overrides file).
struct PlayerStats {
  std::string name;                 ///< the most frequent spelling (first seen on a tie)
  std::string key;                  ///< player_key of the full name (or of the only key)
  db::SideResults total, as_white, as_black;  ///< total = as_white + as_black
  std::string first_date, last_date;  ///< "" when no game has a known date
};

/// One merge of two spellings of a player (or one refused by the overrides), with its rule.
struct PlayerMergeReason {
  std::string from, to;  ///< a spelling of each side
  MergeRule rule = MergeRule::SameName;
  std::string evidence;
  bool refused = false;  ///< a `different` line kept the two apart
};

/// Spellings merged into one player: the name shown, every spelling with its game count, and
/// the merges that made the player (PlayerKeys::merges) in the order made.
struct PlayerMerge {
  std::string name;
  std::vector<std::pair<std::string, std::uint64_t>> spellings;  ///< most games first
  std::vector<PlayerMergeReason> steps;
};

struct PlayerReport {
  std::uint64_t games = 0;            ///< games passing the filter
  std::uint64_t players = 0;          ///< distinct players (after merge_player_keys)
  std::vector<PlayerStats> rows;      ///< most games first, then best score, then name; top N
  /// Every player with two or more spellings (or a refused merge), by name.
  std::vector<PlayerMerge> merges;
};

/// Per player statistics; names that are empty or "?" are not counted as players. `top` = 0
/// returns every player. Throws db::Error from the database.
PlayerReport player_statistics(const db::Database& db, const GameFilter& filter,
                               std::size_t top = 0);

/// One event (its spellings, see event_statistics).
struct EventStats {
  std::string name;                   ///< most frequent spelling; "" for games without Event
  std::string first_date, last_date;
  std::uint64_t games = 0;
  std::uint64_t players = 0;          ///< distinct players (as in player_statistics)
  std::uint64_t decisive = 0;         ///< games won by either side
  std::uint64_t known_results = 0;    ///< games with a known result
  std::uint64_t plies = 0;            ///< sum of the games' stored plies
  /// Decisive games in percent of the games with a known result (0 if none).
  double decisive_rate() const;
  /// Average game length in moves (a move = a white and a black ply: plies / 2 / games).
  double average_moves() const;
};

/// Spellings of one event grouped (cluster_events): the name shown, every spelling with its
/// games, and the pairs of spellings linked with the evidence.
struct EventMerge {
  std::string name;
  std::vector<std::pair<std::string, std::uint64_t>> spellings;  ///< most games first
  std::vector<std::string> evidence;
};

struct EventReport {
  std::uint64_t games = 0;
  std::vector<EventStats> rows;    ///< by first date, then name (undated events last)
  std::vector<EventMerge> merges;  ///< every event written several ways, by name
};

/// Per event statistics, one row per event: the spellings of one event grouped by
/// cluster_events (close names, overlapping dates, a player in common; players compared as
/// `stats players` merges them). Throws db::Error from the database.
EventReport event_statistics(const db::Database& db, const GameFilter& filter);

/// Result counts of a set of games (games() = their sum); white_score (text/stored_result.hpp)
/// gives White's score.
using db::ResultCounts;

struct YearResults {
  std::string year;  ///< "2003", or "????" for games without a known year
  ResultCounts counts;
};

/// A long game: its row (ply = its length in plies).
struct ResultReport {
  ResultCounts overall;
  std::vector<YearResults> by_year;  ///< ascending, "????" last
  std::uint64_t plies = 0;           ///< sum of stored plies
  double average_plies() const;
  double average_moves() const { return average_plies() / 2; }
  std::vector<GameRow> longest;      ///< the longest games (GameRow::ply = plies), longest first
};

/// Distribution of results overall and by year, white's score, average length and the
/// `longest` longest games (ties: lower id first). Throws db::Error from the database.
ResultReport result_statistics(const db::Database& db, const GameFilter& filter,
                               std::size_t longest = 5);

/// One opening sequence of N plies.
struct OpeningLine {
  std::vector<std::string> moves;  ///< PDN notation of each ply
  ResultCounts counts;
  /// The sequence as numbered movetext: "1. 32-28 18-23 2. 33-29".
  std::string movetext() const;
};

struct OpeningReport {
  std::size_t plies = 0;            ///< N
  std::uint64_t games = 0;          ///< games counted (from the initial position, >= N plies)
  std::uint64_t shorter = 0;        ///< games from the initial position with fewer plies
  std::uint64_t from_setup = 0;     ///< games starting from another position (not counted)
  std::uint64_t undecodable = 0;    ///< games whose move codes did not replay (not counted)
  std::uint64_t sequences = 0;      ///< distinct sequences
  std::vector<OpeningLine> rows;    ///< most games first, then movetext order; top N
};

/// The most frequent sequences of the first `plies` plies (1..200) of games played from the
/// initial position, with their results. `top` = 0 returns every sequence. Throws
/// std::invalid_argument for plies outside 1..200, db::Error from the database.
OpeningReport opening_statistics(const db::Database& db, const GameFilter& filter,
                                 std::size_t plies, std::size_t top = 0);

}  // namespace damdb::indexer
