#pragma once
// Internal to db/: the pieces of Database the ImportBatch needs, without RocksDB types.

#include <optional>

#include "db/content_hash.hpp"
#include "db/game_id.hpp"
#include "db/game_identity.hpp"
#include "db/game_record.hpp"

namespace damdb::db::detail {

struct DatabaseImpl;

/// Database::find_games on the implementation.
std::optional<SameMovesGames> find_games(const DatabaseImpl& impl, const ContentHash& hash);
/// The stored games of `hash` whose player keys are `white` and `black` (SameMovesGames::
/// decode_players); an empty list when the hash has none. Adds the bytes of the values read
/// to `bytes_read`.
SameMovesGames find_games_of_players(const DatabaseImpl& impl, const ContentHash& hash,
                                     std::string_view white, std::string_view black,
                                     std::uint64_t& bytes_read);
/// Database::game on the implementation.
std::optional<GameRecord> load_game(const DatabaseImpl& impl, GameId id);

}  // namespace damdb::db::detail
