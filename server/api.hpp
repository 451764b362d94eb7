// The HTTP JSON API over a database and the page's embedded files, independent of the
// HTTP library: one GET path with its decoded query parameters in, status + body out.
//   /api/explorer   moves played from a position with results (= `query opening --json`)
//                   plus its most recent games ("recent_games"; with mirror=1 then the
//                   colour-reversed position's, flagged "mirrored"), its best games
//                   ("top_games") and with legal=1 its legal moves ("legal", as /api/moves)
//   /api/positions  games that reached a position (= `query position --json`)
//   /api/games      the stored games (= `games --json`); /api/games/ID one game with the FEN
//                   after every ply, its diagnostics and sources; /api/games/ID.pdn its PDN
//   /api/board.svg  the SVG diagram of a position; /api/moves its legal moves (= `moves --json`)
//   /api/stats/players|events|results|openings (= `stats ... --json`); /api/info (= `info`)
//   /api/player     a player's record: name (= `player NAME --json`)
//   /api/search     games reaching a partial position: q = the single-string query form
//                   (= `search "Q" --json`), limit, offset, count, filters
// Every bad parameter gives 400 {"error", "parameter"}; an unknown path or game 404.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "server/game_ranks_loader.hpp"
#include "server/name_directory_cache.hpp"
#include "server/parameters.hpp"
#include "server/response.hpp"
#include "server/response_cache.hpp"

namespace damdb::server {

class Api {
 public:
  /// Serves `database` (which must outlive the Api; only its const, thread-safe reads are
  /// used, so one Api may answer from many threads), keeping up to `cache_bytes` of
  /// successful answers (0: none): the database must not change while the Api serves it.
  explicit Api(const db::Database& database, const Limits& limits = {},
               std::size_t cache_bytes = 0);

  /// The answer to GET `path` with `params`. Never throws for bad input (400/404); a database
  /// failure gives 500 {"error"}.
  Response get(std::string_view path, const ParameterMap& params) const;
  /// The same, shared with the cache (no copy of a kept answer).
  std::shared_ptr<const Response> answer(std::string_view path,
                                         const ParameterMap& params) const;

  const Limits& limits() const { return limits_; }
  /// Waits until the games' ranks (GameRanksLoader) have been read; true when they were.
  bool wait_for_ranks() const { return ranks_.wait() != nullptr; }

 private:
  Response route(std::string_view path, const ParameterMap& params) const;
  Response explorer(const ParameterMap& params) const;
  Response positions(const ParameterMap& params) const;
  Response games(const ParameterMap& params) const;
  Response game(std::string_view id_text, const ParameterMap& params) const;
  Response board(const ParameterMap& params) const;
  Response moves(const ParameterMap& params) const;
  Response statistics(std::string_view report, const ParameterMap& params) const;
  Response info(const ParameterMap& params) const;
  Response search(const ParameterMap& params) const;
  Response event(const ParameterMap& params) const;
  Response player(const ParameterMap& params) const;  ///< server/player_api.cpp

  const db::Database& db_;
  Limits limits_;
  mutable ResponseCache cache_;
  NameDirectoryCache names_;  ///< the names player and event filters resolve against
  GameRanksLoader ranks_;     ///< what orders the games of a position, read in the background
};

/// {"error": message, "parameter": parameter} (parameter omitted when empty) with `status`.
Response error_response(int status, const std::string& message,
                        const std::string& parameter = {});

}  // namespace damdb::server
