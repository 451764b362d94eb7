// `damdb import` into a database it may not write says why: a folder the user may not write
// (run as the unprivileged user 65534 when the test runs as root, since root writes anyway), a
// database on a read-only file system (a tmpfs remounted read-only: needs root, skipped
// otherwise), and, told apart from both, a database whose lock another process holds. The
// database is read afterwards and holds what it held before.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "db/database.hpp"
#include "tests/damdb_command.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

namespace fs = std::filesystem;

using test::CommandRun;

class CliReadOnlyDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::make_unique<test::TempFolder>("cli-read-only");
    fs::permissions(folder_->path(), fs::perms(0755));  // the unprivileged user reads it
    test::write_text(path("games.pdn"), test::kGamesPdn);
    test::write_text(path("more.pdn"), test::pdn_game("New, P.", "2005.01.01", "1-1", "1. 32-28 18-23"));
  }
  fs::path path(const std::string& name) const { return folder_->path() / name; }

  /// Runs damdb with `args`, as `user` (a command prefix such as setpriv) when not empty.
  CommandRun damdb(const std::string& args, const std::string& user = "") const {
    return test::run_damdb(args, folder_->path(), user);
  }

  /// Imports games.pdn into `db` (7 games) and checks it worked.
  void import_games(const fs::path& db) const {
    const CommandRun run = damdb("import --db '" + db.string() + "' '" + path("games.pdn").string() + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  /// The "games N" figure of `damdb info` on `db`, as `user`.
  std::string games_line(const fs::path& db, const std::string& user = "") const {
    const CommandRun info = damdb("info --db '" + db.string() + "'", user);
    EXPECT_EQ(info.exit_code, 0) << info.err;
    const std::size_t at = info.out.find("games ");
    return at == std::string::npos ? "" : info.out.substr(at, info.out.find(':', at) - at);
  }

  std::string import_more(const fs::path& db) const {
    return "import --db '" + db.string() + "' '" + path("more.pdn").string() + "'";
  }

  std::unique_ptr<test::TempFolder> folder_;
};

TEST_F(CliReadOnlyDbTest, FolderTheUserMayNotWrite) {
  std::string user;
  if (::geteuid() == 0) {
    if (std::system("setpriv --version >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "running as root without setpriv: cannot run damdb as another user";
    user = "setpriv --reuid=65534 --regid=65534 --clear-groups";
  }
  const fs::path db = path("db");
  import_games(db);
  ASSERT_EQ(std::system(("chmod -R a-w '" + db.string() + "'").c_str()), 0);
  const CommandRun run = damdb(import_more(db), user);
  EXPECT_EQ(std::system(("chmod -R u+w '" + db.string() + "'").c_str()), 0);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("database '" + db.string() +
                         "' cannot be written by this user (permission denied)"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("another damdb process"), std::string::npos) << run.err;
  EXPECT_EQ(games_line(db, user), "games 7");  // queries still read it, nothing was added
}

TEST_F(CliReadOnlyDbTest, ReadOnlyFileSystem) {
  const fs::path mount = path("mount");
  fs::create_directory(mount);
  if (::mount("tmpfs", mount.c_str(), "tmpfs", 0, "size=32m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root): read-only file system not tested";
  const fs::path db = mount / "db";
  import_games(db);
  ASSERT_EQ(::mount("tmpfs", mount.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=32m"), 0);
  const CommandRun run = damdb(import_more(db));
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("cannot be written (it is on a read-only file system)"), std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("another damdb process"), std::string::npos) << run.err;
  EXPECT_EQ(games_line(db), "games 7");
  ::umount(mount.c_str());
}

// A writer holding the database (this test process) is what "in use" means.
TEST_F(CliReadOnlyDbTest, LockHeldByAnotherProcess) {
  const fs::path db = path("db");
  import_games(db);
  {
    const db::Database writer = db::Database::open(db);
    const CommandRun run = damdb(import_more(db));
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("is in use by another damdb process"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("cannot be written"), std::string::npos) << run.err;
  }
  EXPECT_EQ(damdb(import_more(db)).exit_code, 0);
  EXPECT_EQ(games_line(db), "games 8");
}

}  // namespace
}  // namespace damdb
