// Pattern search over the stored games (`damdb search`): which games reach a partial position
// (indexer/search/pattern.hpp), where first, for how long, and what was played next. Games are
// rejected by their signature (indexer/search/signature.hpp) when it proves the pattern never holds;
// the others are replayed from their move codes until the first hit or until the pattern can no
// longer occur. Reads go through db only.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/search/pattern.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::indexer {

/// One game of a search answer: GameRow::ply is the first ply of the hit, GameRow::mirrored
/// whether it is of the colour-reversed pattern.
struct SearchRow {
  GameRow game;
  int held = 0;  ///< consecutive plies the board part holds from the first ply on
};

/// A move played from the first hit of the games, in the pattern's orientation (a mirrored
/// hit's move is mirrored back and its White counts as the pattern's Black).
struct NextMoveRow {
  std::string notation;
  db::ResultCounts counts;  ///< the games that played it, by result in the pattern's colours
};

struct SearchProgress {
  std::uint64_t games_scanned = 0;  ///< games whose signature (or record) was looked at
  std::uint64_t games_total = 0;    ///< games in the database
  std::uint64_t replayed = 0;       ///< games replayed so far
  std::uint64_t candidates = 0;     ///< games the signatures did not rule out
};

struct SearchOptions {
  std::size_t limit = 50;
  std::size_t offset = 0;
  bool count_only = false;  ///< only the count: no rows, no summary of next moves
  /// Called about every `progress_every` once the search has run that long (optional).
  std::function<void(const SearchProgress&)> progress;
  std::chrono::milliseconds progress_every{1000};
};

struct SearchAnswer {
  std::uint64_t games = 0;           ///< games with a hit (passing the filter)
  std::uint64_t mirrored_games = 0;  ///< of which by the colour-reversed pattern
  std::vector<SearchRow> rows;       ///< newest first by date (then by id), one page
  std::vector<NextMoveRow> next_moves;  ///< most played first
  std::uint64_t ended_here = 0;      ///< hits at a game's final position (no next move)
  // How the work was done (for --json and the benchmark):
  std::uint64_t games_scanned = 0;         ///< games in the database
  std::uint64_t rejected_by_filter = 0;    ///< by the header filters
  std::uint64_t rejected_by_signature = 0; ///< proven without replay never to hold
  std::uint64_t replayed = 0;              ///< games replayed (signature missing or passing)
  std::uint64_t without_signature = 0;     ///< games replayed because they had no signature
};

/// Searches every game for `query`. Throws db::Error from the database and GameDecodeError for
/// a stored game that cannot be replayed.
SearchAnswer search_games(const db::Database& db, const PatternQuery& query,
                          const GameFilter& filter, const SearchOptions& options = {});

}  // namespace damdb::indexer
