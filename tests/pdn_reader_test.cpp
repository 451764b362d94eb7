// Unit tests of the PDN reader: every construct and lexing trap of real PDN files, with parsed values.
#include "pdn/encoding.hpp"
#include "pdn/reader.hpp"
#include "pdn/tag_values.hpp"
#include "pdn/variant.hpp"
#include "pdn/writer.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

using Squares = std::vector<int>;

Squares squares(const Game& g, const Element& e) {
  Squares out;
  for (auto s : g.squares_of(e)) out.push_back(s);
  return out;
}

// The main-line elements of one kind.
std::vector<const Element*> of_kind(const Game& g, ElementKind kind,
                                    const std::vector<Element>* line = nullptr) {
  std::vector<const Element*> out;
  for (const Element& e : line ? *line : g.moves)
    if (e.kind == kind) out.push_back(&e);
  return out;
}

int errors(const Game& g) {
  int n = 0;
  for (const auto& d : g.diagnostics) n += d.severity == Severity::Error;
  return n;
}

Game one(const std::string& text) {
  auto games = read_games(text, "t.pdn");
  EXPECT_EQ(games.size(), 1u) << text;
  return games.empty() ? Game{} : std::move(games.front());
}

TEST(PdnReader, TagsMovesAndResult) {
  Game g = one("[Event \"NK 2009\"]\n[White \"Meijer\"]\n[Result \"2-0\"]\n\n"
               "1. 32-28 19-23 2. 28x19 14x23 2-0\n");
  ASSERT_EQ(g.tags.size(), 3u);
  EXPECT_EQ(g.tags[0].name, "Event");
  EXPECT_EQ(g.tags[0].value, "NK 2009");
  EXPECT_EQ(g.tags[1].pos, (TextPos{2, 1, 18}));  // '[Event "NK 2009"]' is 17 bytes + LF
  auto moves = of_kind(g, ElementKind::Move);
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_EQ(squares(g, *moves[0]), (Squares{32, 28}));
  EXPECT_EQ(moves[0]->separator, Separator::Dash);
  EXPECT_EQ(squares(g, *moves[2]), (Squares{28, 19}));
  EXPECT_EQ(moves[2]->separator, Separator::Cross);
  EXPECT_EQ(g.pos_of(*moves[0]).line, 5u);
  EXPECT_EQ(g.pos_of(*moves[0]).column, 4u);
  EXPECT_EQ(g.text_of(*moves[3]), "14x23");
  auto numbers = of_kind(g, ElementKind::MoveNumber);
  ASSERT_EQ(numbers.size(), 2u);
  EXPECT_EQ(numbers[1]->value, 2u);
  EXPECT_FALSE(numbers[1]->black_form());
  ASSERT_NE(g.result(), nullptr);
  EXPECT_EQ(g.text_of(*g.result()), "2-0");
  EXPECT_EQ(g.result()->outcome(), Outcome::WhiteWin);
  EXPECT_EQ(g.first_line, 1u);
  EXPECT_EQ(g.last_line, 5u);
  EXPECT_EQ(g.byte_begin, 0u);
  EXPECT_EQ(g.text.back(), '0');  // the game's text ends at its terminator
  EXPECT_TRUE(g.diagnostics.empty());
  EXPECT_TRUE(g.variant.international);
}

TEST(PdnReader, AllResultTokens) {
  struct Case {
    const char* text;
    Outcome outcome;
  } cases[] = {{"2-0", Outcome::WhiteWin},   {"0-2", Outcome::BlackWin},
               {"1-1", Outcome::Draw},       {"1-0", Outcome::WhiteWin},
               {"0-1", Outcome::BlackWin},   {"1/2-1/2", Outcome::Draw},
               {"0-0", Outcome::Unfinished}, {"*", Outcome::Unknown},
               {"1 - 1", Outcome::Draw},     {"2 -0", Outcome::WhiteWin}};
  for (const Case& c : cases) {
    std::string text = "1. 32-28 ";
    text += c.text;
    text += "\n";
    Game g = one(text);
    ASSERT_NE(g.result(), nullptr) << c.text;
    EXPECT_EQ(g.text_of(*g.result()), c.text);
    EXPECT_EQ(g.result()->outcome(), c.outcome) << c.text;
    EXPECT_EQ(of_kind(g, ElementKind::Move).size(), 1u) << c.text;
  }
}

TEST(PdnReader, ResultPrefixOfMoveIsAMove) {
  // 1-10 and 1-18 are moves, not "1-1" followed by 0 / 8.
  Game g = one("1. 32-28 1-10 2. 28-23 1-18 *");
  auto moves = of_kind(g, ElementKind::Move);
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_EQ(squares(g, *moves[1]), (Squares{1, 10}));
  EXPECT_EQ(squares(g, *moves[3]), (Squares{1, 18}));
  EXPECT_EQ(g.result()->outcome(), Outcome::Unknown);
  EXPECT_EQ(errors(g), 0);
}

