// Draw rules of FMJD article 6 through DrawTracker.
#include "rules/draw.hpp"
#include "rules/fen.hpp"
#include "rules/notation.hpp"

#include <gtest/gtest.h>

using namespace damdb::rules;

namespace {

/// Plays the moves (PDN text) from `fen`, feeding the tracker; returns the reason after each.
/// With `keyed` false the positions are played with play_unkeyed (stale Zobrist keys).
std::vector<DrawReason> play(const std::string& fen, const std::vector<std::string>& moves,
                             bool keyed = true) {
  Position p = parse_fen(fen);
  DrawTracker tracker(p);
  std::vector<DrawReason> out;
  for (const auto& text : moves) {
    const Resolution r = resolve(p, text);
    EXPECT_EQ(r.status, ResolveStatus::Ok) << text << " in " << to_fen(p);
    if (r.status != ResolveStatus::Ok) break;
    const Position before = p;
    if (keyed)
      p.play(r.move);
    else
      p.play_unkeyed(r.move);
    tracker.push(before, r.move, p);
    out.push_back(tracker.draw());
  }
  return out;
}

}  // namespace

// Every piece stands on an edge square in these games (1-5, 6, 16, 26, 36, 46-50, 15, 25, 35,
// 45), where it can never be captured (the square beyond it is off the board), so the king
// shuffles below are legal and never meet a compulsory capture.

TEST(Draw, ThreefoldRepetition) {
  // 36-47 15-4 47-36 4-15 twice: the start position stands for the third time after ply 8.
  const auto r = play("W:WK36:BK15", {"36-47", "15-4", "47-36", "4-15", "36-47", "15-4", "47-36",
                                      "4-15"});
  ASSERT_EQ(r.size(), 8u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[7], DrawReason::ThreefoldRepetition);
}

// The tracker compares pieces, not keys: a replay that leaves keys stale finds the same draws.
TEST(Draw, ThreefoldRepetitionWithoutKeys) {
  const std::vector<std::string> moves = {"36-47", "15-4", "47-36", "4-15",
                                          "36-47", "15-4", "47-36", "4-15"};
  EXPECT_EQ(play("W:WK36,K46,26:BK15,K5,25", moves, false),
            play("W:WK36,K46,26:BK15,K5,25", moves, true));
  const auto r = play("W:WK36:BK15", moves, false);
  ASSERT_EQ(r.size(), 8u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[7], DrawReason::ThreefoldRepetition);
}

TEST(Draw, ManMoveResetsRepetition) {
  const auto r = play("W:WK36,26:BK15,25", {"36-47", "15-4", "47-36", "4-15", "26-21", "25-30",
                                            "36-47", "15-4", "47-36", "4-15"});
  ASSERT_EQ(r.size(), 10u);
  for (auto reason : r) EXPECT_EQ(reason, DrawReason::None);
}

TEST(Draw, FiveMoveEndgame) {
  // Two white kings against one black king (art. 6.5): drawn after 5 moves each = 10 plies.
  // The start position comes back only a second time (ply 8), so no repetition draw first.
  const auto r = play("W:WK36,K50:BK15", {"36-47", "15-4", "50-45", "4-15", "47-36", "15-4",
                                          "45-50", "4-15", "36-47", "15-4"});
  ASSERT_EQ(r.size(), 10u);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[9], DrawReason::FiveMoves);
}

namespace {

/// Feeds the tracker a synthetic game of king moves only (legality is not the tracker's job):
/// White's king `mover` visits the squares of `path` in turn, Black's king alternates between
/// two squares; every position differs from the previous ones by White's king square.
std::vector<DrawReason> king_walk(Bitboard white_static, Bitboard black_static,
                                  const std::vector<Square>& path) {
  std::vector<DrawReason> out;
  auto make = [&](Square w, Square b, Color side) {
    return Position::from_bitboards(white_static | square_bb(w), black_static | square_bb(b),
                                    white_static | black_static | square_bb(w) | square_bb(b),
                                    side);
  };
  Position p = make(path[0], 1, Color::White);
  DrawTracker tracker(p);
  Square black_sq = 1;
  for (std::size_t i = 1; i < path.size(); ++i) {
    Position next = make(path[i], black_sq, Color::Black);
    tracker.push(p, Move{0, static_cast<std::uint8_t>(square_to_bit(path[i - 1])),
                         static_cast<std::uint8_t>(square_to_bit(path[i]))}, next);
    out.push_back(tracker.draw());
    p = next;
    const Square to = black_sq == 1 ? 6 : 1;
    next = make(path[i], to, Color::White);
    tracker.push(p, Move{0, static_cast<std::uint8_t>(square_to_bit(black_sq)),
                         static_cast<std::uint8_t>(square_to_bit(to))}, next);
    out.push_back(tracker.draw());
    black_sq = to;
    p = next;
  }
  return out;
}

}  // namespace

