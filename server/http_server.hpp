// `damdb serve`'s HTTP server: cpp-httplib (0.11, one thread per open connection) in front of
// Api, with keep-alive limits, a deadline for each request, bounded request headers and a limit
// of connections per client (GuardedServer), so that idle, slow or hostile clients cannot hold
// every worker for long nor fill the memory; a listen backlog for bursts of connections; GET
// and HEAD only; Range ignored (every answer whole) and answers of bounded size.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

#include "db/database.hpp"
#include "server/analysis_jobs.hpp"
#include "server/parameters.hpp"

namespace damdb::server {

struct ServerOptions {
  std::string host = "127.0.0.1";  ///< address to bind (loopback unless asked otherwise)
  int port = 8080;                 ///< 0: any free port (see HttpServer::port())
  /// Connections served at once (each open connection holds one thread while it is open,
  /// including an idle keep-alive connection until keep_alive_seconds pass); a connection
  /// that finds every thread busy is answered 503 and closed at once.
  std::size_t threads = 256;
  int keep_alive_seconds = 2;         ///< an idle keep-alive connection is closed after this
  std::size_t keep_alive_requests = 1000;  ///< requests per connection before it is closed
  /// A request (line, headers, body) must arrive whole within this of its first byte (the
  /// first request of a connection: of the connection's opening), else 408 and closed.
  int read_timeout_seconds = 5;
  int write_timeout_seconds = 5;      ///< a write waits this long for the client to read
  /// Connections open at once from one client address (0: any); beyond it 429 and closed.
  std::size_t max_connections_per_client = 64;
  /// The request line and headers: at most this many bytes and lines, else 431 and closed.
  std::size_t max_head_bytes = 32 * 1024;
  std::size_t max_head_lines = 100;
  /// A larger answer is replaced by 400 {"error"} saying to ask for fewer rows.
  std::size_t max_answer_bytes = 32u << 20;
  /// Bytes of successful answers kept in memory (see ResponseCache; 0: none kept).
  std::size_t cache_bytes = 64u << 20;
  /// While run() serves, a database not opened read_write is watched this often for commits
  /// of another process (an import) and opened read-only again after each (see
  /// DatabaseWatcher); the new imports then appear, with no kept answer from before. 0: never.
  std::chrono::milliseconds watch_interval{1000};
  Limits limits;
  /// The engine that analyses games from the page (server/analysis_jobs.hpp; none by default).
  AnalysisOptions analysis;
};

/// Raised when the server cannot bind its address and port.
struct ServerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class HttpServer {
 public:
  /// A server for `database` (which must outlive it). Throws std::invalid_argument for
  /// options out of range (threads 0, negative timeouts).
  HttpServer(const db::Database& database, const ServerOptions& options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds host:port and listens; throws ServerError when it cannot (port in use, bad host).
  void bind();
  /// The bound port (after bind()).
  int port() const { return port_; }
  /// "http://host:port/".
  std::string address() const;
  /// Serves until stop() is called (from another thread); returns once every connection is
  /// closed. Meanwhile new imports are followed (watch_interval).
  /// Precondition: bind() succeeded.
  void run();
  /// Makes run() return; safe from any thread, and before run() starts.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ServerOptions options_;
  int port_ = 0;
};

}  // namespace damdb::server
