// `damdb serve [--db DIR] [--host 127.0.0.1] [--port 8080] [--threads N] [--cache-mb N]`: the
// HTTP JSON API and the explorer page. damdb checks the options, then replaces itself (same
// process id, so signals and exit codes are the server's) by damdb-serve, the executable built
// and installed beside it that holds the HTTP server (cli/serve/).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli/command.hpp"
#include "cli/serve_options.hpp"

namespace damdb::cli {
namespace {

/// damdb-serve in the folder of the running damdb executable.
std::filesystem::path server_executable() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw InputError("cannot find the damdb executable (/proc/self/exe): " + ec.message());
  return self.parent_path() / "damdb-serve";
}

/// Runs damdb-serve with `options`; returns only by throwing InputError.
[[noreturn]] void exec_server(const ServeOptions& options) {
  const std::filesystem::path program = server_executable();
  std::vector<std::string> args = serve_arguments(options);
  args.insert(args.begin(), program.string());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(program.c_str(), argv.data());
  throw InputError("cannot run " + program.string() + " (damdb serve needs it beside damdb): " +
                   std::strerror(errno));
}

void setup_serve(CLI::App& app, int&) {
  auto opts = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve the HTTP JSON API and the explorer page");
  add_serve_options(cmd, *opts);
  cmd->callback([opts] { exec_server(*opts); });
}

const Registration registration{"serve", setup_serve};

}  // namespace
}  // namespace damdb::cli