TEST(Draw, SixteenMoveEndgame) {
  // Three white kings (two fixed on 46 and 50, one walking) against one black king (art. 6.4):
  // drawn when both sides have played 16 moves, after ply 32.
  std::vector<Square> path;
  for (Square sq = 10; sq <= 27; ++sq) path.push_back(sq);  // 18 distinct squares: 17 moves
  const auto r = king_walk(square_bb(46) | square_bb(50), 0, path);
  ASSERT_EQ(r.size(), 34u);
  for (int i = 0; i < 31; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[31], DrawReason::SixteenMoves);
}

TEST(Draw, TwentyFiveKingMoves) {
  // Four kings against two kings (no endgame rule applies): 25 moves each of king moves only.
  std::vector<Square> path;
  for (Square sq = 10; sq <= 36; ++sq) path.push_back(sq);  // 27 squares: 26 moves
  const auto r = king_walk(square_bb(46) | square_bb(47) | square_bb(50), square_bb(5), path);
  ASSERT_EQ(r.size(), 52u);
  for (int i = 0; i < 49; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[49], DrawReason::TwentyFiveMoves);
}

// With six pieces (kings and men on edge squares): the repetition is found among the positions
// of the same side to move, and no endgame count runs on the way.
TEST(Draw, ThreefoldRepetitionWithManyPieces) {
  const auto r = play("W:WK36,K46,26:BK15,K5,25", {"36-47", "15-4", "47-36", "4-15", "36-47",
                                                  "15-4", "47-36", "4-15"});
  ASSERT_EQ(r.size(), 8u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[7], DrawReason::ThreefoldRepetition);
}

// Five pieces (no endgame rule), then a capture leaves three kings against one king: the
// 16-move count (art. 6.4) starts at the capture and ends 32 plies after it.
TEST(Draw, SixteenMoveCountStartsAtTheCapture) {
  const Bitboard fixed = square_bb(46) | square_bb(50);
  auto make = [&](Square walker, Square black_king, Bitboard black_men, Color side) {
    const Bitboard white = fixed | square_bb(walker);
    return Position::from_bitboards(white, square_bb(black_king) | black_men,
                                    white | square_bb(black_king), side);
  };
  auto bit = [](Square sq) { return static_cast<std::uint8_t>(square_to_bit(sq)); };
  Position p = make(10, 1, square_bb(25), Color::White);
  DrawTracker tracker(p);
  // Ply 1: the walking king takes the man on 25 (a synthetic capture: the tracker does not
  // check legality).
  Position next = make(11, 1, 0, Color::Black);
  tracker.push(p, Move{square_bb(25), bit(10), bit(11)}, next);
  std::vector<DrawReason> r{tracker.draw()};
  p = next;
  Square black_sq = 1;
  for (Square walker = 12; walker <= 29; ++walker) {  // every position new: no repetition
    const Square to = black_sq == 1 ? 6 : 1;
    next = make(walker - 1, to, 0, Color::White);
    tracker.push(p, Move{0, bit(black_sq), bit(to)}, next);
    r.push_back(tracker.draw());
    black_sq = to;
    p = next;
    next = make(walker, black_sq, 0, Color::Black);
    tracker.push(p, Move{0, bit(walker - 1), bit(walker)}, next);
    r.push_back(tracker.draw());
    p = next;
  }
  ASSERT_EQ(r.size(), 37u);
  for (std::size_t i = 0; i < 32; ++i) EXPECT_EQ(r[i], DrawReason::None) << i;
  EXPECT_EQ(r[32], DrawReason::SixteenMoves);
}
