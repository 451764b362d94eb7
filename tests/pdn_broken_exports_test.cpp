// The reader on broken exports: each file of tests/data/broken_exports (written for these tests)
// holds one kind of damage seen in real archives. Every game's moves replay, so no game is
// invalid; each test checks the verdict, the warning kind, its first place and count, and the
// plies replayed. The games use the opening 32-28 19-23 28x19 14x23 (4 legal plies).
#include <gtest/gtest.h>

#include <string>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "pdn/tag_values.hpp"

namespace damdb::pdn {
namespace {

const std::string kDir = std::string(DAMDB_SOURCE_DIR) + "/tests/data/broken_exports/";

struct FileRead {
  std::vector<Game> games;
  std::vector<Diagnostic> outside;  // GameReader::file_diagnostics
};

FileRead read(const std::string& name) {
  GameReader reader(kDir + name);
  FileRead out;
  reader.visit([&](Game& g) { out.games.push_back(std::move(g)); });
  out.outside = reader.file_diagnostics();
  return out;
}

const Diagnostic* find(const Game& g, IssueKind kind) {
  for (const Diagnostic& d : g.diagnostics)
    if (d.kind == kind) return &d;
  return nullptr;
}

std::string value(const Game& g, const char* name) {
  const Tag* t = g.tag(name);
  return t ? t->value : "<none>";
}

std::string normalized(const Game& g, const char* name) {
  const Tag* t = g.tag(name);
  return t ? t->normalized : "<none>";
}

TEST(BrokenExports, LineEndsWrittenAsText) {
  // `\r` after every tag line, `\n` after one, a line holding only `\r`, `\r\n` between two
  // moves, and `\r` after the terminator.
  FileRead f = read("line_end_text.pdn");
  ASSERT_EQ(f.games.size(), 1u);  // the `\r` after "2-0" is no game
  const Game& g = f.games[0];
  EXPECT_EQ(value(g, "Site"), "");
  EXPECT_EQ(value(g, "Result"), "2-0");
  ASSERT_EQ(g.diagnostics.size(), 1u);
  const Diagnostic& d = g.diagnostics[0];
  EXPECT_EQ(d.kind, IssueKind::LineEndText);
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.count, 7u);  // five tag lines, the `\r` line, the `\r\n` between moves
  EXPECT_EQ(d.pos.line, 1u);
  EXPECT_EQ(d.pos.column, 15u);  // after `[Event "Club"]`
  const Replay r = replay(g);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_EQ(r.plies, 4);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].count, 7u);
  ASSERT_EQ(f.outside.size(), 1u);
  EXPECT_EQ(f.outside[0].pos.line, 7u);
  EXPECT_EQ(f.outside[0].pos.column, 37u);
  EXPECT_EQ(f.outside[0].count, 1u);
}

TEST(BrokenExports, TextAfterTheLastGameIsNoGame) {
  // After the game: a literal `\r`, an empty line, a lone '*', blanks.
  FileRead f = read("text_after_game.pdn");
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_TRUE(f.games[0].diagnostics.empty());
  EXPECT_EQ(replay(f.games[0]).status, ReplayStatus::Valid);
  ASSERT_EQ(f.outside.size(), 1u);  // at most one warning on the file
  EXPECT_EQ(f.outside[0].kind, IssueKind::StrayText);
  EXPECT_EQ(f.outside[0].pos.line, 5u);
  EXPECT_EQ(f.outside[0].pos.column, 1u);
  EXPECT_EQ(f.outside[0].game_index, Diagnostic::kNoGame);
}

TEST(BrokenExports, MalformedTagLinesKeepTheirValuesAndTheMovetext) {
  // `[[Event`, a lone '[', a line without '[', `[Empty]`, `[Round 3]`, two tags on one line,
  // a tag without ']'.
  FileRead f = read("malformed_tags.pdn");
  ASSERT_EQ(f.games.size(), 1u);
  const Game& g = f.games[0];
  EXPECT_EQ(value(g, "Event"), "Doubled");
  EXPECT_EQ(value(g, "Site"), "No bracket");
  EXPECT_EQ(value(g, "Empty"), "");
  EXPECT_EQ(value(g, "Round"), "3");
  EXPECT_EQ(value(g, "White"), "A");
  EXPECT_EQ(value(g, "Black"), "B");
  EXPECT_EQ(value(g, "Result"), "2-0");
  ASSERT_EQ(g.diagnostics.size(), 1u);
  const Diagnostic& d = g.diagnostics[0];
  EXPECT_EQ(d.kind, IssueKind::MalformedTag);
  EXPECT_EQ(d.count, 6u);
  EXPECT_EQ(d.pos.line, 1u);
  EXPECT_EQ(d.pos.column, 2u);  // the second '['
  const Replay r = replay(g);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.plies, 4);
  ASSERT_NE(g.result(), nullptr);
  EXPECT_EQ(g.result()->outcome(), Outcome::WhiteWin);
}