TEST(PdnReader, GluedResultEndsGame) {
  auto games = read_games("1.32-28 18-23 0-001.33-29 19-23 1-1");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text_of(*games[0].result()), "0-0");
  EXPECT_EQ(games[0].result()->outcome(), Outcome::Unfinished);
  auto n = of_kind(games[1], ElementKind::MoveNumber);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(games[1].text_of(*n[0]), "01.");
  EXPECT_EQ(n[0]->value, 1u);
  EXPECT_EQ(squares(games[1], *of_kind(games[1], ElementKind::Move)[0]), (Squares{33, 29}));
  EXPECT_EQ(games[1].byte_begin, 17u);  // "1.32-28 18-23 0-0" is 17 bytes
  EXPECT_EQ(games[1].pos_of(games[1].moves[0]).column, 18u);
  EXPECT_EQ(games[1].result()->outcome(), Outcome::Draw);
}

TEST(PdnReader, ZeroPaddingAndSpacedSquares) {
  Game g = one("01.33-28 07-12 02.38-33  1- 7 03.42-38 16x 7 *");
  auto moves = of_kind(g, ElementKind::Move);
  ASSERT_EQ(moves.size(), 6u);
  EXPECT_EQ(squares(g, *moves[1]), (Squares{7, 12}));
  EXPECT_EQ(squares(g, *moves[3]), (Squares{1, 7}));
  EXPECT_EQ(g.text_of(*moves[3]), "1- 7");
  EXPECT_EQ(squares(g, *moves[5]), (Squares{16, 7}));
  EXPECT_EQ(of_kind(g, ElementKind::MoveNumber)[2]->value, 3u);
  EXPECT_EQ(errors(g), 0);
}

TEST(PdnReader, CapturePathsAndColon) {
  Game g = one("21. 39x28x17x6 14-19 22. 26:17 *");
  auto moves = of_kind(g, ElementKind::Move);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(squares(g, *moves[0]), (Squares{39, 28, 17, 6}));
  EXPECT_EQ(moves[0]->square_count, 4);
  EXPECT_EQ(moves[2]->separator, Separator::Colon);
}

TEST(PdnReader, MoveStrengthIsPartOfTheMoveToken) {
  Game g = one("1.32-28!? 19-23(!?!!!) 2.28x19* 14x23(?) 3.33-28?? *");
  auto moves = of_kind(g, ElementKind::Move);
  ASSERT_EQ(moves.size(), 5u);
  EXPECT_EQ(g.text_of(moves[0]->strength()), "!?");
  EXPECT_EQ(g.text_of(*moves[0]), "32-28!?");
  EXPECT_EQ(g.text_of(moves[1]->strength()), "(!?!!!)");
  EXPECT_EQ(g.text_of(moves[2]->strength()), "*");  // glued '*' is a mark, not the terminator
  EXPECT_EQ(g.text_of(moves[3]->strength()), "(?)");
  EXPECT_EQ(g.text_of(moves[4]->strength()), "??");
  EXPECT_EQ(squares(g, *moves[2]), (Squares{28, 19}));
  EXPECT_TRUE(of_kind(g, ElementKind::Variation).empty());
  EXPECT_EQ(g.result()->outcome(), Outcome::Unknown);
}

TEST(PdnReader, BlackMoveNumbersNagsComments) {
  Game g = one("12... 19-23 $1 {good move [%clock w 1:20:00] [%eval 0.3]} 13. 28x19 $14 *");
  auto numbers = of_kind(g, ElementKind::MoveNumber);
  ASSERT_EQ(numbers.size(), 2u);
  EXPECT_EQ(numbers[0]->value, 12u);
  EXPECT_TRUE(numbers[0]->black_form());
  auto nags = of_kind(g, ElementKind::Nag);
  ASSERT_EQ(nags.size(), 2u);
  EXPECT_EQ(nags[0]->value, 1u);
  EXPECT_EQ(nags[1]->value, 14u);
  auto comments = of_kind(g, ElementKind::Comment);
  ASSERT_EQ(comments.size(), 1u);
  std::string_view text = g.text_of(*comments[0]);
  EXPECT_EQ(text, "good move [%clock w 1:20:00] [%eval 0.3]");
  auto cmds = embedded_commands(text);
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(cmds[0].name, "clock");
  EXPECT_EQ(cmds[0].args, "w 1:20:00");
  EXPECT_EQ(cmds[1].name, "eval");
  EXPECT_EQ(cmds[1].args, "0.3");
  EXPECT_EQ(g.pos_of(*comments[0]).column, 16u);
}

