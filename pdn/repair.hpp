// Scoresheet repair: proposing the intended move where a recorded game stops replaying.
//
// Real archives are typed in from paper scoresheets. At the first illegal or ambiguous
// main-line move (Replay errors no_piece, wrong_side, capture_required, not_maximum, ambiguous,
// illegal_move, bad_square) candidate fixes are generated from explicit error models
// (RepairKind), each candidate is scored by replaying the rest of the recorded game after it
// (look-ahead, with a bounded recursive repair of later errors), ranked, and given a
// confidence. A fix is then applied to a copy of the Game (the original token kept in a
// `{damdb: ...}` comment) or, when no candidate is trusted, the game is cut to its legal prefix
// with the unreplayable rest kept in a comment. The input Game is never modified.
//
// Ranking (best first), lexicographic:
//   1. reach: how many of the recorded move tokens from the error to the end (or to the next
//      /FEN/ setup) are accounted for after the fix (replayed legally, with at most
//      RepairOptions::max_depth later errors repaired on the way); more is better;
//   2. fewer later repairs needed in that look-ahead;
//   3. smaller edit (edit_cost, see RepairKind);
//   4. agreement with the recorded result (a final position without legal moves is a loss for
//      the side to move, FMJD art. 5);
//   5. the fixed order of RepairKind (more specific models first).
//
// Confidence (in [0, 1]) of candidate i:
//   w_i   = exp(-1.0 * unexplained_i - 2.0 * later_fixes_i - 1.0 * edit_cost_i
//               + 0.5 * result_agreement_i)
//   share = w_i / (sum_j w_j + exp(-4))     (exp(-4): "an error none of the models explains")
//   conf  = share * (1 - 0.5 * exp(-plies_after_i / 3))   (little evidence after the fix: lower)
// where unexplained_i is the number of recorded tokens after the fix that do not replay. The
// values are then made non-increasing along the ranking (a candidate never gets more than the
// one ranked above it). One candidate explaining the whole rest of a long game with a
// one-character edit gets about 0.95; two equally good candidates get below 0.5 each.
//
// Sources: FMJD rules articles 3-5 (moves, compulsory and majority capture, end of game);
// PDN 3.0 "Move notation" (start-end and full-route capture notation).
//
// propose_repair is in repair.cpp (the candidates from repair_models.cpp, looked ahead and
// ranked by repair_search.cpp), apply_repair, truncate_game and annotate_game in
// repair_text.cpp, clean_game in repair_clean.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pdn/game.hpp"
#include "pdn/repair_candidate.hpp"
#include "pdn/replay.hpp"

namespace damdb::pdn {

/// Looks at the first main-line error of `game` (as found by `replay`, which must be the replay
/// of `game`, with ReplayOptions::record_plies set) and returns ranked candidates. Never throws
/// for bad game content. Cost: a few hundred move generations for a typical game.
RepairProposal propose_repair(const Game& game, const Replay& replay,
                              const RepairOptions& options = {});

/// A copy of `game` with `candidate` (one of proposal.candidates) applied: changed tokens
/// rewritten in PDN 3.0 notation (full route where start-end is ambiguous), and a comment
/// `{damdb: <applied> was <original>, <kind>, confidence 0.97}` after the fix. Elements keep
/// their source positions (new ones get the position of the token they replace).
Game apply_repair(const Game& game, const RepairProposal& proposal,
                  const RepairCandidate& candidate);

/// A copy of `game` cut to its legal prefix: the main line stops before the error token, then
/// a comment `{damdb: not repaired (<why>); unreplayable rest: <text as written>}` and the
/// original terminator. Braces inside the kept text become parentheses.
Game truncate_game(const Game& game, const RepairProposal& proposal, std::string_view why);

/// A copy of `game` with the comment `{<note>}` added at the end of the main line (before the
/// terminator). Braces inside `note` become parentheses.
Game annotate_game(const Game& game, std::string_view note);

/// One fix applied by clean_game.
struct AppliedFix {
  RepairProposal proposal;    ///< the error and all candidates
  RepairCandidate candidate;  ///< the candidate applied
};

/// Options of clean_game.
struct CleanOptions {
  double min_confidence = 0.6;  ///< never apply a fix below this confidence
  int max_fixes = 8;            ///< errors repaired per game before giving up (truncation)
  RepairOptions repair;
};

/// What clean_game did to a game.
enum class CleanOutcome : std::uint8_t {
  Unchanged,  ///< valid (or warnings only), other variant, or not a move error: game as read
  Repaired,   ///< every move error fixed; the game now replays to its end
  Truncated,  ///< a move error could not be fixed with enough confidence: legal prefix kept
};
std::string_view to_string(CleanOutcome outcome);

/// The result of cleaning one game.
struct CleanResult {
  CleanOutcome outcome = CleanOutcome::Unchanged;
  Game game;                       ///< the game to write (a copy of the input when Unchanged)
  std::vector<AppliedFix> fixes;   ///< applied fixes, in game order
  bool has_unrepaired = false;     ///< Truncated, or an error that is not a move (kept as read)
  RepairProposal unrepaired;       ///< the error left (with its candidates) when has_unrepaired
  std::string unrepaired_reason;   ///< why it was not fixed
  /// The replay of the game as read (its verdict, errors, warnings and notes; plies_played not
  /// kept), for summaries by kind.
  Replay as_read;
};

/// Replays `game`, repairs its move errors one after another (each fix applied only when its
/// confidence is at least options.min_confidence and the repaired game then replays past it),
/// and truncates at the first error it cannot fix. A game whose first error is not a move
/// (an unreadable move token, a bad FEN, a cut game) is kept as read, with a `{damdb: not repaired: ...}` comment naming the
/// error (line:column, message, offending text) so that nothing the reader skipped is lost. Never drops a game; never throws for bad
/// game content.
CleanResult clean_game(const Game& game, const CleanOptions& options = {});
/// clean_game taking the game: it is moved into CleanResult::game instead of copied, so that a
/// long game is held once.
CleanResult clean_game(Game&& game, const CleanOptions& options = {});

}  // namespace damdb::pdn
