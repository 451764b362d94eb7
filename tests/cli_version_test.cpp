// `damdb --version` prints the project version (CMakeLists.txt, passed as DAMDB_VERSION) and the
// commit of the checkout it was built from: the first 12 digits of `git rev-parse HEAD` in the
// source folder when that is a git checkout, else "unknown".
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
  const auto [head, git_failed] = output_of(std::string("git -C '") + DAMDB_SOURCE_DIR +
                                            "' rev-parse --show-toplevel HEAD 2>/dev/null");
  // "<top folder>\n<40 hex digits>\n": the commit is known when the top is the source folder.
  const std::size_t line = head.find('\n');
  const bool checkout = git_failed == 0 && line != std::string::npos &&
                        std::filesystem::equivalent(head.substr(0, line), DAMDB_SOURCE_DIR) &&
                        head.size() == line + 42;
  if (checkout)
    EXPECT_EQ(m[2].str().substr(0, 12), head.substr(line + 1, 12)) << head;
  else
    EXPECT_EQ(m[2].str(), "unknown") << head;
}

}  // namespace
