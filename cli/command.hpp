// The damdb command line: every subcommand lives in its own file in cli/ and registers itself
// with a static Registration object; main.cpp builds the CLI11 app from the registry and holds
// the single try/catch that maps errors to exit codes. Each subcommand file has one shape:
// - an options struct (`<Command>CliOptions`) holding what the command line gave;
// - `setup_<command>(CLI::App&, int& exit_code)`, which only adds the subcommand and wires its
//   options into that struct; its callback calls run_<command>;
// - `run_<command>(const Options&)`, which calls the library (indexer/, pdn/, rules/) for the
//   work and prints the result: text here, JSON only through json/ (print_json, table.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace damdb::cli {

/// Exit codes shared by every subcommand.
enum ExitCode : int {
  kOk = 0,        ///< success: everything valid
  kProblems = 1,  ///< the input was read, but some games have errors
  kBadInput = 2,  ///< unusable input: bad FEN, bad option value, missing file or database
};

/// Thrown by a subcommand for unusable input; main prints "damdb: <what>" and exits with 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Validator of count options (--limit, --offset, --ply, --top ...): a whole number >= 0.
inline const CLI::Validator kCount(
    [](std::string& value) -> std::string {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
        return "expected a whole number >= 0, got '" + value + "'";
      return {};
    },
    "COUNT");

/// A function that adds one subcommand to the app. Its callback stores the exit code in
/// `exit_code`.
using CommandSetup = std::function<void(CLI::App& app, int& exit_code)>;

/// A subcommand: its name (as its setup adds it) and its setup.
struct Command {
  std::string name;
  CommandSetup setup;
};

/// The registry of subcommands, filled before main() by Registration objects.
std::vector<Command>& command_registry();

/// Create one static instance per subcommand file: `const Registration r{"moves", setup_moves};`
/// (main builds only the subcommand that the command line names).
struct Registration {
  Registration(std::string name, CommandSetup setup) {
    command_registry().push_back({std::move(name), std::move(setup)});
  }
};

}  // namespace damdb::cli