TEST(BrokenExports, FrenchNamesEntitiesAndOverEscapedQuotes) {
  FileRead f = read("french_entities.pdn");
  ASSERT_EQ(f.games.size(), 1u);
  const Game& g = f.games[0];
  EXPECT_EQ(value(g, "Event"), "Championnat de France");  // [&#x00c9;v&#233;nement ...]
  EXPECT_EQ(value(g, "Site"), "Paris");                   // [Lieu ...]
  EXPECT_EQ(value(g, "White"), "Fran\xc3\xa7ois D'Almeida");  // Fran&ccedil;ois D\'Almeida
  EXPECT_EQ(value(g, "Black"), "Ren\xc3\xa9 't Hart");        // Ren&eacute; \\'t Hart
  EXPECT_EQ(value(g, "Result"), "0.5-0.5");                   // [R&#x00e9;sultat ...]
  EXPECT_EQ(normalized(g, "Result"), "1-1");
  EXPECT_EQ(normalized(g, "Date"), "2024.12.14");
  for (IssueKind k : {IssueKind::EntityDecoded, IssueKind::TagNameMapped,
                      IssueKind::EscapeNormalized, IssueKind::ResultNormalized,
                      IssueKind::DateNormalized}) {
    const Diagnostic* d = find(g, k);
    ASSERT_NE(d, nullptr) << to_string(k);
    EXPECT_EQ(d->severity, Severity::Note);
  }
  EXPECT_EQ(find(g, IssueKind::TagNameMapped)->count, 5u);  // Event Site White Black Result
  const Replay r = replay(g);
  EXPECT_EQ(r.status, ReplayStatus::Valid);  // notes only
  EXPECT_EQ(r.plies, 4);
  EXPECT_TRUE(r.warnings.empty());  // "0.5-0.5" agrees with the terminator "1-1"
}

TEST(BrokenExports, DutchNamesHalfPointsAndPlaceholderDate) {
  FileRead f = read("dutch_names.pdn");
  ASSERT_EQ(f.games.size(), 1u);
  const Game& g = f.games[0];
  EXPECT_EQ(value(g, "Event"), "Nederlands kampioenschap");
  EXPECT_EQ(value(g, "Site"), "Ede");
  EXPECT_EQ(value(g, "Round"), "3");
  EXPECT_EQ(value(g, "White"), "Jansen");
  EXPECT_EQ(value(g, "Black"), "de Vries");
  EXPECT_EQ(normalized(g, "Date"), "????.??.??");  // 00.00.0000: unknown, never year 0
  EXPECT_EQ(normalized(g, "Result"), "1-1");       // " ½-½ "
  ASSERT_NE(g.result(), nullptr);                  // the terminator ½-½
  EXPECT_EQ(g.result()->outcome(), Outcome::Draw);
  const Replay r = replay(g);
  EXPECT_EQ(r.status, ReplayStatus::Valid);
  EXPECT_EQ(r.plies, 4);
}

