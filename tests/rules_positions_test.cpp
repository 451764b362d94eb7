// Hand-checked positions for the FMJD move generator (International Draughts, 10x10).
//
// Every expected move list below was derived BY HAND from the FMJD rules (articles 3 and 4) by
// reasoning on the board, never copied from the generator's output. Each position has a short
// comment with the reasoning: which rule it tests, why each move is legal and why the tempting
// moves are not. The test compares the exact SET of moves, identified as (start square, end
// square, sorted captured squares), and the PDN text written by to_pdn().
//
// Board reference (FMJD numbering; White moves up, towards 1..5):
//
//        01    02    03    04    05
//     06    07    08    09    10
//        11    12    13    14    15
//     16    17    18    19    20
//        21    22    23    24    25
//     26    27    28    29    30
//        31    32    33    34    35
//     36    37    38    39    40
//        41    42    43    44    45
//     46    47    48    49    50
//
// Neighbours: in rows 1,3,5,7,9 (squares 1-5, 11-15, ...) square s has up-left s-5, up-right s-4,
// down-left s+5, down-right s+6; in rows 2,4,6,8,10 (6-10, 16-20, ...) up-left s-6, up-right s-5,
// down-left s+4, down-right s+5; minus the neighbours that fall off the left/right edge.
// The coordinate helpers below (row/column of a square) are only used to double-check the
// expected data (adjacency, diagonals), never to generate moves.

#include "rules/bitboard.hpp"
#include "rules/fen.hpp"
#include "rules/mirror.hpp"
#include "rules/move.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "tests/rules_move_key.hpp"
#include "tests/rules_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace damdb::rules;

// ---------------------------------------------------------------------------------------------
// Geometry helpers (for checking the hand-written data only).

/// Row 0..9 from the top (row 0 holds squares 1..5).
int row_of(Square s) { return (s - 1) / 5; }
/// Column 0..9 from the left; even rows (1..5, 11..15, ...) use the odd columns.
int col_of(Square s) { return 2 * ((s - 1) % 5) + (row_of(s) % 2 == 0 ? 1 : 0); }
/// Square at (row, col), or 0 when that is not a playable square.
Square square_at(int row, int col) {
  if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 == 0) return 0;
  return row * 5 + col / 2 + 1;
}
bool same_diagonal(Square a, Square b) {
  return a != b && std::abs(row_of(a) - row_of(b)) == std::abs(col_of(a) - col_of(b));
}
/// Squares strictly between two squares on one diagonal.
std::vector<Square> between(Square a, Square b) {
  std::vector<Square> out;
  int dr = row_of(b) > row_of(a) ? 1 : -1;
  int dc = col_of(b) > col_of(a) ? 1 : -1;
  for (int r = row_of(a) + dr, c = col_of(a) + dc; r != row_of(b); r += dr, c += dc)
    out.push_back(square_at(r, c));
  return out;
}

std::set<Square> neighbours(Square s) {
  std::set<Square> out;
  for (int dr : {-1, 1})
    for (int dc : {-1, 1})
      if (Square n = square_at(row_of(s) + dr, col_of(s) + dc)) out.insert(n);
  return out;
}

TEST(RulesPositionsGeometry, HelperMatchesFmjdNumbering) {
  EXPECT_EQ(neighbours(1), (std::set<Square>{6, 7}));
  EXPECT_EQ(neighbours(5), (std::set<Square>{10}));
  EXPECT_EQ(neighbours(6), (std::set<Square>{1, 11}));
  EXPECT_EQ(neighbours(28), (std::set<Square>{22, 23, 32, 33}));
  EXPECT_EQ(neighbours(46), (std::set<Square>{41}));
  EXPECT_EQ(neighbours(45), (std::set<Square>{40, 50}));
  EXPECT_EQ(neighbours(36), (std::set<Square>{31, 41}));
  EXPECT_EQ(between(46, 5), (std::vector<Square>{41, 37, 32, 28, 23, 19, 14, 10}));
  for (Square s = 1; s <= 50; ++s) {
    EXPECT_EQ(square_at(row_of(s), col_of(s)), s);
    // The library's bit layout agrees on the square numbering.
    EXPECT_EQ(bit_to_square(square_to_bit(s)), s);
    // Seen from the other side, square s stands where the row and column are reversed.
    EXPECT_EQ(mirrored_square(s), square_at(9 - row_of(s), 9 - col_of(s)));
    EXPECT_TRUE(is_square(s));
  }
  for (int n : {-1, 0, 51, 99}) {
    EXPECT_FALSE(is_square(n));
    EXPECT_EQ(mirrored_square(n), n);  // a number off the board is kept as written
  }
}

