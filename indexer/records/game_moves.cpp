#include "indexer/records/game_moves.hpp"

#include <algorithm>

#include "rules/fen.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::indexer {
namespace {

/// The error for move code `code` at ply index `i` that is not the index of one of the `n` legal
/// moves of its position (`i` = npos: no ply named).
GameDecodeError bad_code(int code, std::size_t i, int n) {
  const std::string at =
      i == static_cast<std::size_t>(-1) ? "" : " at ply " + std::to_string(i + 1);
  return GameDecodeError("move code " + std::to_string(code) + at + " is not a legal move (" +
                         std::to_string(n) + " legal moves)");
}

/// The legal move of code `code` in `pos` (`legal`: scratch); throws GameDecodeError naming
/// ply index `i` when `code` is not a legal move's code.
rules::Move coded_move_in(const rules::Position& pos, rules::MoveList& legal, int code,
                          std::size_t i) {
  rules::Move m{};
  if (rules::decode_move_code(pos, code, legal, m)) return m;
  legal.clear();
  rules::generate_moves(pos, legal);
  throw bad_code(code, i, legal.size());
}

/// Plays up to `max_plies` codes; calls visit(before, move, legal moves) for each.
template <class Visit>
rules::Position replay_codes(const db::GameRecord& game, std::size_t max_plies, Visit&& visit) {
  rules::Position pos = start_position(game);
  rules::MoveList legal;
  const std::size_t n = std::min(max_plies, game.moves.size());
  for (std::size_t i = 0; i < n; ++i) {
    legal.clear();
    rules::generate_moves(pos, legal);
    const rules::Move* m = rules::decode_move_code(legal, game.moves[i]);
    if (m == nullptr) throw bad_code(game.moves[i], i, legal.size());
    visit(pos, *m, legal);
    pos.play(*m);
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
  const rules::Move* m = rules::decode_move_code(legal, code);
  if (m == nullptr) throw bad_code(code, static_cast<std::size_t>(-1), legal.size());
  return {pos, *m, rules::to_pdn(pos, *m, legal)};
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
