// `damdb player` as a user runs it: the text record, an unknown or ambiguous name (exit 2, the
// players listed), and --html: one self-contained page with every name escaped, refused over an
// existing file without --force.
#include <gtest/gtest.h>

#include <string>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

class CliPlayerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("cli-player");
    // "<b>Bad & Co</b>" plays White twice (2-0, 0-2) and Black once (1-1) against "O'Neil".
    std::string text;
    const char* games[][3] = {{"<b>Bad & Co</b>", "O'Neil", "2-0"},
                              {"<b>Bad & Co</b>", "O'Neil", "0-2"},
                              {"O'Neil", "<b>Bad & Co</b>", "1-1"}};
    for (const auto& g : games)
      text += std::string("[Event \"Club\"]\n[White \"") + g[0] + "\"]\n[Black \"" + g[1] +
              "\"]\n[Result \"" + g[2] + "\"]\n\n1. 32-28 18-23 " + g[2] + "\n\n";
    test::write_text(folder_->path() / "a.pdn", text);
    test::import_into(folder_->path() / "db", folder_->path() / "a.pdn");
  }
  static void TearDownTestSuite() { delete folder_; }
  static std::string run(const std::string& args, int& code) {
    return test::command_output(std::string(DAMDB_BINARY) + " player --db '" +
                                    (folder_->path() / "db").string() + "' " + args,
                                code, true);
  }
  static test::TempFolder* folder_;
};
test::TempFolder* CliPlayerTest::folder_ = nullptr;

TEST_F(CliPlayerTest, TheTextRecord) {
  int code = -1;
  const std::string out = run("bad", code);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("player <b>Bad & Co</b>: 3 games"), std::string::npos) << out;
  EXPECT_NE(out.find("O'Neil"), std::string::npos) << out;
}

TEST_F(CliPlayerTest, UnknownEmptyAndAmbiguousNamesExitTwo) {
  int code = -1;
  std::string out = run("Kasparov", code);
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find("no stored player is named \"Kasparov\""), std::string::npos) << out;
  out = run("''", code);
  EXPECT_EQ(code, 2) << out;
  out = run("o", code);  // "bad co" and "o neil"
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find("names 2 players"), std::string::npos) << out;
  EXPECT_NE(out.find("\"O'Neil\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"<b>Bad & Co</b>\""), std::string::npos) << out;
}

TEST_F(CliPlayerTest, HtmlPageEscapesEveryName) {
  const std::filesystem::path page = folder_->path() / "record.html";
  int code = -1;
  std::string out = run("neil --html '" + page.string() + "'", code);
  ASSERT_EQ(code, 0) << out;
  const std::string html = test::read_text(page);
  EXPECT_EQ(html.find("<b>Bad"), std::string::npos);  // the name is text, not markup
  EXPECT_NE(html.find("&lt;b&gt;Bad &amp; Co&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("O&#39;Neil"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);  // nothing from outside the page
  out = run("neil --html '" + page.string() + "'", code);
  EXPECT_EQ(code, 2) << out;  // exists: --force replaces it
  out = run("neil --force --html '" + page.string() + "'", code);
  EXPECT_EQ(code, 0) << out;
}

}  // namespace
}  // namespace damdb
