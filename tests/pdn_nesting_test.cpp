// Variations nested deeper than kMaxVariationDepth: the reader keeps 256 levels and skips the
// rest as one region with a warning; writer, comparison, replay and repair never recurse deeper.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/replay.hpp"
#include "pdn/writer.hpp"

using namespace damdb::pdn;

namespace {

/// Levels of variations below the main line (following the first variation of each line).
int depth_of(const Game& g) {
  int depth = 0;
  const std::vector<Element>* line = &g.moves;
  while (true) {
    const Element* next = nullptr;
    for (const Element& e : *line)
      if (e.kind == ElementKind::Variation) next = &e;
    if (!next) return depth;
    line = &g.variation_of(*next);
    ++depth;
  }
}

std::string nested(int levels, bool closed) {
  std::string text = "[Event \"deep\"]\n1. 32-28 ";
  for (int i = 0; i < levels; ++i) text += "( 1. 33-28 ";
  if (closed) text += std::string(static_cast<std::size_t>(levels), ')');
  return text + " 18-23 *\n";
}

int warnings_about_depth(const Game& g) {
  int n = 0;
  for (const Diagnostic& d : g.diagnostics)
    n += d.kind == IssueKind::NestedTooDeep && d.severity == Severity::Warning;
  return n;
}

}  // namespace

TEST(Nesting, ClosedVariationsDeeperThanTheLimitAreSkippedWithOneWarning) {
  const std::vector<Game> games = read_games(nested(50000, true));
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_EQ(depth_of(g), kMaxVariationDepth);
  EXPECT_EQ(warnings_about_depth(g), 1);
  EXPECT_FALSE(g.has_errors());
  // The main line goes on after the skipped region: 32-28 18-23 and the terminator.
  int moves = 0;
  for (const Element& e : g.moves) moves += e.kind == ElementKind::Move;
  EXPECT_EQ(moves, 2);

  const Replay r = replay(g);
  EXPECT_EQ(r.plies, 2);
  EXPECT_TRUE(r.complete);

  // The writer writes the 256 levels kept, and reads back as the same game.
  const std::string written = to_pdn(g);
  EXPECT_EQ(std::count(written.begin(), written.end(), '('), kMaxVariationDepth);
  const std::vector<Game> again = read_games(written);
  ASSERT_EQ(again.size(), 1u);
  std::string why;
  EXPECT_TRUE(same_content(g, again[0], &why)) << why;
  EXPECT_EQ(warnings_about_depth(again[0]), 0);

  const CleanResult cleaned = clean_game(g);
  EXPECT_EQ(cleaned.outcome, CleanOutcome::Unchanged);
  EXPECT_EQ(depth_of(cleaned.game), kMaxVariationDepth);
}

TEST(Nesting, UnclosedVariationsDeeperThanTheLimitEndAtTheGameEnd) {
  const std::vector<Game> games = read_games(nested(50000, false) + "[Event \"next\"]\n1. 32-28 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(depth_of(games[0]), kMaxVariationDepth);
  EXPECT_EQ(warnings_about_depth(games[0]), 1);
  // The 256 kept variations are never closed: a warning (the main line is intact), not an error.
  EXPECT_FALSE(games[0].has_errors());
  EXPECT_TRUE(std::any_of(games[0].diagnostics.begin(), games[0].diagnostics.end(),
                          [](const Diagnostic& d) { return d.kind == IssueKind::UnclosedVariation; }));
  const Replay r = replay(games[0]);
  EXPECT_EQ(r.plies, 1);
  EXPECT_FALSE(to_pdn(games[0]).empty());
  EXPECT_EQ(clean_game(games[0]).outcome, CleanOutcome::Unchanged);
  EXPECT_EQ(games[1].tag("Event")->value, "next");
}

TEST(Nesting, AtTheLimitNothingIsSkipped) {
  const std::vector<Game> games = read_games(nested(kMaxVariationDepth, true));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(depth_of(games[0]), kMaxVariationDepth);
  EXPECT_EQ(warnings_about_depth(games[0]), 0);
  EXPECT_TRUE(games[0].diagnostics.empty());
}