TEST(BrokenExports, PlaceholderResultsDatesAndMissingTerminators) {
  FileRead f = read("placeholders.pdn");
  ASSERT_EQ(f.games.size(), 4u);
  // a: [Result "-"] and a '-' where the terminator belongs.
  const Game& a = f.games[0];
  EXPECT_EQ(normalized(a, "Result"), "*");
  ASSERT_NE(a.result(), nullptr);
  EXPECT_EQ(a.result()->outcome(), Outcome::Unknown);
  const Diagnostic* dash = find(a, IssueKind::PlaceholderTerminator);
  ASSERT_NE(dash, nullptr);
  EXPECT_EQ(dash->pos.line, 3u);
  EXPECT_EQ(dash->pos.column, 31u);
  Replay r = replay(a);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_EQ(r.plies, 4);
  // b: [Result "?"], [Date "0000.00.00"]: unknown, with notes.
  const Game& b = f.games[1];
  EXPECT_EQ(normalized(b, "Result"), "*");
  EXPECT_EQ(normalized(b, "Date"), "????.??.??");
  EXPECT_EQ(replay(b).status, ReplayStatus::Valid);
  // c and d: no terminator, before the next game's tags and at the end of the file: the same
  // warning, placed just after the last move.
  for (std::size_t i : {2u, 3u}) {
    const Diagnostic* d = find(f.games[i], IssueKind::MissingTerminator);
    ASSERT_NE(d, nullptr) << i;
    EXPECT_EQ(d->severity, Severity::Warning);
    EXPECT_EQ(replay(f.games[i]).status, ReplayStatus::Warnings);
  }
  EXPECT_EQ(find(f.games[2], IssueKind::MissingTerminator)->pos.line, 12u);
  EXPECT_EQ(find(f.games[2], IssueKind::MissingTerminator)->pos.column, 30u);
  EXPECT_EQ(find(f.games[3], IssueKind::MissingTerminator)->pos.line, 15u);
  EXPECT_EQ(find(f.games[3], IssueKind::MissingTerminator)->pos.column, 15u);
  EXPECT_EQ(replay(f.games[2]).plies, 4);
  EXPECT_EQ(replay(f.games[3]).plies, 2);
  EXPECT_EQ(normalized(f.games[2], "Date"), "");  // ????.??.?? is the canonical unknown
  EXPECT_EQ(normalized(f.games[3], "Date"), "????.??.??");  // 0000-00-00
}

TEST(BrokenExports, ByteOrderMarksTabsCrLfAndNul) {
  // A BOM at the start and another before the second game (files joined), CRLF line ends,
  // tabs between moves, a NUL byte in the second game's movetext.
  FileRead f = read("odd_bytes.pdn");
  ASSERT_EQ(f.games.size(), 2u);
  EXPECT_TRUE(f.games[0].diagnostics.empty());
  EXPECT_EQ(value(f.games[0], "Event"), "x");
  EXPECT_EQ(replay(f.games[0]).plies, 4);
  EXPECT_EQ(value(f.games[1], "Event"), "y");
  ASSERT_EQ(f.games[1].diagnostics.size(), 1u);
  const Diagnostic& nul = f.games[1].diagnostics[0];
  EXPECT_EQ(nul.kind, IssueKind::StrayText);
  EXPECT_EQ(nul.offending, "\\x00");
  EXPECT_EQ(nul.pos.line, 5u);
  EXPECT_EQ(nul.pos.column, 10u);
  const Replay r = replay(f.games[1]);
  EXPECT_EQ(r.status, ReplayStatus::Warnings);
  EXPECT_EQ(r.plies, 2);
}

TEST(BrokenExports, PlaceholderDatesAreUnknownForEveryReader) {
  // check_tag_value is what the indexer's date filters use (indexer/games/game_filter.cpp).
  EXPECT_EQ(check_tag_value("Date", "0000.00.00").normalized, "????.??.??");
  EXPECT_EQ(check_tag_value("Date", "0000-00-00").normalized, "????.??.??");
  EXPECT_EQ(check_tag_value("Date", "00.00.0000").normalized, "????.??.??");
  EXPECT_EQ(check_tag_value("Date", "2004.00.00").normalized, "2004.??.??");
  EXPECT_TRUE(check_tag_value("Date", "????.??.??").valid);
  EXPECT_EQ(check_tag_value("Date", "2024-12-14").normalized, "2024.12.14");
  EXPECT_TRUE(check_tag_value("Date", "2024.12.14").valid);
  EXPECT_EQ(check_tag_value("Result", " 2-0 ").normalized, "2-0");
  EXPECT_EQ(check_tag_value("Result", "-").normalized, "*");
  EXPECT_EQ(outcome_of("0.5-0.5"), Outcome::Draw);
  EXPECT_EQ(outcome_of("-"), Outcome::Unknown);
}

}  // namespace
}  // namespace damdb::pdn
