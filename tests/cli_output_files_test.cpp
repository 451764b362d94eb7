// The files damdb writes, through the built binary: an output never replaces an input (by any
// name: "./g.pdn", a symbolic or hard link), two outputs never name one file, a file left by an
// interrupted run beside the output is never touched, and a failed run (a write refused by the
// file-size limit, an unreadable input) leaves the previous output and no temporary file. Each
// check compares the folder's whole listing and the files' bytes with what the test wrote.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

namespace fs = std::filesystem;

struct CommandRun {
  int exit_code = -1;  ///< -1: ended by a signal
  std::string err;
};

class CliOutputFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::make_unique<test::TempFolder>("cli-output");
    sample_ = test::read_text(fs::path(DAMDB_SOURCE_DIR) / "samples" / "wk2003.pdn");
    ASSERT_EQ(count_games(sample_), 190u);  // grep -c '^\[Event ' samples/wk2003.pdn
  }
  fs::path path(const std::string& name) const { return folder_->path() / name; }
  std::string quoted(const std::string& name) const { return "'" + path(name).string() + "'"; }

  /// Runs damdb with `args` in the test's folder, after the shell commands `before` (a ulimit).
  CommandRun damdb(const std::string& args, const std::string& before = "") const {
    const std::string script = "cd '" + folder_->path().string() + "' && " + before + " '" +
                               DAMDB_BINARY + "' " + args + " >/dev/null 2>stderr.txt";
    const std::string command = "sh -c \"" + script + "\"";
    const int status = std::system(command.c_str());
    CommandRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = test::read_text(path("stderr.txt"));
    fs::remove(path("stderr.txt"));
    return run;
  }

  /// The names in the test's folder.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(folder_->path()))
      out.insert(e.path().filename().string());
    return out;
  }

  static std::size_t count_games(const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = text.find("[Event "); at != std::string::npos;
         at = text.find("[Event ", at + 1))
      n += at == 0 || text[at - 1] == '\n';
    return n;
  }

  std::unique_ptr<test::TempFolder> folder_;
  std::string sample_;
};

// The name an interrupted clean once left (OUT.damdb-tmp) is now an input: cleaning it into OUT
// keeps it byte for byte and writes the 190 games to OUT.
TEST_F(CliOutputFilesTest, CleanBesideALeftoverTemporaryNameKeepsTheInput) {
  test::write_text(path("g.pdn.damdb-tmp"), sample_);
  const CommandRun run = damdb("clean g.pdn.damdb-tmp -o g.pdn");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(test::read_text(path("g.pdn.damdb-tmp")), sample_);
  EXPECT_EQ(count_games(test::read_text(path("g.pdn"))), 190u);
  EXPECT_EQ(names(), (std::set<std::string>{"g.pdn.damdb-tmp", "g.pdn"}));
}

// Every way of naming the input as an output is refused before anything is written (exit 2),
// with --force too: the input keeps its bytes and no file appears.
TEST_F(CliOutputFilesTest, AnOutputNamingAnInputIsRefused) {
  test::write_text(path("g.pdn"), sample_);
  fs::create_symlink("g.pdn", path("link.pdn"));
  fs::create_hard_link(path("g.pdn"), path("hard.pdn"));
  fs::create_directory(path("sub"));
  const std::set<std::string> before = names();
  for (const std::string& output : std::vector<std::string>{
           "-o g.pdn", "-o ./g.pdn", "-o sub/../g.pdn", "-o " + path("g.pdn").string(),
        "-o link.pdn", "-o hard.pdn", "-o new.pdn --report g.pdn", "-o new.pdn --report link.pdn"}) {
    for (const char* force : {"", " --force"}) {
      const CommandRun run = damdb("clean g.pdn " + output + force);
      EXPECT_EQ(run.exit_code, 2) << output << force;
      EXPECT_NE(run.err.find("is the input file g.pdn: damdb never writes over its input"),
                std::string::npos)
          << run.err;
      EXPECT_EQ(test::read_text(path("g.pdn")), sample_) << output << force;
      EXPECT_EQ(names(), before) << output << force;
    }
  }
  // An input given through a link is caught the same way.
  const CommandRun run = damdb("clean link.pdn -o hard.pdn --force");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(test::read_text(path("g.pdn")), sample_);
}

