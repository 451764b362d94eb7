// Replay validation: one small game per error and warning kind, with the kind, ply, move number,
// side, line and column checked by hand (geometry of each position worked out on the board).
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "rules/fen.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace damdb;
using pdn::IssueKind;
using pdn::ReplayStatus;

namespace {

pdn::Game parse_one(const std::string& text) {
  std::istringstream in(text);
  pdn::GameReader reader(in, "test.pdn");
  auto game = reader.next();
  EXPECT_TRUE(game.has_value());
  return game ? *game : pdn::Game{};
}

pdn::Replay replay_text(const std::string& text) { return pdn::replay(parse_one(text)); }

const pdn::ReplayIssue* find_warning(const pdn::Replay& r, IssueKind kind) {
  for (const auto& w : r.warnings)
    if (w.kind == kind) return &w;
  return nullptr;
}

}  // namespace

TEST(Replay, ValidOpening) {
  // 32-28 18-23, 33-29 23x32 (compulsory: 23 takes 28), 37x28 (takes 32; 38x27 also legal).
  // White keeps 29 (from 33) and 28 (from 37); Black has lost the man that started on 18.
  const auto r = replay_text("1. 32-28 18-23 2. 33-29 23x32 3. 37x28 *");
  EXPECT_EQ(r.status, ReplayStatus::Valid);
  EXPECT_EQ(r.plies, 5);
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(rules::to_fen(r.final_position),
            "B:W28,29,31,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:"
            "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19,20");
  // The final position carries its Zobrist key, as a position read from its FEN does.
  EXPECT_EQ(r.final_position.key(), rules::parse_fen(rules::to_fen(r.final_position)).key());
}

TEST(Replay, NoPiece) {
  // Square 29 is empty at the start: White has men on 31..50 only.
  const auto r = replay_text("1. 32-28 18-23 2. 29-24 *");
  ASSERT_EQ(r.errors.size(), 1u);
  const auto& e = r.errors[0];
  EXPECT_EQ(e.kind, IssueKind::NoPiece);
  EXPECT_EQ(e.ply, 3);
  EXPECT_EQ(e.move_number, 2);
  EXPECT_EQ(e.side, rules::Color::White);
  EXPECT_EQ(e.token, "29-24");
  EXPECT_EQ(e.pos.line, 1u);
  EXPECT_EQ(e.pos.column, 19u);
  EXPECT_EQ(r.status, ReplayStatus::Invalid);
  EXPECT_EQ(r.plies, 2);  // the legal prefix is kept
  EXPECT_FALSE(e.legal.empty());
}