TEST(PdnReader, SpacedEllipsisMarksBlackMoveNumber) {
  Game g = one("5. ... 19-23 *");
  auto numbers = of_kind(g, ElementKind::MoveNumber);
  ASSERT_EQ(numbers.size(), 1u);
  EXPECT_TRUE(numbers[0]->black_form());
  EXPECT_EQ(errors(g), 0);
}

TEST(PdnReader, NestedVariations) {
  Game g = one("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23");
  ASSERT_EQ(g.moves.size(), 5u);
  EXPECT_EQ(g.moves[2].kind, ElementKind::Variation);
  const auto& v1 = g.variation_of(g.moves[2]);
  ASSERT_EQ(v1.size(), 4u);
  EXPECT_EQ(squares(g, v1[0]), (Squares{18, 23}));
  EXPECT_EQ(v1[2].kind, ElementKind::Variation);
  const auto& v2 = g.variation_of(v1[2]);
  ASSERT_EQ(v2.size(), 3u);
  EXPECT_EQ(g.text_of(v2[0].strength()), "?");
  EXPECT_EQ(g.text_of(v2[2]), " Black wins ");
  EXPECT_EQ(squares(g, v1[3]), (Squares{12, 18}));
  EXPECT_EQ(squares(g, g.moves[4]), (Squares{14, 23}));
  // No terminator at the end of the input: a warning, not an error.
  EXPECT_EQ(g.result(), nullptr);
  EXPECT_EQ(errors(g), 0);
  ASSERT_EQ(g.diagnostics.size(), 1u);
  EXPECT_EQ(g.diagnostics[0].severity, Severity::Warning);
}

TEST(PdnReader, UnclosedVariationIsAWarning) {
  Game g = one("1. 32-28 (1. 33-28 18-23 *");
  EXPECT_EQ(errors(g), 0);  // the main line read is intact
  EXPECT_EQ(g.diagnostics[0].kind, IssueKind::UnclosedVariation);
  EXPECT_EQ(g.diagnostics[0].pos.column, 10u);
  EXPECT_EQ(g.diagnostics[0].expected, "')'");
}

TEST(PdnReader, SetupCommandAndLineComment) {
  Game g = one("% Board game: International Draughts 10x10\r\n"
               "[Date \"2012.02.01\"]\r\n/FEN \"W:W31,32:B1,2\"/ 1. 32-28 *\r\n");
  ASSERT_EQ(g.tags.size(), 1u);
  auto lc = of_kind(g, ElementKind::LineComment);
  ASSERT_EQ(lc.size(), 1u);
  EXPECT_EQ(g.text_of(*lc[0]), " Board game: International Draughts 10x10");
  auto setups = of_kind(g, ElementKind::Setup);
  ASSERT_EQ(setups.size(), 1u);
  EXPECT_EQ(g.setups[setups[0]->value], "W:W31,32:B1,2");
  EXPECT_EQ(g.pos_of(*setups[0]).line, 3u);
  EXPECT_EQ(g.pos_of(*setups[0]).column, 1u);
}

TEST(PdnReader, EscapedQuotesAndBackslashes) {
  Game g = one("[White \"This is a string with an escaped character \\\"\"]\n"
               "[Site \"C:\\\\games\\\\x.pdn\"] 32-28");
  EXPECT_EQ(g.tags[0].value, "This is a string with an escaped character \"");
  EXPECT_EQ(g.tags[1].value, "C:\\games\\x.pdn");
  EXPECT_EQ(of_kind(g, ElementKind::Move).size(), 1u);
}

TEST(PdnReader, TagsAllOnOneLineAndNoSpaceAfterMoveNumber) {
  Game g = one("[Event \"a\"][Site \"b\"][Result \"1-1\"]1.32-28 19-23 1-1");
  ASSERT_EQ(g.tags.size(), 3u);
  EXPECT_EQ(g.tags[2].value, "1-1");
  EXPECT_EQ(g.tags[1].pos.column, 12u);
  EXPECT_EQ(of_kind(g, ElementKind::Move).size(), 2u);
  EXPECT_EQ(g.result()->outcome(), Outcome::Draw);
}

TEST(PdnReader, FenBrokenOverTwoLinesAndTrailingDot) {
  Game g = one("[FEN \"W:W6,26,37,K42:\r\nB2,17,18\"]\r\n 1.37-31 *");
  EXPECT_EQ(g.tags[0].value, "W:W6,26,37,K42:\r\nB2,17,18");
  EXPECT_EQ(g.tags[0].normalized, "W:W6,26,37,K42:B2,17,18");
  EXPECT_EQ(errors(g), 0);  // a warning only
  Game h = one("[FEN \"W:W7,26,28:B8,14,17.\"]\n1. 26-21 *");
  EXPECT_EQ(h.tags[0].normalized, "W:W7,26,28:B8,14,17");
  EXPECT_EQ(errors(h), 0);
  ASSERT_EQ(h.diagnostics.size(), 1u);
  EXPECT_EQ(h.diagnostics[0].severity, Severity::Note);
  EXPECT_EQ(h.diagnostics[0].kind, IssueKind::FenNormalized);
}

