// The Hub protocol client: line syntax (protocol.txt of Scan 3.1, "general syntax"), move
// matching against the legal moves, and a search against tests/fake_hub_engine.py.
#include <gtest/gtest.h>

#include "engine/hub_client.hpp"
#include "engine/hub_text.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::engine {
namespace {

TEST(HubText, LinesSplitIntoCommandPairsQuotedValuesAndFlags) {
  HubLine line;
  ASSERT_TRUE(parse_hub_line("info depth=21 score=-0.01 pv=\"32-28 17-22\" exact\r", line));
  EXPECT_EQ(line.command, "info");
  ASSERT_EQ(line.pairs.size(), 4u);
  EXPECT_EQ(line.value("depth"), "21");
  EXPECT_EQ(line.value("pv"), "32-28 17-22");
  EXPECT_EQ(line.value("exact"), "");
  EXPECT_FALSE(line.value("nodes").has_value());
  ASSERT_TRUE(parse_hub_line("  id name=\"Fake Hub Engine\"  version = 1.0 ", line));
  EXPECT_EQ(line.value("name"), "Fake Hub Engine");
  EXPECT_EQ(line.value("version"), "1.0");
  EXPECT_FALSE(parse_hub_line("info pv=\"32-28", line));  // unclosed quote
  EXPECT_FALSE(parse_hub_line("", line));
  EXPECT_FALSE(parse_hub_line("info =3", line));
}

TEST(HubText, ValuesAreQuotedOnlyWhenTheyMustBe) {
  EXPECT_EQ(hub_value("normal"), "normal");
  EXPECT_EQ(hub_value(""), "\"\"");
  EXPECT_EQ(hub_value("a b"), "\"a b\"");
  EXPECT_EQ(hub_value("a=b"), "\"a=b\"");
}

TEST(HubText, PositionIsSideThenFiftySquares) {
  EXPECT_EQ(hub_position(rules::Position::initial()),
            "W" + std::string(20, 'b') + std::string(10, 'e') + std::string(20, 'w'));
  const std::string kings = hub_position(rules::parse_fen("B:WK47,28:BK2,19"));
  EXPECT_EQ(kings[0], 'B');
  EXPECT_EQ(kings[47], 'W');
  EXPECT_EQ(kings[28], 'w');
  EXPECT_EQ(kings[2], 'B');
  EXPECT_EQ(kings[19], 'b');
}

TEST(HubText, CapturesMatchWithTheirCapturedSquaresInAnyOrder) {
  // White man 33 takes 29 and 19 and ends on 13 (one legal move).
  const rules::Position pos = rules::parse_fen("W:W33:B29,19,5");
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  rules::Move m{};
  for (const char* text : {"33x13x29x19", "33x13x19x29", "33x13", "33-13"}) {
    ASSERT_EQ(match_hub_move(text, legal, m), MoveMatch::Ok) << text;
    EXPECT_EQ(rules::to_pdn(pos, m), "33x13");
    EXPECT_EQ(m.capture_count(), 2);
  }
  EXPECT_EQ(match_hub_move("33x13x29", legal, m), MoveMatch::NoMove);  // one captured square short
  EXPECT_EQ(match_hub_move("33x24x29", legal, m), MoveMatch::NoMove);
  EXPECT_EQ(match_hub_move("33x", legal, m), MoveMatch::Syntax);
  EXPECT_EQ(match_hub_move("e3-d4", legal, m), MoveMatch::Syntax);
  EXPECT_EQ(match_hub_move("33x61", legal, m), MoveMatch::Syntax);
  std::string written;
  append_hub_move(m, written);
  EXPECT_EQ(written, "33x13x19x29");
}

TEST(HubText, AStartEndCaptureThatNamesTwoMovesIsAmbiguous) {
  // The king on 25 has two captures from 25 to 3: over 30, 23 and 8, or over 30, 32 and 8
  // (found by the fake engine's own move generator; damdb's rules agree below).
  const rules::Position pos = rules::parse_fen("W:WK25:B8,23,30,32");
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  ASSERT_EQ(legal.size(), 2);
  rules::Move m{};
  EXPECT_EQ(match_hub_move("25x3", legal, m), MoveMatch::Ambiguous);
  EXPECT_EQ(match_hub_move("25-3", legal, m), MoveMatch::Ambiguous);
  ASSERT_EQ(match_hub_move("25x3x30x8x23", legal, m), MoveMatch::Ok);
  EXPECT_EQ(m.captures, rules::square_bb(8) | rules::square_bb(23) | rules::square_bb(30));
  ASSERT_EQ(match_hub_move("25x3x32x8x30", legal, m), MoveMatch::Ok);
  EXPECT_EQ(m.captures, rules::square_bb(8) | rules::square_bb(30) | rules::square_bb(32));
}

/// The fake engine of tests/ as a command line.
std::string fake_engine(const std::string& modes = "") {
  return std::string("python3 ") + DAMDB_SOURCE_DIR + "/tests/fake_hub_engine.py" +
         (modes.empty() ? "" : " --modes " + modes);
}

TEST(HubClient, SearchesTheInitialPositionAsTheFakeEngineAnswers) {
  HubClient client({fake_engine("quoted,crlf"), "", {{"book", "false"}}});
  EXPECT_EQ(client.name(), "Fake Hub Engine 1.0");
  const rules::Position start = rules::Position::initial();
  const SearchResult r = client.search(start, {}, start, {SearchLimit::Kind::Depth, 4});
  // Material equal, no capture, 9 legal moves: 0.09; the first move by start square is 31-26,
  // and the PV goes on three plies with the first move of each position.
  EXPECT_DOUBLE_EQ(r.score, 0.09);
  EXPECT_EQ(r.depth, 4);
  EXPECT_EQ(rules::to_pdn(start, r.best), "31-26");
  ASSERT_EQ(r.pv.size(), 3u);
  EXPECT_EQ(r.pv[0], r.best);
  EXPECT_EQ(r.unmatched_pv, "");
  EXPECT_FALSE(r.is_win());
  EXPECT_DOUBLE_EQ(white_score(r.score, rules::Color::Black), -0.09);
}

TEST(HubClient, AnEngineThatExitsIsAnErrorAndARestartWorks) {
  const rules::Position start = rules::Position::initial();
  const std::string trigger = hub_position(start);
  HubClient client({fake_engine() + " --do exit --on " + trigger, "", {}});
  try {
    client.search(start, {}, start, {SearchLimit::Kind::Depth, 2});
    FAIL() << "no error";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.kind, EngineError::Kind::Exited);
    EXPECT_NE(std::string(e.what()).find("engine 'fake 1.0': exited during a search (exit status 3)"),
              std::string::npos)
        << e.what();
  }
  client.restart();
  rules::Position after = start;
  after.play(rules::resolve(start, "32-28").move);
  EXPECT_DOUBLE_EQ(client.search(after, {}, after, {SearchLimit::Kind::Depth, 2}).score, 0.09);
}

}  // namespace
}  // namespace damdb::engine