TEST(Replay, WrongSide) {
  // 23 holds Black's man after 18-23, but White is to move.
  const auto r = replay_text("1. 32-28 18-23\n2. 23-27 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::WrongSide);
  EXPECT_EQ(r.errors[0].ply, 3);
  EXPECT_EQ(r.errors[0].pos.line, 2u);
  EXPECT_EQ(r.errors[0].pos.column, 4u);
}

TEST(Replay, CaptureRequired) {
  // After 33-29 Black's man on 23 must take 28 (landing on 32, emptied by 32-28); 29x34 is
  // blocked because 34 is occupied. 19-24 ignores the compulsory capture.
  const auto r = replay_text("1. 32-28 18-23 2. 33-29 19-24 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::CaptureRequired);
  EXPECT_EQ(r.errors[0].ply, 4);
  EXPECT_EQ(r.errors[0].move_number, 2);
  EXPECT_EQ(r.errors[0].side, rules::Color::Black);
  EXPECT_EQ(r.errors[0].legal, std::vector<std::string>{"23x32"});
}

TEST(Replay, NotMaximum) {
  // White man 32: 32x21x12 takes 27 and 17 (two pieces); 32x23 takes only 28.
  const auto r = replay_text("[FEN \"W:W32:B17,27,28\"]\n1. 32x23 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::NotMaximum);
  EXPECT_EQ(r.errors[0].legal, std::vector<std::string>{"32x12"});
  EXPECT_EQ(r.errors[0].fen, "W:W32:B17,27,28");
}

TEST(Replay, IllegalMove) {
  // The man on 32 steps to 27 or 28, never to 26.
  const auto r = replay_text("1. 32-26 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::IllegalMove);
  EXPECT_EQ(r.errors[0].ply, 1);
}

TEST(Replay, BadSquare) {
  const auto r = replay_text("1. 32-51 *");
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors.back().kind, IssueKind::BadSquare);
}

TEST(Replay, BadFen) {
  const auto r = replay_text("[FEN \"?:W31:B1\"]\n1. 31-26 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::BadFen);
  EXPECT_EQ(r.plies, 0);
}

TEST(Replay, AmbiguousCaptureUnresolved) {
  // King 39 reaches 10 by two routes taking different pieces (14,24,34 or 24,34 + 42/43 ...):
  // nothing follows, so the game cannot tell them apart.
  const auto r = replay_text("[FEN \"W:WK39:B14,24,34,42,43\"]\n1. 39x10 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::Ambiguous);
  EXPECT_EQ(r.errors[0].candidates.size(), 2u);
}

TEST(Replay, CaptureWrittenWithDash) {
  const auto r = replay_text("1. 32-28 18-23 2. 33-29 23-32 3. 37x28 *");
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  const auto* w = find_warning(r, IssueKind::CaptureWrittenAsQuiet);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->ply, 4);
  EXPECT_EQ(r.plies, 5);
}

TEST(Replay, WrongMoveNumberIsAWarning) {
  const auto r = replay_text("1. 32-28 18-23 3. 33-29 23x32 *");
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  const auto* w = find_warning(r, IssueKind::MoveNumber);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->ply, 3);
  EXPECT_EQ(w->pos.column, 16u);
  EXPECT_EQ(r.plies, 4);
}

TEST(Replay, VariationErrorKeepsMainLineValid) {
  const auto r = replay_text("1. 32-28 (1. 32-26) 18-23 *");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.plies, 2);
  const auto* w = find_warning(r, IssueKind::VariationError);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->token, "32-26");
}

TEST(Replay, LegalVariationFromThePositionBeforeTheMove) {
  // (31-27) replaces 32-28: replayed from the initial position, it is legal.
  const auto r = replay_text("1. 32-28 (1. 31-27 17-21) 18-23 *");
  EXPECT_EQ(r.status, ReplayStatus::Valid);
}

TEST(Replay, ResultContradictedByFinalPosition) {
  // White takes Black's last piece: Black cannot move and has lost, but 0-2 was recorded.
  const auto r = replay_text("[FEN \"W:W32:B28\"]\n[Result \"0-2\"]\n1. 32x23 0-2");
  EXPECT_TRUE(r.errors.empty());
  ASSERT_NE(find_warning(r, IssueKind::ResultContradicted), nullptr);
}

TEST(Replay, ResultTagDisagreesWithTerminator) {
  const auto r = replay_text("[Result \"2-0\"]\n1. 32-28 0-2");
  ASSERT_NE(find_warning(r, IssueKind::ResultMismatch), nullptr);
}

TEST(Replay, SetupInMovetextReplacesThePosition) {
  const auto r = replay_text("/FEN \"W:W32:B28\"/ 1. 32x23 2-0");
  EXPECT_EQ(r.status, ReplayStatus::Valid) << (r.errors.empty() ? "" : r.errors[0].message);
  EXPECT_TRUE(r.setup_in_movetext);
  EXPECT_EQ(r.plies, 1);
}

TEST(Replay, RecordsPliesWithCanonicalCodes) {
  pdn::ReplayOptions options;
  options.record_plies = true;
  const auto r = pdn::replay(parse_one("1. 32-28 18-23 *"), options);
  ASSERT_EQ(r.plies_played.size(), 2u);
  // Initial moves sorted: 31-26 31-27 32-27 32-28 ...: 32-28 is index 3.
  EXPECT_EQ(r.plies_played[0].code, 3);
  EXPECT_EQ(r.plies_played[0].before, rules::Position::initial());
  // Black's moves sorted: 16-21 (16 is on the edge) 17-21 17-22 18-22 18-23 ...: index 4.
  EXPECT_EQ(r.plies_played[1].code, 4);
}

TEST(Replay, OtherVariantIsSkipped) {
  const auto r = replay_text("[GameType \"21\"]\n1. 11-15 23-19 *");
  EXPECT_EQ(r.status, ReplayStatus::Skipped);
  EXPECT_EQ(r.plies, 0);
}

TEST(Replay, NonStandardCaptureOrderFromOldLogs) {
  // Real line from a DAM 2.x engine log: Black's king 47 takes 33 and 20 and lands on 15
  // (47-42-38-[33]-29-24-[20]-15); the log writes "24x15x29x47".
  const auto r = replay_text("[FEN \"B:W20,K25,33,35,45:B2,5,13,K47\"]\n1... 24x15x29x47 *");
  EXPECT_TRUE(r.errors.empty()) << r.errors[0].message;
  EXPECT_EQ(r.plies, 1);
  const auto* w = find_warning(r, IssueKind::NonStandardNotation);
  ASSERT_NE(w, nullptr);
  EXPECT_NE(w->message.find("47x15"), std::string::npos) << w->message;
  EXPECT_EQ(rules::to_fen(r.final_position), "W:WK25,35,45:B2,5,13,K15");
}

TEST(Replay, WrongRouteForTheRightStartAndEnd) {
  // 32x12 is legal (over 27 and 17, landing on 21); 23 is not on its route.
  const auto r = replay_text("[FEN \"W:W32:B17,27,28\"]\n1. 32x23x12 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, IssueKind::IllegalMove);
  EXPECT_NE(r.errors[0].message.find("32x21x12"), std::string::npos) << r.errors[0].message;
}

TEST(Replay, AmbiguousCaptureResolvedByTheRestOfTheGame) {
  // Real game (schildpad.pdn, game 3, move 35): 36x16 is 36x18x7x16 (takes 27, 12, 11) or
  // 36x13x2x16 (takes 27, 8, 11). 11. 18-13 decides: with Black's man still on 8, it would have
  // to take 13 (8x19) instead of playing 35-40, so the king took 8: 36x13x2x16.
  const auto r = replay_text(
      "[FEN \"W:W32,K36,37,38,42,45,47:B3,6,8,11,12,14,19,27,34\"]\n"
      "1. 36x16 19-24 2. 38-33 24-30 3. 32-28 30-35 4. 16-32 14-20 5. 28-22 20-25 6. 32-49 6-11 "
      "7. 33-29 34x23 8. 45-40 35x44 9. 49x16 25-30 10. 22-18 30-35 11. 18-13 35-40 "
      "12. 16-11 40-45 13. 11-50 3-9 2-0");
  EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].message);
  const auto* w = find_warning(r, IssueKind::AmbiguousResolved);
  ASSERT_NE(w, nullptr);
  EXPECT_NE(w->message.find("36x13x2x16"), std::string::npos) << w->message;
  EXPECT_EQ(r.plies, 26);
}

