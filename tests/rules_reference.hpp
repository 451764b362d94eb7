// A slow, obviously-correct move generator for the rules tests, written from the FMJD rules
// (articles 3 and 4) on a 10x10 array and sharing nothing with rules/movegen.cpp but the square
// numbering: men step one square diagonally forward and capture forward and backward; kings fly
// (slide and capture over any distance, landing on any empty square behind the piece taken);
// captured pieces stay on the board until the move ends and cannot be jumped twice (Turkish
// strike); only the captures that take the most pieces are legal (kings count as one); one move
// per start, end and captured set; a man is crowned only when the move ends on the far row.
// Walks the board square by square; slow by design.
#pragma once

#include <algorithm>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/position.hpp"

namespace damdb::rules::reference {

/// A move as squares 1..50: start, end, captured squares ascending.
using SquareMove = std::tuple<int, int, std::vector<int>>;

/// The board as a 10x10 array: '.' empty, 'w'/'W' white man/king, 'b'/'B' black.
struct SlowBoard {
  char cell[10][10];
  bool white_to_move = true;

  static int row_of(int sq) { return (sq - 1) / 5; }
  static int col_of(int sq) { return row_of(sq) % 2 == 0 ? 2 * ((sq - 1) % 5) + 1 : 2 * ((sq - 1) % 5); }
  static int square_at(int r, int c) {
    if (r < 0 || r > 9 || c < 0 || c > 9 || (r + c) % 2 == 0) return 0;
    return r * 5 + c / 2 + 1;
  }
  char at(int sq) const { return cell[row_of(sq)][col_of(sq)]; }
  char& at(int sq) { return cell[row_of(sq)][col_of(sq)]; }
  bool own(char p) const { return white_to_move ? (p == 'w' || p == 'W') : (p == 'b' || p == 'B'); }
  bool opponent(char p) const { return p != '.' && !own(p); }
};

inline SlowBoard slow_board(const Position& pos) {
  SlowBoard b;
  for (auto& row : b.cell) std::fill(std::begin(row), std::end(row), '.');
  for (int sq = 1; sq <= 50; ++sq) b.at(sq) = ".wbWB"[static_cast<int>(pos.piece_on(sq))];
  b.white_to_move = pos.side_to_move() == Color::White;
  return b;
}

inline constexpr int kDirs[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

/// Every complete capture sequence of the piece that started on `from`, now standing on (r, c).
inline void slow_captures(const SlowBoard& b, int from, bool king, int r, int c,
                          std::vector<int>& taken, std::set<SquareMove>& out) {
  bool extended = false;
  const auto is_empty = [&](int sq) { return sq != 0 && (b.at(sq) == '.' || sq == from); };
  const auto capturable = [&](int sq) {
    return sq != 0 && b.opponent(b.at(sq)) &&
           std::find(taken.begin(), taken.end(), sq) == taken.end();
  };
  for (const auto& d : kDirs) {
    int rr = r + d[0], cc = c + d[1];
    if (king)
      while (is_empty(SlowBoard::square_at(rr, cc))) rr += d[0], cc += d[1];
    const int victim = SlowBoard::square_at(rr, cc);
    if (!capturable(victim)) continue;
    for (int lr = rr + d[0], lc = cc + d[1]; is_empty(SlowBoard::square_at(lr, lc));
         lr += d[0], lc += d[1]) {
      extended = true;
      taken.push_back(victim);
      slow_captures(b, from, king, lr, lc, taken, out);
      taken.pop_back();
      if (!king) break;  // a man lands right behind the piece it takes
    }
  }
  if (!extended && !taken.empty()) {
    std::vector<int> set = taken;
    std::sort(set.begin(), set.end());
    out.insert({from, SlowBoard::square_at(r, c), set});
  }
}

/// All complete captures of the side to move, any length.
inline std::set<SquareMove> slow_all_captures(const SlowBoard& b) {
  std::set<SquareMove> all;
  for (int sq = 1; sq <= 50; ++sq) {
    const char p = b.at(sq);
    if (!b.own(p)) continue;
    std::vector<int> taken;
    slow_captures(b, sq, p == 'W' || p == 'B', SlowBoard::row_of(sq), SlowBoard::col_of(sq), taken,
                  all);
  }
  return all;
}

/// The quiet moves of the side to move (legal when it has no capture).
inline std::set<SquareMove> slow_quiet_moves(const SlowBoard& b) {
  std::set<SquareMove> quiet;
  for (int sq = 1; sq <= 50; ++sq) {
    const char p = b.at(sq);
    if (!b.own(p)) continue;
    const bool king = p == 'W' || p == 'B';
    for (const auto& d : kDirs) {
      if (!king && d[0] != (b.white_to_move ? -1 : 1)) continue;
      int r = SlowBoard::row_of(sq) + d[0], c = SlowBoard::col_of(sq) + d[1];
      for (int to = SlowBoard::square_at(r, c); to != 0 && b.at(to) == '.';
           r += d[0], c += d[1], to = SlowBoard::square_at(r, c)) {
        quiet.insert({sq, to, {}});
        if (!king) break;
      }
    }
  }
  return quiet;
}

/// The legal moves by the rules written out directly.
inline std::set<SquareMove> slow_legal_moves(const SlowBoard& b) {
  const std::set<SquareMove> all = slow_all_captures(b);
  std::size_t best = 0;
  for (const auto& m : all) best = std::max(best, std::get<2>(m).size());
  std::set<SquareMove> legal;
  for (const auto& m : all)
    if (std::get<2>(m).size() == best) legal.insert(m);
  return legal.empty() ? slow_quiet_moves(b) : legal;
}

/// The board after move `m` of the side to move: the piece moves, the captured pieces go, a man
/// ending on the far row is crowned, the other side moves.
inline SlowBoard slow_play(SlowBoard b, const SquareMove& m) {
  const auto& [from, to, taken] = m;
  char piece = b.at(from);
  b.at(from) = '.';
  for (int sq : taken) b.at(sq) = '.';
  if (piece == 'w' && SlowBoard::row_of(to) == 0) piece = 'W';
  if (piece == 'b' && SlowBoard::row_of(to) == 9) piece = 'B';
  b.at(to) = piece;
  b.white_to_move = !b.white_to_move;
  return b;
}

/// Leaf count of the legal-move tree `depth` plies deep, walked move by move.
inline std::uint64_t slow_perft(const SlowBoard& b, int depth) {
  if (depth == 0) return 1;
  const std::set<SquareMove> moves = slow_legal_moves(b);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (const SquareMove& m : moves) leaves += slow_perft(slow_play(b, m), depth - 1);
  return leaves;
}

/// A random position (FEN) with many kings of the side to move and many capturable pieces.
inline std::string random_king_heavy_fen(std::mt19937_64& rng) {
  std::vector<int> squares(50);
  for (int i = 0; i < 50; ++i) squares[static_cast<std::size_t>(i)] = i + 1;
  std::shuffle(squares.begin(), squares.end(), rng);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int own_kings = pick(2, 8), own_men = pick(0, 6), opp_men = pick(6, 17),
            opp_kings = pick(0, 3);
  const bool white = pick(0, 1) == 1;
  std::string own, opp;
  std::size_t next = 0;
  const auto add = [&](std::string& list, bool king, bool man_of_white) {
    while (next < squares.size()) {
      const int sq = squares[next++];
      // No man on its own crowning row (it would already be a king).
      if (!king && (man_of_white ? sq <= 5 : sq >= 46)) continue;
      list += (list.empty() ? "" : ",") + std::string(king ? "K" : "") + std::to_string(sq);
      return;
    }
  };
  for (int i = 0; i < own_kings; ++i) add(own, true, white);
  for (int i = 0; i < own_men; ++i) add(own, false, white);
  for (int i = 0; i < opp_kings; ++i) add(opp, true, !white);
  for (int i = 0; i < opp_men; ++i) add(opp, false, !white);
  return std::string(white ? "W" : "B") + ":W" + (white ? own : opp) + ":B" + (white ? opp : own);
}

}  // namespace damdb::rules::reference