// --report and -o naming one file (the same name, or a link to it) are refused, whether the
// file exists or not: the cleaned games are never replaced by the report.
TEST_F(CliOutputFilesTest, TwoOutputsNamingOneFileAreRefused) {
  test::write_text(path("g.pdn"), sample_);
  CommandRun run = damdb("clean g.pdn --report out.pdn -o out.pdn");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--report out.pdn and -o out.pdn name the same file"), std::string::npos)
      << run.err;
  EXPECT_EQ(names(), std::set<std::string>{"g.pdn"});
  test::write_text(path("out.pdn"), "previous");
  fs::create_symlink("out.pdn", path("report.json"));
  for (const char* args : {"clean g.pdn --report out.pdn -o out.pdn --force",
                           "clean g.pdn --report report.json -o ./out.pdn --force"}) {
    run = damdb(args);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_NE(run.err.find("name the same file"), std::string::npos) << run.err;
    EXPECT_EQ(test::read_text(path("out.pdn")), "previous");
  }
  EXPECT_EQ(names(), (std::set<std::string>{"g.pdn", "out.pdn", "report.json"}));
}

// clean prints its fixes on standard output, so '-' is no output file for it (it once wrote a
// file named "-"); a confidence that is not a number from 0 to 1 (NaN passed CLI::Range) is
// refused by name.
TEST_F(CliOutputFilesTest, CleanRefusesADashOutputAndAConfidenceThatIsNoNumberFromZeroToOne) {
  test::write_text(path("g.pdn"), sample_);
  for (const char* args : {"clean g.pdn -o -", "clean g.pdn -o out.pdn --report -"}) {
    const CommandRun run = damdb(args);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_NE(run.err.find("a file name, not '-'"), std::string::npos) << run.err;
  }
  for (const char* value : {"nan", "inf", "-0.5", "1.5", "0.5x"}) {
    const CommandRun run = damdb(std::string("clean g.pdn --dry-run --min-confidence ") + value);
    EXPECT_EQ(run.exit_code, 2) << value;
    EXPECT_NE(run.err.find(std::string(value) + " is not a number from 0 to 1"), std::string::npos)
        << run.err;
  }
  EXPECT_EQ(damdb("clean g.pdn --dry-run --min-confidence 1").exit_code, 0);
  EXPECT_EQ(names(), std::set<std::string>{"g.pdn"});
}

// export -o X writes X and nothing else: an unrelated X.tmp (and names like it) keep their
// bytes, whether the export succeeds, is refused (X exists) or replaces X with --force.
TEST_F(CliOutputFilesTest, ExportLeavesUnrelatedFilesAlone) {
  test::write_text(path("games.pdn"), test::kGamesPdn);
  ASSERT_EQ(damdb("import --db db games.pdn").exit_code, 0);
  const std::set<std::string> others{"X.tmp", "X.damdb-tmp", ".X.damdb-tmp"};
  for (const auto& name : others) test::write_text(path(name), "unrelated " + name);
  std::set<std::string> expected = names();
  CommandRun run = damdb("export --db db -o X");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  expected.insert("X");
  EXPECT_EQ(names(), expected);
  EXPECT_EQ(count_games(test::read_text(path("X"))), 7u);  // the seven games of kGamesPdn
  test::write_text(path("X"), "previous");
  run = damdb("export --db db -o X");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("X exists: not overwriting it (use --force"), std::string::npos);
  EXPECT_EQ(test::read_text(path("X")), "previous");
  EXPECT_EQ(damdb("export --db db -o X --force").exit_code, 0);
  EXPECT_EQ(count_games(test::read_text(path("X"))), 7u);
  EXPECT_EQ(names(), expected);
  for (const auto& name : others) EXPECT_EQ(test::read_text(path(name)), "unrelated " + name);
  run = damdb("export --db db -o db/games.pdn");  // never inside the database folder
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("is inside the database folder"), std::string::npos) << run.err;
}