// ---------------------------------------------------------------------------------------------
// Expected data.

struct Expected {
  Square from;
  Square to;
  std::vector<Square> captured;  // any order; compared sorted
  std::string pdn;               // what to_pdn() must write
};

struct Case {
  const char* name;
  const char* fen;
  std::vector<Expected> moves;
};

/// gtest prints a failing parameter with this: the case name and FEN instead of raw bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name << " (" << c.fen << ")"; }

using damdb::rules::test::Key;
using damdb::rules::test::key_of;
using damdb::rules::test::key_text;


Key key_of(const Expected& e) {
  std::vector<Square> c = e.captured;
  std::sort(c.begin(), c.end());
  return {e.from, e.to, c};
}

// The positions. Reasoning for each is in the comment above it. "x(n)" = captures n pieces.
const std::vector<Case> kCases = {
    // --- Men: quiet moves ---------------------------------------------------------------

    // The initial position: only the front men 31..35 can move, each one step forward;
    // 31-26/31-27, 32-27/32-28, 33-28/33-29, 34-29/34-30, 35-30 (35 is on the right edge).
    {"InitialPosition", "W:W31-50:B1-20",
     {{31, 26, {}, "31-26"}, {31, 27, {}, "31-27"}, {32, 27, {}, "32-27"},
      {32, 28, {}, "32-28"}, {33, 28, {}, "33-28"}, {33, 29, {}, "33-29"},
      {34, 29, {}, "34-29"}, {34, 30, {}, "34-30"}, {35, 30, {}, "35-30"}}},

    // A white man steps forward only: 28 -> 22 or 23; never backward to 32/33.
    // The black man on 3 is far away (no capture).
    {"WhiteManStepsForwardOnly", "W:W28:B3",
     {{28, 22, {}, "28-22"}, {28, 23, {}, "28-23"}}},

    // Edges and own pieces: 35 (right edge) has only up-left 30; 36 (left edge) only
    // up-right 31; 40 goes to 34 (its up-right 35 is our own man); 45's only forward square
    // 40 is our own man, so 45 cannot move at all. Black on 5 is out of reach.
    {"WhiteMenEdgesAndOwnBlockers", "W:W35,36,40,45:B5",
     {{35, 30, {}, "35-30"}, {36, 31, {}, "36-31"}, {40, 34, {}, "40-34"}}},

    // Black men move DOWN the board: 12 -> 17/18; 16 (left edge) -> 21 only.
    {"BlackMenStepDown", "B:W50:B12,16",
     {{12, 17, {}, "12-17"}, {12, 18, {}, "12-18"}, {16, 21, {}, "16-21"}}},

    // A piece on the edge cannot be captured: 31 x 26 would land off the board. So White
    // has no capture and the only move is 31-27 (26 is occupied).
    {"EdgePieceCannotBeCaptured", "W:W31:B26", {{31, 27, {}, "31-27"}}},

    // A man cannot jump two pieces in a row: 32 x 27 needs 21 empty, but 21 is black.
    // Only the quiet move 32-28 remains (27 is occupied).
    {"ManCannotJumpTwoInARow", "W:W32:B21,27", {{32, 28, {}, "32-28"}}},

    // --- Men: captures --------------------------------------------------------------------

    // Capture is compulsory: 32 x 27 lands on 21 (empty); from 21 nothing more (16,17,26
    // empty). The quiet moves 32-28, 38-33, 38-? all vanish. 38 has no capture (32 is ours).
    {"CaptureIsCompulsory", "W:W32,38:B3,27", {{32, 21, {27}, "32x21"}}},

    // Men capture backward: white 23 jumps 28 (down-left) and lands on 32.
    // Quiet 23-18/23-19 are not allowed because a capture exists.
    {"WhiteManCapturesBackward", "W:W23:B28", {{23, 32, {28}, "23x32"}}},

    // Black to move, both directions: 17 x 22 forward (down-right) to 28, and 27 x 22
    // backward (up-right) to 18. Both take one piece, so both are legal; the quiet moves
    // (17-21, 27-31, 27-32) are not.
    {"BlackMenCaptureForwardAndBackward", "B:W22:B17,27",
     {{17, 28, {22}, "17x28"}, {27, 18, {22}, "27x18"}}},

    // Majority rule with men: 32 x 27 -> 21 takes one piece and stops (16, 17 empty);
    // 32 x 28 -> 23, then 23 x 18 -> 12 takes two. Only the two-piece capture is legal.
    // 37 has no capture (its up-right 32 is our own man).
    {"MajorityRuleMen", "W:W32,37:B18,27,28", {{32, 12, {18, 28}, "32x12"}}},

    // Mirror image of the previous idea for Black: 19 x 24 -> 30 takes one; 19 x 23 -> 28,
    // then 28 x 33 -> 39 takes two. 14 has no capture (19 is its own man, 20 empty).
    {"MajorityRuleBlackMen", "B:W23,24,33:B14,19", {{19, 39, {23, 33}, "19x39"}}},

    // A king counts as one piece, and there is no preference for taking a king:
    // 33 x K28 -> 22 takes one (the king); 33 x 29 -> 24 x 19 -> 13 takes two men.
    // Only the two-man capture is legal.
    {"KingCountsAsOnePiece", "W:W33:B19,29,K28", {{33, 13, {19, 29}, "33x13"}}},

    // Same count, king or man: 33 x K28 -> 22 and 33 x 29 -> 24 each take one piece
    // (nothing further from 22 or 24), so both are legal.
    {"NoPreferenceForCapturingKing", "W:W33:B29,K28",
     {{33, 22, {28}, "33x22"}, {33, 24, {29}, "33x24"}}},

    // A man whose capture route returns to its own start square (the start counts as empty):
    // 33 x 28 -> 22 x 18 -> 13 x 19 -> 24 x 29 -> 33, or the same loop the other way round
    // (33 x 29 -> 24 x 19 -> 13 x 18 -> 22 x 28 -> 33). Same start, end and captured set:
    // ONE move "33x33" taking four. Shorter stops (e.g. 33x13 with two) lose to the majority.
    {"ManLoopBackToStartIsOneMove", "W:W33:B18,19,28,29",
     {{33, 33, {18, 19, 28, 29}, "33x33"}}},

    // --- Promotion ------------------------------------------------------------------------

    // A white man on 7 steps to 1 or 2 (the far row): both moves crown it (checked by play()
    // in the promotion test below).
    {"WhiteManStepsOntoFarRow", "W:W7:B36", {{7, 1, {}, "7-1"}, {7, 2, {}, "7-2"}}},

    // A black man on 44 steps to 49 or 50 (Black's far row): both crown.
    {"BlackManStepsOntoFarRow", "B:W15:B44", {{44, 49, {}, "44-49"}, {44, 50, {}, "44-50"}}},

    // A capture that ends on the far row crowns: 13 x 9 lands on 4; from 4 there is nothing
    // more (9 is taken, 10 is empty), so the move ends there and the man becomes a king.
    {"CaptureEndingOnFarRowCrowns", "W:W13:B9", {{13, 4, {9}, "13x4"}}},

    // Passing the far row mid-capture does not crown: 13 x 9 lands on 4 (row 1) but must go
    // on as a MAN: 4 x 10 -> 15. On 15 it is still a man, so it cannot fly to take 29
    // (20 and 24 are empty; only a king could do 15 x 29). Result: 13x15 taking two, no
    // 13x33-style three-piece king capture, and the piece on 15 stays a man.
    {"ManPassingFarRowMidCaptureStaysMan", "W:W13:B9,10,29", {{13, 15, {9, 10}, "13x15"}}},

    // The same for Black (the previous position turned round, square n -> 51-n): 38 x 42
    // lands on 47 (Black's far row), continues as a man 47 x 41 -> 36 and stays a man on 36,
    // so it cannot fly on 36-31-27 x 22.
    {"BlackManPassingFarRowMidCaptureStaysMan", "B:W22,41,42:B38",
     {{38, 36, {41, 42}, "38x36"}}},

    // --- Kings: quiet moves ---------------------------------------------------------------

    // A flying king on 28 slides any distance: up-left 22,17,11,6; down-left 32,37,41,46;
    // down-right 33,39,44,50; up-right 23,19 then black 14 with black 10 right behind it:
    // two pieces in a row cannot be jumped, so no capture and no move beyond 19.
    {"FlyingKingQuietMoves", "W:WK28:B10,14",
     {{28, 22, {}, "28-22"}, {28, 17, {}, "28-17"}, {28, 11, {}, "28-11"},
      {28, 6, {}, "28-6"},   {28, 23, {}, "28-23"}, {28, 19, {}, "28-19"},
      {28, 32, {}, "28-32"}, {28, 37, {}, "28-37"}, {28, 41, {}, "28-41"},
      {28, 46, {}, "28-46"}, {28, 33, {}, "28-33"}, {28, 39, {}, "28-39"},
      {28, 44, {}, "28-44"}, {28, 50, {}, "28-50"}}},

    // A king cannot capture a piece on the edge: K1's diagonal ends with the black king on 45
    // (no square beyond). So only quiet moves: 1-6 and 1-7 .. 1-40 along the long diagonal.
    {"KingCannotCaptureEdgePiece", "W:WK1:BK45",
     {{1, 6, {}, "1-6"},   {1, 7, {}, "1-7"},   {1, 12, {}, "1-12"}, {1, 18, {}, "1-18"},
      {1, 23, {}, "1-23"}, {1, 29, {}, "1-29"}, {1, 34, {}, "1-34"}, {1, 40, {}, "1-40"}}},

    // Black king, two adjacent white men on its diagonal (33 then 28) cannot be jumped:
    // only quiet moves 50-44, 50-39 (stops before 33) and 50-45.
    {"BlackKingBlockedByTwoInARow", "B:W28,33:BK50",
     {{50, 44, {}, "50-44"}, {50, 39, {}, "50-39"}, {50, 45, {}, "50-45"}}},

    // --- Kings: captures ------------------------------------------------------------------

    // Capture from a distance, any landing square beyond: K46 slides 41,37,32,28, jumps 23
    // and may stop on 19, 14, 10 or 5. Four different moves, no further captures.
    {"KingCaptureSeveralLandingSquares", "W:WK46:B23",
     {{46, 19, {23}, "46x19"}, {46, 14, {23}, "46x14"}, {46, 10, {23}, "46x10"},
      {46, 5, {23}, "46x5"}}},

    // The landing squares stop before our own piece: after K46 x 23 the king may land on 19
    // or 14 but not on 10 (white man) nor 5 beyond it. The man on 10 has no capture, and its
    // quiet moves 10-4/10-5 vanish because a capture exists.
    {"KingLandingStopsAtOwnPiece", "W:W10,K46:B23",
     {{46, 19, {23}, "46x19"}, {46, 14, {23}, "46x14"}}},

    // The landing square is forced by the continuation (majority rule): after K46 x 23 only
    // landing on 19 allows a second capture (19 up-left: 13 empty, 8 black, 2 empty), so the
    // only legal move is 46 x 23 -> 19 x 8 -> 2. Landing on 14/10/5 would take only one
    // (from 14: 9,3 / 20,25 empty; from 10: 4 / 15; from 5 nothing).
    {"KingLandingForcedByMajority", "W:WK46:B8,23", {{46, 2, {8, 23}, "46x2"}}},

    // Two pieces on one diagonal with empty squares between: K46 jumps 37, lands on 32, 28 or
    // 23 (not beyond 19), then continues up-right over 19 to 14, 10 or 5. The three
    // intermediate landings give the same captured set {19,37} for each end square, so there
    // are exactly three moves (one per end square), not nine.
    {"KingTwoPiecesOnOneLine", "W:WK46:B19,37",
     {{46, 14, {19, 37}, "46x14"}, {46, 10, {19, 37}, "46x10"},
      {46, 5, {19, 37}, "46x5"}}},

    // The king must land on a square in the middle of the line: K46 x 37 may land on 32, 28,
    // 23, 19, 14, 10 or 5, but only from 23 does a second capture exist (23 up-left: 18
    // adjacent, then 12, 7, 1 empty). 32, 28, 19, 14, 10, 5 have no black piece on their
    // other diagonals. So three moves: 46x12, 46x7, 46x1, each taking {18, 37}.
    {"KingForcedToLandMidLine", "W:WK46:B18,37",
     {{46, 12, {18, 37}, "46x12"}, {46, 7, {18, 37}, "46x7"}, {46, 1, {18, 37}, "46x1"}}},

    // Two different second captures of equal size: K46 x 37 lands on 32, 28 or 23 (19 blocks
    // further landings). From 32, 28 or 23 it can go on up-right over 19 to 14/10/5; from 28
    // it can also turn up-left: 22 empty, x 17 -> 11 or 6. Nothing takes a third piece
    // (17 is not on any diagonal of 14/10/5, 19 not on any diagonal of 11/6). Five moves.
    {"KingChoiceOfSecondCapture", "W:WK46:B17,19,37",
     {{46, 14, {19, 37}, "46x14"}, {46, 10, {19, 37}, "46x10"}, {46, 5, {19, 37}, "46x5"},
      {46, 11, {17, 37}, "46x11"}, {46, 6, {17, 37}, "46x6"}}},

    // A black king turns between captures: K50 up-left jumps 28 (44,39,33 empty) landing on
    // 22, 17, 11 or 6; only from 22 can it turn up-right over 13 (18 empty) to 9 or 4.
    // 17: up-right 12,8,3 empty; 11, 6: nothing. So two moves, each taking 28 and 13.
    {"BlackKingTurnsBetweenCaptures", "B:W13,28:BK50",
     {{50, 9, {13, 28}, "50x9"}, {50, 4, {13, 28}, "50x4"}}},

    // King returning to / passing its start square (the start square is empty during the
    // capture). K28 and a 2x2 block 12,13,22,23. Going round one way:
    // 28 x 23 -> 19 x 13 -> 8 x 12 -> 17 x 22 -> {28, 33, 39, 44, 50} (passing over 28);
    // the other way: 28 x 22 -> 17 x 12 -> 8 x 13 -> 19 x 23 -> {28, 32, 37, 41, 46}.
    // Only those landings continue (e.g. after x23 landing on 14/10/5 ends the capture,
    // after x13 landing on 2 ends it, after x12 landing on 21/26 ends it: 17 is required).
    // End 28 is reached both ways with the same set: ONE move. So 9 moves, each taking four.
    {"KingReturnsToStartSquare", "W:WK28:B12,13,22,23",
     {{28, 28, {12, 13, 22, 23}, "28x28"}, {28, 33, {12, 13, 22, 23}, "28x33"},
      {28, 39, {12, 13, 22, 23}, "28x39"}, {28, 44, {12, 13, 22, 23}, "28x44"},
      {28, 50, {12, 13, 22, 23}, "28x50"}, {28, 32, {12, 13, 22, 23}, "28x32"},
      {28, 37, {12, 13, 22, 23}, "28x37"}, {28, 41, {12, 13, 22, 23}, "28x41"},
      {28, 46, {12, 13, 22, 23}, "28x46"}}},

    // Turkish strike, same line: K28 between black 23 (up-right) and black 32 (down-left).
    // After 28 x 23 -> 19 the king may not come back over 23 (already jumped, still on the
    // board) to take 32; likewise after 28 x 32. With pieces removed at once the king could
    // take both; under FMJD rules every move takes exactly one piece: 4 + 3 moves.
    {"TurkishStrikeNoSecondJumpOverSamePiece", "W:WK28:B23,32",
     {{28, 19, {23}, "28x19"}, {28, 14, {23}, "28x14"}, {28, 10, {23}, "28x10"},
      {28, 5, {23}, "28x5"},   {28, 37, {32}, "28x37"}, {28, 41, {32}, "28x41"},
      {28, 46, {32}, "28x46"}}},

    // Turkish strike, a captured piece blocks a later line: K38 x 33 (up-right) lands on
    // 29/24/20/15. From 24: x19 -> 13 (or 8, 2); from 13: x18 -> 22, 27, 31 or 36. From 22 the
    // down-right line 28, 33 is blocked by the captured (still present) 33, so 39 cannot be
    // taken (it could if 33 were removed at once: 22-28-33-39 x -> 44/50). From 29: x18 ->
    // 12/7/1 and nothing more. Maximum three {18,19,33}, ends 22, 27, 31, 36.
    {"TurkishStrikeCapturedPieceBlocks", "W:WK38:B18,19,33,39",
     {{38, 22, {18, 19, 33}, "38x22"}, {38, 27, {18, 19, 33}, "38x27"},
      {38, 31, {18, 19, 33}, "38x31"}, {38, 36, {18, 19, 33}, "38x36"}}},

    // Same start and end, different captured pieces: K39 has two three-piece routes:
    //  (a) 39 x 34 -> 30 x 24 -> 19 x 14 -> 10 or 5      captures {14, 24, 34}
    //  (b) 39 x 43 -> 48 x 42 -> 37 x 14 -> 10 or 5      captures {14, 42, 43}
    //      (37 up-right: 32, 28, 23, 19 empty, then 14, landing 10 or 5).
    // They cannot be combined (both end by jumping 14). Other landings end early
    // (after x34 on 25: x14 -> 9/3 = two; after x24 on 13/8/2 nothing; after x42 on 31/26
    // nothing). So four moves; each pair sharing start and end is written with its full
    // route in PDN.
    {"SameStartEndDifferentCaptures", "W:WK39:B14,24,34,42,43",
     {{39, 10, {14, 24, 34}, "39x30x19x10"}, {39, 5, {14, 24, 34}, "39x30x19x5"},
      {39, 10, {14, 42, 43}, "39x48x37x10"}, {39, 5, {14, 42, 43}, "39x48x37x5"}}},

    // The previous position turned round (square n -> 51-n, colours swapped), Black to move:
    // K12 x 17 -> 21 x 27 -> 32 x 37 -> 41/46 and K12 x 8 -> 3 x 9 -> 14 x 37 -> 41/46.
    {"SameStartEndDifferentCapturesBlack", "B:W8,9,17,27,37:BK12",
     {{12, 41, {17, 27, 37}, "12x21x32x41"}, {12, 46, {17, 27, 37}, "12x21x32x46"},
      {12, 41, {8, 9, 37}, "12x3x14x41"},    {12, 46, {8, 9, 37}, "12x3x14x46"}}},

    // Long king capture (five pieces), crossing an empty square twice. K41 x 37 may land on
    // 32, 28, 23, 19, 14, 10, 5.
    //  via 23: x18 -> 12 x17 -> 21 (26 dead end) x27 -> 32 or 38 (stop before 43), then
    //          x43 -> 49. Square 32 is crossed in the first leg and again in the fourth.
    //          Landing 32 or 38 gives the same set and end: one move 41x49.
    //  via 32: x27 -> 21 x17 -> 12 x18 -> 34 (23, 29 passed), then 34 down-left 39 empty,
    //          x43 -> 48. (Landing 23 after x18 is a dead end: 28, 32 then the captured 37
    //          blocks; 29, 40, 45 dead ends.) Other: 32 x43 -> 49 only two.
    //  via 28: x17 -> 11/6, two only. 19/14/10/5: nothing more.
    // Both five-piece routes take {17,18,27,37,43} but end on different squares: two moves.
    {"LongKingCaptureCrossingSquareTwice", "W:WK41:B17,18,27,37,43",
     {{41, 48, {17, 18, 27, 37, 43}, "41x48"}, {41, 49, {17, 18, 27, 37, 43}, "41x49"}}},

    // --- King versus man majority ---------------------------------------------------------

    // A man's two-piece capture beats a king's one-piece capture: 33 x 29 -> 24 x 20 -> 15
    // (two); K1 down-right 7,12,18,23 x 29 -> 34/40/45 (one, nothing from there). Only 33x15.
    {"ManCaptureOfTwoBeatsKingCaptureOfOne", "W:W33,K1:B20,29", {{33, 15, {20, 29}, "33x15"}}},

    // Equal counts: king or man may capture the same piece: 33 x 29 -> 24 (one),
    // K1 x 29 -> 34, 40 or 45 (one). Four moves; no preference for capturing with a king.
    {"KingAndManEqualCaptures", "W:W33,K1:B29",
     {{33, 24, {29}, "33x24"}, {1, 34, {29}, "1x34"}, {1, 40, {29}, "1x40"},
      {1, 45, {29}, "1x45"}}},

    // A king's two-piece capture beats a man's one-piece capture: K46 x 23 -> 19 x 8 -> 2
    // (two); man 44 x 39 -> 33 (one, nothing from 33: 28, 29, 38 empty). Only 46x2.
    {"KingCaptureOfTwoBeatsManCaptureOfOne", "W:W44,K46:B8,23,39", {{46, 2, {8, 23}, "46x2"}}},

    // --- No legal move --------------------------------------------------------------------

    // White man 45 is blocked: 40 is black with 34 (black) behind it, so no capture; 45 has
    // no up-right square; men never step backward. White has no legal move.
    {"WhiteBlockedNoMoves", "W:W45:B34,40", {}},

    // Black man 6: down-right 11 is white with 17 (white) behind: no capture; no down-left
    // square; no backward steps. Black has no legal move.
    {"BlackBlockedNoMoves", "B:W11,17:B6", {}},

    // Black has no pieces at all: no legal move.
    {"SideWithoutPiecesNoMoves", "B:W50:B", {}},
};

