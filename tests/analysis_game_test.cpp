// indexer/analysis against tests/fake_hub_engine.py: the marks of positions built so that the
// fake engine's scores (material, plus the pieces its captures take, plus 0.01 per legal move)
// give one known mark each, a terminal final position, the decided ply and the annotation.
#include <gtest/gtest.h>

#include <sstream>

#include "indexer/analysis/annotate.hpp"
#include "indexer/analysis/game_analysis.hpp"
#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

namespace damdb::analysis {
namespace {

/// Only: 28-22 is the only one of White's 4 moves that keeps the man on 28 (the others lose it).
/// Mistake: 28-23 gives the man away (one man: ?). Blunder: 39-33 gives two men (??).
/// Capture: 28x19 leaves Black without a piece: the final position is terminal.
constexpr const char* kGames = R"PDN([White "Only"]
[Result "*"]
[FEN "W:W28,44:B19,34"]
1. 28-22 *

[White "Mistake"]
[Result "*"]
[FEN "W:W28,44:B19,34"]
1. 28-23 *

[White "Blunder"]
[Result "*"]
[FEN "W:W32,39,43:B29,35"]
1. 39-33 *

[White "Capture"]
[Result "2-0"]
[FEN "W:W28:B23"]
1. 28x19 2-0
)PDN";

struct Analysed {
  pdn::Game game;
  GameAnalysis analysis;
};

std::vector<Analysed> analyse_all() {
  engine::HubClient client({std::string("python3 ") + DAMDB_SOURCE_DIR + "/tests/fake_hub_engine.py", "", {}});
  std::istringstream in(kGames);
  pdn::GameReader reader(in, "games.pdn");
  std::vector<Analysed> out;
  pdn::ReplayOptions options;
  options.record_plies = true;
  std::atomic<std::size_t> searched{0};
  while (auto game = reader.next()) {
    const pdn::Replay replay = pdn::replay(*game, options);
    GameAnalysis a = analyse_game(client, *game, replay, {{engine::SearchLimit::Kind::Depth, 3}, true}, &searched);
    out.push_back({std::move(*game), std::move(a)});
  }
  // Main-line positions that are not terminal: 2 + 2 + 2 + 1, and the alternatives of the
  // only move: 3 more (the other three moves of the first game).
  EXPECT_EQ(searched.load(), 10u);
  return out;
}

TEST(AnalysisGame, MarksLossesDecidedPlyAndAnnotation) {
  const std::vector<Analysed> games = analyse_all();
  ASSERT_EQ(games.size(), 4u);
  for (const Analysed& g : games) ASSERT_TRUE(g.analysis.analysed) << g.analysis.error << g.analysis.skipped;
  EXPECT_EQ(games[0].analysis.plies[0].mark, Mark::Good);
  EXPECT_EQ(games[1].analysis.plies[0].mark, Mark::Mistake);
  EXPECT_EQ(games[2].analysis.plies[0].mark, Mark::Blunder);
  EXPECT_EQ(games[2].analysis.white.blunders, 1);
  // Blunder: before 39-33 White has a man more and 5 moves (1.05); after it Black takes two men
  // (Black: -1 + 2 + 0.0x): the loss is more than 1.50.
  EXPECT_DOUBLE_EQ(games[2].analysis.plies[0].before.white_score, 1.05);
  EXPECT_GE(games[2].analysis.plies[0].loss, kBlunderMen);
  // Capture: before 28x19, material even, one capture of one piece, one legal move: 1.01.
  const GameAnalysis& capture = games[3].analysis;
  EXPECT_DOUBLE_EQ(capture.plies[0].before.white_score, 1.01);
  EXPECT_TRUE(capture.final_eval.terminal);
  EXPECT_EQ(capture.final_eval.white_score, kClampMen);
  EXPECT_EQ(capture.decided_ply, 1);
  EXPECT_EQ(capture.plies[0].played, "28x19");
  EXPECT_EQ(capture.plies[0].before.best, "28x19");
  // The annotated capture game: the move, then the terminal position's eval comment.
  pdn::Game annotated = games[3].game;
  annotate_game(annotated, games[3].analysis);
  const std::string text = pdn::to_pdn(annotated);
  EXPECT_NE(text.find("1. 28x19 {[%eval 10.00,0]} 2-0"), std::string::npos) << text;
  pdn::Game blunder = games[2].game;
  annotate_game(blunder, games[2].analysis);
  EXPECT_NE(pdn::to_pdn(blunder).find("1. 39-33 $4 {[%eval "), std::string::npos) << pdn::to_pdn(blunder);
}

}  // namespace
}  // namespace damdb::analysis
