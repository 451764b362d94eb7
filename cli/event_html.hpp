// What `damdb event` writes beside its table: the checks an arbiter reads before trusting it,
// as lines of text, and the whole table as a self-contained HTML page (`--html FILE`).
#pragma once

#include <string>
#include <vector>

#include "indexer/stats/event_table.hpp"

namespace damdb::cli {

/// The rule that places the players, as one sentence (the text output and the page say it).
inline constexpr const char* kPlacingRule =
    "places by points, then wins, then Sonneborn-Berger (SB: the points scored in each game "
    "times the opponent's points); resistance: the opponents' points";

/// "2", "1", "0" or "*" (no result) for the row's player, and the game: "2 #17".
std::string cell_text(const indexer::CellGame& g);

/// The checks of a table, one line each: games without a result, results the final position
/// contradicts, Result tags the movetext's result disagrees with, pairs that met more often than most, players without a game in a round,
/// spellings merged into one player. Empty when there is nothing to check.
std::vector<std::string> table_checks(const indexer::TournamentTable& t);

/// The table as a whole HTML document: the event's names, the scoring and placing rule, the
/// standings, the crosstable (player against player, game ids in the cells), the rounds when
/// the games name them, a match's running score, and the checks. Every text is escaped.
std::string event_table_html(const indexer::EventTableReport& r);

}  // namespace damdb::cli