TEST(PdnReader, FilesWithoutTagsSeparatedByResults) {
  auto games = read_games("1.32-28 19-23 2-0 1.33-29 17-22 0-2\n1.34-30 1-1");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].result()->outcome(), Outcome::WhiteWin);
  EXPECT_EQ(games[1].result()->outcome(), Outcome::BlackWin);
  EXPECT_EQ(games[2].index, 2u);
  EXPECT_EQ(games[2].number(), 3u);
  EXPECT_EQ(games[2].first_line, 2u);
}

TEST(PdnReader, TagOnlyGamesAndMissingTerminator) {
  auto games = read_games("[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n1. 32-28 19-23\n"
                          "[Event \"c\"]\n1. 33-28 *\n");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(errors(games[0]), 0);  // tags without movetext: a warning
  EXPECT_EQ(games[1].tag("Event")->value, "b");
  // Moves cut by the next tags: the same warning as at the end of the input.
  EXPECT_EQ(errors(games[1]), 0);
  ASSERT_EQ(games[1].diagnostics.size(), 1u);
  EXPECT_EQ(games[1].diagnostics[0].kind, IssueKind::MissingTerminator);
  EXPECT_EQ(games[1].diagnostics[0].severity, Severity::Warning);
  EXPECT_EQ(games[1].diagnostics[0].pos.line, 5u);
  EXPECT_EQ(games[1].diagnostics[0].pos.column, 15u);
  EXPECT_EQ(games[1].last_line, 5u);
  EXPECT_EQ(games[2].tag("Event")->value, "c");
  EXPECT_EQ(errors(games[2]), 0);
}

TEST(PdnReader, NonStandardResultMatchingTagIsKept) {
  Game g = one("[Result \"4-6\"]\n1. 34-29 18-22 2. 29x18 4-6\n");
  auto res = g.result();
  ASSERT_NE(res, nullptr);
  EXPECT_EQ(g.text_of(*res), "4-6");
  EXPECT_EQ(res->outcome(), Outcome::Unknown);
  EXPECT_EQ(errors(g), 0);  // the moves are fine: a warning
  bool warned = false;
  for (const Diagnostic& d : g.diagnostics) warned |= d.kind == IssueKind::NonStandardResult;
  EXPECT_TRUE(warned);
}

TEST(PdnReader, SyntaxErrorsAreDataAndReadingContinues) {
  auto games = read_games("[Event \"x\"]\n1. 32-28 foo 19-23 } 2-0\n[Event \"y\"]\n1. 33-28 *",
                          "bad.pdn");
  ASSERT_EQ(games.size(), 2u);
  // "foo" and "}" are stray text: one warning with a count, at the first place.
  ASSERT_EQ(games[0].diagnostics.size(), 1u);
  const Diagnostic& d = games[0].diagnostics[0];
  EXPECT_EQ(d.kind, IssueKind::StrayText);
  EXPECT_EQ(d.count, 2u);
  EXPECT_EQ(d.file, "bad.pdn");
  EXPECT_EQ(d.game_index, 0u);
  EXPECT_EQ(d.pos.line, 2u);
  EXPECT_EQ(d.pos.column, 10u);
  EXPECT_EQ(d.offending, "foo");
  EXPECT_FALSE(d.expected.empty());
  EXPECT_EQ(of_kind(games[0], ElementKind::Move).size(), 2u);
  EXPECT_EQ(d.to_string(),
            "bad.pdn:2:10: warning: game 1: unexpected text in movetext (skipped) (2 times): "
            "'foo' (expected a move, move number, comment, variation or game terminator) "
            "[stray_text]");
  EXPECT_TRUE(games[1].diagnostics.empty());
}

TEST(PdnReader, NestedCommentIsStrayText) {
  Game g = one("1. 33-29 19-23 2. 35-30 { nested { comment } } \r\n");
  EXPECT_EQ(errors(g), 0);
  ASSERT_FALSE(g.diagnostics.empty());
  EXPECT_EQ(g.diagnostics[0].kind, IssueKind::StrayText);
  EXPECT_EQ(g.diagnostics[0].offending, "}");
  EXPECT_EQ(g.text_of(*of_kind(g, ElementKind::Comment)[0]), " nested { comment ");
}

