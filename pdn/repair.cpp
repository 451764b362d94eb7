// Scoresheet repair: the first wrong move of a game and its ranked candidate fixes (see
// repair.hpp).
#include "pdn/repair.hpp"

#include <algorithm>
#include <cmath>

#include "pdn/repair_models.hpp"
#include "pdn/repair_search.hpp"
#include "pdn/repair_tokens.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::pdn {

using namespace repair_detail;

namespace {

std::string token_text(const Game& g, const RepairProposal& p, int token) {
  return std::string(g.text_of(g.moves[p.elements[token]]));
}

/// The text before and after the fix of `p` (PDN notation of the moves played in `out.at`).
void describe_fix(const Game& game, const RepairProposal& out, const Plan& p,
                  const MoveList& legal, RepairCandidate& cand) {
  const std::string here = token_text(game, out, out.error_token);
  switch (p.op) {
    case RepairOp::Replace:
    case RepairOp::MirrorRest:
      cand.original = here;
      cand.applied = rules::to_pdn(out.at, p.move, legal);
      break;
    case RepairOp::Insert:
      cand.original = here;
      cand.applied = rules::to_pdn(out.at, p.move, legal) + " " + here;
      break;
    case RepairOp::Delete:
      cand.original = token_text(game, out, p.token);
      break;
    case RepairOp::Swap:
      cand.original = token_text(game, out, p.token) + " " + token_text(game, out, p.token + 1);
      cand.applied = token_text(game, out, p.token + 1) + " " + token_text(game, out, p.token);
      break;
  }
}

/// The best `plans` (sorted best first) as out.candidates, with their confidence (see
/// repair.hpp).
void rank_candidates(const Game& game, const Context& c, const std::vector<Plan>& plans,
                     RepairProposal& out) {
  const int error_token = out.error_token;
  std::vector<double> weight(plans.size());
  double total = std::exp(-4.0);
  for (std::size_t k = 0; k < plans.size(); ++k) {
    const Plan& p = plans[k];
    const double unexplained = c.end - p.reach;
    weight[k] = std::exp(-1.0 * unexplained - 2.0 * p.fixes - 1.0 * edit_cost(p.kind) +
                         0.5 * p.agreement);
    total += weight[k];
  }
  double ceiling = 1.0;
  const int keep = std::min<int>(static_cast<int>(plans.size()), c.options->max_candidates);
  MoveList legal;
  rules::generate_moves(out.at, legal);
  for (int k = 0; k < keep; ++k) {
    const Plan& p = plans[k];
    RepairCandidate cand;
    cand.kind = p.kind;
    cand.op = p.op;
    cand.token = p.token;
    cand.ply = out.ply - (error_token - p.token);
    cand.move = p.move;
    cand.reach = p.reach - error_token;
    cand.plies_after = p.plies_after;
    cand.later_fixes = p.fixes;
    cand.result_agreement = p.agreement;
    const double evidence = 1.0 - 0.5 * std::exp(-(p.reach - p.resume) / 3.0);
    cand.confidence = std::min(ceiling, weight[k] / total * evidence);
    ceiling = cand.confidence;
    describe_fix(game, out, p, legal, cand);
    out.candidates.push_back(std::move(cand));
  }
}

}  // namespace

RepairProposal propose_repair(const Game& game, const Replay& replay,
                              const RepairOptions& options) {
  RepairProposal out;
  const ReplayIssue* error = first_error(replay);
  if (!error) return out;
  out.error = error->kind;
  out.ply = error->ply;
  out.pos = error->pos;
  out.token = error->token;
  out.message = error->message;
  // An unreadable token, a bad FEN or a cut game: not a move to repair.
  if (!is_move_error(error->kind)) return out;
  Context c;
  c.options = &options;
  const int error_token = read_tokens(game, *error, c, out.elements);
  if (error_token == kNoToken) return out;
  bound_segment(game, error_token, c);
  out.repairable = true;
  out.error_token = error_token;
  out.segment_end = c.end;
  out.tokens_after = c.end - error_token;
  out.at = replay.final_position;
  // The position before the previous ply, when that ply is in the same segment.
  Position prev;
  bool has_prev = false;
  if (error->ply >= 2 && static_cast<int>(replay.plies_played.size()) >= error->ply - 1 &&
      error_token >= 1 && c.tokens[error_token - 1].segment == c.tokens[error_token].segment) {
    prev = replay.plies_played[error->ply - 2].before;
    has_prev = true;
  }
  std::vector<Plan> plans;
  plans.reserve(128);
  search(c, out.at, prev, has_prev, error_token, false, options.max_depth, plans);
  rank_candidates(game, c, plans, out);
  return out;
}

}  // namespace damdb::pdn
