// FEN reading and writing (PDN 3.0 FEN): accepted dialects, rejections, round trips.
#include "rules/fen.hpp"
#include "rules/movegen.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace damdb::rules;

TEST(Fen, InitialPositionWithRanges) {
  const Position p = parse_fen("W:W31-50:B1-20");
  EXPECT_EQ(p, Position::initial());
  EXPECT_EQ(p.key(), Position::initial().key());
  EXPECT_EQ(to_fen(p),
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
            "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
}

TEST(Fen, KingsCaseSpacesAndTrailingDot) {
  const Position p = parse_fen(" b:w31, 32,k45 :B1,K2 .");
  EXPECT_EQ(p.side_to_move(), Color::Black);
  EXPECT_EQ(p.piece_on(31), Piece::WhiteMan);
  EXPECT_EQ(p.piece_on(32), Piece::WhiteMan);
  EXPECT_EQ(p.piece_on(45), Piece::WhiteKing);
  EXPECT_EQ(p.piece_on(1), Piece::BlackMan);
  EXPECT_EQ(p.piece_on(2), Piece::BlackKing);
  EXPECT_EQ(p.piece_on(3), Piece::Empty);
  EXPECT_EQ(count(p.occupied()), 5);
  EXPECT_EQ(to_fen(p), "B:W31,32,K45:B1,K2");
}

TEST(Fen, BlackListFirstAndEmptySide) {
  const Position p = parse_fen("B:W50:B");
  EXPECT_EQ(count(p.white()), 1);
  EXPECT_EQ(p.black(), 0u);
  EXPECT_EQ(to_fen(p), "B:W50:B");
  const Position q = parse_fen("W:B10,K20:W40");
  EXPECT_EQ(to_fen(q), "W:W40:B10,K20");
}

TEST(Fen, BrokenOverLinesAndQuoted) {
  const Position p = parse_fen("\"W:W31,32,\r\n33:B1,2\"");
  EXPECT_EQ(to_fen(p), "W:W31,32,33:B1,2");
}

TEST(Fen, LidraughtsCountersAreIgnored) {
  // lidraughts writes a halfmove (H) and a move number (F) field after the piece lists.
  EXPECT_EQ(parse_fen("W:W31-50:B1-20:H0:F1"), Position::initial());
  const Position p = parse_fen("B:WK45:B7:H12:F40");
  EXPECT_EQ(p.side_to_move(), Color::Black);
  EXPECT_EQ(to_fen(p), "B:WK45:B7");
  EXPECT_EQ(to_fen(parse_fen("W:H3:W33:B19")), "W:W33:B19");
  EXPECT_THROW(parse_fen("W:W31-50:B1-20:X0"), FenError);  // other letters stay refused
}

TEST(Fen, ZeroPaddedSquares) { EXPECT_EQ(to_fen(parse_fen("W:W35,K01:B09")), "W:WK1,35:B9"); }

TEST(Fen, Rejections) {
  const char* bad[] = {
      "?:W31:B1",      // unknown side to move
      "X:W31:B1",      // not a side
      "W:W51:B1",      // square outside 1..50
      "W:W0:B1",       // square 0
      "W:W31,31:B1",   // square twice in one list
      "W:W31:B31",     // square in both lists
      "W:W3:B20",      // white man on White's crowning row
      "W:W31:B47",     // black man on Black's crowning row
      "W:W31:W32",     // White's list twice
      "W:W31;B1",      // bad separator
      "",              // empty
      "W:W20-10:B1",   // backwards range
  };
  for (const char* fen : bad) EXPECT_THROW(parse_fen(fen), FenError) << fen;
  // Kings may stand on the crowning rows.
  EXPECT_NO_THROW(parse_fen("W:WK3:BK47"));
}

/// The message quotes a square number as written (it once cut "99999999999999999999" to
/// "999"), a very long one by its first 12 digits and its length.
TEST(Fen, AnOutOfRangeSquareIsQuotedAsWritten) {
  auto message = [](const char* fen) {
    try {
      parse_fen(fen);
    } catch (const FenError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("W:W1234:B1").find("square 1234 is outside 1..50"), std::string::npos)
      << message("W:W1234:B1");
  const std::string m = message("W:W99999999999999999999:B1");
  EXPECT_NE(m.find("square 999999999999... (20 digits) is outside 1..50"), std::string::npos) << m;
  EXPECT_NE(message("W:W0050:B1").find("no error"), std::string::npos);  // 50 written with zeros
}

TEST(Fen, RoundTripOverRandomPlayouts) {
  std::mt19937_64 rng(20261129);
  for (int game = 0; game < 300; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 200; ++ply) {
      const Position back = parse_fen(to_fen(p));
      ASSERT_EQ(back, p) << to_fen(p);
      ASSERT_EQ(back.key(), p.key());
      MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) break;
      p.play(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
}
