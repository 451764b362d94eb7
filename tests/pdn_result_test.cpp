// Unit tests of the game result (pdn/result.hpp): the texts of each outcome, the Result tag
// reading (checked against the regular expressions the tag check used before, as an
// independent oracle, on every combination of result-like pieces), the recorded result of
// games built so that terminator and tag are known, and the FMJD score.
#include "pdn/reader.hpp"
#include "pdn/result.hpp"
#include "pdn/tag_values.hpp"
#include "pdn/writer.hpp"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

TEST(Result, OutcomeOfEachWrittenForm) {
  EXPECT_EQ(outcome_of("2-0"), Outcome::WhiteWin);
  EXPECT_EQ(outcome_of("1-0"), Outcome::WhiteWin);
  EXPECT_EQ(outcome_of("0-2"), Outcome::BlackWin);
  EXPECT_EQ(outcome_of("0-1"), Outcome::BlackWin);
  EXPECT_EQ(outcome_of("1 - 1"), Outcome::Draw);
  EXPECT_EQ(outcome_of("1/2-1/2"), Outcome::Draw);
  EXPECT_EQ(outcome_of("\xC2\xBD-\xC2\xBD"), Outcome::Draw);
  EXPECT_EQ(outcome_of("0.5-0.5"), Outcome::Draw);
  EXPECT_EQ(outcome_of("0-0"), Outcome::Unfinished);
  EXPECT_EQ(outcome_of("*"), Outcome::Unknown);
  EXPECT_EQ(outcome_of("4-6"), Outcome::Unknown);
  EXPECT_EQ(outcome_of("2-2"), Outcome::Unknown);
  EXPECT_EQ(outcome_of("2:0"), Outcome::WhiteWin);  // the score written with a colon
  EXPECT_EQ(outcome_of("0:2"), Outcome::BlackWin);
  EXPECT_EQ(outcome_of("1:1"), Outcome::Draw);
  EXPECT_EQ(outcome_of("0:0"), Outcome::Unfinished);
  EXPECT_EQ(outcome_of("2:2"), Outcome::Unknown);
}

TEST(Result, TextOfEachOutcomeReadsBack) {
  EXPECT_STREQ(result_text(Outcome::WhiteWin), "2-0");
  EXPECT_STREQ(result_text(Outcome::Draw), "1-1");
  EXPECT_STREQ(result_text(Outcome::BlackWin), "0-2");
  EXPECT_STREQ(result_text(Outcome::Unfinished), "0-0");
  EXPECT_STREQ(result_text(Outcome::Unknown), "*");
  for (Outcome o : {Outcome::WhiteWin, Outcome::BlackWin, Outcome::Draw, Outcome::Unknown,
                    Outcome::Unfinished}) {
    EXPECT_EQ(outcome_of(result_text(o)), o) << result_text(o);
    EXPECT_TRUE(is_standard_result(result_text(o))) << result_text(o);
  }
}

TEST(Result, ResultTagReadings) {
  auto normalized = [](const char* v) { return read_result_tag(v).normalized; };
  EXPECT_TRUE(read_result_tag("2-0").standard);
  EXPECT_TRUE(read_result_tag("").standard);
  EXPECT_TRUE(read_result_tag("1/2-1/2").standard);
  EXPECT_EQ(normalized(" 1 - 1 "), "1-1");
  EXPECT_EQ(normalized("1/2 - 1/2"), "1/2-1/2");
  EXPECT_EQ(normalized("\t2-0"), "2-0");
  EXPECT_EQ(normalized("\xC2\xBD - \xC2\xBD"), "1-1");
  EXPECT_EQ(normalized("0.5-\xC2\xBD"), "1-1");
  EXPECT_EQ(normalized("2:0"), "2-0");
  EXPECT_EQ(normalized("1 : 1"), "1-1");
  EXPECT_EQ(normalized("?"), "*");
  EXPECT_EQ(normalized("--"), "*");
  EXPECT_EQ(normalized("?-?"), "*");
  EXPECT_EQ(normalized("  "), "*");
  const ResultTagReading two_two = read_result_tag("2 - 2");
  EXPECT_FALSE(two_two.standard);
  EXPECT_TRUE(two_two.result_like);
  EXPECT_EQ(two_two.normalized, "");
  EXPECT_FALSE(read_result_tag("4-6").result_like);
  EXPECT_FALSE(read_result_tag("white").result_like);
}

