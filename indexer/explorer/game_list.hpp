// Listing stored games with filters (`damdb games`) and one game with its moves and a position
// (`damdb show GAME_ID`). Reads go through db::Database only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::indexer {

/// One line of the game list: the GameRow fields (id, players, event, date, round, result; ply
/// unused) plus the stored game's length and validation status.
struct GameListRow {
  GameRow game;
  std::uint32_t plies = 0;  ///< plies of the stored (legal) move list
  db::ValidationStatus status = db::ValidationStatus::Valid;
  std::uint32_t sources = 1;  ///< copies of the game read (see GameRecord::sources)
  std::string date;           ///< the normalised date the filters use (game_date), "" unknown
};

/// One page of matching games, in game-id (import) order.
struct GameListing {
  std::uint64_t total = 0;        ///< games passing the filter
  std::vector<GameListRow> rows;  ///< rows [offset, offset + limit) of them
};

/// The page [offset, offset + limit) of the games passing `filter`, with their total count.
/// Reads game headers only: with a filter every header once, or only those of the candidates
/// of an indexed player or event criterion (GameFilter::candidates); without one only the page
/// (the total comes from the database counts). Throws db::Error from the database.
GameListing list_games(const db::Database& db, const GameFilter& filter, std::size_t limit,
                       std::size_t offset = 0);

/// Calls visit(id, header) for the stored games among `ids` (ascending), in that order, until it
/// returns false; ids without a game are skipped. Throws db::Error from the database.
void for_each_header_of(const db::Database& db, std::span<const db::GameId> ids,
                        const std::function<bool(db::GameId, const db::GameHeader&)>& visit);

/// "valid", "warnings" or "invalid".
const char* status_text(db::ValidationStatus status);

/// A stored game with its decoded moves and the position at a chosen ply.
struct GameView {
  db::GameId id;
  db::GameRecord record;
  std::vector<DecodedPly> plies;  ///< every stored ply, decoded
  std::size_t ply = 0;            ///< the ply shown (0 = start, plies.size() = final position)
  rules::Position position;       ///< the position after `ply` plies
};

/// Raised by view_game for a game id that does not exist or a ply outside the game.
struct GameLookupError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The game `id` decoded, showing the position after `ply` plies (default: the final position
/// of the stored moves). Throws GameLookupError for an unknown id or a ply past the end,
/// GameDecodeError for an undecodable record, db::Error from the database.
GameView view_game(const db::Database& db, db::GameId id,
                   std::optional<std::size_t> ply = std::nullopt);

/// Parses a game id "17" (decimal, 1..2^32-1); throws GameLookupError otherwise.
db::GameId parse_game_id(const std::string& text);

}  // namespace damdb::indexer
