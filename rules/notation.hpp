// PDN move notation (PDN 3.0, section "Move notation"): writing and resolving move text.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::rules {

/// The route of a move: `path` is the start square then every landing square (squares 1..50),
/// `captured` the captured squares in capture order. A quiet move has path {from, to}; a capture
/// gets one route that takes exactly `m.captures` (PDN 3.0 style: a king going on straight after a
/// capture lands on the square right behind the captured piece).
struct Route {
  std::vector<Square> path;
  std::vector<Square> captured;
};
Route route(const Position& pos, const Move& m);

/// Writes a legal move in PDN 3.0 notation: "32-28" or "19x28" (start and end only), unless another
/// legal move shares start and end; then the full route with every landing square
/// ("27x38x49x16" style), which tells the moves apart.
std::string to_pdn(const Position& pos, const Move& m, const MoveList& legal);
/// Same, generating the legal moves itself.
std::string to_pdn(const Position& pos, const Move& m);

/// Outcome of resolving move text against the legal moves.
enum class ResolveStatus {
  Ok,         ///< exactly one legal move matches
  Syntax,     ///< the text is not move notation (needs 2+ squares in 1..50)
  Illegal,    ///< no legal move matches
  Ambiguous,  ///< two or more legal moves match (candidates lists them)
};

/// A resolved move and what was learnt on the way.
struct Resolution {
  ResolveStatus status = ResolveStatus::Syntax;
  Move move{};                            ///< the move when status == Ok
  MoveList candidates;                    ///< the matching moves when status == Ambiguous
  bool capture_written_as_quiet = false;  ///< a capture written with '-'
  bool quiet_written_as_capture = false;  ///< a quiet move written with 'x'
};

/// Separator used between squares of a written move.
enum class Separator { Quiet, Capture, Unknown };

/// Resolves a list of squares (start, optional intermediate landing squares in order, end) against
/// the legal moves of `pos`. Intermediate squares may be any ordered subset of the route's landing
/// squares (partial paths). `sep` is the separator as written ('-' quiet, 'x'/':' capture).
Resolution resolve(const Position& pos, const MoveList& legal, std::span<const Square> squares,
                   Separator sep);

/// Parses move text ("32-28", "19x28", "47x38x24x13x36", "19:28", zero-padded "07-12") into its
/// squares and separator; returns false when the text is not a move. Ignores trailing strength
/// marks (!, ?). Squares may be outside 1..50 (checked by resolve()).
bool parse_move_text(std::string_view text, std::vector<Square>& squares, Separator& sep);

/// parse_move_text + resolve.
Resolution resolve(const Position& pos, std::string_view text);

}  // namespace damdb::rules
