// The text of the Hub protocol (protocol.txt of Scan 3.1, "general syntax"): a line is
// `<command> <name>=<value> ...`, a value is quoted with double quotes when it holds a space or
// '=' or is empty, a name without '=' is a flag. Positions are 51 characters, moves are
// `from-to` or `from x to x captured x ...` with the captured squares in any order.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::engine {

/// One line of the protocol, split: its command and its name/value pairs. The views point into
/// the line given to parse_hub_line (a quoted value without its quotes; a flag has an empty value).
struct HubLine {
  std::string_view command;
  std::vector<std::pair<std::string_view, std::string_view>> pairs;

  /// The value of the first pair called `name`, or nullopt when the line has none.
  std::optional<std::string_view> value(std::string_view name) const;
};

/// Splits `line` into `out` (its pairs vector is reused). Blanks (spaces, tabs, a CR left by a
/// CRLF line end) separate the words. Returns false for a line that is no Hub line: empty, a
/// value quote that is never closed, a pair without a name (`=x`).
bool parse_hub_line(std::string_view line, HubLine& out);

/// `value` as written in a Hub line: as is when it is a plain word, in double quotes when it is
/// empty or holds a blank, '=' or '"' (a '"' inside cannot be written and becomes a '\'').
std::string hub_value(std::string_view value);

/// The Hub position: 'W' or 'B' for the side to move, then one character per square 1..50:
/// 'w' white man, 'b' black man, 'W' white king, 'B' black king, 'e' empty.
std::string hub_position(const rules::Position& pos);

/// A quiet move written the Hub way ("32-28"), as sent in `pos ... moves="..."`.
std::string hub_quiet_move(const rules::Move& m);

/// Appends `m` written the Hub way: "32-28", or "28x19x23" (start, end, captured squares
/// ascending) for a capture.
void append_hub_move(const rules::Move& m, std::string& out);

/// What matching a Hub move against the legal moves found.
enum class MoveMatch { Ok, Syntax, NoMove, Ambiguous };

/// Finds the legal move of `legal` that the Hub move `text` names: start and end square, and
/// the captured squares in any order (they must be exactly the move's captured set). A capture
/// written with its start and end only ("28-19" or "28x19") matches when exactly one legal move
/// has that start and end. Never guesses: Syntax for text that is no move, NoMove when no legal
/// move fits, Ambiguous when more than one does.
MoveMatch match_hub_move(std::string_view text, const rules::MoveList& legal, rules::Move& move);

/// The Hub score text ("-0.35", "+1.2", "99.97") in men; nullopt when it is no number.
std::optional<double> parse_hub_number(std::string_view text);

}  // namespace damdb::engine
