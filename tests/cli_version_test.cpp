// `damdb --version` prints the project version (CMakeLists.txt, passed as DAMDB_VERSION) and the
// commit of the checkout it was built from: when the source folder is the top of a git
// checkout, 12 digits that git resolves to HEAD or one of its ancestors (the program may have
// been built before the last commit), else "unknown".
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>

namespace {

/// The standard output of the shell command `command` and its exit code.
std::pair<std::string, int> output_of(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return {"", -1};
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(CliVersion, PrintsTheProjectVersionAndTheCommit) {
  const auto [version, exit_code] = output_of(std::string("'") + DAMDB_BINARY + "' --version");
  EXPECT_EQ(exit_code, 0);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(
      version, m, std::regex("damdb ([0-9.]+) \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)\n")))
      << version;
  EXPECT_EQ(m[1].str(), DAMDB_VERSION);
  const std::string git = std::string("git -C '") + DAMDB_SOURCE_DIR + "' ";
  const auto [top, git_failed] = output_of(git + "rev-parse --show-toplevel 2>/dev/null");
  const bool checkout = git_failed == 0 && !top.empty() &&
                        std::filesystem::equivalent(top.substr(0, top.size() - 1), DAMDB_SOURCE_DIR);
  if (!checkout) {
    EXPECT_EQ(m[2].str(), "unknown") << top;
    return;
  }
  const std::string commit = m[2].str().substr(0, 12);
  EXPECT_EQ(output_of(git + "merge-base --is-ancestor " + commit + " HEAD").second, 0) << commit;
  EXPECT_NE(output_of(git + "merge-base --is-ancestor 000000000000 HEAD 2>/dev/null").second, 0);
}

}  // namespace
