// Cleaning a game: its move errors repaired one after another, or the game cut at the first it
// cannot fix (see clean_game in repair.hpp).
#include "pdn/repair.hpp"

#include "pdn/enum_names.hpp"
#include "pdn/repair_text.hpp"
#include "pdn/repair_tokens.hpp"
#include "pdn/result.hpp"

namespace damdb::pdn {

using namespace repair_detail;

namespace {

constexpr EnumNames<CleanOutcome, 3> kCleanOutcomeNames{{{
    {CleanOutcome::Unchanged, "unchanged"},
    {CleanOutcome::Repaired, "repaired"},
    {CleanOutcome::Truncated, "truncated"},
}}};
static_assert(kCleanOutcomeNames.covers(CleanOutcome::Truncated));

}  // namespace

std::string_view to_string(CleanOutcome outcome) {
  return kCleanOutcomeNames(outcome, "unchanged");
}

namespace {

/// Ends the cleaning of a game whose first error is not a move error: the game as read (or as
/// repaired so far) with a note naming the error; a non-standard terminator ("4-6") would not
/// end the game when read back, so it is kept in the note and written as '*'.
void leave_unrepaired(CleanResult& out, RepairProposal proposal) {
  out.has_unrepaired = true;
  out.unrepaired_reason = "not a move error";
  std::string note = "damdb: not repaired: " + std::string(to_string(proposal.error));
  if (proposal.pos.line)
    note += " at " + std::to_string(proposal.pos.line) + ":" + std::to_string(proposal.pos.column);
  note += ": " + proposal.message;
  if (!proposal.token.empty()) note += ": '" + proposal.token + "'";
  const Element* terminator = out.game.result();
  const std::string result_text = terminator ? std::string(out.game.text_of(*terminator)) : "";
  const bool odd_result = terminator && outcome_of(result_text) == Outcome::Unknown &&
                          result_text.find('*') == std::string::npos;
  if (odd_result) note += "; result written as '" + result_text + "'";
  out.game = annotate_game(out.game, note);
  if (odd_result) {
    Element star = out.game.moves.back();
    star.text = append_text(out.game, "*");
    star.set_outcome(Outcome::Unknown);
    out.game.moves.back() = star;
  }
  out.unrepaired = std::move(proposal);
  if (!out.fixes.empty()) out.outcome = CleanOutcome::Repaired;
}

/// Applies the first candidate of `proposal` (confident enough, and after which the error is
/// gone or later) to out.game and its replay `r`. Returns false with `reason` when none fits.
bool apply_best(CleanResult& out, Replay& r, const RepairProposal& proposal, bool last_round,
                const CleanOptions& options, const ReplayOptions& replay_options,
                std::string& reason) {
  reason = last_round ? "too many errors" : "no candidate fix";
  if (last_round) return false;
  for (const RepairCandidate& cand : proposal.candidates) {
    if (cand.confidence < options.min_confidence) {
      const std::string fix = cand.op == RepairOp::Delete ? cand.original + " deleted" : cand.applied;
      reason = "best fix " + fix + " (" + std::string(to_string(cand.kind)) +
               ") has confidence " + format_confidence(cand.confidence);
      return false;
    }
    Game next = apply_repair(out.game, proposal, cand);
    Replay rn = replay(next, replay_options);
    const ReplayIssue* error = first_error(rn);
    const int first_error_ply = error ? error->ply : 0;
    if (rn.status == ReplayStatus::Invalid && first_error_ply <= cand.ply) continue;
    out.fixes.push_back({proposal, cand});
    out.game = std::move(next);
    r = std::move(rn);
    return true;
  }
  return false;
}

}  // namespace

CleanResult clean_game(const Game& game, const CleanOptions& options) {
  return clean_game(Game(game), options);
}

CleanResult clean_game(Game&& game, const CleanOptions& options) {
  CleanResult out;
  ReplayOptions replay_options;
  replay_options.record_plies = true;
  // The positions of every ply (about 100 bytes a ply) only for a game to repair: a valid long
  // game is replayed without them.
  Replay r = replay(game);
  if (r.status == ReplayStatus::Invalid) r = replay(game, replay_options);
  out.game = std::move(game);
  out.as_read.status = r.status;
  out.as_read.plies = r.plies;
  out.as_read.errors = r.errors;
  out.as_read.warnings = r.warnings;
  out.as_read.notes = r.notes;
  if (r.status != ReplayStatus::Invalid) return out;
  for (int round = 0; round <= options.max_fixes; ++round) {
    RepairProposal proposal = propose_repair(out.game, r, options.repair);
    if (!proposal.repairable) {
      leave_unrepaired(out, std::move(proposal));
      return out;  // the game as read (or as repaired so far): nothing to cut at
    }
    std::string reason;
    if (!apply_best(out, r, proposal, round == options.max_fixes, options, replay_options,
                    reason)) {
      out.game = truncate_game(out.game, proposal, reason);
      out.outcome = CleanOutcome::Truncated;
      out.has_unrepaired = true;
      out.unrepaired_reason = reason;
      out.unrepaired = std::move(proposal);
      return out;
    }
    if (r.status != ReplayStatus::Invalid) {
      out.outcome = CleanOutcome::Repaired;
      return out;
    }
  }
  return out;
}

}  // namespace damdb::pdn