// An unclosed comment ends where the next game's tag section begins (after an empty line, or
// two tag lines in a row); the error stays with the game and the next games are read.
TEST(PdnReader, UnclosedCommentEndsBeforeNextGamesTags) {
  const std::string text =
      "[Event \"a\"]\n[Result \"2-0\"]\n\n1. 32-28 {good move 19-23 2-0\n\n"
      "[Event \"b\"]\n[Result \"1-1\"]\n\n1. 33-28 {fine} 1-1\n"
      "[Event \"c\"]\n[Result \"*\"]\n1. 31-26 {never closed either\n"
      "[Event \"d\"]\n[Site \"e\"]\n1. 34-29 *\n";
  auto games = read_games(text, "u.pdn");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].tag("Event")->value, "a");
  auto comments = of_kind(games[0], ElementKind::Comment);
  ASSERT_EQ(comments.size(), 1u);
  EXPECT_EQ(games[0].text_of(*comments[0]), "good move 19-23 2-0");
  EXPECT_EQ(games[0].result(), nullptr);
  ASSERT_FALSE(games[0].diagnostics.empty());
  const Diagnostic& d = games[0].diagnostics[0];
  EXPECT_EQ(d.kind, IssueKind::UnclosedComment);
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.pos.line, 4u);
  EXPECT_EQ(d.pos.column, 10u);
  EXPECT_EQ(d.message,
            "comment opened at 4:10 is never closed; it ends before the next game's tags");
  EXPECT_EQ(games[1].tag("Event")->value, "b");
  EXPECT_TRUE(games[1].diagnostics.empty());
  EXPECT_EQ(games[1].first_line, 6u);
  EXPECT_EQ(games[2].tag("Event")->value, "c");
  ASSERT_EQ(of_kind(games[2], ElementKind::Comment).size(), 1u);
  EXPECT_EQ(games[2].text_of(*of_kind(games[2], ElementKind::Comment)[0]), "never closed either");
  EXPECT_FALSE(games[2].has_errors());
  EXPECT_EQ(games[2].diagnostics.at(0).kind, IssueKind::UnclosedComment);
  EXPECT_EQ(games[3].tag("Event")->value, "d");
  EXPECT_EQ(games[3].tag("Site")->value, "e");
  EXPECT_EQ(of_kind(games[3], ElementKind::Move).size(), 1u);
  EXPECT_TRUE(games[3].diagnostics.empty());
}

// Brackets in comments stay comment text: embedded commands, a bracket inside a line, and a
// single tag-like line that neither follows an empty line nor precedes another tag line.
TEST(PdnReader, CommentsWithBracketsAreKept) {
  Game g = one("1. 32-28 {[%eval 0.1][%depth 12]} 19-23 {line one\n[Note \"quoted\"] in the"
               " text\n\n[%clock w 1:00]\nend} 2. 37-32 *\n");
  auto comments = of_kind(g, ElementKind::Comment);
  ASSERT_EQ(comments.size(), 2u);
  EXPECT_EQ(g.text_of(*comments[0]), "[%eval 0.1][%depth 12]");
  EXPECT_EQ(g.text_of(*comments[1]),
            "line one\n[Note \"quoted\"] in the text\n\n[%clock w 1:00]\nend");
  EXPECT_EQ(of_kind(g, ElementKind::Move).size(), 3u);
  EXPECT_EQ(errors(g), 0);
}

// The reader's small chunks: the comment and the tags arrive in different chunks; the same
// games result. Also a Latin-1 game (re-read after conversion) keeps the same error.
TEST(PdnReader, UnclosedCommentAcrossChunksAndEncodings) {
  const std::string text = "[White \"G\xE9rard\"]\n1. 32-28 {oops 19-23\n\n[Event \"b\"]\n"
                           "1. 33-28 *\n";
  std::istringstream in(text);
  ReaderOptions options;
  options.chunk_bytes = 7;
  GameReader reader(in, "c.pdn", options);
  std::vector<Game> games;
  reader.visit([&](Game& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].encoding, Encoding::Latin1);
  EXPECT_EQ(games[0].text_of(*of_kind(games[0], ElementKind::Comment)[0]), "oops 19-23");
  ASSERT_FALSE(games[0].diagnostics.empty());
  EXPECT_EQ(games[0].diagnostics[0].message,
            "comment opened at 2:10 is never closed; it ends before the next game's tags");
  EXPECT_EQ(games[1].tag("Event")->value, "b");
  EXPECT_TRUE(games[1].diagnostics.empty());
}

TEST(PdnReader, EmptyInputAndWhitespace) {
  EXPECT_TRUE(read_games("").empty());
  EXPECT_TRUE(read_games(" \r\n\n\t").empty());
  EXPECT_TRUE(read_games("\xEF\xBB\xBF\n").empty());
}

