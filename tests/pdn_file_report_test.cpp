// pdn::report_file on a file built so that every count is known: two games, the first with
// stray text before its tags (one warning), the second of another variant (GameType 21).
#include "pdn/file_report.hpp"

#include <gtest/gtest.h>

#include "games_fixture.hpp"
#include "pdn/variant.hpp"

namespace damdb {
namespace {

class FileReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_text(file_,
                     "hello there\n\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-1\"]\n\n"
                     "1. 32-28 18-23 1-1\n\n[GameType \"21\"]\n[White \"C\"]\n[Black \"D\"]\n"
                     "[Result \"*\"]\n\n1. 9-13 *\n");
  }
  pdn::FileReport report(pdn::DiagnosticListing listing, bool list_games) const {
    pdn::FileReportOptions options;
    options.listing = listing;
    options.list_game_diagnostics = list_games;
    options.threads = 1;
    return pdn::report_file(file_.string(), options);
  }
  test::TempFolder folder_{"file-report"};
  std::filesystem::path file_ = folder_.path() / "two.pdn";
};

TEST_F(FileReportTest, CountsGamesVariantsAndWarnings) {
  const pdn::FileReport r = report(pdn::DiagnosticListing::Text, true);
  EXPECT_EQ(r.file, file_.string());
  EXPECT_EQ(r.games, 2u);
  EXPECT_EQ(r.games_with_errors, 0u);
  EXPECT_EQ(r.errors, 0u);
  EXPECT_EQ(r.warnings, 1u);
  EXPECT_EQ(r.notes, 0u);
  EXPECT_EQ(r.encodings, (std::map<std::string, std::size_t>{{"ascii", 2}}));
  EXPECT_EQ(r.variants, (std::map<std::string, std::size_t>{
                            {"International draughts", 1},
                            {std::string(pdn::game_type_name(21)), 1}}));
  ASSERT_EQ(r.not_international.size(), 1u);
  EXPECT_EQ(r.not_international[0].first, 1u);  // the second game
  EXPECT_NE(r.not_international[0].second.find("21"), std::string::npos);
}

TEST_F(FileReportTest, ListsTheDiagnosticsAsAsked) {
  const pdn::FileReport text = report(pdn::DiagnosticListing::Text, true);
  EXPECT_TRUE(text.diagnostics.empty());
  EXPECT_TRUE(text.diagnostic_lines.starts_with("  " + file_.string() + ":1:1: warning: game 1:"))
      << text.diagnostic_lines;
  EXPECT_TRUE(text.diagnostic_lines.ends_with("[stray_text]\n")) << text.diagnostic_lines;

  const pdn::FileReport records = report(pdn::DiagnosticListing::Records, true);
  EXPECT_TRUE(records.diagnostic_lines.empty());
  ASSERT_EQ(records.diagnostics.size(), 1u);
  EXPECT_EQ(records.diagnostics[0].kind, pdn::IssueKind::StrayText);
  EXPECT_EQ(records.diagnostics[0].game_index, 0u);
  EXPECT_EQ(records.diagnostics[0].pos.line, 1u);

  // Counted, not listed.
  const pdn::FileReport counted = report(pdn::DiagnosticListing::Records, false);
  EXPECT_EQ(counted.warnings, 1u);
  EXPECT_TRUE(counted.diagnostics.empty());
  EXPECT_TRUE(counted.diagnostic_lines.empty());
}

TEST_F(FileReportTest, AMissingFileIsAReadError) {
  pdn::FileReportOptions options;
  EXPECT_THROW(pdn::report_file((folder_.path() / "none.pdn").string(), options), pdn::ReadError);
}

}  // namespace
}  // namespace damdb
