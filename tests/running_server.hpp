// A server::HttpServer on 127.0.0.1, any free port, serving in its own thread while it lives.
#pragma once

#include <filesystem>
#include <memory>
#include <thread>

#include "games_fixture.hpp"
#include "server/http_server.hpp"

namespace damdb::test {

/// A server over the database in `folder` on 127.0.0.1, port 0 (any free port), in a thread.
class RunningServer {
 public:
  RunningServer(const std::filesystem::path& folder, server::ServerOptions options = {})
      : RunningServer(test::open_read_only(folder), options) {}
  RunningServer(db::Database database, server::ServerOptions options)
      : database_(std::move(database)) {
    options.host = "127.0.0.1";
    options.port = 0;
    server_ = std::make_unique<server::HttpServer>(database_, options);
    server_->bind();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~RunningServer() {
    server_->stop();
    thread_.join();
  }
  int port() const { return server_->port(); }
  const db::Database& database() const { return database_; }

 private:
  db::Database database_;
  std::unique_ptr<server::HttpServer> server_;
  std::thread thread_;
};

}  // namespace damdb::test
