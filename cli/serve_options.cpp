#include "cli/serve_options.hpp"

#include "cli/database_option.hpp"

namespace damdb::cli {

void add_serve_options(CLI::App* cmd, ServeOptions& options) {
  add_database_option(cmd, options.db);
  server::ServerOptions& s = options.server;
  cmd->add_option("--host", s.host, "Address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", s.port, "Port (default 8080; 0 = any free port)")
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--threads", s.threads,
                  "Connections served at once, one thread each (default 256)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-connections-per-client", s.max_connections_per_client,
                  "Connections open at once from one client address; more are refused with 429 "
                  "(default 64; 0 = no limit)")
      ->check(CLI::Range(0, 1 << 20));
  cmd->add_option_function<std::size_t>(
         "--cache-mb", [&s](std::size_t mb) { s.cache_bytes = mb << 20; },
         "Megabytes of answers kept in memory until the database changes (default 64; 0 = none)")
      ->check(CLI::Range(0, 65536));
}

std::vector<std::string> serve_arguments(const ServeOptions& options) {
  const server::ServerOptions& s = options.server;
  return {"serve",
          "--db", database_folder(options.db),
          "--host", s.host,
          "--port", std::to_string(s.port),
          "--threads", std::to_string(s.threads),
          "--max-connections-per-client", std::to_string(s.max_connections_per_client),
          "--cache-mb", std::to_string(s.cache_bytes >> 20)};
}

}  // namespace damdb::cli
