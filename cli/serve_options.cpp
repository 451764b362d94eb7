#include "cli/serve_options.hpp"

#include "cli/database_option.hpp"
#include "cli/number_checks.hpp"

#include <cstdio>

namespace damdb::cli {
namespace {

/// --engine, --engine-dir, --depth | --nodes | --move-time, --engine-timeout: the engine that
/// analyses games from the page (server/analysis_jobs.hpp).
void add_analysis_options(CLI::App* cmd, server::AnalysisOptions& a) {
  using Kind = engine::SearchLimit::Kind;
  cmd->add_option("--engine", a.engine,
                  "Command line of a Hub engine (e.g. \"./scan hub\"): the page can then analyse a game");
  cmd->add_option("--engine-dir", a.engine_dir, "Working folder of the engine")->check(CLI::ExistingDirectory);
  auto* depth = cmd->add_option_function<int>("--depth", [&a](int n) { a.limit = {Kind::Depth, double(n)}; },
                                              "Search every position to this depth (default 10)")
                    ->check(number_above_zero());
  auto* nodes = cmd->add_option_function<long long>("--nodes", [&a](long long n) { a.limit = {Kind::Nodes, double(n)}; },
                                                    "Search every position this many nodes")
                    ->check(number_above_zero());
  auto* time = cmd->add_option_function<double>("--move-time", [&a](double t) { a.limit = {Kind::MoveTime, t}; },
                                                "Search every position this many seconds")
                   ->check(number_above_zero());
  depth->excludes(nodes)->excludes(time);
  nodes->excludes(time);
  cmd->add_option("--engine-timeout", a.timeout_seconds,
                  "Seconds the engine may take to start and a depth or nodes search before `stop` (default 60)")
      ->check(number_above_zero());
}

/// The options of add_analysis_options that give `a` again (none without an engine).
void add_analysis_arguments(const server::AnalysisOptions& a, std::vector<std::string>& args) {
  if (a.engine.empty()) return;
  static constexpr const char* kLimit[] = {"--depth", "--nodes", "--move-time"};
  char value[32];
  std::snprintf(value, sizeof value, "%.17g", a.limit.value);
  args.insert(args.end(), {"--engine", a.engine, kLimit[static_cast<int>(a.limit.kind)], value,
                           "--engine-timeout", std::to_string(a.timeout_seconds)});
  if (!a.engine_dir.empty()) args.insert(args.end(), {"--engine-dir", a.engine_dir});
}

}  // namespace

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
  add_analysis_options(cmd, s.analysis);
}

std::vector<std::string> serve_arguments(const ServeOptions& options) {
  const server::ServerOptions& s = options.server;
  std::vector<std::string> args{"serve",
          "--db", database_folder(options.db),
          "--host", s.host,
          "--port", std::to_string(s.port),
          "--threads", std::to_string(s.threads),
          "--max-connections-per-client", std::to_string(s.max_connections_per_client),
          "--cache-mb", std::to_string(s.cache_bytes >> 20)};
  add_analysis_arguments(s.analysis, args);
  return args;
}

}  // namespace damdb::cli
