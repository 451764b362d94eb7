// A player's record (`damdb player NAME`): the games of one merged player (the spellings
// `stats players` merges: NameDirectory) found in the players index, with the score overall, by
// colour, by year, against each opponent, in each event (with the place the event's table gives:
// event_table), the opening repertoire of the first two moves (four plies) as a tree by colour,
// the longest and shortest games and the spellings merged into the player. Points and scores
// are those of a db::SideResults (result_points, score_percent; FMJD: win 2, draw 1, loss 0; the score
// in percent over the games with a known result). Games are counted as `stats players` counts
// them: a marked near-duplicate counts once, through its primary; a game in which the player
// holds both colours counts once per colour.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/stats/statistics.hpp"

namespace damdb::indexer {

class NameDirectory;

/// Raised when the text names no stored player, or several and none exactly: `candidates`
/// holds the spellings of each player it names (at most kMaxCandidates players).
struct PlayerLookupError : std::invalid_argument {
  PlayerLookupError(const std::string& message, std::vector<std::vector<std::string>> candidates)
      : std::invalid_argument(message), candidates(std::move(candidates)) {}
  std::vector<std::vector<std::string>> candidates;
  static constexpr std::size_t kMaxCandidates = 20;
};

/// The player's games in one year ("2003", or "????" for games without a known year).
struct YearRecord {
  std::string year;
  db::SideResults tally;
};

/// Head to head: the games against one merged opponent (a spelling naming nobody, "?" or "",
/// is an opponent of its own), from the player's side.
struct OpponentRecord {
  std::string name;  ///< the spelling most of these games use
  db::SideResults total, as_white, as_black;
};

/// The player's games in one event (the Event tags `stats events` groups), with the place of
/// the player in the event's table (event_table) when there is one.
struct EventRecord {
  std::vector<std::string> spellings;  ///< the event's Event tags, sorted ("" or "?": no event)
  std::string name;                    ///< the tag most of the player's games in it use
  std::string first_date, last_date;   ///< of the player's games ("" when none is dated)
  db::SideResults tally;
  std::string place;          ///< place_text of the player's line ("" when no table)
  std::size_t players = 0;    ///< players in the event's table (0 when no table)
  std::uint32_t table_points = 0;  ///< the player's points in the table
};

/// A node of the opening repertoire: the move played at its ply and the games that went
/// through it, from the player's side; `line` is the moves from the initial position to it.
struct OpeningNode {
  std::string move;                ///< PDN notation ("" for the root)
  std::vector<std::string> line;   ///< the moves from the initial position, this one last
  db::SideResults tally;
  std::vector<OpeningNode> children;  ///< most games first, then by move
};

struct PlayerRecord {
  std::string name;  ///< the spelling most of the player's games use
  std::vector<std::pair<std::string, std::uint64_t>> spellings;  ///< most games first
  db::SideResults total, as_white, as_black;
  std::string first_date, last_date;  ///< "" when no game has a known date
  std::vector<YearRecord> by_year;    ///< ascending, "????" last
  std::vector<OpponentRecord> opponents;  ///< most games first, then by name
  std::vector<EventRecord> events;        ///< by first date (undated last), then by name
  /// The first kRepertoirePlies plies of the games played from the initial position, one tree
  /// per colour: each root (move "") holds every such game of its colour.
  OpeningNode as_white_openings, as_black_openings;
  std::uint64_t from_setup = 0;   ///< games starting from another position (not in the trees)
  std::uint64_t undecodable = 0;  ///< games whose move codes did not replay (not in the trees)
  /// The longest and the shortest games with at least one ply (GameRow::ply = plies), longest
  /// (shortest) first, ties by lower id.
  std::vector<GameRow> longest, shortest;
  /// The first kListedWithoutResult games without a result, ascending (total.unknown counts
  /// them all).
  std::vector<db::GameId> without_result;
  static constexpr std::size_t kListedWithoutResult = 100;
  static constexpr std::size_t kRepertoirePlies = 4;
};

/// The record of the stored player named by `text`: the players one of whose spellings holds
/// `text` (folded: case, accents and spacing ignored, as --player), or whom `text` names as a
/// spelling of its own ("Georgiev, A." names "Alexander Georgiev" when that is the one full name
/// it fits); when several do, the one with a spelling equal to it (folded). With `kept` and
/// `lengths` <= 5 the record kept beside the database (kept_record), else counted from the
/// player's games (the players index). `names`: the names
/// of `db` already read (NameDirectory::of(db) when null). `lengths`: how many longest and
/// shortest games. Throws PlayerLookupError when no player or several match (an empty text
/// names none), db::Error from the database, OverridesError for a bad player-overrides.txt.
PlayerRecord player_record(const db::Database& db, const std::string& text,
                           std::shared_ptr<const NameDirectory> names = nullptr,
                           std::size_t lengths = 5, bool kept = true);

/// The record of the player `identity` (NameDirectory::player_of) from the records kept beside
/// the database; when they were kept for another state of it (or not at all), every player's
/// record is made again from the games (all_player_records) and kept first. nullopt when the
/// player has no counted game. Throws db::Error from the database.
std::optional<PlayerRecord> kept_record(const db::Database& db, const NameDirectory& names,
                                        std::uint32_t identity);

/// Every player's record (the players of the stored games that name one: NameDirectory), in
/// one pass over the games' headers, by identity (NameDirectory::player_of), ascending. Throws
/// db::Error from the database.
std::vector<std::pair<std::uint32_t, PlayerRecord>> all_player_records(
    const db::Database& db, const NameDirectory& names, std::size_t lengths = 5);

/// The records of the players of `spellings` (identity -> every stored spelling of it), each
/// counted from the player's games (the players index) as all_player_records counts it, encoded
/// as the players.cache file keeps them (ascending identities); a player without a counted game
/// is left out. The place, players and points of a player in an event whose tags satisfy
/// `table_kept` (an event whose table is known not to have changed) are taken from the player's
/// record in `kept` (bytes as kept, by identity) when it lists that event, instead of making
/// the event's table. Throws db::Error from the database.
std::vector<std::pair<std::uint32_t, std::string>> player_record_bytes(
    const db::Database& db, const NameDirectory& names,
    const std::map<std::uint32_t, std::vector<std::string>>& spellings,
    const std::map<std::uint32_t, std::string>& kept = {},
    const std::function<bool(const std::vector<std::string>&)>& table_kept = nullptr);

/// Writes every player's record beside the database (indexer/stats/player_records_file.hpp)
/// for its current state unless they are kept for it already, so that player_record() reads
/// one record instead of the player's games. Throws db::Error from the database,
/// OverridesError for a bad overrides file.
void keep_player_records(const db::Database& db);

}  // namespace damdb::indexer
