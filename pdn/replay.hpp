// Replay validation: every recorded move of a parsed game checked against the FMJD rules.
//
// A game is replayed from its start position (the initial position, or the [FEN] tag; a
// /FEN "..."/ setup met in the movetext replaces the position). Every move token (start-end,
// full or partial capture paths, separators - x :) is resolved against the legal moves. The
// first illegal move stops the main line; the game keeps its legal prefix. Variations replay
// from the position before the move they follow and never invalidate the main line.
// Sources: FMJD rules articles 3-6; PDN 3.0 "Move notation", "Game termination".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pdn/game.hpp"
#include "pdn/result.hpp"  // outcome_of, read by the result checks
#include "rules/draw.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::pdn {

/// Overall verdict on a game.
enum class ReplayStatus : std::uint8_t {
  Valid,     ///< every move legal, nothing to flag
  Warnings,  ///< every move legal, but notation, numbering, result or dialect issues
  Invalid,   ///< an error: an illegal, ambiguous or unreadable move, a bad FEN, a cut game
  Skipped,   ///< not International draughts: not replayed
};
/// "valid", "warnings", "invalid", "skipped".
std::string_view to_string(ReplayStatus status);

// IssueKind (pdn/issue.hpp) says what is wrong; is_error(kind) tells the kinds that make a game
// invalid.

/// One problem, located in the source.
struct ReplayIssue {
  IssueKind kind = IssueKind::IllegalMove;
  int ply = 0;          ///< 1-based ply of the move in its line (0: about the whole game)
  std::uint32_t count = 1;  ///< warnings and notes: occurrences of this kind in the game
  int move_number = 0;  ///< FMJD move number (a move = one white and one black ply)
  rules::Color side = rules::Color::White;  ///< side to move at that ply
  std::string token;                         ///< the text as written
  TextPos pos;                               ///< where the token starts
  std::string message;                       ///< one English sentence
  std::string fen;                           ///< position before the move (empty for game-level)
  std::vector<std::string> legal;            ///< legal moves there, PDN notation, sorted
  std::vector<std::string> candidates;       ///< Ambiguous: the matching moves (full routes)
};

/// One replayed ply of the main line.
struct ReplayedPly {
  rules::Position before;  ///< position before the move
  rules::Move move;        ///< the move played
  /// rules::encode_move_code of the move among the legal moves (a position may have more than 255
  /// legal captures, so this is wider than the database's one-byte move code).
  std::uint32_t code = 0;
};

/// What to record while replaying.
struct ReplayOptions {
  bool record_plies = false;  ///< fill Replay::plies (positions and move codes, for indexing)
  /// With record_plies: Replay::plies_played keeps at most this many plies. When it is set
  /// (below the default, "all"), a /FEN/ setup of the main line also drops the plies recorded
  /// before it, so that the plies kept are the first ones from the last setup on (the stretch
  /// a database indexes) and a long game costs bounded memory. Replay::plies counts them all.
  std::size_t max_recorded_plies = static_cast<std::size_t>(-1);
  bool replay_variations = true;
  int lookahead_plies = 1000;  ///< plies tried after an ambiguous capture to tell routes apart
};

/// The result of replaying one game.
struct Replay {
  ReplayStatus status = ReplayStatus::Valid;
  rules::Position start;                  ///< position before the first ply (initial or [FEN])
  rules::Position final_position;         ///< after the last legal main-line ply
  int plies = 0;                          ///< legal main-line plies replayed
  bool complete = false;                  ///< the whole main line replayed (no error stopped it)
  bool setup_in_movetext = false;         ///< a /FEN/ setup replaced the position mid-game
  std::vector<ReplayedPly> plies_played;  ///< with ReplayOptions::record_plies
  std::vector<ReplayIssue> errors;
  std::vector<ReplayIssue> warnings;
  std::vector<ReplayIssue> notes;  ///< normalisations (Severity::Note), no effect on status
  rules::DrawReason draw = rules::DrawReason::None;  ///< first draw rule reached, if any
  int draw_ply = 0;                                   ///< ply at which it was reached
};

/// Replays `game` (see the top of this file). Never throws for bad game content: every problem
/// becomes a ReplayIssue. Games of another variant (game.variant.international false) are
/// returned with status Skipped and nothing replayed.
Replay replay(const Game& game, const ReplayOptions& options = {});

}  // namespace damdb::pdn