// The Result tag check as it was written with RE2 (PDN 3.0 results and the tolerated forms):
// the oracle read_result_tag must agree with on every value.
ResultTagReading oracle(const std::string& value) {
  static const RE2 result{R"(2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\*)"};
  static const RE2 spaced{R"((2|1|0|1/2)\s*[-:]\s*(0|1|2|1/2))"};
  static const RE2 half{R"((½|0\.5)\s*[-:]\s*(½|0\.5))"};
  static const RE2 placeholder{R"(-+|\?+|\?-\?)"};
  ResultTagReading r;
  if (value.empty() || RE2::FullMatch(value, result)) {
    r.standard = r.result_like = true;
    return r;
  }
  std::string t = value;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.erase(0, 1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.pop_back();
  r.result_like = true;
  std::string a, b;
  if (RE2::FullMatch(t, spaced, &a, &b)) {
    if (RE2::FullMatch(a + "-" + b, result)) r.normalized = a + "-" + b;
  } else if (RE2::FullMatch(t, result)) {
    r.normalized = t;
  } else if (RE2::FullMatch(t, half)) {
    r.normalized = "1-1";
  } else if (t.empty() || RE2::FullMatch(t, placeholder)) {
    r.normalized = "*";
  } else {
    r.result_like = false;
  }
  return r;
}

TEST(Result, ResultTagReadingAgreesWithTheRegularExpressionsOnEveryCombination) {
  const std::vector<std::string> pieces{"",  "0", "1", "2", "1/2", "0.5", "\xC2\xBD", "-", " ",
                                        "\t", "?", "*", "/", "4", "\n", ".", ":"};
  std::size_t checked = 0;
  for (const auto& a : pieces)
    for (const auto& b : pieces)
      for (const auto& c : pieces)
        for (const auto& d : pieces) {
          const std::string v = a + b + c + d;
          const ResultTagReading want = oracle(v), got = read_result_tag(v);
          ASSERT_EQ(got.standard, want.standard) << '"' << v << '"';
          ASSERT_EQ(got.result_like, want.result_like) << '"' << v << '"';
          ASSERT_EQ(got.normalized, want.normalized) << '"' << v << '"';
          ++checked;
        }
  EXPECT_EQ(checked, pieces.size() * pieces.size() * pieces.size() * pieces.size());
}

TEST(Result, TagCheckUsesTheReading) {
  const TagValueCheck spaced = check_tag_value("Result", "1 - 1");
  EXPECT_FALSE(spaced.valid);
  EXPECT_EQ(spaced.normalized, "1-1");
  EXPECT_EQ(spaced.kind, IssueKind::ResultNormalized);
  EXPECT_EQ(check_tag_value("Result", "4-6").kind, IssueKind::TagFormat);
  EXPECT_TRUE(check_tag_value("Result", "0-2").valid);
}

RecordedResult recorded_of(const std::string& pdn) {
  const std::vector<Game> games = read_games(pdn);
  EXPECT_EQ(games.size(), 1u);
  return games.empty() ? RecordedResult{} : recorded_result(games.front());
}

TEST(Result, RecordedResultReadsTerminatorAndTag) {
  const RecordedResult plain = recorded_of("1. 32-28 19-23 2-0\n");
  EXPECT_EQ(plain.terminator, Outcome::WhiteWin);
  EXPECT_EQ(plain.tag, Outcome::Unknown);
  EXPECT_EQ(plain.said(), Outcome::WhiteWin);
  EXPECT_EQ(plain.decided(), Outcome::WhiteWin);
  EXPECT_FALSE(plain.unfinished());

  const RecordedResult star = recorded_of("[Result \"1-1\"]\n1. 32-28 19-23 *\n");
  EXPECT_EQ(star.terminator, Outcome::Unknown);
  EXPECT_EQ(star.said(), Outcome::Draw);
  EXPECT_EQ(star.decided(), Outcome::Draw);

  // Terminator 0-0 (unfinished), tag 2-0: the record says unfinished, the decided result is
  // the tag's win.
  const RecordedResult mixed = recorded_of("[Result \"2-0\"]\n1. 32-28 19-23 0-0\n");
  EXPECT_EQ(mixed.said(), Outcome::Unfinished);
  EXPECT_EQ(mixed.decided(), Outcome::WhiteWin);
  EXPECT_TRUE(mixed.unfinished());

  const RecordedResult open = recorded_of("[Result \"0-0\"]\n1. 32-28 19-23 *\n");
  EXPECT_EQ(open.said(), Outcome::Unfinished);
  EXPECT_EQ(open.decided(), Outcome::Unknown);
  EXPECT_TRUE(open.unfinished());

  const RecordedResult tag_black = recorded_of("[Result \"0-1\"]\n1. 32-28 19-23 0-2\n");
  EXPECT_EQ(tag_black.terminator, Outcome::BlackWin);
  EXPECT_EQ(tag_black.tag, Outcome::BlackWin);
}

TEST(Result, FmjdPointsAndScore) {
  EXPECT_EQ(result_points(3, 2), 8u);
  EXPECT_EQ(result_points(0, 0), 0u);
  EXPECT_DOUBLE_EQ(score_percent(0, 0, 0), 0.0);
  EXPECT_DOUBLE_EQ(score_percent(1, 0, 0), 100.0);
  EXPECT_DOUBLE_EQ(score_percent(0, 1, 0), 50.0);
  EXPECT_DOUBLE_EQ(score_percent(0, 0, 5), 0.0);
  EXPECT_DOUBLE_EQ(score_percent(1, 1, 1), 50.0);
  EXPECT_DOUBLE_EQ(score_percent(3, 1, 0), 87.5);  // 7 of 8 points
}

// The tester's file: "2:0" ends the first game as the Result tag "2-0" says, with a note at
// line 6, column 31 (after "1. 32-28 17-22 2. 28x17 12x21 ": 30 bytes); 4 legal plies.
TEST(Result, ColonScoreInMovetextIsTheTerminatorWithANote) {
  const auto games = read_games(
      "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n"
      "1. 32-28 17-22 2. 28x17 12x21 2:0\n\n[Event \"F\"]\n[Result \"0-2\"]\n\n1. 32-28 17-22 0-2\n");
  ASSERT_EQ(games.size(), 2u);
  const Game& g = games[0];
  EXPECT_FALSE(g.has_errors());
  EXPECT_EQ(recorded_result(g).terminator, Outcome::WhiteWin);
  const Diagnostic* note = nullptr;
  for (const Diagnostic& d : g.diagnostics)
    if (d.kind == IssueKind::ResultNormalized) note = &d;
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, Severity::Note);
  EXPECT_EQ(note->pos.line, 6u);
  EXPECT_EQ(note->pos.column, 31u);
  EXPECT_EQ(to_pdn(g).find("2:0"), std::string::npos) << to_pdn(g);
  EXPECT_NE(to_pdn(g).find("12x21 2-0"), std::string::npos) << to_pdn(g);
}

// Each form as a terminator reads as the same text in the Result tag reads: the terminator's
// outcome is the tag's, and the game has no error.
TEST(Result, EveryTerminatorFormReadsAsTheTagReadsIt) {
  for (const char* form : {"2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "2:0", "0:2", "1:1", "1:0",
                           "0:1", "1/2-1/2", "\xC2\xBD-\xC2\xBD", "0.5-0.5"}) {
    const std::string text =
        std::string("[Result \"") + form + "\"]\n\n1. 32-28 17-22 " + form + "\n\n1. 31-27 *\n";
    const auto games = read_games(text);
    ASSERT_EQ(games.size(), 2u) << form;
    const RecordedResult r = recorded_result(games[0]);
    EXPECT_NE(r.tag, Outcome::Unknown) << form;
    EXPECT_EQ(r.terminator, r.tag) << form;
    EXPECT_FALSE(games[0].has_errors()) << form;
    const auto again = read_games(to_pdn(games[0]));
    ASSERT_EQ(again.size(), 1u) << form;
    EXPECT_EQ(recorded_result(again[0]).terminator, r.tag) << form << ": " << to_pdn(games[0]);
  }
}

}  // namespace
}  // namespace damdb::pdn
