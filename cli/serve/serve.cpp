// damdb-serve: the `serve` command that `damdb serve` runs (see cli/serve.cpp), as its own
// executable so that only it loads the HTTP library. `damdb-serve serve [options]`: opens the
// database read-only (an import may run beside it: the server opens it again within a second
// of each commit), prints the page's address, serves until Ctrl-C or SIGTERM, then closes
// every connection.
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <cstdio>
#include <ctime>
#include <thread>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/serve_options.hpp"

namespace damdb::cli {
namespace {

/// Blocks SIGINT and SIGTERM in the calling thread (and the threads it starts afterwards), so
/// that only ShutdownOnSignal's thread receives them.
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

/// A thread that waits for SIGINT/SIGTERM and then stops `server` (stop() is not
/// async-signal-safe, so it is never called from a signal handler).
class ShutdownOnSignal {
 public:
  ShutdownOnSignal(server::HttpServer& server, sigset_t signals)
      : thread_([this, &server, signals] {
          const timespec tick{0, 100'000'000};
          while (!done_) {
            if (sigtimedwait(&signals, nullptr, &tick) > 0) stopping_ = true;
            if (stopping_) server.stop();  // again each tick until run() has returned
          }
        }) {}
  ~ShutdownOnSignal() {
    done_ = true;
    thread_.join();
  }

 private:
  std::atomic<bool> done_{false}, stopping_{false};
  std::thread thread_;
};

void run_serve(const std::string& db_option, const server::ServerOptions& options) {
  // Before any thread starts (RocksDB starts its own at open), so that every thread inherits it.
  const sigset_t signals = block_stop_signals();
  const db::Database database = open_for_reading(db_option, false, true);  // with evaluations
  const std::uint64_t games = database.info().counts.games;
  server::HttpServer http(database, options);
  try {
    http.bind();
  } catch (const server::ServerError& e) {
    throw InputError(e.what());
  }
  std::printf("damdb serve: %s (database %s, %llu games; Ctrl-C stops)\n", http.address().c_str(),
              database.folder().c_str(), static_cast<unsigned long long>(games));
  std::fflush(stdout);
  {
    ShutdownOnSignal watcher(http, signals);
    http.run();
  }
  std::printf("damdb serve: stopped\n");
}

void setup_serve(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve the HTTP JSON API and the explorer page");
  add_serve_options(cmd, *opts);
  cmd->callback([opts, &exit_code] {
    run_serve(opts->db, opts->server);
    exit_code = kOk;
  });
}

const Registration registration{"serve", setup_serve};

}  // namespace
}  // namespace damdb::cli