// ---------------------------------------------------------------------------------------------
// Sanity checks of the hand-written data (catches typos in the expectations, not in the
// generator): the moving piece belongs to the side to move, captured squares hold opponent
// pieces, quiet man moves go one square forward, quiet king moves run along a free diagonal.

bool is_side(Piece p, Color c) {
  return c == Color::White ? (p == Piece::WhiteMan || p == Piece::WhiteKing)
                            : (p == Piece::BlackMan || p == Piece::BlackKing);
}

TEST(RulesPositionsData, ExpectationsAreConsistentWithTheBoard) {
  std::set<std::string> names;
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case name";
    Position pos = parse_fen(c.fen);
    Color us = pos.side_to_move();
    std::set<Key> keys;
    for (const Expected& e : c.moves) {
      SCOPED_TRACE(e.pdn);
      EXPECT_TRUE(keys.insert(key_of(e)).second) << "move listed twice";
      Piece mover = pos.piece_on(e.from);
      ASSERT_TRUE(is_side(mover, us)) << "no piece of the side to move on " << e.from;
      EXPECT_TRUE(e.to == e.from || pos.piece_on(e.to) == Piece::Empty) << "end occupied";
      for (Square s : e.captured) EXPECT_TRUE(is_side(pos.piece_on(s), opposite(us))) << s;
      bool king = mover == Piece::WhiteKing || mover == Piece::BlackKing;
      if (e.captured.empty()) {
        EXPECT_EQ(e.pdn, std::to_string(e.from) + "-" + std::to_string(e.to));
        if (king) {
          ASSERT_TRUE(same_diagonal(e.from, e.to));
          for (Square s : between(e.from, e.to)) EXPECT_EQ(pos.piece_on(s), Piece::Empty) << s;
        } else {
          int forward = us == Color::White ? -1 : 1;
          EXPECT_EQ(row_of(e.to) - row_of(e.from), forward);
          EXPECT_EQ(std::abs(col_of(e.to) - col_of(e.from)), 1);
        }
      } else {
        EXPECT_NE(e.pdn.find('x'), std::string::npos);
      }
    }
  }
}

