// A proposed fix of a scoresheet (repair.hpp): the error models, how a fix changes the recorded
// move tokens, the tuning of the search, one candidate and the proposal that ranks them.
// Sources: PDN 3.0 "Move notation" (start-end and full-route capture notation).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pdn/game.hpp"
#include "pdn/issue.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::pdn {

/// The error models. The edit cost used for ranking is given in brackets.
enum class RepairKind : std::uint8_t {
  AmbiguousRoute,  ///< [0] start-end capture with several routes: one route chosen
  SquareSwap,      ///< [1] start and end squares exchanged (`28-32` for `32-28`)
  DigitSwap,       ///< [1] two digits exchanged (`23-28` for `32-28`, `38-22` for `32-28`)
  DigitEdit,       ///< [1] one digit replaced, inserted or deleted (`33-28` for `32-28`)
  CaptureEndMove,  ///< [1] a capture written as its last step or end (`24x13` for `35x24x13`)
  ShorterCapture,  ///< [1] a shorter capture written where a longer one was compulsory
  MirroredMove,    ///< [1] the move written in mirrored numbering (square n as 51 - n)
  MirroredGame,    ///< [2] this and every later move in mirrored numbering
  MissingPly,      ///< [2] a ply of the other side was not recorded: one is inserted
  ExtraPly,        ///< [2] an extra or duplicated ply: it is deleted
  SwappedPlies,    ///< [2] two consecutive plies recorded in the wrong order
  Truncation,      ///< no fix: the legal prefix is kept, the rest goes into a comment
};
/// Human-readable name used in comments and reports: "digit swap", "missing ply", ...
std::string_view to_string(RepairKind kind);
/// Edit cost of a kind (the bracketed numbers above); Truncation: 100.
int edit_cost(RepairKind kind);

/// How a candidate changes the recorded move tokens (indices into the main line's moves).
enum class RepairOp : std::uint8_t {
  Replace,     ///< token `token` replaced by `move`
  Insert,      ///< `move` inserted before token `token`
  Delete,      ///< token `token` deleted
  Swap,        ///< tokens `token` and `token + 1` exchanged
  MirrorRest,  ///< token `token` replaced by `move`, every later token mirrored (n -> 51 - n)
};

/// Tuning of the search.
struct RepairOptions {
  int max_depth = 1;         ///< later errors repaired (recursively) inside one look-ahead
  int recurse_best = 6;      ///< only the best this-many candidates are searched recursively
  int max_candidates = 8;    ///< candidates kept in a proposal (best first)
  int ambiguity_plies = 12;  ///< plies used to pick a route for a later ambiguous capture
};

/// One proposed fix.
struct RepairCandidate {
  RepairKind kind = RepairKind::Truncation;
  RepairOp op = RepairOp::Replace;
  int token = 0;          ///< index (in RepairProposal::tokens order) of the first changed token
  int ply = 0;            ///< 1-based ply of the first changed token
  rules::Move move{};     ///< Replace/MirrorRest: the move; Insert: the inserted move
  std::string applied;    ///< the new tokens of the fixed region, PDN, space separated ("" = deleted)
  std::string original;   ///< the tokens of that region as written, space separated
  int reach = 0;          ///< recorded tokens from the error on accounted for (see ranking)
  int plies_after = 0;    ///< recorded plies after the fixed region replaying without further fix
  int later_fixes = 0;    ///< later errors repaired in the look-ahead to get `reach`
  int result_agreement = 0;  ///< +1 the result fits the final position, -1 contradicts, 0 n/a
  double confidence = 0;  ///< see the top of repair.hpp
};

/// The first main-line error of a game and the ranked fixes for it.
struct RepairProposal {
  bool repairable = false;  ///< false: no move error (valid game, syntax error, bad FEN, ...)
  IssueKind error = IssueKind::IllegalMove;  ///< the Replay error being repaired
  int ply = 0;                               ///< its 1-based ply
  TextPos pos;                               ///< where its token starts
  std::string token;                         ///< its token as written
  std::string message;                       ///< the Replay message
  int error_token = 0;       ///< index of the error token in `elements`
  int segment_end = 0;       ///< one past the last token replayed from the same start (the
                             ///< end of the main line, or the next /FEN/ setup)
  int tokens_after = 0;      ///< segment_end - error_token: tokens from the error on (incl.)
  std::vector<std::uint32_t> elements;  ///< main-line element index of each move token
  std::vector<RepairCandidate> candidates;  ///< best first; empty: nothing fits (truncation)
  rules::Position at;        ///< position before the error token
};

}  // namespace damdb::pdn