TEST(PdnReader, MixedLineEndingsAndNoFinalNewline) {
  auto games = read_games("[Event \"a\"]\r\n[Site \"b\"]\n\r\n1. 32-28\n19-23 1-1\r\n\r\n"
                          "[Event \"c\"]\n1. 33-29 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tag("Site")->value, "b");
  EXPECT_EQ(games[0].pos_of(*of_kind(games[0], ElementKind::Move)[1]).line, 5u);
  EXPECT_EQ(games[1].first_line, 7u);  // CRLF, LF and a CRLF blank line each count once
  EXPECT_EQ(games[1].last_line, 8u);
}

TEST(PdnReader, Latin1AndWindows1252AreConvertedToUtf8) {
  Game g = one("[White \"G\xE9rard\"]\n{40\xB0} 1. 32-28 *");
  EXPECT_EQ(g.encoding, Encoding::Latin1);
  EXPECT_EQ(g.tags[0].value, "G\xC3\xA9rard");
  EXPECT_EQ(g.text_of(*of_kind(g, ElementKind::Comment)[0]), "40\xC2\xB0");
  EXPECT_EQ(g.pos_of(*of_kind(g, ElementKind::Move)[0]).column, 10u);
  Game w = one("[White \"\x93Jan\x94 \xE9\"]\n*");
  EXPECT_EQ(w.encoding, Encoding::Windows1252);
  EXPECT_EQ(w.tags[0].value, "\xE2\x80\x9CJan\xE2\x80\x9D \xC3\xA9");
  Game u = one("[White \"\xD0\xA1\xD0\xB5\"] {\xC3\xA9} 1.32-28 *");
  EXPECT_EQ(u.encoding, Encoding::Utf8);
  // Columns count characters: the two Cyrillic letters are 4 bytes but 2 columns.
  EXPECT_EQ(u.pos_of(*of_kind(u, ElementKind::Comment)[0]).column, 14u);
  EXPECT_EQ(u.pos_of(*of_kind(u, ElementKind::Move)[0]).column, 20u);
  EXPECT_EQ(one("1.32-28 *").encoding, Encoding::Ascii);
}

TEST(PdnReader, GameTypeAndVariantDetection) {
  Game a = one("[GameType \"20,W,10,10,N2,0\"]\n1.32-28 *");
  EXPECT_TRUE(a.variant.international);
  EXPECT_EQ(a.variant.game_type, 20);
  Game b = one("[GameType \"21\"]\n1. 11-15 24-20 *");
  EXPECT_FALSE(b.variant.international);
  EXPECT_EQ(b.variant.game_type, 21);
  EXPECT_EQ(b.variant.reason, "GameType 21 (English draughts)");
  Game c = one("1. 11-15 24-20 2. 8-11 28-24 0-1");  // 8x8 opening, no GameType
  EXPECT_FALSE(c.variant.international);
  Game d = one("1. a3-b4 b6-c5 2. b2-a3 f6-e5 1-0");
  EXPECT_FALSE(d.variant.international);
  Game e = one("[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12.\"]\n"
               "1. 22-18 *");
  EXPECT_FALSE(e.variant.international);
  Game f = one("1.32-28 19-23 2.28x19 *");  // only small squares, but a 10x10 opening move
  EXPECT_TRUE(f.variant.international);
  Game g = one("1. 21-17 12-15 2. 23-19 45-40 *");
  EXPECT_TRUE(g.variant.international);  // square 45 exists only on 10x10
}

TEST(PdnReader, StreamingAcrossTinyChunks) {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += "[Event \"e";
    text += std::to_string(i);
    text += "\"]\r\n{c} 1. 32-28 {x} (1. 33-28) 19-23 1-1\r\n\r\n";
  }
  text += "1.32-28 0-001.33-29 2-0";
  for (std::size_t chunk : {1u, 2u, 7u, 64u, 4096u}) {
    std::istringstream in(text);
    ReaderOptions opt;
    opt.chunk_bytes = chunk;
    GameReader reader(in, "s", opt);
    std::size_t n = 0;
    std::uint64_t last_end = 0;
    while (auto g = reader.next()) {
      if (n < 200) {
        std::string name = "e";
        name += std::to_string(n);
        EXPECT_EQ(g->tag("Event")->value, name) << chunk;
        EXPECT_EQ(g->first_line, 3 * n + 1);
        EXPECT_EQ(g->moves.size(), 7u);
      }
      EXPECT_GE(g->byte_begin, last_end);
      EXPECT_EQ(std::string_view(text).substr(g->byte_begin, g->byte_end - g->byte_begin),
                g->text);
      last_end = g->byte_end;
      ++n;
    }
    EXPECT_EQ(n, 202u) << chunk;
  }
}

TEST(PdnReader, MissingFileThrows) {
  EXPECT_THROW(GameReader("/nonexistent/file.pdn"), ReadError);
}

