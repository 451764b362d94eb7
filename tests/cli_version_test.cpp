// `damdb --version` prints the project version (CMakeLists.txt, passed as DAMDB_VERSION) and the
// commit of the checkout it was built from: when the source folder is the top of a git
// checkout, 12 digits that git resolves to HEAD or one of its ancestors (the program may have
// been built before the last commit), else "unknown".
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
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
  // "damdb VERSION (commit SHA12[-dirty])" or "... (commit unknown)", read without std::regex
  // (GCC 12 at -O1 with sanitizers warns inside <regex>, which -Werror turns into an error).
  const std::string head = std::string("damdb ") + DAMDB_VERSION + " (commit ";
  ASSERT_EQ(version.rfind(head, 0), 0u) << version;
  ASSERT_GE(version.size(), head.size() + 3) << version;
  ASSERT_EQ(version.substr(version.size() - 2), ")\n") << version;
  const std::string sha = version.substr(head.size(), version.size() - 2 - head.size());
  const std::string bare = sha.size() == 18 && sha.substr(12) == "-dirty" ? sha.substr(0, 12) : sha;
  const bool hex12 = bare.size() == 12 && bare.find_first_not_of("0123456789abcdef") == std::string::npos;
  ASSERT_TRUE(hex12 || sha == "unknown") << version;
  const std::string git = std::string("git -C '") + DAMDB_SOURCE_DIR + "' ";
  const auto [top, git_failed] = output_of(git + "rev-parse --show-toplevel 2>/dev/null");
  const bool checkout = git_failed == 0 && !top.empty() &&
                        std::filesystem::equivalent(top.substr(0, top.size() - 1), DAMDB_SOURCE_DIR);
  if (!checkout) {
    EXPECT_EQ(sha, "unknown") << top;
    return;
  }
  const std::string commit = bare;
  EXPECT_EQ(output_of(git + "merge-base --is-ancestor " + commit + " HEAD").second, 0) << commit;
  EXPECT_NE(output_of(git + "merge-base --is-ancestor 000000000000 HEAD 2>/dev/null").second, 0);
}

}  // namespace
