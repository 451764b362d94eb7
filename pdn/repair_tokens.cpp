// The recorded move tokens of a game being repaired (see repair_tokens.hpp).
#include "pdn/repair_tokens.hpp"

#include "pdn/result.hpp"

namespace damdb::pdn::repair_detail {
namespace {

/// The tokens [i, end) for replayable_plies; it stops at an unusable token.
auto next_token(const Context& c, int i, bool mirror) {
  return [&c, i, mirror](WrittenMove& w) mutable {
    if (i >= c.end || !c.tokens[i].usable) return false;
    w = written(c.tokens[i++], mirror);
    return true;
  };
}

}  // namespace

bool resolve_token(const Context& c, const Position& pos, int i, bool mirror, MoveList& legal,
                   Move& out) {
  if (i >= c.end || !c.tokens[i].usable) return false;
  const WrittenMove w = written(c.tokens[i], mirror);
  if (!w.on_board()) return false;
  rules::generate_moves(pos, legal);
  const rules::Resolution r = rules::resolve(pos, legal, w.span(), w.separator);
  if (r.status == rules::ResolveStatus::Ok) {
    out = r.move;
    return true;
  }
  if (r.status != rules::ResolveStatus::Ambiguous) return false;
  const RouteChoice choice =
      longest_replaying(pos, r.candidates, c.options->ambiguity_plies,
                        [&] { return next_token(c, i + 1, mirror); });
  out = r.candidates[choice.index];
  return true;
}

const ReplayIssue* first_error(const Replay& replay) {
  for (const ReplayIssue& e : replay.errors)
    if (is_error(e.kind)) return &e;
  return nullptr;
}

int read_tokens(const Game& game, const ReplayIssue& error, Context& c,
                std::vector<std::uint32_t>& elements) {
  int segment = 0;
  int error_token = kNoToken;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Element& e = game.moves[i];
    if (e.kind == ElementKind::Setup) ++segment;
    if (e.kind != ElementKind::Move) continue;
    Token t;
    t.segment = segment;
    t.usable = !e.alphanumeric() && game.squares_of(e).size() <= kMaxSquares;
    if (t.usable) t.move = written_move(game, e);
    t.move.separator = rules_separator(e.separator);
    if (e.offset == error.pos.offset && error_token == kNoToken)
      error_token = static_cast<int>(c.tokens.size());
    elements.push_back(static_cast<std::uint32_t>(i));
    c.tokens.push_back(t);
  }
  return error_token;
}

void bound_segment(const Game& game, int error_token, Context& c) {
  c.end = error_token;
  while (c.end < static_cast<int>(c.tokens.size()) &&
         c.tokens[c.end].segment == c.tokens[error_token].segment)
    ++c.end;
  c.ends_game = c.end == static_cast<int>(c.tokens.size());
  c.recorded = recorded_result(game).said();
}

}  // namespace damdb::pdn::repair_detail
