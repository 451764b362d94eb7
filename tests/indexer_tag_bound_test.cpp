// A tag value longer than the index keeps (pdn::kMaxIndexedTagBytes): the record's tags, the
// header, the identity and the secondary indexes hold its first 1000 bytes, the stored text
// keeps the whole value byte for byte, and the export writes it whole. The values are built
// so that every length is known (ASCII: the cut is exactly 1000 bytes).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "indexer/export/export.hpp"
#include "indexer/records/game_text.hpp"
#include "indexer/records/records.hpp"
#include "indexer/text/text_fold.hpp"
#include "pdn/reader.hpp"
#include "pdn/tag_values.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

constexpr std::size_t kBound = pdn::kMaxIndexedTagBytes;

// `n` bytes of lower-case letters from a fixed pseudo-random sequence (a 64-bit LCG).
std::string letters(std::size_t n, std::uint64_t seed) {
  std::string s(n, ' ');
  for (char& c : s) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    c = static_cast<char>('a' + (seed >> 33) % 26);
  }
  return s;
}

// One game with these Event and White values, a legal two-ply game that White wins.
std::string game_text(const std::string& event, const std::string& white) {
  return "[Event \"" + event + "\"]\n[White \"" + white +
         "\"]\n[Black \"Roozenburg\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2-0\n";
}

const std::string* tag_value(const db::GameRecord& g, const std::string& name) {
  for (const auto& [n, v] : g.tags)
    if (n == name) return &v;
  return nullptr;
}

}  // namespace

TEST(IndexerTagBound, RecordsHoldTheFirstThousandBytes) {
  const std::string event = letters(5'000'000, 1), white = "Sijbrands " + letters(2000, 2);
  const std::vector<pdn::Game> games = pdn::read_games(game_text(event, white));
  ASSERT_EQ(games.size(), 1u);
  pdn::ReplayOptions options;
  options.record_plies = true;
  const pdn::Replay replay = pdn::replay(games[0], options);
  const indexer::GameRecords r = indexer::make_records(games[0], replay);
  EXPECT_EQ(r.record.status, db::ValidationStatus::Warnings);
  EXPECT_NE(r.record.issue_kinds & (std::uint64_t{1} << static_cast<unsigned>(
                                        pdn::IssueKind::TagValueTooLong)),
            0u);
  ASSERT_NE(tag_value(r.record, "Event"), nullptr);
  EXPECT_EQ(*tag_value(r.record, "Event"), event.substr(0, kBound));
  EXPECT_EQ(*tag_value(r.record, "White"), white.substr(0, kBound));
  EXPECT_EQ(*tag_value(r.record, "Black"), "Roozenburg");
  // The keys come from the cut values: the folded event is the 1000 letters themselves, the
  // player key the two words of the cut name, sorted.
  ASSERT_EQ(r.texts.events.size(), 1u);
  EXPECT_EQ(r.texts.events[0], event.substr(0, kBound));
  EXPECT_EQ(r.identity.white, indexer::player_key(white.substr(0, kBound)));
  EXPECT_LE(r.identity.white.size(), kBound);
  // The text is kept whole.
  EXPECT_EQ(indexer::original_text(r.record), games[0].text);
  EXPECT_NE(indexer::original_text(r.record).find(event), std::string::npos);
}

TEST(IndexerTagBound, ALongTagNameIsCutInTheRecordAndKeptInTheText) {
  // A tag named by 5,000 letters: the record's tag name is its first 1,000 letters, the text
  // keeps all of it, and the warning names it by its start and its length.
  const std::string name = "X" + letters(4999, 3);
  const std::string text = "[" + name + " \"v\"]\n[White \"A\"]\n\n1. 32-28 *\n";
  const std::vector<pdn::Game> games = pdn::read_games(text);
  ASSERT_EQ(games.size(), 1u);
  std::size_t warnings = 0;
  for (const pdn::Diagnostic& d : games[0].diagnostics) {
    if (d.kind != pdn::IssueKind::TagValueTooLong) continue;
    ++warnings;
    EXPECT_EQ(d.offending, name.substr(0, 40));
    EXPECT_NE(d.message.find("name of tag " + name.substr(0, 40) + "... (a name of 5000 bytes) "
                             "has 5000 bytes: the database indexes its first 1000"),
              std::string::npos)
        << d.message;
  }
  EXPECT_EQ(warnings, 1u);
  pdn::ReplayOptions options;
  options.record_plies = true;
  const indexer::GameRecords r = indexer::make_records(games[0], pdn::replay(games[0], options));
  ASSERT_NE(tag_value(r.record, name.substr(0, kBound)), nullptr);
  EXPECT_EQ(*tag_value(r.record, name.substr(0, kBound)), "v");
  EXPECT_EQ(indexer::original_text(r.record), games[0].text);
  EXPECT_NE(games[0].text.find(name), std::string::npos);
}

TEST(IndexerTagBound, DatabaseAnswersWithTheCutValueAndExportsTheWholeOne) {
  test::TempFolder folder("tag-bound");
  const std::string event = letters(5'000'000, 3);
  const std::string text = game_text(event, "Sijbrands");
  test::write_text(folder.path() / "long.pdn", text);
  const indexer::ImportSummary s =
      test::import_into(folder.path() / "db", folder.path() / "long.pdn");
  EXPECT_EQ(s.games_stored, 1u);
  EXPECT_EQ(s.warnings, 1u);
  EXPECT_EQ(s.invalid, 0u);
  EXPECT_EQ(s.positions, 3u);

  const db::Database db = test::open_read_only(folder.path() / "db");
  const std::optional<db::GameRecord> g = db.game(db::GameId{1});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->status, db::ValidationStatus::Warnings);
  EXPECT_EQ(*tag_value(*g, "Event"), event.substr(0, kBound));
  EXPECT_EQ(indexer::original_text(*g), text.substr(0, text.size() - 1));  // without the last '\n'
  const std::optional<db::GameHeader> h = db.game_header(db::GameId{1});
  ASSERT_TRUE(h);
  EXPECT_EQ(h->event, event.substr(0, kBound));
  EXPECT_EQ(h->white, "Sijbrands");
  int keys = 0;
  db.scan_index(db::TextIndex::Events, "", [&](const db::TextIndexKey& k) {
    ++keys;
    EXPECT_EQ(k.text, event.substr(0, kBound));
    return true;
  });
  EXPECT_EQ(keys, 1);

  std::ostringstream out;
  const indexer::ExportSummary e = indexer::export_games(db, indexer::GameFilter{}, out);
  EXPECT_EQ(e.games, 1u);
  EXPECT_NE(out.str().find("[Event \"" + event + "\"]\n"), std::string::npos);
}

}  // namespace damdb
