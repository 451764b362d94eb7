#include "indexer/records/game_moves.hpp"

#include <algorithm>
#include <array>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/rays.hpp"

namespace damdb::indexer {
namespace {

/// The legal move of index `code` played at ply index `i`; throws GameDecodeError naming the ply.
const rules::Move& coded_move(const rules::MoveList& legal, int code, std::size_t i) {
  if (code >= legal.size())
    throw GameDecodeError("move code " + std::to_string(code) + " at ply " +
                          std::to_string(i + 1) + " is not a legal move (" +
                          std::to_string(legal.size()) + " legal moves)");
  return legal[code];
}

/// The move of index `code` in the rules::sort_moves() order of `legal` without sorting the
/// list (a replay only needs that one move): quiet moves are ordered by (start, end) alone, so
/// their keys are selected as integers; a capture list (usually one move) is searched with
/// rules::canonical_index. Null when `code` is not an index of `legal`.
const rules::Move* canonical_nth(const rules::MoveList& legal, int code) {
  const int n = legal.size();
  if (code >= n) return nullptr;
  if (n == 1) return &legal[0];
  if (legal[0].is_capture()) {  // capture is compulsory: all of them or none are captures
    for (const rules::Move& m : legal)
      if (rules::canonical_index(legal, m) == code) return &m;
    return nullptr;  // not reached: the canonical order is total over distinct moves
  }
  // Quiet moves: (from, to) is unique (at most 160 moves).
  std::array<std::uint32_t, rules::MoveList::kInlineCapacity> keys;
  if (n > static_cast<int>(keys.size())) {
    rules::MoveList sorted = legal;
    rules::sort_moves(sorted);
    for (const rules::Move& m : legal)
      if (m == sorted[code]) return &m;
  }
  for (int i = 0; i < n; ++i)
    keys[i] = std::uint32_t{legal[i].from} << 8 | std::uint32_t{legal[i].to};
  // The move with exactly `code` smaller keys (branch-free counting beats sorting ~10 moves).
  for (int i = 0; i < n; ++i) {
    int rank = 0;
    for (int j = 0; j < n; ++j) rank += keys[j] < keys[i] ? 1 : 0;
    if (rank == code) return &legal[i];
  }
  return nullptr;  // not reached: the keys are distinct
}

/// The quiet move of index `code` in the rules::sort_moves() order when the side to move has no
/// capture (then every legal move is quiet), read off the bitboards without a move list: pieces
/// by ascending start bit; a man's steps by ascending end bit (the step to the lower bit first);
/// a king's slides by ascending end bit. False when `code` is past the last move.
bool quiet_move_of_code(const rules::Position& pos, int code, rules::Move& move) {
  using namespace rules;
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard kings = own & pos.kings(), men = own & ~kings, empty = pos.empty();
  Bitboard low = 0, high = 0;  // men that step to the lower / higher of their two end bits
  int d_low = 0, d_high = 0;
  if (pos.side_to_move() == Color::White) {
    low = step<kDownRight>(step<kUpLeft>(men) & empty) & men;
    high = step<kDownLeft>(step<kUpRight>(men) & empty) & men;
    d_low = kUpLeft;
    d_high = kUpRight;
  } else {
    low = step<kUpRight>(step<kDownLeft>(men) & empty) & men;
    high = step<kUpLeft>(step<kDownRight>(men) & empty) & men;
    d_low = kDownLeft;
    d_high = kDownRight;
  }
  for (Bitboard movers = low | high | kings; movers != 0; movers &= movers - 1) {
    const int from = lowest_bit(movers);
    const Bitboard b = Bitboard{1} << from;
    int to = -1;
    if ((kings & b) != 0) {
      Bitboard slides = king_slides(from, ~empty);
      const int n = count(slides);
      if (code >= n) {
        code -= n;
        continue;
      }
      for (; code > 0; --code) slides &= slides - 1;
      to = lowest_bit(slides);
    } else {
      const int n = ((low & b) != 0 ? 1 : 0) + ((high & b) != 0 ? 1 : 0);
      if (code >= n) {
        code -= n;
        continue;
      }
      to = from + ((low & b) != 0 && code == 0 ? d_low : d_high);
    }
    move = Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return true;
  }
  return false;
}

/// The legal move of index `code` in `pos` (`legal`: scratch); throws GameDecodeError naming
/// ply index `i` when `code` is not a legal move's index.
rules::Move coded_move_in(const rules::Position& pos, rules::MoveList& legal, int code,
                          std::size_t i) {
  rules::Move quiet{};
  if (!rules::has_capture(pos)) {
    if (quiet_move_of_code(pos, code, quiet)) return quiet;
  } else {
    legal.clear();
    rules::generate_moves(pos, legal);
    if (const rules::Move* m = canonical_nth(legal, code)) return *m;
  }
  legal.clear();
  rules::generate_moves(pos, legal);
  return coded_move(legal, code, i);  // throws
}

/// Plays up to `max_plies` codes; calls visit(before, move, sorted legal moves) for each.
template <class Visit>
rules::Position replay_codes(const db::GameRecord& game, std::size_t max_plies, Visit&& visit) {
  rules::Position pos = start_position(game);
  rules::MoveList legal;
  const std::size_t n = std::min(max_plies, game.moves.size());
  for (std::size_t i = 0; i < n; ++i) {
    legal.clear();
    rules::generate_moves(pos, legal);
    rules::sort_moves(legal);
    const rules::Move& m = coded_move(legal, game.moves[i], i);
    visit(pos, m, legal);
    pos.play(m);
  }
  return pos;
}

}  // namespace

rules::Position start_position(const db::GameRecord& game) {
  if (game.start_fen.empty()) return rules::Position::initial();
  try {
    return rules::parse_fen(game.start_fen);
  } catch (const rules::FenError& e) {
    throw GameDecodeError("stored start FEN \"" + game.start_fen + "\" is bad: " + e.what());
  }
}

std::vector<DecodedPly> decode_moves(const db::GameRecord& game, std::size_t max_plies) {
  std::vector<DecodedPly> plies;
  plies.reserve(std::min(max_plies, game.moves.size()));
  replay_codes(game, max_plies,
               [&](const rules::Position& before, const rules::Move& m,
                   const rules::MoveList& legal) {
                 plies.push_back({before, m, rules::to_pdn(before, m, legal)});
               });
  return plies;
}

void play_code(rules::Position& pos, rules::MoveList& scratch, std::uint8_t code, std::size_t i) {
  pos.play_unkeyed(coded_move_in(pos, scratch, code, i));
}

rules::Move move_of_code(const rules::Position& pos, rules::MoveList& scratch, std::uint8_t code,
                         std::size_t i) {
  return coded_move_in(pos, scratch, code, i);
}

void for_each_position(const db::GameRecord& game,
                       const std::function<bool(int, const rules::Position&)>& visit) {
  replay_positions(game, visit);
}

DecodedPly decode_move(const rules::Position& pos, std::uint8_t code) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::sort_moves(legal);
  if (code >= legal.size())
    throw GameDecodeError("move code " + std::to_string(code) + " is not a legal move (" +
                          std::to_string(legal.size()) + " legal moves)");
  return {pos, legal[code], rules::to_pdn(pos, legal[code], legal)};
}

rules::Position position_at(const db::GameRecord& game, std::size_t ply) {
  if (ply > game.moves.size())
    throw std::out_of_range("ply " + std::to_string(ply) + " is past the end of the game (" +
                            std::to_string(game.moves.size()) + " plies)");
  return replay_codes(game, ply, [](const auto&, const auto&, const auto&) {});
}

std::string numbered_movetext(const std::vector<DecodedPly>& plies) {
  std::string out;
  int number = 1;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const bool white = plies[i].before.side_to_move() == rules::Color::White;
    if (!out.empty()) out += ' ';
    if (white) {
      out += std::to_string(number) + ". ";
    } else if (i == 0) {
      out += std::to_string(number) + "... ";
    }
    out += plies[i].notation;
    if (!white) ++number;
  }
  return out;
}

std::string numbered_ply(const std::vector<DecodedPly>& plies, std::size_t i) {
  int number = 1;
  for (std::size_t k = 0; k < i; ++k)
    if (plies[k].before.side_to_move() == rules::Color::Black) ++number;
  const bool white = plies[i].before.side_to_move() == rules::Color::White;
  return std::to_string(number) + (white ? ". " : "... ") + plies[i].notation;
}

}  // namespace damdb::indexer
