// Running the damdb executable from a test: its exit code, standard output and standard error.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/games_fixture.hpp"

namespace damdb::test {

/// What one run of damdb gave.
struct CommandRun {
  int exit_code = -1;  ///< -1: ended by a signal
  std::string out, err;
};

/// Runs `PREFIX damdb ARGS` through the shell (ARGS quoted by the caller), its output kept in
/// out.txt and err.txt of `folder`. `prefix` runs it as another user (setpriv ...) when given.
inline CommandRun run_damdb(const std::string& args, const std::filesystem::path& folder,
                            const std::string& prefix = "") {
  const std::string command = prefix + " '" + DAMDB_BINARY + "' " + args + " >'" +
                              (folder / "out.txt").string() + "' 2>'" +
                              (folder / "err.txt").string() + "'";
  const int status = std::system(command.c_str());
  CommandRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(folder / "out.txt");
  run.err = read_text(folder / "err.txt");
  return run;
}

}  // namespace damdb::test