TEST(Replay, GameWithManyTagsIsReadAndValidatedInLinearTime) {
  // 100,000 distinct tag pairs in one game: the check for a repeated tag name (which ends a
  // tag-only game) used to scan all earlier tags for each new one, quadratic in the tag count
  // (300,000 tags did not finish in 120 s). No timing assert: the test must simply finish.
  constexpr int kTags = 100000;
  std::string text;
  text.reserve(static_cast<std::size_t>(kTags) * 16);
  for (int i = 0; i < kTags; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
  text += "\n1. 32-28 *\n";
  std::istringstream in(text);
  pdn::GameReader reader(in, "manytags.pdn");
  auto game = reader.next();
  ASSERT_TRUE(game.has_value());
  EXPECT_FALSE(reader.next().has_value());
  ASSERT_EQ(game->tags.size(), static_cast<std::size_t>(kTags));
  EXPECT_EQ(game->tags.front().name, "T0");
  EXPECT_EQ(game->tags.back().name, "T99999");
  EXPECT_FALSE(game->has_errors());
  const auto r = pdn::replay(*game);
  EXPECT_EQ(r.status, ReplayStatus::Valid);
  EXPECT_EQ(r.plies, 1);
}

TEST(Replay, TruncatedLastGameIsAWarning) {
  // The first 1500 bytes of samples/wk2003.pdn stop inside game 2's movetext, after
  // "35. 36x27 17-22": no terminator at the end of the input. Here: a complete game, then one
  // cut after black's 2nd move (32-28 19-23, 28x19 14x23: all legal, 4 plies).
  const std::string text =
      "[Event \"a\"]\n\n1. 32-28 19-23 2-0\n\n"
      "[Event \"b\"]\n\n1. 32-28 19-23 2. 28x19 14x23\n";
  std::istringstream in(text);
  pdn::GameReader reader(in, "t.pdn");
  auto first = reader.next();
  auto second = reader.next();
  ASSERT_TRUE(first.has_value());
  ASSERT_TRUE(second.has_value());
  EXPECT_FALSE(reader.next().has_value());

  const auto complete = pdn::replay(*first);
  EXPECT_EQ(complete.status, ReplayStatus::Valid);
  EXPECT_EQ(find_warning(complete, IssueKind::MissingTerminator), nullptr);

  // The reader keeps a warning with the game; the replay reports it, the game is not invalid.
  ASSERT_EQ(second->diagnostics.size(), 1u);
  EXPECT_EQ(second->diagnostics[0].severity, pdn::Severity::Warning);
  EXPECT_EQ(second->diagnostics[0].kind, pdn::IssueKind::MissingTerminator);
  const auto r = pdn::replay(*second);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_EQ(r.plies, 4);
  EXPECT_TRUE(r.notes.empty());
  const auto* w = find_warning(r, IssueKind::MissingTerminator);
  ASSERT_NE(w, nullptr);
  // Placed just after the last token: "1. 32-28 19-23 2. 28x19 14x23" has "14x23" in
  // columns 25..29 of line 7, so column 30.
  EXPECT_EQ(w->pos.line, 7u);
  EXPECT_EQ(w->pos.column, 30u);
  EXPECT_EQ(pdn::to_string(IssueKind::MissingTerminator), "missing_terminator");

  // A game with tags only at the end of the input is not truncated movetext.
  const auto tags_only = replay_text("[Event \"c\"]\n");
  EXPECT_EQ(tags_only.status, ReplayStatus::Warnings);
  EXPECT_NE(find_warning(tags_only, IssueKind::NoMovetext), nullptr);
  EXPECT_EQ(find_warning(tags_only, IssueKind::MissingTerminator), nullptr);
}
