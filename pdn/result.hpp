// Game results: what a result text means, and how damdb writes a result. Every reader and writer
// of result texts (the parser's terminators, the Result tag check, the replay's result checks,
// the writer, the exporter) goes through these functions.
// Sources: PDN 3.0 "Game termination" (2-0, 1-1, 0-2, *; 0-0 unfinished) and the chess-style
// forms found in real files (1-0, 0-1, 1/2-1/2).
#pragma once

#include <string>
#include <string_view>

#include "pdn/game.hpp"

namespace damdb::pdn {

/// The outcome a result text stands for ("2-0", "1-0", "1 - 1", "1/2-1/2", "½-½", "0.5-0.5",
/// "0-2", "0-0" unfinished, ...; spaces and tabs are ignored); anything else ("*", "-", "?",
/// "4-6") is Unknown. Allocates nothing.
Outcome outcome_of(std::string_view result_text);

/// True for the game results the reader takes as terminators, written without spaces: 2-0, 0-2,
/// 1-1, 1-0, 0-1, 1/2-1/2, 0-0 and *.
bool is_standard_result(std::string_view result);

/// `text` without its spaces and tabs ("1 - 1" -> "1-1").
std::string compact_result(std::string_view text);

/// A terminator as damdb writes it: without spaces, and '*' for a non-standard score ("4-6",
/// "1-9"), which read back would be a move that does not end the game.
std::string written_result(std::string_view terminator_text);

/// The result PDN 3.0 writes for International draughts: "2-0" (White won), "1-1", "0-2",
/// "0-0" (unfinished), "*" (unknown); a string literal.
const char* result_text(Outcome outcome);

}  // namespace damdb::pdn