// The hand-derived move sets agree with the slow reference generator (rules_reference.hpp), a
// second derivation from the rules that shares no code with rules/movegen.cpp.
TEST(RulesPositionsData, HandDerivedSetsAgreeWithTheReferenceGenerator) {
  for (const Case& c : kCases) {
    std::set<reference::SquareMove> want;
    for (const Expected& e : c.moves) {
      std::vector<Square> taken = e.captured;
      std::sort(taken.begin(), taken.end());
      want.insert({e.from, e.to, taken});
    }
    EXPECT_EQ(reference::slow_legal_moves(reference::slow_board(parse_fen(c.fen))), want)
        << c.name << " (" << c.fen << ")";
  }
}

/// Which rules of FMJD articles 3-4 the expected moves of a case exercise.
std::set<std::string> rules_shown(const Case& c) {
  const Position pos = parse_fen(c.fen);
  const bool white = pos.side_to_move() == Color::White;
  std::set<std::string> shown;
  if (c.moves.empty()) shown.insert("no legal move");
  std::set<std::pair<Square, Square>> start_end;
  for (const Expected& e : c.moves) {
    const Piece p = pos.piece_on(e.from);
    const bool king = p == Piece::WhiteKing || p == Piece::BlackKing;
    const std::string who = std::string(king ? "king" : "man") + (white ? " white" : " black");
    const int n = static_cast<int>(e.captured.size());
    if (n == 0) shown.insert(who + " quiet");
    if (n == 0 && !king && (row_of(e.to) == 0 || row_of(e.to) == 9)) shown.insert("step crowns");
    if (n >= 1) shown.insert(who + " captures");
    if (n >= 2) shown.insert(std::string(king ? "king" : "man") + " takes several");
    if (!king && n == 1 && (row_of(e.to) - row_of(e.from) > 0) == white) shown.insert("man backward");
    if (king && n == 1 && !neighbours(e.captured[0]).count(e.to)) shown.insert("king lands far");
    if (e.from == e.to && n > 0) shown.insert("back to start");
    if (!start_end.insert({e.from, e.to}).second) shown.insert("same start and end");
  }
  return shown;
}

