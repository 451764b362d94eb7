// Hostile and unlucky input through the built damdb binary: every case ends with exit 0, 1 or 2
// and a message, never a signal. Positions and files are hand-made; expected figures derived by
// hand (see each test).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

struct Outcome {
  int exit_code = -1;  ///< -1: ended by a signal
  std::string out, err;
};

class CliHostileTest : public ::testing::Test {
 protected:
  void SetUp() override { folder_ = std::make_unique<test::TempFolder>("cli-hostile"); }
  std::filesystem::path path(const std::string& name) const { return folder_->path() / name; }

  Outcome run(const std::string& args) const {
    const auto err = path("stderr.txt");
    const std::string command =
        std::string("'") + DAMDB_BINARY + "' " + args + " 2>'" + err.string() + "'";
    Outcome o;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return o;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) o.out.append(buffer, n);
    const int status = ::pclose(pipe);
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err);
    std::ostringstream s;
    s << in.rdbuf();
    o.err = s.str();
    return o;
  }

  std::unique_ptr<test::TempFolder> folder_;
};

// Six kings facing sixteen men: "1-3" is a capture of 9 pieces where 13 are compulsory.
TEST_F(CliHostileTest, ManyCaptureSequencesAreExplainedNotOverflowed) {
  test::write_text(path("kings.pdn"),
                   "[FEN \"W:WK1,K5,K15,K45,K46,K47:B6,9,10,11,13,17,18,24,27,28,31,33,39,40,41,"
                   "42\"]\n1. 1-3 *\n");
  const Outcome v = run("validate '" + path("kings.pdn").string() + "'");
  EXPECT_EQ(v.exit_code, 1) << v.err;
  EXPECT_NE(v.out.find("a capture of 13 is compulsory"), std::string::npos) << v.out;
  const Outcome i = run("import --db '" + path("db").string() + "' '" + path("kings.pdn").string() + "'");
  EXPECT_EQ(i.exit_code, 0) << i.err;
  EXPECT_NE(i.out.find("1 stored (1 invalid"), std::string::npos) << i.out;
  const Outcome c = run("clean '" + path("kings.pdn").string() + "' -o '" + path("c.pdn").string() + "'");
  EXPECT_GE(c.exit_code, 0) << c.err;
}

TEST_F(CliHostileTest, FiftyThousandNestedVariations) {
  std::string text = "[Event \"deep\"]\n1. 32-28 ";
  for (int i = 0; i < 50000; ++i) text += "( 1. 33-28 ";
  test::write_text(path("deep.pdn"), text + std::string(50000, ')') + " 18-23 *\n");
  const std::string file = "'" + path("deep.pdn").string() + "'";
  const Outcome p = run("parse " + file);
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_NE(p.out.find("nested deeper than 256 levels"), std::string::npos) << p.out;
  EXPECT_EQ(run("validate " + file).exit_code, 0);
  EXPECT_EQ(run("clean " + file + " -o '" + path("clean.pdn").string() + "'").exit_code, 0);
  EXPECT_EQ(run("import --db '" + path("db").string() + "' " + file).exit_code, 0);
  const Outcome e = run("export --db '" + path("db").string() + "' -o '" + path("out.pdn").string() + "'");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(run("parse '" + path("out.pdn").string() + "'").exit_code, 0);
}

TEST_F(CliHostileTest, SmallOnes) {
  const Outcome empty_fen = run("moves --fen ''");
  EXPECT_EQ(empty_fen.exit_code, 2);
  EXPECT_NE(empty_fen.err.find("bad FEN"), std::string::npos) << empty_fen.err;
  EXPECT_EQ(run("perft --depth 1 --fen ''").exit_code, 2);
  const Outcome crowded = run("moves --fen 'W:W30-50:B1-20'");  // 21 white pieces
  EXPECT_EQ(crowded.exit_code, 2);
  EXPECT_NE(crowded.err.find("White has 21 pieces"), std::string::npos) << crowded.err;
  const Outcome bogus = run("bogus");
  EXPECT_EQ(bogus.exit_code, 2);
  EXPECT_NE(bogus.err.find("unknown command 'bogus'; see damdb --help"), std::string::npos);
  // White's only man on 6 is blocked by black men on 1 and 2: no legal move.
  const Outcome lost = run("moves --fen 'W:W6:B1,2'");
  EXPECT_EQ(lost.exit_code, 0) << lost.err;
  EXPECT_EQ(lost.out, "no legal moves: White has lost\n");
  test::write_text(path("board.svg"), "keep me");
  const Outcome svg = run("show --fen 'W:W28:B1' --svg '" + path("board.svg").string() + "'");
  EXPECT_EQ(svg.exit_code, 2);
  EXPECT_NE(svg.err.find("--force"), std::string::npos) << svg.err;
  EXPECT_EQ(run("show --fen 'W:W28:B1' --force --svg '" + path("board.svg").string() + "'").exit_code, 0);
}

TEST_F(CliHostileTest, ImportFolderRecursivelyAndSkipsUnreadableInputs) {
  std::filesystem::create_directories(path("in/sub"));
  test::write_text(path("in/a.pdn"), "[Event \"a\"]\n1. 32-28 *\n");
  test::write_text(path("in/sub/b.pdn"), "[Event \"b\"]\n1. 33-28 *\n");
  test::write_text(path("in/notes.txt"), "[Event \"c\"]\n1. 34-29 *\n");  // not *.pdn
  const Outcome o = run("import --db '" + path("db").string() + "' '" + path("in").string() +
                        "' '" + path("missing.pdn").string() + "'");
  EXPECT_EQ(o.exit_code, 2);  // an input was unreadable
  EXPECT_NE(o.err.find("missing.pdn: no such file"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("imported 2 file(s)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("2 games read, 2 stored"), std::string::npos) << o.out;
}

}  // namespace
}  // namespace damdb
