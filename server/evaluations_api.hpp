// GET /api/games/ID/evaluations: a stored game judged by the evaluations kept in the database
// (indexer/analysis/stored_analysis.hpp), for the page's evaluation graph, marks and best-move
// arrow:
//   {"id", "plies", "stored" (positions of the main line judged), "complete" (every one is),
//    "positions": [null or {"score", "win", "depth", "best", "pv", ...}] (plies + 1, the
//    position before each ply then the final one; scores in men from White's side),
//    "only_moves" (the `!` checks could be made), "analysis": the game's analysis as
//    `damdb analyze --db DB ID --json` prints it (json/game_analysis.hpp)}.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "indexer/analysis/stored_analysis.hpp"
#include "server/parameters.hpp"

namespace damdb::server {

/// The path ending of the route ("/api/games/" ID kEvaluationsSuffix).
inline constexpr std::string_view kEvaluationsSuffix = "/evaluations";

/// The game `id` as `damdb analyze --db` reads it (its original text, numbered by its id) and
/// replayed as analyse_game wants; nullopt when no game has that id or its text holds none.
struct AnalysedGame {
  pdn::Game game;
  pdn::Replay replay;
};
std::optional<AnalysedGame> read_analysed_game(const db::Database& db, db::GameId id);

/// The JSON text of the answer for the game `id_text` (the path between "/api/games/" and
/// kEvaluationsSuffix), or nullopt when it is not a number or names no game (a 404). Throws
/// BadParameter for any parameter, db::Error from the database.
std::optional<std::string> evaluations_answer(const db::Database& db, std::string_view id_text,
                                              const ParameterMap& params, const Limits& limits);

}  // namespace damdb::server
