// A tag name written twice in one block of tag lines (no empty line, no other text between) is
// the same game: the first value is kept and a RepeatedTag warning at the second names it and
// quotes the value not kept. A tag-only game followed by an empty line (or other text) and a tag
// of a name it already has still ends there, and so does one whose block starts again with its
// first tag's name (not right after that tag). Every figure below is read off the text by hand.
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "pdn/writer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

int count_kind(const Game& g, IssueKind kind) {
  int n = 0;
  for (const Diagnostic& d : g.diagnostics)
    if (d.kind == kind) n += static_cast<int>(d.count);
  return n;
}

const Diagnostic* find_kind(const Game& g, IssueKind kind) {
  for (const Diagnostic& d : g.diagnostics)
    if (d.kind == kind) return &d;
  return nullptr;
}

int plies(const Game& g) {
  int n = 0;
  for (const Element& e : g.moves) n += e.kind == ElementKind::Move ? 1 : 0;
  return n;
}

// The tester's file: the first game writes [Site "S"] twice; two games of 2 plies each.
TEST(PdnRepeatedTag, SameTagOnTheNextLineIsTheSameGame) {
  const std::string text =
      "[Event \"E\"]\n[Site \"S\"]\n[Site \"S\"]\n[White \"A\"]\n[Black \"B\"]\n"
      "[Result \"2-0\"]\n\n1. 32-28 17-22 2-0\n\n"
      "[Event \"F\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-2\"]\n\n1. 32-28 17-22 0-2\n";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 2u);
  const Game& g = games[0];
  ASSERT_EQ(g.tags.size(), 5u);  // Event, Site, White, Black, Result
  EXPECT_EQ(g.tag("Site")->value, "S");
  EXPECT_EQ(g.tag("White")->value, "A");
  EXPECT_EQ(g.tag("Black")->value, "B");
  EXPECT_EQ(plies(g), 2);
  EXPECT_EQ(plies(games[1]), 2);
  EXPECT_EQ(games[1].tag("White")->value, "C");
  const Diagnostic* d = find_kind(g, IssueKind::RepeatedTag);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::Warning);
  EXPECT_EQ(d->pos.line, 3u);
  EXPECT_EQ(d->pos.column, 1u);
  EXPECT_NE(d->message.find("Site"), std::string::npos) << d->message;
  EXPECT_EQ(count_kind(games[1], IssueKind::RepeatedTag), 0);
  EXPECT_FALSE(g.has_errors());
  EXPECT_EQ(replay(g).status, ReplayStatus::Warnings);  // the warning, every move legal
}

TEST(PdnRepeatedTag, FirstValueIsKeptAndTheOtherIsQuoted) {
  const auto games =
      read_games("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[White \"Z\"]\n\n1. 32-28 *\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 3u);
  EXPECT_EQ(games[0].tag("White")->value, "A");
  const Diagnostic* d = find_kind(games[0], IssueKind::RepeatedTag);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pos.line, 4u);
  EXPECT_NE(d->message.find("\"Z\" not kept"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("\"A\" kept"), std::string::npos) << d->message;
  // Written back: one White tag, read again as the same game.
  const auto again = read_games(to_pdn(games[0]));
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(same_content(games[0], again[0]));
}

TEST(PdnRepeatedTag, EveryRepeatedNameOnOneLineOrWithCrLfIsTheSameGame) {
  // Three repeats (Event, Result, GameType) on one line and on CRLF lines.
  const auto one_line = read_games(
      "[Event \"E\"] [Event \"E\"] [Result \"1-1\"][Result \"1-1\"] [GameType \"20\"]"
      " [GameType \"20\"]\n1. 32-28 1-1\n");
  ASSERT_EQ(one_line.size(), 1u);
  EXPECT_EQ(one_line[0].tags.size(), 3u);
  EXPECT_EQ(count_kind(one_line[0], IssueKind::RepeatedTag), 3);
  const auto crlf = read_games("[Event \"E\"]\r\n[Event \"F\"]\r\n\r\n1. 32-28 *\r\n");
  ASSERT_EQ(crlf.size(), 1u);
  EXPECT_EQ(crlf[0].tag("Event")->value, "E");
}

TEST(PdnRepeatedTag, TagOnlyGamesApartStillEndAtTheRepeatedName) {
  // An empty line between: two tag-only games, as before.
  const auto apart = read_games("[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n[White \"y\"]\n");
  ASSERT_EQ(apart.size(), 2u);
  EXPECT_EQ(apart[0].tag("White")->value, "x");
  EXPECT_EQ(apart[1].tag("White")->value, "y");
  EXPECT_EQ(count_kind(apart[0], IssueKind::RepeatedTag), 0);
  // A block that starts again with the game's first tag name, not right after it: the next
  // game's header after a game of tags only (as in the corpus's oud-2/dam-lost.pdn).
  const auto restart = read_games("[White \"a\"]\n[Black \"b\"]\n[White \"a\"]\n[Black \"b\"]\n"
                                  "[Result \"2-0\"]\n\n1. 32-28 2-0\n");
  ASSERT_EQ(restart.size(), 2u);
  EXPECT_EQ(restart[0].tags.size(), 2u);
  EXPECT_EQ(restart[1].tags.size(), 3u);
  EXPECT_EQ(count_kind(restart[0], IssueKind::RepeatedTag), 0);
  // Text that is no tag between (a stray word): the repeated name starts the next game.
  const auto stray = read_games("[Event \"a\"]\nxyz\n[Event \"b\"]\n1. 32-28 *\n");
  ASSERT_EQ(stray.size(), 2u);
  EXPECT_EQ(stray[1].tag("Event")->value, "b");
}

TEST(PdnRepeatedTag, TagWithoutBracketFollowsTheSameRule) {
  const auto next_line = read_games("[Event \"a\"]\n[Round \"1\"]\nRound \"2\"]\n1. 32-28 *");
  ASSERT_EQ(next_line.size(), 1u);
  EXPECT_EQ(next_line[0].tags.size(), 2u);
  EXPECT_EQ(next_line[0].tag("Round")->value, "1");
  EXPECT_EQ(count_kind(next_line[0], IssueKind::RepeatedTag), 1);
  const auto apart = read_games("[Event \"a\"]\n[Round \"1\"]\n\nRound \"2\"]\n1. 32-28 *");
  ASSERT_EQ(apart.size(), 2u);
  EXPECT_EQ(apart[0].tags.size(), 2u);
  ASSERT_EQ(apart[1].tags.size(), 1u);
  EXPECT_EQ(apart[1].tags[0].value, "2");
}

}  // namespace
}  // namespace damdb::pdn
