// Line ends and positions: LF, CRLF and a lone CR (old Mac files) each end one line, so that
// every position (tags, elements, diagnostics) has the line a text editor shows; columns count
// characters also on very long non-ASCII lines. Expected positions are counted by hand.
#include "pdn/reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

const Diagnostic* find_kind(const Game& g, IssueKind kind) {
  for (const Diagnostic& d : g.diagnostics)
    if (d.kind == kind) return &d;
  return nullptr;
}

std::vector<const Element*> moves_of(const Game& g) {
  std::vector<const Element*> out;
  for (const Element& e : g.moves)
    if (e.kind == ElementKind::Move) out.push_back(&e);
  return out;
}

TEST(PdnLineEnds, CarriageReturnOnlyFileCountsEveryLine) {
  // Lines: 1 [Event], 2 [Result], 3 empty, 4 movetext; "0" of "0-3" is at column 19.
  const auto games = read_games("[Event \"a\"]\r[Result \"*\"]\r\r1. 32-28 19-23 2. 0-3 *\r");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_EQ(g.tags.size(), 2u);
  EXPECT_EQ(g.tags[0].pos.line, 1u);
  EXPECT_EQ(g.tags[1].pos.line, 2u);
  EXPECT_EQ(g.tags[1].pos.column, 1u);
  const Diagnostic* bad = find_kind(g, IssueKind::BadSquare);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->pos.line, 4u);
  EXPECT_EQ(bad->pos.column, 19u);
  EXPECT_EQ(g.pos_of(*moves_of(g)[1]).line, 4u);
  EXPECT_EQ(g.pos_of(*moves_of(g)[1]).column, 10u);
  EXPECT_EQ(g.first_line, 1u);
  EXPECT_EQ(g.last_line, 4u);
}

TEST(PdnLineEnds, MixedLineEndsEachCountOnce) {
  // CRLF after line 1, CR after line 2, LF after lines 3 and 4: the movetext is line 5.
  const auto games =
      read_games("[Event \"a\"]\r\n[Site \"b\"]\r[Result \"*\"]\n\n1. 32-28 19-23 2. 0-3 *\n"
                 "\r\n[Event \"next\"]\r1. 33-28 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags[2].pos.line, 3u);
  const Diagnostic* bad = find_kind(games[0], IssueKind::BadSquare);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->pos.line, 5u);
  EXPECT_EQ(bad->pos.column, 19u);
  // After "...*\n" comes "\r\n" (line 6, empty): the next game starts on line 7.
  EXPECT_EQ(games[1].first_line, 7u);
  EXPECT_EQ(games[1].pos_of(*moves_of(games[1])[0]).line, 8u);
  EXPECT_EQ(games[1].pos_of(*moves_of(games[1])[0]).column, 4u);
}

TEST(PdnLineEnds, LineCommentEndsAtALoneCarriageReturn) {
  const auto games = read_games("% exported by an old program\r1. 32-28 19-23 *\r");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_EQ(moves_of(g).size(), 2u);
  EXPECT_EQ(g.text_of(g.moves[0]), " exported by an old program");
  EXPECT_EQ(g.pos_of(*moves_of(g)[0]).line, 2u);
  EXPECT_EQ(g.pos_of(*moves_of(g)[0]).column, 4u);
}

TEST(PdnLineEnds, ColumnsCountCharactersOnAVeryLongUtf8Line) {
  // "1. 32-28 {" is 10 characters, then 3,000 two-byte characters and '}' (column 3011):
  // "19-23" starts at column 3013 and the "0" of "0-3" at 3022, 6,000 bytes into the line.
  std::string text = "1. 32-28 {";
  for (int i = 0; i < 3000; ++i) text += "\xC3\xA9";
  text += "} 19-23 2. 0-3 *";
  const auto games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_EQ(g.encoding, Encoding::Utf8);
  EXPECT_EQ(g.pos_of(*moves_of(g)[1]).column, 3013u);
  const Diagnostic* bad = find_kind(g, IssueKind::BadSquare);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->pos.line, 1u);
  EXPECT_EQ(bad->pos.column, 3022u);
}

TEST(PdnLineEnds, StrengthMarksBeyondTheLimitAreSkippedText) {
  const std::string marks(300, '!');
  const auto games = read_games("1. 32-28" + marks + " 19-23 *");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_EQ(moves_of(g).size(), 2u);
  EXPECT_EQ(g.text_of(moves_of(g)[0]->strength()), marks.substr(0, Element::kMaxStrengthBytes));
  const Diagnostic* glued = find_kind(g, IssueKind::StrayText);
  ASSERT_NE(glued, nullptr);
  EXPECT_EQ(glued->pos.column, 9u + Element::kMaxStrengthBytes);
}

}  // namespace
}  // namespace damdb::pdn
