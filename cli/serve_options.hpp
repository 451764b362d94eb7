// The options of `damdb serve`, wired once for the two executables that read them: damdb, which
// checks them (and prints `damdb serve --help`), then runs damdb-serve beside it with the same
// values; and damdb-serve, which serves. The HTTP library stays out of damdb (it would load its
// TLS and compression libraries at the start of every command).
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "server/http_server.hpp"

namespace damdb::cli {

struct ServeOptions {
  std::string db;                 ///< --db (empty: $DAMDB_DB or the default folder)
  /// host, port, threads, max_connections_per_client, cache_bytes (from --cache-mb)
  server::ServerOptions server;
};

/// Adds --db, --host, --port, --threads, --max-connections-per-client, --cache-mb and the
/// engine's options (--engine, --engine-dir, --depth | --nodes | --move-time, --engine-timeout) to `cmd`,
/// storing into `options`.
void add_serve_options(CLI::App* cmd, ServeOptions& options);

/// The arguments that give damdb-serve `options` again: "serve", then every option with its
/// value (the database folder resolved as database_folder() does).
std::vector<std::string> serve_arguments(const ServeOptions& options);

}  // namespace damdb::cli
