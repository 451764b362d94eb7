// Exporting stored games as canonical PDN 3.0 (`damdb export`): each matching game's original
// text (db::GameRecord::pdn_text, as original_text gives it back) is read again with the PDN
// reader and written with the canonical writer (pdn/writer.hpp), so comments, variations and
// all tags are kept and reading the output gives the same games (pdn::same_content).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/explorer/novelty.hpp"
#include "indexer/games/game_filter.hpp"

namespace damdb::indexer {

/// What an export did.
struct ExportSummary {
  std::uint64_t games = 0;  ///< games written (all games passing the filter)
  /// Of which written as stored because their text has a PDN syntax error (the canonical writer
  /// would lose what the reader could not parse): their ids.
  std::vector<std::uint32_t> copied_as_read;
  /// Stored games that could not be read (a damaged storage block) and were skipped, whether or
  /// not they pass the filter: their ids and why (db::Database::for_each_readable_game).
  std::vector<db::DamagedGame> damaged;
};

/// Writes every game passing `filter`, in game-id (import) order, as canonical PDN to `out`,
/// games separated by one blank line. Canonical for GameType 20 (PDN 3.0): the Result tag and
/// the terminator hold the stored result in the International form (2-0, 1-1, 0-2, 0-0 for a
/// game the text calls unfinished, `*`), the Date tag is YYYY.MM.DD with ?? for unknown parts;
/// each value changed is named in a `{damdb: Result was "0-1"}` comment before the moves. A stored text that does not read as exactly one game
/// without errors is written as stored (listed in copied_as_read), except that its last game is
/// made to end with a terminator the reader accepts, so that the next game (even one without
/// tags) reads back as a game of its own: a non-standard score such as 1-9 written as the
/// terminator becomes '*' (the Result tag keeps the score, as pdn/writer.hpp does), and a game
/// without a terminator gets '*' (after '}' / ')' closing a comment or variations left open).
/// Reading the output gives as many games as were exported. A game that cannot be read from
/// storage is skipped and listed in `damaged`. Throws db::Error for other read errors; the
/// caller checks `out` for write errors.
ExportSummary export_games(const db::Database& db, const GameFilter& filter, std::ostream& out);

/// As above; with `with_novelty`, each game written in canonical form also gets the comment
/// novelty_comment() of its novelty (indexer/explorer/novelty.hpp, earlier games by certain
/// date) after the move that made it (before the first move for a game new from its start,
/// after the last one when every position was reached before); a game written as stored gets
/// none.
ExportSummary export_games(const db::Database& db, const GameFilter& filter, std::ostream& out,
                           bool with_novelty);

/// The text of the novelty comment (without braces): "damdb: novelty ply=K move=M earlier=N"
/// then " newest=ID" (the newest earlier game at the position before the novelty, when there is
/// one), " unknown_order=U" and " same_day=S" (games that reached the novelty's position, when
/// not 0); "damdb: novelty ply=0" for a game new from its start; "damdb: novelty none
/// earlier=N [newest=ID]" for a game whose every position was reached before (N games reached
/// its last position).
std::string novelty_comment(const NoveltyReport& report);

/// The canonical PDN text of one stored game (as export_games writes it), ending with '\n';
/// sets `copied` when the text was kept as read.
std::string canonical_game_text(const db::GameRecord& game, bool& copied);
/// The same with the novelty comment of `report` (none when the text is kept as read).
std::string canonical_game_text(const db::GameRecord& game, bool& copied,
                                const NoveltyReport* report);

}  // namespace damdb::indexer
