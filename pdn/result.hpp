// Game results: what a result text means, how damdb writes a result, what a game's record says
// its result is, and the score of a set of results. This is the one home of the result: the
// parser's terminators, the Result tag check, the replay's and the repair's result checks, the
// writer, the exporter, the importer's stored result, the filters and the tallies all call it.
// It lives in pdn/ because the result is a word of the game record (PDN), not of the rules of
// play, and pdn/ is the lowest library every reader of results depends on; db/ (which depends
// on nothing of ours) keeps only its stored byte, db::GameResult, and the indexer translates.
// Sources: PDN 3.0 "Game termination" (2-0, 1-1, 0-2, *; 0-0 unfinished) and the chess-style
// forms found in real files (1-0, 0-1, 1/2-1/2); FMJD scoring (a win 2 points, a draw 1).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pdn/game.hpp"

namespace damdb::pdn {

/// The outcome a result text stands for ("2-0", "1-0", "1 - 1", "1/2-1/2", "½-½", "0.5-0.5",
/// "0-2", "0-0" unfinished, "2:0", "1:1", ...; spaces and tabs are ignored, ':' reads as '-'); anything else ("*", "-", "?",
/// "4-6") is Unknown. Allocates nothing.
Outcome outcome_of(std::string_view result_text);

/// True for the game results the reader takes as terminators, written without spaces: 2-0, 0-2,
/// 1-1, 1-0, 0-1, 1/2-1/2, 0-0 and *.
bool is_standard_result(std::string_view result);

/// `text` without its spaces and tabs ("1 - 1" -> "1-1").
std::string compact_result(std::string_view text);

/// A terminator as damdb writes it: without spaces, another form of a known outcome as PDN 3.0
/// writes it ("2:0" -> "2-0", "½-½" -> "1-1"), and '*' for a non-standard score ("4-6", "1-9"),
/// which read back would be a move that does not end the game.
std::string written_result(std::string_view terminator_text);

/// The result PDN 3.0 writes for International draughts: "2-0" (White won), "1-1", "0-2",
/// "0-0" (unfinished), "*" (unknown); a string literal.
const char* result_text(Outcome outcome);

/// The results the reader takes as terminators, as a diagnostic's "expected" text:
/// "2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *".
const char* standard_results_text();

/// How a Result tag value reads (PDN 3.0 "Result"): `standard` when it is one of
/// is_standard_result's forms (or empty); else `normalized` holds its canonical form when the
/// intent is clear: spaced "1 - 1" and surrounding blanks (-> "1-1"), a colon "2:0" (-> "2-0"),
/// "½-½" and "0.5-0.5"
/// (-> "1-1"), "-", "?", "--", "?-?" and blanks alone (-> "*"). `result_like` is true when the
/// value is written as a result (standard, normalised or a spaced score of 0, 1, 2 or 1/2 such as
/// "2 - 2", which has no canonical form), false when it is not understood ("4-6", "white").
struct ResultTagReading {
  bool standard = false;
  bool result_like = false;
  std::string normalized;
};
ResultTagReading read_result_tag(std::string_view value);

/// What a game's record says about its result, read once: the main line's terminator and the
/// Result tag (PDN 3.0: the terminator is the game's result; the tag repeats it).
struct RecordedResult {
  Outcome terminator = Outcome::Unknown;  ///< the main line's terminator; Unknown when none
  Outcome tag = Outcome::Unknown;         ///< outcome_of the Result tag; Unknown when none
  /// The terminator, else (none, '*' or a non-standard score) the Result tag.
  Outcome said() const { return terminator != Outcome::Unknown ? terminator : tag; }
  /// The first of the terminator and the tag that names a winner or a draw; Unknown when
  /// neither does. This is the result the database stores and the statistics count.
  Outcome decided() const;
  /// True when the terminator or the tag says the game is unfinished (0-0).
  bool unfinished() const {
    return terminator == Outcome::Unfinished || tag == Outcome::Unfinished;
  }
};

/// The terminator and the Result tag of `game` (see RecordedResult).
RecordedResult recorded_result(const Game& game);

/// FMJD points of `wins` wins and `draws` draws: 2 per win, 1 per draw, 0 per loss.
constexpr std::uint64_t result_points(std::uint64_t wins, std::uint64_t draws) {
  return 2 * wins + draws;
}

/// The score of a set of games in percent of the maximum, FMJD points (a win 2, a draw 1, a
/// loss 0) over the games with a known result: 100 (2 wins + draws) / (2 (wins + draws +
/// losses)); 0 when no game has a known result.
double score_percent(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses);

}  // namespace damdb::pdn
