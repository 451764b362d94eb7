// damdb: the command-line entry point. Holds the single try/catch that maps errors to exit codes.
#include <unistd.h>

#include <csignal>
#include <exception>
#include <iostream>

#include "cli/command.hpp"
#include "cli/version.hpp"
#include "db/atomic_file.hpp"

namespace damdb::cli {
std::vector<Command>& command_registry() {
  static std::vector<Command> registry;
  return registry;
}
}  // namespace damdb::cli

namespace {
/// The query commands map ranks.cache (indexer::GameRanks::read_stored); a program that
/// truncates it in place while they read it (instead of replacing it, as damdb import does)
/// raises SIGBUS: say so and exit with the bad-input code instead of dying with "Bus error".
extern "C" void on_bus_error(int) {
  static const char message[] =
      "damdb: a file beside the database (ranks.cache) was truncated while it was read; run the "
      "command again\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(damdb::cli::kBadInput);
}

/// Ctrl-C, kill, a closed terminal: the temporary files of the outputs being written are
/// removed (db::AtomicFile), then damdb dies of the signal as it would have.
extern "C" void on_stop_signal(int signal) {
  damdb::db::AtomicFile::remove_temporaries();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}
}  // namespace

int main(int argc, char** argv) {
  using namespace damdb::cli;
  std::signal(SIGBUS, on_bus_error);
  // Beyond the file-size limit (ulimit -f) a write fails with EFBIG instead of killing damdb,
  // which then removes its temporary output and says why.
  std::signal(SIGXFSZ, SIG_IGN);
  for (const int stop : {SIGINT, SIGTERM, SIGHUP}) std::signal(stop, on_stop_signal);
  CLI::App app{"damdb: game database and PDN toolkit for International Draughts (10x10, FMJD)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text());
  // CLI11's usage errors (unknown option, missing argument, bad value) get the "damdb: " prefix
  // of every other error; help and --version are not failures and print as CLI11 prints them.
  app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
    return "damdb: " + CLI::FailureMessage::simple(failed, e);
  });
  int exit_code = kOk;
  // Only the subcommand that the first word names is built (building every one was half of the
  // instructions of a process that prints its help); help, --version and an unknown word build
  // them all.
  const Command* named = nullptr;
  for (const Command& c : command_registry())
    if (argc > 1 && c.name == argv[1]) named = &c;
  if (named != nullptr) {
    named->setup(app, exit_code);
  } else {
    for (const Command& c : command_registry()) c.setup(app, exit_code);
  }
  // The first word that is not an option names the command: say so when it names none (CLI11
  // would only say that a subcommand is required).
  if (argc > 1 && argv[1][0] != '-') {
    const auto known = app.get_subcommands([&](const CLI::App* c) { return c->check_name(argv[1]); });
    if (known.empty()) {
      std::cerr << "damdb: unknown command '" << argv[1] << "'; see damdb --help\n";
      return kBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints help (exit 0) or the usage error (through failure_message above); its usage
    // errors become our "bad input" code.
    int code = app.exit(e);
    return code == 0 ? 0 : kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "damdb: " << e.what() << '\n';
    return kBadInput;
  }
  return exit_code;
}
