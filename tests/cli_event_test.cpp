// `damdb event`: the HTML page of a table (--html FILE: escaped names, the tie-break rule, the
// checks, the game ids of the crosstable; written whole through a temporary file, an existing
// file kept without --force) and the answers to a name that names no event or several.
#include <gtest/gtest.h>

#include <string>

#include "tests/damdb_command.hpp"

namespace damdb {
namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

/// A database of two events: "Cup <A&B>" (three players, one named with markup; the game
/// <Bob> - Carl has no result) and "Cup 2": a match of two games.
class CliEventTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto game = [](const std::string& event, const std::string& white, const std::string& black,
                   const std::string& result, const std::string& round) {
      return "[Event \"" + event + "\"]\n[White \"" + white + "\"]\n[Black \"" + black +
             "\"]\n[Round \"" + round + "\"]\n[Result \"" + result +
             "\"]\n\n1. 32-28 19-23 2. 28x19 14x23 " + result + "\n\n";
    };
    // Cup <A&B>: Ann beats <Bob> (game 1), <Bob> - Carl no result (2), Carl - Ann 1-1 (3):
    // Ann 3, Carl 1, <Bob> 0.
    test::write_text(folder_.path() / "a.pdn",
                     game("Cup <A&B>", "Ann", "<Bob>", "2-0", "1") +
                         game("Cup <A&B>", "<Bob>", "Carl", "*", "2") +
                         game("Cup <A&B>", "Carl", "Ann", "1-1", "3") +
                         game("Cup 2", "Dirk", "Eva", "0-2", "1") +
                         game("Cup 2", "Eva", "Dirk", "1-1", "2"));
    test::import_into(folder_.path() / "db", folder_.path() / "a.pdn");
    db_ = " --db '" + (folder_.path() / "db").string() + "'";
  }
  test::CommandRun damdb(const std::string& args) {
    return test::run_damdb(args + db_, folder_.path());
  }
  test::TempFolder folder_{"cli-event"};
  std::string db_;
};

TEST_F(CliEventTest, HtmlPageOfATable) {
  const std::string page = (folder_.path() / "cup.html").string();
  const test::CommandRun run = damdb("event 'Cup <A&B>' --html '" + page + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string html = test::read_text(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<title>Cup &lt;A&amp;B&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("&lt;Bob&gt;"), std::string::npos);
  EXPECT_EQ(html.find("<Bob>"), std::string::npos);  // never as markup
  EXPECT_NE(html.find("Tie-break rule: places by points, then wins, then Sonneborn-Berger"),
            std::string::npos);
  EXPECT_NE(html.find("games without a result (not counted): 2"), std::string::npos);
  // Crosstable and rounds: each of the three games in two cells of each (one per player).
  for (const char* id : {"#1<", "#2<", "#3<"}) EXPECT_EQ(count_of(html, id), 4u) << id;
  EXPECT_EQ(html.find("<script"), std::string::npos);  // a page without a script
  // The file exists now: kept without --force, replaced with it.
  EXPECT_EQ(damdb("event 'Cup <A&B>' --html '" + page + "'").exit_code, 2);
  EXPECT_EQ(test::read_text(page), html);
  EXPECT_EQ(damdb("event 'Cup 2' --html '" + page + "' --force").exit_code, 0);
  const std::string match = test::read_text(page);
  EXPECT_NE(match.find("Running score"), std::string::npos);
  // Dirk (first seen) loses game 4 and draws game 5: 0-2, then 1-3.
  EXPECT_NE(match.find(">0-2<"), std::string::npos);
  EXPECT_NE(match.find(">1-3<"), std::string::npos);
}

TEST_F(CliEventTest, NoEventOrSeveralAreBadArguments) {
  const test::CommandRun empty = damdb("event ''");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("damdb stats events"), std::string::npos) << empty.err;
  const test::CommandRun none = damdb("event 'no such cup'");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("damdb stats events"), std::string::npos) << none.err;
  // "cup" is in both events and names neither whole: both are listed.
  const test::CommandRun several = damdb("event cup");
  EXPECT_EQ(several.exit_code, 2);
  EXPECT_NE(several.err.find("Cup <A&B>"), std::string::npos) << several.err;
  EXPECT_NE(several.err.find("Cup 2"), std::string::npos) << several.err;
  EXPECT_TRUE(several.out.empty());
}

}  // namespace
}  // namespace damdb
