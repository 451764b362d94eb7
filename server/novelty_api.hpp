// GET /api/games/ID/novelty: the novelty of one stored game (= `damdb novelty ID --json`,
// json/novelty.hpp), with the parameters `count_undated` (1: games whose date cannot be ordered
// against the game's count as earlier) and `limit` (predecessor games listed, default 10).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "indexer/games/game_ranks.hpp"
#include "server/parameters.hpp"

namespace damdb::server {

/// The path ending of the route ("/api/games/" ID kNoveltySuffix).
inline constexpr std::string_view kNoveltySuffix = "/novelty";

/// The JSON text of the answer for game `id_text` (the path between "/api/games/" and
/// kNoveltySuffix), or nullopt for an id that is not a number (a 404). Throws BadParameter for
/// a bad parameter, GameLookupError for a game not stored, db::Error from the database (Api::get
/// maps them).
std::optional<std::string> novelty_answer(const db::Database& db, const indexer::GameRanks* ranks,
                          std::string_view id_text, const ParameterMap& params,
                          const Limits& limits);

}  // namespace damdb::server
