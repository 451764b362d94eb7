// Playing moves and writing their routes, in hand-checked positions (FMJD articles 3 and 4):
// promotion only when a move ends on the far row, captured pieces removed when the move ends
// (also when a king comes back to its start square), and the routes of moves that share their
// start and end squares, with the reading of ambiguous capture notation.

#include "rules/fen.hpp"
#include "rules/move.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "tests/rules_move_key.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace {

using namespace damdb::rules;
using namespace damdb::rules::test;

// ---------------------------------------------------------------------------------------------
// Promotion and capture removal through Position::play.

/// Plays the legal move with the given start, end and captured squares; fails if absent.
Position play_move(const char* fen, Square from, Square to, std::vector<Square> captured) {
  Position pos = parse_fen(fen);
  MoveList legal;
  generate_moves(pos, legal);
  std::sort(captured.begin(), captured.end());
  for (const Move& m : legal) {
    if (key_of(m) == Key{from, to, captured}) {
      pos.play(m);
      return pos;
    }
  }
  ADD_FAILURE() << "FEN " << fen << ": move " << key_text({from, to, captured}) << " not found";
  return pos;
}

TEST(RulesPositionsPlay, QuietMoveOntoFarRowCrowns) {
  // 7-1 and 7-2 end on White's far row: the man becomes a king. Black to move afterwards.
  for (Square to : {1, 2}) {
    Position p = play_move("W:W7:B36", 7, to, {});
    EXPECT_EQ(p.piece_on(to), Piece::WhiteKing) << to;
    EXPECT_EQ(p.piece_on(7), Piece::Empty);
    EXPECT_EQ(p.side_to_move(), Color::Black);
  }
  // Black: 44-49 and 44-50 crown.
  for (Square to : {49, 50}) {
    Position p = play_move("B:W15:B44", 44, to, {});
    EXPECT_EQ(p.piece_on(to), Piece::BlackKing) << to;
    EXPECT_EQ(p.side_to_move(), Color::White);
  }
}

TEST(RulesPositionsPlay, QuietMoveShortOfFarRowDoesNotCrown) {
  Position p = play_move("W:W28:B3", 28, 22, {});
  EXPECT_EQ(p.piece_on(22), Piece::WhiteMan);
  Position q = play_move("B:W50:B12,16", 16, 21, {});
  EXPECT_EQ(q.piece_on(21), Piece::BlackMan);
}

TEST(RulesPositionsPlay, CaptureEndingOnFarRowCrowns) {
  Position p = play_move("W:W13:B9", 13, 4, {9});
  EXPECT_EQ(p.piece_on(4), Piece::WhiteKing);
  EXPECT_EQ(p.piece_on(9), Piece::Empty);
  EXPECT_EQ(p.piece_on(13), Piece::Empty);
}

TEST(RulesPositionsPlay, PassingFarRowMidCaptureDoesNotCrown) {
  Position p = play_move("W:W13:B9,10,29", 13, 15, {9, 10});
  EXPECT_EQ(p.piece_on(15), Piece::WhiteMan);
  EXPECT_EQ(p.piece_on(4), Piece::Empty);
  EXPECT_EQ(p.piece_on(9), Piece::Empty);
  EXPECT_EQ(p.piece_on(10), Piece::Empty);
  EXPECT_EQ(p.piece_on(29), Piece::BlackMan);

  Position q = play_move("B:W22,41,42:B38", 38, 36, {41, 42});
  EXPECT_EQ(q.piece_on(36), Piece::BlackMan);
  EXPECT_EQ(q.piece_on(47), Piece::Empty);
  EXPECT_EQ(q.piece_on(41), Piece::Empty);
  EXPECT_EQ(q.piece_on(42), Piece::Empty);
  EXPECT_EQ(q.piece_on(22), Piece::WhiteMan);
}

TEST(RulesPositionsPlay, KingReturningToStartRemovesAllCaptured) {
  Position p = play_move("W:WK28:B12,13,22,23", 28, 28, {12, 13, 22, 23});
  EXPECT_EQ(p.piece_on(28), Piece::WhiteKing);
  for (Square s : {12, 13, 22, 23}) EXPECT_EQ(p.piece_on(s), Piece::Empty) << s;
  EXPECT_EQ(p.black(), Bitboard{0});

  Position q = play_move("W:W33:B18,19,28,29", 33, 33, {18, 19, 28, 29});
  EXPECT_EQ(q.piece_on(33), Piece::WhiteMan);
  EXPECT_EQ(q.black(), Bitboard{0});
}

