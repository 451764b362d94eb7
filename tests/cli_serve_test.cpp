// `damdb serve` as a user starts it: damdb checks the options and runs damdb-serve beside it in
// the same process (same id, so Ctrl-C/SIGTERM and the exit code are the server's); damdb itself
// does not load the HTTP library nor the TLS library it is linked with.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/games_fixture.hpp"

namespace fs = std::filesystem;

namespace {

using damdb::test::command_output;

/// The shared libraries the dynamic loader maps for `program` (what ldd prints).
std::string loaded_libraries(const fs::path& program) {
  int code = -1;
  const std::string out =
      command_output("LD_TRACE_LOADED_OBJECTS=1 '" + program.string() + "'", code);
  EXPECT_EQ(code, 0);
  return out;
}

const fs::path kDamdb = DAMDB_BINARY;
const fs::path kServer = kDamdb.parent_path() / "damdb-serve";

/// The body of GET `target` from 127.0.0.1:`port` (Connection: close), with its status line.
std::string http_get(int port, const std::string& target) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return {};
  }
  const std::string request = "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  EXPECT_EQ(::write(fd, request.data(), request.size()), static_cast<ssize_t>(request.size()));
  std::string answer;
  char buf[4096];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
    answer.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  return answer;
}

/// `damdb serve` started with fork/exec, its standard output read through a pipe.
struct ServeProcess {
  explicit ServeProcess(const std::vector<std::string>& args) {
    int out[2];
    EXPECT_EQ(::pipe(out), 0);
    pid = ::fork();
    if (pid == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    output = ::fdopen(out[0], "r");
  }
  ~ServeProcess() {
    if (pid > 0 && !waited) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
    if (output) std::fclose(output);
  }
  /// The next line of its standard output ("" at the end).
  std::string line() {
    char buf[1024];
    return std::fgets(buf, sizeof buf, output) ? std::string(buf) : std::string();
  }
  /// Sends SIGTERM and returns the exit code (-1 when it did not exit normally).
  int stop() {
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    waited = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  pid_t pid = -1;
  bool waited = false;
  FILE* output = nullptr;
};

// The digits between the first `before` that is followed by digits and then `after` in
// `text`, or "" if there are none.
std::string digits_after(const std::string& text, const std::string& before,
                         const std::string& after) {
  for (auto at = text.find(before); at != std::string::npos; at = text.find(before, at + 1)) {
    const std::size_t start = at + before.size();
    std::size_t end = start;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (end > start && text.compare(end, after.size(), after) == 0)
      return text.substr(start, end - start);
  }
  return "";
}

}  // namespace

TEST(ServeExecutable, DamdbLoadsNeitherTheHttpNorTheTlsLibrary) {
  const std::string damdb = loaded_libraries(kDamdb);
  EXPECT_NE(damdb.find("libc.so"), std::string::npos) << damdb;  // the listing is read
  EXPECT_EQ(damdb.find("libcpp-httplib"), std::string::npos) << damdb;
  EXPECT_EQ(damdb.find("libssl"), std::string::npos) << damdb;
  EXPECT_EQ(damdb.find("libcrypto"), std::string::npos) << damdb;
  // The server links it (Debian's cpp-httplib brings OpenSSL): the check above can fail.
  const std::string server = loaded_libraries(kServer);
  EXPECT_NE(server.find("libcpp-httplib"), std::string::npos) << server;
  EXPECT_NE(server.find("libssl"), std::string::npos) << server;
}

TEST(ServeExecutable, DamdbServeRunsTheServerInItsOwnProcess) {
  damdb::test::TempFolder folder("serve-exec");
  const fs::path db = folder.path() / "db";
  int code = -1;
  const std::string damdb = "'" + kDamdb.string() + "'";
  command_output(damdb + " import --db '" + db.string() + "' '" + DAMDB_SOURCE_DIR +
                     "/samples/wk2003.pdn'",
                 code);
  ASSERT_EQ(code, 0);
  const std::string info = command_output(damdb + " info --json --db '" + db.string() + "'", code);
  ASSERT_EQ(code, 0);
  // The games count (not the "games" column family's bytes, which come first).
  const std::string games = digits_after(info, "\"games\":", ",\"games_by_warning\"");
  ASSERT_FALSE(games.empty()) << info;

  ServeProcess serve({kDamdb.string(), "serve", "--db", db.string(), "--port", "0"});
  const std::string first = serve.line();
  const std::string port = digits_after(first, "http://127.0.0.1:", "/");
  ASSERT_FALSE(port.empty()) << first;
  // The process damdb started is now damdb-serve (exec, not a child).
  std::error_code ec;
  EXPECT_EQ(fs::read_symlink("/proc/" + std::to_string(serve.pid) + "/exe", ec).filename(),
            "damdb-serve");
  const std::string answer = http_get(std::stoi(port), "/api/info");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << answer;
  EXPECT_EQ(digits_after(answer, "\"games\":", ",\"games_by_warning\""), games) << answer;
  EXPECT_EQ(serve.stop(), 0);
  EXPECT_NE(serve.line().find("stopped"), std::string::npos);
}

TEST(ServeExecutable, BadOptionsAreRefusedByDamdbItself) {
  int code = -1;
  const std::string damdb = "'" + kDamdb.string() + "'";
  const std::string out = command_output(damdb + " serve --port 70000", code, true);
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find("--port"), std::string::npos) << out;
  const std::string help = command_output(damdb + " serve --help", code);
  EXPECT_EQ(code, 0);
  for (const char* option :
       {"--db", "--host", "--port", "--threads", "--max-connections-per-client", "--cache-mb"})
    EXPECT_NE(help.find(option), std::string::npos) << option << "\n" << help;
}

TEST(ServeExecutable, MissingServerExecutableIsAClearError) {
  damdb::test::TempFolder folder("serve-missing");
  const fs::path alone = folder.path() / "damdb";
  fs::copy_file(kDamdb, alone);
  int code = -1;
  const std::string out = command_output("'" + alone.string() + "' serve --db '" +
                                  (folder.path() / "db").string() + "' --port 0",
                              code, true);
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find("damdb-serve"), std::string::npos) << out;
}
