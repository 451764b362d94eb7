// db::AtomicFile: the target changes only at commit(), whole; a failure (a write refused by the
// file-size limit, a rename refused) leaves the previous target and no temporary file; files
// that the writer did not create are never touched. Each folder's content is listed and
// compared whole.
#include "db/atomic_file.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "db/error.hpp"

namespace damdb::db {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("damdb-atomic-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  fs::path path(const std::string& name) const { return folder_ / name; }

  /// The names in the folder.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(folder_)) out.insert(e.path().filename().string());
    return out;
  }

  static void write(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
  }
  static std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

  fs::path folder_;
};

TEST_F(AtomicFileTest, TargetAppearsWholeAtCommit) {
  AtomicFile out(path("out.pdn"));
  out.write("1. 32-28 ");
  out.stream() << "18-23 *\n";
  const fs::path temporary = out.temporary();
  EXPECT_EQ(temporary.parent_path(), folder_);
  EXPECT_TRUE(temporary.filename().string().starts_with(".out.pdn.damdb-")) << temporary;
  EXPECT_EQ(temporary.filename().string().size(), std::string(".out.pdn.damdb-XXXXXX").size());
  EXPECT_EQ(names(), std::set<std::string>{temporary.filename().string()});  // no target yet
  out.commit();
  EXPECT_EQ(names(), std::set<std::string>{"out.pdn"});
  EXPECT_EQ(read(path("out.pdn")), "1. 32-28 18-23 *\n");
  EXPECT_TRUE(out.temporary().empty());
}

TEST_F(AtomicFileTest, WithoutCommitTheTargetStaysAndTheTemporaryGoes) {
  write(path("out.pdn"), "old");
  {
    AtomicFile out(path("out.pdn"));
    out.write(std::string(200000, 'x'));  // more than the buffer: bytes reached the file
    EXPECT_EQ(names().size(), 2u);
  }
  EXPECT_EQ(names(), std::set<std::string>{"out.pdn"});
  EXPECT_EQ(read(path("out.pdn")), "old");
}

// The names a careless writer would use for its temporary file are someone else's files here:
// they keep their bytes whether the writer commits or gives up.
TEST_F(AtomicFileTest, FilesItDidNotCreateAreNeverTouched) {
  const std::set<std::string> others{"out.pdn.tmp", "out.pdn.damdb-tmp", ".out.pdn.damdb-tmp",
                                     "out.pdn~", ".out.pdn.swp"};
  for (const auto& name : others) write(path(name), name);
  {
    AtomicFile discarded(path("out.pdn"));
    discarded.write("never seen");
  }
  AtomicFile out(path("out.pdn"));
  out.write("new");
  out.commit();
  std::set<std::string> expected = others;
  expected.insert("out.pdn");
  EXPECT_EQ(names(), expected);
  for (const auto& name : others) EXPECT_EQ(read(path(name)), name);
  EXPECT_EQ(read(path("out.pdn")), "new");
}

// A write beyond the process's file-size limit fails (EFBIG, SIGXFSZ ignored): commit() raises
// Io and leaves the previous target and no temporary file.
TEST_F(AtomicFileTest, FailedWriteKeepsThePreviousTarget) {
  write(path("out.pdn"), "previous");
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 100000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message;
  ErrorKind kind = ErrorKind::NotFound;
  try {
    AtomicFile out(path("out.pdn"));
    out.write(std::string(300000, 'x'));
    out.commit();
  } catch (const Error& e) {
    message = e.what();
    kind = e.kind();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(kind, ErrorKind::Io);
  EXPECT_NE(message.find("cannot write " + path("out.pdn").string()), std::string::npos) << message;
  EXPECT_NE(message.find(std::strerror(EFBIG)), std::string::npos) << message;
  EXPECT_EQ(names(), std::set<std::string>{"out.pdn"});
  EXPECT_EQ(read(path("out.pdn")), "previous");
}

// A folder put in the target's place while the file is written: the rename fails, the folder
// and its file stay, the temporary file goes.
TEST_F(AtomicFileTest, FailedRenameRemovesTheTemporary) {
  AtomicFile out(path("out.pdn"));
  out.write("new");
  fs::create_directory(path("out.pdn"));
  write(path("out.pdn") / "inside", "inside");
  EXPECT_THROW(out.commit(), Error);
  EXPECT_EQ(names(), std::set<std::string>{"out.pdn"});
  EXPECT_EQ(read(path("out.pdn") / "inside"), "inside");
}

TEST_F(AtomicFileTest, RefusesATargetThatIsNotARegularFile) {
  fs::create_directory(path("folder"));
  try {
    AtomicFile out(path("folder"));
    ADD_FAILURE() << "a folder accepted as target";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("is not a regular file"), std::string::npos);
  }
  EXPECT_THROW(AtomicFile(path("missing-folder") / "out.pdn"), Error);
  // Links to a descriptor's file: replacing them would replace the shell's redirected output.
  for (const char* device : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/null"})
    EXPECT_THROW(AtomicFile{device}, Error) << device;
  EXPECT_EQ(names(), std::set<std::string>{"folder"});
}

// A symbolic link is written through: the file it names gets the bytes and keeps its
// permission bits; the link stays a link.
TEST_F(AtomicFileTest, SymbolicLinkIsWrittenThroughAndModeKept) {
  fs::create_directory(path("real"));
  write(path("real") / "games.pdn", "old");
  ASSERT_EQ(::chmod((path("real") / "games.pdn").c_str(), 0640), 0);
  fs::create_symlink(path("real") / "games.pdn", path("link.pdn"));
  AtomicFile out(path("link.pdn"));
  EXPECT_EQ(out.target(), path("real") / "games.pdn");
  out.write("new");
  out.commit();
  EXPECT_TRUE(fs::is_symlink(path("link.pdn")));
  EXPECT_EQ(read(path("real") / "games.pdn"), "new");
  struct stat st {};
  ASSERT_EQ(::stat((path("real") / "games.pdn").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(names(), (std::set<std::string>{"real", "link.pdn"}));
}

}  // namespace
}  // namespace damdb::db
