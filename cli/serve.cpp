// `damdb serve [--db DIR] [--host 127.0.0.1] [--port 8080] [--threads N] [--cache-mb N]`: the
// HTTP JSON API and the explorer page (server/), over the database opened read-only (an import
// may run beside it: the server opens it again within a second of each commit).
// Prints the page's address, serves until Ctrl-C or SIGTERM, then closes every connection.
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "server/http_server.hpp"

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
  bool stopped_by_signal() const { return stopping_; }

 private:
  std::atomic<bool> done_{false}, stopping_{false};
  std::thread thread_;
};

void run_serve(const std::string& db_option, const server::ServerOptions& options) {
  // Before any thread starts (RocksDB starts its own at open), so that every thread inherits it.
  const sigset_t signals = block_stop_signals();
  const db::Database database = open_for_reading(db_option);
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
  struct Options {
    std::string db;
    server::ServerOptions server;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("serve", "Serve the HTTP JSON API and the explorer page");
  add_database_option(cmd, opts->db);
  cmd->add_option("--host", opts->server.host,
                  "Address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", opts->server.port, "Port (default 8080; 0 = any free port)")
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--threads", opts->server.threads,
                  "Connections served at once, one thread each (default 256)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option_function<std::size_t>(
         "--cache-mb",
         [opts](std::size_t mb) { opts->server.cache_bytes = mb << 20; },
         "Megabytes of answers kept in memory until the database changes (default 64; 0 = none)")
      ->check(CLI::Range(0, 65536));
  cmd->callback([opts, &exit_code] {
    run_serve(opts->db, opts->server);
    exit_code = kOk;
  });
}

const Registration registration{setup_serve};

}  // namespace
}  // namespace damdb::cli
