// Internal to the scoresheet repair (repair.hpp): the main line's recorded move tokens of the
// game being repaired, read once and replayed by the candidate search without allocation.
#pragma once

#include <cstdint>
#include <vector>

#include "pdn/game.hpp"
#include "pdn/repair_candidate.hpp"
#include "pdn/replay.hpp"
#include "pdn/written_move.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace damdb::pdn::repair_detail {

using rules::Color;
using rules::Move;
using rules::MoveList;
using rules::Position;
using rules::Square;

inline constexpr int kMaxSquares = 24;  // a written move with more squares is not repaired
inline constexpr int kNoToken = -1;

/// A main-line move token, squares copied out of the Game (no allocation when replaying).
struct Token {
  WrittenMove move;     // the squares as written (none when not usable)
  bool usable = false;  // false: coordinates, or too many squares
  int segment = 0;      // incremented at every /FEN/ setup of the main line
};

/// Squares of a token as they are replayed (mirrored when a MirrorRest fix is in force).
inline WrittenMove written(const Token& t, bool mirror) {
  return mirror ? mirrored(t.move) : t.move;
}

/// Everything the search needs about one game.
struct Context {
  std::vector<Token> tokens;
  int end = 0;                      // one past the last token of the error's segment
  bool ends_game = false;           // `end` is the end of the main line (no setup follows)
  Outcome recorded = Outcome::Unknown;
  const RepairOptions* options = nullptr;
};

/// Resolves token `i` in `pos` like the replay validator does (an ambiguous capture takes the
/// route after which the next recorded plies replay longest). Returns false when illegal.
bool resolve_token(const Context& c, const Position& pos, int i, bool mirror, MoveList& legal,
                   Move& out);

/// The first error of `replay` that makes the game invalid, or nullptr.
const ReplayIssue* first_error(const Replay& replay);

/// Fills c.tokens with the main line's move tokens (and `elements` with their element indexes);
/// returns the index of the token at the error, or kNoToken.
int read_tokens(const Game& game, const ReplayIssue& error, Context& c,
                std::vector<std::uint32_t>& elements);

/// Sets c.end to the end of the error's segment, and what the game's result says.
void bound_segment(const Game& game, int error_token, Context& c);

}  // namespace damdb::pdn::repair_detail
