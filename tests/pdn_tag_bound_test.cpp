// The bound on what the index keeps of a tag value (pdn::kMaxIndexedTagBytes): the cut falls
// on a UTF-8 character boundary, a longer value gives one TagValueTooLong warning with its
// place, and the game keeps its verdict and its whole value. Expected lengths are counted from
// the byte layout of each hand-built value.
#include <gtest/gtest.h>

#include <string>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "pdn/tag_values.hpp"

namespace damdb::pdn {
namespace {

constexpr std::size_t kBound = kMaxIndexedTagBytes;

// `n` ASCII letters followed by `tail`.
std::string letters_then(std::size_t n, const std::string& tail) {
  return std::string(n, 'a') + tail;
}

}  // namespace

TEST(PdnTagBound, ValuesUpToTheBoundAreKeptWhole) {
  EXPECT_EQ(indexed_tag_value(""), "");
  const std::string at_bound(kBound, 'x');
  EXPECT_EQ(indexed_tag_value(at_bound), at_bound);
  // 998 letters and a 2-byte character end exactly at the bound.
  const std::string ends_at_bound = letters_then(kBound - 2, "\xC3\xA9");
  EXPECT_EQ(indexed_tag_value(ends_at_bound).size(), kBound);
}

TEST(PdnTagBound, CutFallsBeforeTheCharacterTheBoundWouldSplit) {
  // ASCII: exactly the bound.
  EXPECT_EQ(indexed_tag_value(std::string(kBound + 1, 'x')), std::string(kBound, 'x'));
  // "é" (C3 A9) at bytes 999..1000: the cut keeps 999 bytes.
  EXPECT_EQ(indexed_tag_value(letters_then(kBound - 1, "\xC3\xA9zz")), std::string(999, 'a'));
  // "€" (E2 82 AC) at bytes 998..1000 and 999..1001.
  EXPECT_EQ(indexed_tag_value(letters_then(kBound - 2, "\xE2\x82\xACz")).size(), 998u);
  EXPECT_EQ(indexed_tag_value(letters_then(kBound - 1, "\xE2\x82\xAC")).size(), 999u);
  // U+1F600 (F0 9F 98 80) at bytes 997..1000: the cut keeps 997 bytes.
  EXPECT_EQ(indexed_tag_value(letters_then(kBound - 3, "\xF0\x9F\x98\x80")).size(), 997u);
  // The same character starting at byte 1000 is outside: 1000 bytes.
  EXPECT_EQ(indexed_tag_value(letters_then(kBound, "\xF0\x9F\x98\x80")).size(), kBound);
  // Bytes of 2-byte characters only (1000 = 500 characters): an even cut at the bound.
  std::string accents;
  for (int i = 0; i < 600; ++i) accents += "\xC3\xA9";
  EXPECT_EQ(indexed_tag_value(accents), accents.substr(0, kBound));
  // Continuation bytes without a lead (not UTF-8): at most 3 bytes back.
  EXPECT_EQ(indexed_tag_value(std::string(kBound + 10, '\x80')).size(), kBound - 3);
}

TEST(PdnTagBound, LongValueIsOneWarningAndTheGameStaysValid) {
  const std::string event(5'000'000, 'E');
  const std::string white = letters_then(kBound, "W");  // 1001 bytes
  const std::string text = "[Event \"" + event + "\"]\n[White \"" + white +
                           "\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2-0\n";
  const std::vector<Game> games = read_games(text, "long.pdn");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_NE(g.tag("Event"), nullptr);
  EXPECT_EQ(g.tag("Event")->value, event);  // the game keeps the whole value
  EXPECT_EQ(g.tag("White")->value, white);
  ASSERT_EQ(g.diagnostics.size(), 1u);
  const Diagnostic& d = g.diagnostics[0];
  EXPECT_EQ(d.kind, IssueKind::TagValueTooLong);
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.count, 2u);  // Event and White, one warning of the kind
  EXPECT_EQ(d.pos.line, 1u);
  EXPECT_EQ(d.pos.column, 1u);
  EXPECT_EQ(d.offending, std::string(40, 'E'));
  EXPECT_NE(d.message.find("value of tag Event has 5000000 bytes"), std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("first 1000"), std::string::npos) << d.message;
  EXPECT_FALSE(g.needs_verbatim_copy());  // the canonical writer keeps the whole value
  const Replay r = replay(g);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_EQ(r.plies, 2);
  EXPECT_TRUE(r.errors.empty());
}

TEST(PdnTagBound, ValueAtTheBoundIsNoWarning) {
  const std::string text = "[Event \"" + std::string(kBound, 'E') + "\"]\n\n1. 32-28 *\n";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].diagnostics.empty());
  EXPECT_EQ(replay(games[0]).status, ReplayStatus::Valid);
}

TEST(PdnTagBound, FormatNoteQuotesTheValueWithoutSplittingACharacter) {
  // A Date of "1" and 20 "é" (41 bytes): byte 40 is the second byte of the 20th "é", so the
  // quoted start of the value keeps "1" and 19 "é" (39 bytes).
  std::string date = "1";
  for (int i = 0; i < 20; ++i) date += "\xC3\xA9";
  const std::string text = "[Date \"" + date + "\"]\n\n1. 32-28 *\n";
  const std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  const Diagnostic* note = nullptr;
  for (const Diagnostic& d : games[0].diagnostics)
    if (d.kind == IssueKind::TagFormat || d.kind == IssueKind::DateNormalized) note = &d;
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->offending, date.substr(0, 39));
}

TEST(PdnTagBound, KindHasItsNameAndSeverity) {
  EXPECT_EQ(to_string(IssueKind::TagValueTooLong), "tag_value_too_long");
  EXPECT_EQ(severity_of(IssueKind::TagValueTooLong), Severity::Warning);
  EXPECT_FALSE(is_error(IssueKind::TagValueTooLong));
  // Kinds are stored by number: the earlier kinds keep theirs.
  EXPECT_EQ(static_cast<unsigned>(IssueKind::EscapeNormalized), 38u);
  EXPECT_EQ(static_cast<unsigned>(IssueKind::TagValueTooLong), 39u);
}

}  // namespace damdb::pdn
