// Answers from the index: which games reached a position, which moves were played there and how
// they scored (an opening explorer), with filters and colour-reversed (mirrored) positions.
// Reads go through db only.
#pragma once

#include "db/database.hpp"
#include "db/result_counts.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/text/stored_result.hpp"  // result_text, for the users of the rows
#include "rules/move.hpp"
#include "rules/position.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::indexer {

/// Raised for a move list that cannot be played; what() names the move's 1-based index, the
/// text and the legal moves at that point.
struct MoveListError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The position after playing `moves` (white space separated PDN moves, in any legal notation;
/// move numbers such as "1." and "12..." are ignored) from the initial position.
rules::Position position_after(std::string_view moves);
/// The same from `start` instead of the initial position.
rules::Position position_after(const rules::Position& start, std::string_view moves);

/// One game in an answer.
struct GameRow {
  db::GameId id;
  std::string white, black, event, date, round;
  db::GameResult result = db::GameResult::Unknown;
  int ply = 0;            ///< first ply at which the game reached the position (0 = start)
  bool mirrored = false;  ///< reached the colour-reversed position
};
/// A row from a stored game's header (ply and mirrored left to the caller).
GameRow game_row(db::GameId id, const db::GameHeader& game);
/// The same from a full record.
GameRow game_row(db::GameId id, const db::GameRecord& game);

struct PositionAnswer {
  std::uint64_t games = 0;     ///< games that reached the position (matching the filter)
  std::uint64_t mirrored_games = 0;  ///< games that reached its colour-reversed form
  std::vector<GameRow> rows;   ///< newest first (by date, see query_position), one page
  std::vector<GameRow> mirrored_rows;  ///< with PositionQuery::mirror: the same for the mirror
};

class GameRanks;
class PopularPositions;

struct PositionQuery {
  std::size_t limit = 50;
  std::size_t offset = 0;
  bool mirror = false;  ///< also the colour-reversed position (rows flagged `mirrored`)
  /// The ranks of db's games (GameRanks::read), or nullptr: with them, a query without filter
  /// criteria orders the games by date without reading their headers (same answer).
  const GameRanks* ranks = nullptr;
  /// The popular positions of db (PopularPositions::read_stored), or nullptr: with them, a
  /// large position asked without a filter is answered without reading its entry (same answer).
  const PopularPositions* popular = nullptr;
};

/// Games that reached `pos`, newest first: by the game's date (later first; a partial date
/// counts its unknown parts as 0), unknown dates last, the later imported first on a tie.
/// Every occurrence's header is read (in batches of 512), then the page's headers again; a
/// position reached by more than 5,000 games, asked without a filter, lists its games newest
/// imported first instead and reads only the page's headers (its total from the statistics).
PositionAnswer query_position(const db::Database& db, const rules::Position& pos,
                              const GameFilter& filter, const PositionQuery& query = {});

/// The `limit` best games that reached `pos` and pass `filter` (an explorer's top games; the
/// rated "top games" of other explorers need ratings, which draughts PDN files seldom carry):
/// games whose moves all replay (valid, or with warnings) before invalid ones, then decisive
/// results (2-0, 0-2) before draws before unknown results, then the longer game (the more
/// complete score sheet), then the later date (as query_position), then the later import.
/// Reads the header of every such game; a position reached by more than 5,000 games, asked
/// without a filter, ranks only its 5,000 newest imported games. Members of marked
/// near-duplicate clusters are left out (their primary stands for them). With `ranks`
/// (GameRanks::read) and no filter criteria, only the answer's headers are read.
std::vector<GameRow> top_games(const db::Database& db, const rules::Position& pos,
                               const GameFilter& filter, std::size_t limit,
                               const GameRanks* ranks = nullptr);

/// One move of the opening explorer.
struct MoveRow {
  rules::Move move{};       ///< in the queried position's orientation
  std::string notation;     ///< PDN notation in the queried position
  /// The games that played the move, by result in the queried position's colours (a game of
  /// the colour-reversed position counts its White as Black); counts.games() are all of them.
  db::ResultCounts counts;
  std::uint64_t mirrored_games = 0;  ///< of which from the colour-reversed position
  std::optional<GameRow> recent;     ///< the game with this move of the latest date (as query_position orders)
  /// The stored engine evaluation of the position after the move (`damdb analyze --db`), when
  /// the database was opened with its evaluations and holds one.
  std::optional<db::PositionEvaluation> evaluation;
  /// Score of the side to move in percent (win 2, draw 1 points; games with a known result).
  double score(rules::Color side_to_move) const;
};

struct OpeningAnswer {
  std::uint64_t games = 0;        ///< games that reached the position
  std::uint64_t ended_here = 0;   ///< of which ended in it (no move recorded)
  std::uint64_t mirrored_games = 0;
  std::vector<MoveRow> moves;     ///< most played first
};

/// The moves played from `pos` with their results. Without a filter: from the position
/// statistics (one lookup); with a filter: from the headers, then the records of the games that
/// match (for the move played). With `mirror`, the
/// colour-reversed position's moves are mirrored back and added (its White is our Black).
/// With `with_games`, each move gets its most recent game; with `ranks` (GameRanks::read) and
/// no filter criteria, found without reading the headers of the games that made the move.
/// With `popular` (PopularPositions::read_stored), the statistics and newest games of the
/// positions it keeps are read from it (the same answer, without decompressing their entries).
/// Each move gets the stored evaluation of the position it leads to, where there is one.
OpeningAnswer query_opening(const db::Database& db, const rules::Position& pos,
                            const GameFilter& filter, bool mirror = false,
                            bool with_games = true, const GameRanks* ranks = nullptr,
                            const PopularPositions* popular = nullptr);

}  // namespace damdb::indexer