TEST(RulesPositionsPlay, LongKingCaptureRemovesAllFive) {
  Position p = play_move("W:WK41:B17,18,27,37,43", 41, 49, {17, 18, 27, 37, 43});
  EXPECT_EQ(p.piece_on(49), Piece::WhiteKing);
  EXPECT_EQ(p.piece_on(41), Piece::Empty);
  EXPECT_EQ(p.black(), Bitboard{0});
}

// ---------------------------------------------------------------------------------------------
// Routes and reading ambiguous notation, in the position with two moves per start/end pair.

TEST(RulesPositionsNotation, RoutesOfMovesSharingStartAndEnd) {
  const char* fen = "W:WK39:B14,24,34,42,43";
  Position pos = parse_fen(fen);
  MoveList legal;
  generate_moves(pos, legal);
  // Each route is unique (path: start then landing squares; captured in capture order).
  std::map<Key, std::pair<std::vector<Square>, std::vector<Square>>> want = {
      {Key{39, 10, {14, 24, 34}}, {{39, 30, 19, 10}, {34, 24, 14}}},
      {Key{39, 5, {14, 24, 34}}, {{39, 30, 19, 5}, {34, 24, 14}}},
      {Key{39, 10, {14, 42, 43}}, {{39, 48, 37, 10}, {43, 42, 14}}},
      {Key{39, 5, {14, 42, 43}}, {{39, 48, 37, 5}, {43, 42, 14}}},
  };
  int seen = 0;
  for (const Move& m : legal) {
    auto it = want.find(key_of(m));
    if (it == want.end()) continue;
    ++seen;
    Route r = route(pos, m);
    EXPECT_EQ(r.path, it->second.first) << key_text(key_of(m));
    EXPECT_EQ(r.captured, it->second.second) << key_text(key_of(m));
  }
  EXPECT_EQ(seen, 4);

  // "39x10" matches two legal moves: ambiguous, with both as candidates.
  Resolution amb = resolve(pos, "39x10");
  EXPECT_EQ(amb.status, ResolveStatus::Ambiguous);
  EXPECT_EQ(amb.candidates.size(), 2);
  // A partial path naming one landing square picks one move.
  Resolution one = resolve(pos, "39x48x10");
  ASSERT_EQ(one.status, ResolveStatus::Ok);
  EXPECT_EQ(key_of(one.move), (Key{39, 10, {14, 42, 43}}));
  Resolution two = resolve(pos, "39x19x5");
  ASSERT_EQ(two.status, ResolveStatus::Ok);
  EXPECT_EQ(key_of(two.move), (Key{39, 5, {14, 24, 34}}));
  // A start-end pair that is not legal.
  EXPECT_EQ(resolve(pos, "39x25").status, ResolveStatus::Illegal);
}

TEST(RulesPositionsNotation, RoutesOfManCaptures) {
  {
    Position pos = parse_fen("W:W13:B9,10,29");
    MoveList legal;
    generate_moves(pos, legal);
    ASSERT_EQ(legal.size(), 1);
    Route r = route(pos, legal[0]);
    EXPECT_EQ(r.path, (std::vector<Square>{13, 4, 15}));
    EXPECT_EQ(r.captured, (std::vector<Square>{9, 10}));
  }
  {
    Position pos = parse_fen("B:W22,41,42:B38");
    MoveList legal;
    generate_moves(pos, legal);
    ASSERT_EQ(legal.size(), 1);
    Route r = route(pos, legal[0]);
    EXPECT_EQ(r.path, (std::vector<Square>{38, 47, 36}));
    EXPECT_EQ(r.captured, (std::vector<Square>{42, 41}));
  }
  {
    // Straight-through route of a king: after jumping 37 the king goes on straight, so by the
    // documented PDN 3.0 convention (route(): "lands on the square right behind the captured
    // piece") the intermediate landing is 32, the square right behind 37.
    Position pos = parse_fen("W:WK46:B19,37");
    MoveList legal;
    generate_moves(pos, legal);
    ASSERT_EQ(legal.size(), 3);
    for (const Move& m : legal) {
      Route r = route(pos, m);
      EXPECT_EQ(r.path, (std::vector<Square>{46, 32, m.to_square()}));
      EXPECT_EQ(r.captured, (std::vector<Square>{37, 19}));
    }
  }
}

}  // namespace