TEST(PdnTagValues, DateRoundResultGameTypeTimeControl) {
  EXPECT_TRUE(check_tag_value("Date", "2009.04.17").valid);
  EXPECT_TRUE(check_tag_value("Date", "2009.?\?.?\?").valid);
  EXPECT_EQ(check_tag_value("Date", "2024-12-14").normalized, "2024.12.14");
  EXPECT_EQ(check_tag_value("Date", "17 april 2009").normalized, "2009.04.17");
  EXPECT_EQ(check_tag_value("Date", "3 mei 2009").normalized, "2009.05.03");
  EXPECT_EQ(check_tag_value("Date", "1841-?\?-?\?").normalized, "1841.?\?.?\?");
  EXPECT_EQ(check_tag_value("Date", "1950.").normalized, "1950.?\?.?\?");
  EXPECT_EQ(check_tag_value("Date", "14.12.2024").normalized, "2024.12.14");
  EXPECT_FALSE(check_tag_value("Date", "03.07.20").valid);
  EXPECT_TRUE(check_tag_value("Date", "03.07.20").normalized.empty());  // intent unclear
  EXPECT_TRUE(check_tag_value("Round", "12").valid);
  EXPECT_TRUE(check_tag_value("Round", "3.1").valid);
  EXPECT_EQ(check_tag_value("Round", "ronde 12").normalized, "12");
  EXPECT_FALSE(check_tag_value("Round", "A1").valid);
  EXPECT_EQ(check_tag_value("Result", "1 - 1").normalized, "1-1");
  EXPECT_FALSE(check_tag_value("Result", "4-6").valid);
  EXPECT_TRUE(check_tag_value("GameType", "20,W,10,10,N1,0").valid);
  EXPECT_EQ(game_type_number("20,W,10,10,N2,0"), 20);
  EXPECT_EQ(game_type_number("abc"), std::nullopt);
  EXPECT_TRUE(check_tag_value("TimeControl", "60+5").valid);
  EXPECT_TRUE(check_tag_value("TimeControl", "40/7200:3600").valid);
  EXPECT_FALSE(check_tag_value("TimeControl", "one hour").valid);
  EXPECT_TRUE(check_tag_value("FEN", "W:W31-50:B1-20").valid);
  EXPECT_TRUE(check_tag_value("FEN", "?:W29,13,11:B22,4,2").valid);
}

TEST(PdnEncoding, Detection) {
  EXPECT_EQ(detect_encoding("abc"), Encoding::Ascii);
  EXPECT_EQ(detect_encoding("G\xC3\xA9rard"), Encoding::Utf8);
  EXPECT_EQ(detect_encoding("G\xE9rard"), Encoding::Latin1);
  EXPECT_EQ(detect_encoding("\x80 5"), Encoding::Windows1252);
  EXPECT_FALSE(is_valid_utf8("\xC0\x80"));      // overlong
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));  // surrogate
  std::string out;
  append_as_utf8("\x80\xE9", Encoding::Windows1252, out);
  EXPECT_EQ(out, "\xE2\x82\xAC\xC3\xA9");
}

TEST(PdnWriter, CanonicalOutput) {
  Game g = one("[Black \"B\"]\n[Foo \"x\"]\n[Event \"E \\\"q\\\"\"]\n[White \"W\"]\n"
               "01.32-28!? 19-23 02.28x19 {c} 14x23 $3 (2... 13x24 3. 33-28) 03.33-28 1 - 1");
  std::string expected =
      "[Event \"E \\\"q\\\"\"]\n[White \"W\"]\n[Black \"B\"]\n[Foo \"x\"]\n\n"
      "1. 32-28!? 19-23 2. 28x19 {c} 2... 14x23 $3 (2... 13x24 3. 33-28) 3. 33-28 1-1\n";
  EXPECT_EQ(to_pdn(g), expected);
  auto again = read_games(to_pdn(g));
  ASSERT_EQ(again.size(), 1u);
  std::string why;
  EXPECT_TRUE(same_content(g, again[0], &why)) << why;
  EXPECT_EQ(to_pdn(again[0]), expected);
}

TEST(PdnWriter, AddsTerminatorAndKeepsLineCommentsSetupsAndUnicode) {
  Game g = one("% top\n[White \"\xD0\xA1\"]\n/FEN \"B:W31:B1\"/ 1... 1-7 {x}");
  std::string out = to_pdn(g);
  EXPECT_EQ(out, "[White \"\xD0\xA1\"]\n\n% top\n/FEN \"B:W31:B1\"/ 1... 1-7 {x} *\n");
  auto again = read_games(out);
  ASSERT_EQ(again.size(), 1u);
  std::string why;
  EXPECT_TRUE(same_content(g, again[0], &why)) << why;
  EXPECT_NE(out.find("% top\n"), std::string::npos);
  EXPECT_NE(out.find("/FEN \"B:W31:B1\"/ 1... 1-7 {x} *"), std::string::npos);
}