// The hand-checked cases between them exercise every rule they are meant to: a case removed or
// changed so that a rule is no longer shown fails here.
TEST(RulesPositionsData, CasesCoverTheRulesOfArticlesThreeAndFour) {
  std::set<std::string> shown;
  for (const Case& c : kCases) shown.merge(rules_shown(c));
  const std::set<std::string> expected = {
      "man white quiet", "man black quiet", "king white quiet", "king black quiet",
      "man white captures", "man black captures", "king white captures", "king black captures",
      "step crowns", "man backward", "man takes several", "king takes several",
      "king lands far", "back to start", "same start and end", "no legal move"};
  std::set<std::string> missing;
  std::set_difference(expected.begin(), expected.end(), shown.begin(), shown.end(),
                      std::inserter(missing, missing.end()));
  std::string names;
  for (const std::string& rule : missing) names += " [" + rule + "]";
  EXPECT_TRUE(missing.empty()) << "no case shows:" << names;
}

// ---------------------------------------------------------------------------------------------
// The move-set comparison.

class RulesPositions : public ::testing::TestWithParam<Case> {};

TEST_P(RulesPositions, LegalMovesMatchHandDerivedSet) {
  const Case& c = GetParam();
  Position pos = parse_fen(c.fen);
  MoveList legal;
  generate_moves(pos, legal);

  std::map<Key, std::string> got;  // key -> to_pdn text
  std::vector<Key> duplicates;
  for (const Move& m : legal) {
    Key k = key_of(m);
    if (got.count(k)) duplicates.push_back(k);
    got[k] = to_pdn(pos, m, legal);
    EXPECT_EQ(to_pdn(pos, m), got[k]) << "FEN " << c.fen << ": the two to_pdn overloads differ";
  }
  std::map<Key, std::string> want;
  for (const Expected& e : c.moves) want[key_of(e)] = e.pdn;

  std::ostringstream missing, extra;
  for (const auto& [k, pdn] : want)
    if (!got.count(k)) missing << "\n  " << key_text(k) << "  (" << pdn << ")";
  for (const auto& [k, pdn] : got)
    if (!want.count(k)) extra << "\n  " << key_text(k) << "  (generator writes " << pdn << ")";
  EXPECT_TRUE(missing.str().empty() && extra.str().empty())
      << "FEN " << c.fen << "\nmissing moves:" << (missing.str().empty() ? " none" : missing.str())
      << "\nextra moves:" << (extra.str().empty() ? " none" : extra.str());
  for (const Key& k : duplicates) {
    ADD_FAILURE() << "FEN " << c.fen << ": move generated twice: " << key_text(k);
  }
  EXPECT_EQ(legal.size(), static_cast<int>(c.moves.size())) << "FEN " << c.fen;

  // PDN text for every move both sides agree on.
  for (const auto& [k, pdn] : want) {
    auto it = got.find(k);
    if (it != got.end()) {
      EXPECT_EQ(it->second, pdn) << "FEN " << c.fen << ", move " << key_text(k);
    }
  }

  // The helpers agree with the list.
  EXPECT_EQ(count_moves(pos), static_cast<int>(c.moves.size())) << "FEN " << c.fen;
  bool any_capture = std::any_of(c.moves.begin(), c.moves.end(),
                                 [](const Expected& e) { return !e.captured.empty(); });
  EXPECT_EQ(has_capture(pos), any_capture) << "FEN " << c.fen;

  // Every legal move's PDN text reads back as the same move.
  for (const Move& m : legal) {
    std::string text = to_pdn(pos, m, legal);
    Resolution r = resolve(pos, text);
    EXPECT_EQ(r.status, ResolveStatus::Ok) << "FEN " << c.fen << ", text " << text;
    if (r.status == ResolveStatus::Ok) {
      EXPECT_EQ(key_of(r.move), key_of(m)) << "FEN " << c.fen << ", text " << text;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(HandChecked, RulesPositions, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
