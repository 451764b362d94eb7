// `damdb import` into a small tmpfs: the disk fills, the import stops with exit 2 and a clear
// message before RocksDB runs out, leaves no ingest/ file, and the same import run again once
// there is room ends with the same database as an import that never ran short. Needs the right
// to mount a tmpfs (root); skipped with a message otherwise.
#include "tests/corpus_required.hpp"
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace fs = std::filesystem;

namespace {

struct CommandRun {
  int exit_code = -1;
  std::string err;
};

/// Runs damdb with `args` (already quoted); standard output discarded.
CommandRun run_damdb(const std::string& args, const fs::path& err_file) {
  const std::string command = std::string("'") + DAMDB_BINARY + "' " + args + " >/dev/null 2>'" +
                              err_file.string() + "'";
  const int status = std::system(command.c_str());
  CommandRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file);
  std::ostringstream s;
  s << in.rdbuf();
  run.err = s.str();
  return run;
}

std::string corpus_arguments() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(DAMDB_CORPUS_DIR))
    if (e.is_regular_file() && e.path().extension() == ".pdn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::string args;
  for (const auto& f : files) args += " '" + f + "'";
  return args;
}

}  // namespace

TEST(ImportDiskFull, StopsCleanlyAndResumes) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const fs::path base = fs::temp_directory_path() / ("damdb-diskfull-" + std::to_string(::getpid()));
  const fs::path mnt = base / "tmpfs", reference = base / "reference", err = base / "err.txt";
  fs::create_directories(mnt);
  if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=14m") != 0) {
    fs::remove_all(base);
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root): disk-full import test skipped";
  }
  const std::string files = corpus_arguments();
  const CommandRun full = run_damdb("import --batch-games 500 --db '" + (mnt / "db").string() + "'" + files, err);
  EXPECT_EQ(full.exit_code, 2) << full.err;
  EXPECT_NE(full.err.find("no space"), std::string::npos) << full.err;
  std::error_code ec;
  EXPECT_TRUE(!fs::exists(mnt / "db" / "ingest", ec) || fs::is_empty(mnt / "db" / "ingest", ec));

  // Room again: the same import resumes and ends as one that never ran short.
  ASSERT_EQ(::mount("tmpfs", mnt.c_str(), "tmpfs", MS_REMOUNT, "size=400m"), 0);
  const CommandRun again = run_damdb("import --batch-games 500 --db '" + (mnt / "db").string() + "'" + files, err);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  const CommandRun ref = run_damdb("import --batch-games 500 --db '" + reference.string() + "'" + files, err);
  ASSERT_EQ(ref.exit_code, 0) << ref.err;
  {
    damdb::db::OpenOptions o;
    o.mode = damdb::db::OpenMode::ReadOnly;
    const auto a = damdb::db::Database::open(mnt / "db", o);
    const auto b = damdb::db::Database::open(reference, o);
    EXPECT_EQ(a.meta().counts, b.meta().counts);
    EXPECT_GT(b.meta().counts.games, 1000u);
  }
  ::umount(mnt.c_str());
  fs::remove_all(base);
}