// A non-standard score (1-9) read as the terminator because the Result tag says so is written
// as '*' with the score kept in the Result tag: written as "1-9" it would read back as a move
// that runs into the next game when that game has no tags.
TEST(PdnWriter, NonStandardResultIsWrittenAsStar) {
  Game a = one("[Result \"1-9\"]\n1. 32-28 19-23 1-9\n");
  ASSERT_NE(a.result(), nullptr);
  EXPECT_EQ(a.text_of(*a.result()), "1-9");
  Game b = one("1. 33-28 18-23 1 - 1\n");  // a game without tags
  std::ostringstream out;
  write_games({a, b}, out);
  EXPECT_EQ(out.str(),
            "[Result \"1-9\"]\n\n1. 32-28 19-23 *\n\n1. 33-28 18-23 1-1\n");
  auto again = read_games(out.str());
  ASSERT_EQ(again.size(), 2u);
  std::string why;
  EXPECT_TRUE(same_content(a, again[0], &why)) << why;
  EXPECT_TRUE(same_content(b, again[1], &why)) << why;
  EXPECT_EQ(again[0].tag("Result")->value, "1-9");
  ASSERT_NE(again[0].result(), nullptr);
  EXPECT_EQ(again[0].text_of(*again[0].result()), "*");
  EXPECT_EQ(again[0].result()->outcome(), Outcome::Unknown);
  EXPECT_EQ(of_kind(again[0], ElementKind::Move).size(), 2u);
  EXPECT_EQ(to_pdn(again[0]), to_pdn(a));
}

}  // namespace
}  // namespace damdb::pdn

namespace damdb::pdn {
namespace {

// A tag value whose quote never closes ends at its line when no '"' follows before the next
// tag line: the terminator on the next line ends the game and the next game is a game of its
// own (it used to be swallowed). A value that does close on a later line keeps its line break.
// The same games whatever the reader's chunk size.
TEST(PdnReader, AnUnclosedTagValueEndsAtItsLineWhenNoQuoteFollows) {
  const std::string text =
      "[FEN \"W:W31,32:\n0-2\n"
      "[White \"Rob\"]\n[Black \"Cl\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n"
      "[Event \"two\nlines\"]\n[Result \"*\"]\n\n1. 32-28 *\n";
  for (std::size_t chunk : {1u, 3u, 64u, 4096u}) {
    std::istringstream in(text);
    ReaderOptions opt;
    opt.chunk_bytes = chunk;
    GameReader reader(in, "s", opt);
    std::vector<Game> games;
    while (auto g = reader.next()) games.push_back(std::move(*g));
    ASSERT_EQ(games.size(), 3u) << chunk;
    EXPECT_EQ(games[0].tag("FEN")->value, "W:W31,32:");
    ASSERT_NE(games[0].result(), nullptr);
    EXPECT_EQ(games[0].result()->outcome(), Outcome::BlackWin);
    EXPECT_EQ(games[1].tag("White")->value, "Rob");
    EXPECT_EQ(games[1].moves.size(), 7u);  // 2 move numbers, 4 moves, the terminator
    EXPECT_TRUE(games[1].diagnostics.empty());
    EXPECT_EQ(games[2].tag("Event")->value, "two\nlines");
  }
}

// A tag value never closed or without quotes at the end of a tag-only game, in a CRLF file:
// the game ends before the CRLF, which counts as one line end; the lines, columns and
// offending texts are those of the same text with LF line ends. (An empty line before the
// repeated Event: on the next line it would be the same game, pdn_repeated_tag_test.cpp.)
TEST(PdnReader, AGameEndingAtATagLinesEndBeforeACrlfCountsOneLineEnd) {
  for (const std::string lf :
       {"[Event \"x\"]\n[White \"y\n\n[Event \"z\"]\n[Black z]\n\n1. 32-28 2-0\n",
        "[Event \"a\"]\n[Site\n\n[Event \"b\"]\n1. 33-28 *\n[Black z]\n"}) {
    std::string crlf;
    for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const std::vector<Game> a = read_games(lf), b = read_games(crlf);
    ASSERT_EQ(a.size(), b.size()) << lf;
    ASSERT_GE(a.size(), 2u) << lf;
    for (std::size_t g = 0; g < a.size(); ++g) {
      EXPECT_EQ(a[g].first_line, b[g].first_line) << lf << g;
      EXPECT_EQ(a[g].last_line, b[g].last_line) << lf << g;
      ASSERT_EQ(a[g].diagnostics.size(), b[g].diagnostics.size()) << lf << g;
      for (std::size_t i = 0; i < a[g].diagnostics.size(); ++i) {
        const Diagnostic &x = a[g].diagnostics[i], &y = b[g].diagnostics[i];
        EXPECT_EQ(x.pos.line, y.pos.line) << lf << g << " " << i;
        EXPECT_EQ(x.pos.column, y.pos.column) << lf << g << " " << i;
        EXPECT_EQ(x.offending, y.offending) << lf << g << " " << i;
      }
    }
    EXPECT_EQ(b[1].first_line, 4u) << lf;
  }
}

}  // namespace
}  // namespace damdb::pdn
