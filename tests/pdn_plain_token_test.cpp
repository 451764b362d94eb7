// The reader's fast path for plain movetext (pdn/plain_token.hpp) against its general code: the
// fast path runs only where 64 bytes or more follow a token, so a token read at the end of a
// short text (general code) and the same token with a long comment after it (fast path) must give
// the same elements, squares and diagnostics. The short forms are also checked by hand.
#include "pdn/plain_token.hpp"
#include "pdn/reader.hpp"
#include "pdn/tag_values.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

// Everything the reader keeps of a game's movetext and diagnostics, as text.
std::string summary(const Game& g) {
  std::string out;
  for (const Element& e : g.moves) {
    out += std::to_string(static_cast<int>(e.kind)) + "/" +
           std::to_string(static_cast<int>(e.separator)) + "/" + std::to_string(e.detail) + "/" +
           std::to_string(e.offset) + " '" + std::string(g.text_of(e)) + "'";
    if (e.kind == ElementKind::Move)
      for (auto s : g.squares_of(e)) out += " " + std::to_string(s);
    else if (e.kind != ElementKind::Comment)
      out += " =" + std::to_string(e.value);
    out += "\n";
  }
  for (const Diagnostic& d : g.diagnostics) out += d.to_string() + "\n";
  out += g.variant.reason;
  return out;
}

// The game read from `movetext`; with `long_tail`, a comment of 80 bytes follows the movetext so
// that every token of it has the fast path's 64 bytes of look-ahead.
Game read(const std::string& movetext, bool long_tail) {
  const std::string tail = long_tail ? " {" + std::string(80, 'c') + "}" : "";
  auto games = read_games("[Event \"e\"]\n" + movetext + tail + " *\n");
  EXPECT_EQ(games.size(), 1u) << movetext;
  if (games.empty()) return {};
  Game g = std::move(games.front());
  // Drop the terminator (its offset differs) and the tail comment from the comparison.
  EXPECT_FALSE(g.moves.empty());
  if (!g.moves.empty()) g.moves.pop_back();
  if (long_tail) {
    EXPECT_EQ(g.moves.empty() ? ElementKind::Move : g.moves.back().kind, ElementKind::Comment);
    if (!g.moves.empty()) g.moves.pop_back();
  }
  return g;
}

TEST(PdnPlainToken, FastPathReadsLikeTheGeneralCode) {
  // Each text is short enough (under 64 bytes with what follows) to be read by the general code
  // alone when nothing follows it.
  const std::vector<std::string> texts = {
      "1. 32-28 19-23 2. 28x19 14x23",
      "01.33-29 {0} 20-25 02.32-28 {-20} 17-21",
      " 9.47-42  7-12 10.39-33  1- 7",
      "1. 5-10 2-7 1-0x3 9x14 10x19",
      "12... 19x28x37x46 13. 05-10 50-45 0-0x5",
      "1. 32-28 {a\nb} 19-23 (2. 28-22) 33x22x11!?",
      "3. 1x7 31:27 40X29 32x28x 32x-28 3-28 2-8",
      "100. 32-28 1000. 3 12.. 12.... 0. 32 - 28",
      "$3 32-28! 32-28(?) 001-002 12-8 12-123",
      "120-12 1-2 a3-b4 0.5 2 x0 1/2 4-6 1- 70 1- 7.",
      "11-22-33-44-45-46-47-48-49-50-1-2-3",
      "1. 31-26 {comment with ] and [ text} 26-21",
  };
  for (const std::string& text : texts) {
    ASSERT_LT(text.size() + 3, kPlainWindow) << text;
    const Game general = read(text, false);
    const Game fast = read(text, true);
    EXPECT_EQ(summary(fast), summary(general)) << text;
  }
}

TEST(PdnPlainToken, ShortFormsByHand) {
  auto read_short = [](const std::string& text) {
    std::string window = text + std::string(kPlainWindow, ' ');
    return read_short_number(reinterpret_cast<const unsigned char*>(window.data()));
  };
  ShortNumber t = read_short("32-28 ");
  EXPECT_TRUE(t.move);
  EXPECT_EQ(t.number, 32u);
  EXPECT_EQ(t.to, 28);
  EXPECT_EQ(t.length, 5u);
  EXPECT_EQ(t.separator, Separator::Dash);
  t = read_short("5X14{");
  EXPECT_EQ(t.length, 4u);
  EXPECT_EQ(t.separator, Separator::Cross);
  EXPECT_EQ(read_short("12.33-29").length, 3u);   // the move number only
  EXPECT_EQ(read_short("12...").length, 0u);      // black's move number: read_plain_number
  EXPECT_EQ(read_short("1-0 ").length, 0u);       // may be a result
  EXPECT_EQ(read_short("32-28-23 ").length, 0u);  // three squares: read_plain_number
  EXPECT_EQ(read_short("32-28! ").length, 0u);    // strength mark: the general code
  EXPECT_EQ(read_short("32-0 ").length, 0u);      // square 0: the general code
}

TEST(PdnPlainToken, DatesReadByHand) {
  // Each expected value written out from the date's parts.
  EXPECT_EQ(check_tag_value("Date", "2008-12-3").normalized, "2008.12.03");
  EXPECT_EQ(check_tag_value("Date", "2008/1/31").normalized, "2008.01.31");
  EXPECT_EQ(check_tag_value("Date", "2008-?\?-?\?").normalized, "2008.?\?.?\?");
  EXPECT_EQ(check_tag_value("Date", "2008-12/?\?").normalized, "2008.12.?\?");
  EXPECT_EQ(check_tag_value("Date", "3-12-2008").normalized, "2008.12.03");
  EXPECT_EQ(check_tag_value("Date", "31/1/2008").normalized, "2008.01.31");
  EXPECT_EQ(check_tag_value("Date", "1.2.2008").normalized, "2008.02.01");
  EXPECT_EQ(check_tag_value("Date", "2008-13-01").kind, IssueKind::TagFormat);  // month 13
  EXPECT_EQ(check_tag_value("Date", "2008-123-1").kind, IssueKind::TagFormat);
  EXPECT_EQ(check_tag_value("Date", "123-1-2008").kind, IssueKind::TagFormat);
  EXPECT_EQ(check_tag_value("Date", "2008-1-1-").kind, IssueKind::TagFormat);
}

}  // namespace
}  // namespace damdb::pdn
