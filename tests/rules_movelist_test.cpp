// Move lists of any length: the growable MoveList, and generate_moves / generate_all_captures
// checked against an independent slow walk over a 10x10 array (FMJD art. 3-4 written out
// directly: men step forward and capture both ways, kings fly, captured pieces stay on the board
// until the end of the move and cannot be jumped twice, only the longest captures are legal, one
// move per start, end and captured set) on random king-heavy positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"

using namespace damdb::rules;

namespace {

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
  bool own(char p) const { return white_to_move ? (p == 'w' || p == 'W') : (p == 'b' || p == 'B'); }
  bool opponent(char p) const { return p != '.' && !own(p); }
};

SlowBoard slow_board(const Position& pos) {
  SlowBoard b;
  for (auto& row : b.cell) std::fill(std::begin(row), std::end(row), '.');
  for (int sq = 1; sq <= 50; ++sq) {
    const char p = ".wbWB"[static_cast<int>(pos.piece_on(sq))];
    b.cell[SlowBoard::row_of(sq)][SlowBoard::col_of(sq)] = p;
  }
  b.white_to_move = pos.side_to_move() == Color::kWhite;
  return b;
}

constexpr int kDirs[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

/// Every complete capture sequence of the piece that started on `from`, now standing on (r, c).
void slow_captures(const SlowBoard& b, int from, bool king, int r, int c, std::vector<int>& taken,
                   std::set<SquareMove>& out) {
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
std::set<SquareMove> slow_all_captures(const SlowBoard& b) {
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

/// The legal moves by the rules written out directly.
std::set<SquareMove> slow_legal_moves(const SlowBoard& b) {
  const std::set<SquareMove> all = slow_all_captures(b);
  std::size_t best = 0;
  for (const auto& m : all) best = std::max(best, std::get<2>(m).size());
  std::set<SquareMove> legal;
  for (const auto& m : all)
    if (std::get<2>(m).size() == best) legal.insert(m);
  if (!legal.empty()) return legal;
  for (int sq = 1; sq <= 50; ++sq) {
    const char p = b.at(sq);
    if (!b.own(p)) continue;
    const bool king = p == 'W' || p == 'B';
    for (const auto& d : kDirs) {
      if (!king && d[0] != (b.white_to_move ? -1 : 1)) continue;
      int r = SlowBoard::row_of(sq) + d[0], c = SlowBoard::col_of(sq) + d[1];
      for (int to = SlowBoard::square_at(r, c); to != 0 && b.at(to) == '.';
           r += d[0], c += d[1], to = SlowBoard::square_at(r, c)) {
        legal.insert({sq, to, {}});
        if (!king) break;
      }
    }
  }
  return legal;
}

SquareMove to_squares(const Move& m) {
  std::vector<int> taken;
  for (Bitboard c = m.captures; c; c &= c - 1) taken.push_back(bit_to_square(lowest_bit(c)));
  std::sort(taken.begin(), taken.end());
  return {m.from_square(), m.to_square(), taken};
}

/// generate_moves as a set, checking that no move is listed twice.
std::set<SquareMove> generated(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::set<SquareMove> set;
  for (const Move& m : moves) EXPECT_TRUE(set.insert(to_squares(m)).second) << to_fen(pos);
  return set;
}

/// A random position with many kings of the side to move and many capturable pieces.
std::string random_king_heavy_fen(std::mt19937_64& rng) {
  std::vector<int> squares(50);
  for (int i = 0; i < 50; ++i) squares[i] = i + 1;
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

}  // namespace

TEST(MoveList, GrowsPastItsInlineCapacityAndCopies) {
  MoveList list;
  const int n = 3 * MoveList::kInlineCapacity + 7;
  for (int i = 0; i < n; ++i)
    list.push_back(Move{Bitboard{1} << (i % 50), static_cast<std::uint8_t>(i % 54),
                        static_cast<std::uint8_t>(i / 54)});
  ASSERT_EQ(list.size(), n);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(list[i].from, i % 54);
    EXPECT_EQ(list[i].to, i / 54);
  }
  MoveList copy = list;
  MoveList assigned;
  assigned.push_back(Move{});
  assigned = copy;
  ASSERT_EQ(copy.size(), n);
  ASSERT_EQ(assigned.size(), n);
  EXPECT_TRUE(std::equal(list.begin(), list.end(), copy.begin()));
  EXPECT_TRUE(std::equal(list.begin(), list.end(), assigned.begin()));
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(copy[n - 1].from, (n - 1) % 54);  // copies own their moves
}

// Six kings facing sixteen men: 1,489 complete capture sequences, more than the 256 moves a
// list used to hold. Majority rule and the distinct (start, end) pairs checked against the walk.
TEST(MoveGen, KingsFacingManyMenMatchTheSlowWalk) {
  const Position pos =
      parse_fen("W:WK1,K5,K15,K45,K46,K47:B6,9,10,11,13,17,18,24,27,28,31,33,39,40,41,42");
  const SlowBoard board = slow_board(pos);
  EXPECT_EQ(generated(pos), slow_legal_moves(board));

  // generate_all_captures: one entry per (start, end), with the fewest pieces taken.
  std::map<std::pair<int, int>, std::size_t> shortest;
  for (const auto& [from, to, taken] : slow_all_captures(board)) {
    auto [it, inserted] = shortest.try_emplace({from, to}, taken.size());
    if (!inserted) it->second = std::min(it->second, taken.size());
  }
  MoveList all;
  generate_all_captures(pos, all);
  std::map<std::pair<int, int>, std::size_t> got;
  for (const Move& m : all)
    EXPECT_TRUE(got.emplace(std::pair{m.from_square(), m.to_square()},
                            static_cast<std::size_t>(m.capture_count()))
                    .second);
  EXPECT_EQ(got, shortest);
  EXPECT_GT(slow_all_captures(board).size(), 1000u);
}

TEST(MoveGen, RandomKingHeavyPositionsMatchTheSlowWalk) {
  std::mt19937_64 rng(20261201);
  std::size_t most = 0, with_captures = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string fen = random_king_heavy_fen(rng);
    const Position pos = parse_fen(fen);
    const std::set<SquareMove> expected = slow_legal_moves(slow_board(pos));
    ASSERT_EQ(generated(pos), expected) << fen;
    ASSERT_EQ(count_moves(pos), static_cast<int>(expected.size())) << fen;
    most = std::max(most, expected.size());
    with_captures += !expected.empty() && !std::get<2>(*expected.begin()).empty();
  }
  // The sample reaches the capture code hard: most positions must capture.
  EXPECT_GT(with_captures, 1500u);
  EXPECT_GT(most, 30u);
}