// A write refused by the file-size limit (ulimit -f: at most 51,200 bytes, the cleaned sample
// is about 189,000) fails the command (exit 2, the system's reason named) and leaves the
// previous output and no temporary file; so does an input that cannot be read after games
// were written.
TEST_F(CliOutputFilesTest, AFailedRunKeepsThePreviousOutput) {
  test::write_text(path("g.pdn"), sample_);
  test::write_text(path("out.pdn"), "previous");
  const std::set<std::string> before = names();
  CommandRun run = damdb("clean g.pdn -o out.pdn --force", "ulimit -f 50;");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("cannot write"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("File too large"), std::string::npos) << run.err;
  EXPECT_EQ(test::read_text(path("out.pdn")), "previous");
  EXPECT_EQ(names(), before);

  run = damdb("clean g.pdn missing.pdn -o out.pdn --force");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(test::read_text(path("out.pdn")), "previous");
  EXPECT_EQ(names(), before);

  ASSERT_EQ(damdb("import --db db g.pdn").exit_code, 0);
  const std::set<std::string> with_db = names();
  run = damdb("export --db db -o out.pdn --force", "ulimit -f 50;");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("File too large"), std::string::npos) << run.err;
  EXPECT_EQ(test::read_text(path("out.pdn")), "previous");
  EXPECT_EQ(names(), with_db);
}

// Stopped by a signal (SIGINT as Ctrl-C sends it, SIGTERM, SIGHUP) while it waits for more
// input, clean removes its temporary file, leaves the previous output and dies of the signal.
TEST_F(CliOutputFilesTest, StoppedBySignalRemovesItsTemporaryFile) {
  test::write_text(path("out.pdn"), "previous");
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    int input[2];
    ASSERT_EQ(::pipe(input), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::dup2(input[0], 0);
      ::close(input[1]);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      if (::chdir(folder_->path().c_str()) == 0)
        ::execl(DAMDB_BINARY, "damdb", "clean", "-", "-o", "out.pdn", "--force", nullptr);
      ::_exit(127);
    }
    ::close(input[0]);
    const std::string game = test::pdn_game("A", "", "1-1", "1. 32-28 18-23");
    EXPECT_EQ(::write(input[1], game.data(), game.size()), static_cast<ssize_t>(game.size()));
    // Waits (at most 20 s) for the temporary file: damdb is then reading its input.
    bool writing = false;
    for (int i = 0; i < 2000 && !writing; ++i) {
      for (const auto& name : names()) writing |= name.starts_with(".out.pdn.damdb-");
      if (!writing) ::usleep(10000);
    }
    EXPECT_TRUE(writing);
    ::kill(pid, signal);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ::close(input[1]);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << signal << " " << status;
    EXPECT_EQ(names(), std::set<std::string>{"out.pdn"}) << signal;
    EXPECT_EQ(test::read_text(path("out.pdn")), "previous");
  }
}

// show --svg goes through the same checks: an existing file only with --force, never a device.
TEST_F(CliOutputFilesTest, ShowSvgIsCheckedAndWrittenWhole) {
  const std::string fen = "--fen W:W31:B20 --svg ";
  EXPECT_EQ(damdb("show " + fen + "board.svg").exit_code, 0);
  const std::string svg = test::read_text(path("board.svg"));
  EXPECT_TRUE(svg.starts_with("<svg") || svg.starts_with("<?xml")) << svg.substr(0, 40);
  test::write_text(path("board.svg"), "previous");
  EXPECT_EQ(damdb("show " + fen + "board.svg").exit_code, 2);
  EXPECT_EQ(test::read_text(path("board.svg")), "previous");
  EXPECT_EQ(damdb("show " + fen + "board.svg --force").exit_code, 0);
  EXPECT_EQ(test::read_text(path("board.svg")), svg);
  const CommandRun run = damdb("show " + fen + "/dev/stdout --force");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("not a regular file"), std::string::npos) << run.err;
  EXPECT_EQ(names(), std::set<std::string>{"board.svg"});
}

}  // namespace
}  // namespace damdb
