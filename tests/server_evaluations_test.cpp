// The stored evaluations of a game served by GET /api/games/ID/evaluations and "analyse this
// game" (POST /api/games/ID/analysis) against tests/fake_hub_engine.py on NK 2003's games:
// the served analysis equals `damdb analyze --db DB ID --json`'s for the same game (and a second
// `damdb analyze` of a game the server analysed searches nothing: the evaluations are shared);
// the positions' scores are the analysis' own; a server without an engine says so (404); an
// engine that exits at a known ply fails the game with a message naming the engine and the ply,
// and only the positions before it are stored; a server opened before any evaluation existed
// shows those `damdb analyze` writes later.
#include <httplib.h>

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "engine/hub_text.hpp"
#include "rules/fen.hpp"
#include "running_server.hpp"
#include "tests/damdb_command.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

using test::RunningServer;
using test::TempFolder;
namespace fs = std::filesystem;

struct Reply {
  int status = 0;
  nlohmann::json json;
};

Reply request(int port, const std::string& method, const std::string& target) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(10);
  const httplib::Result r = method == "POST" ? client.Post(target.c_str()) : client.Get(target.c_str());
  if (!r) return {};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

std::string fake_engine(const std::string& args = "") {
  return std::string("python3 ") + DAMDB_SOURCE_DIR + "/tests/fake_hub_engine.py " + args;
}

db::Database open_evaluations(const fs::path& folder) {
  db::OpenOptions o;
  o.mode = db::OpenMode::ReadOnly;
  o.evaluations = true;
  return db::Database::open(folder, o);
}

/// `damdb analyze --db DB ID --depth 2 --json` with the fake engine.
nlohmann::json analyze(const TempFolder& folder, int id) {
  const test::CommandRun run =
      test::run_damdb("analyze --db '" + (folder.path() / "db").string() + "' " + std::to_string(id) +
                          " --depth 2 --engine \"" + fake_engine() + "\" --json",
                      folder.path());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return nlohmann::json::parse(run.out.empty() ? "{}" : run.out);
}

/// A folder with NK 2003's 91 games imported into db/.
std::unique_ptr<TempFolder> nk2003() {
  auto folder = std::make_unique<TempFolder>("server-evals");
  const test::CommandRun run = test::run_damdb(
      "import --db '" + (folder->path() / "db").string() + "' '" + DAMDB_SOURCE_DIR +
          "/samples/nk2003-amsterdam.pdn'",
      folder->path());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return folder;
}

/// Asks GET /api/games/ID/analysis until its state is neither queued nor running (at most
/// 3000 times, 20 ms apart): the last answer.
nlohmann::json wait_for_analysis(int port, int id) {
  nlohmann::json status;
  for (int i = 0; i < 3000; ++i) {
    status = request(port, "GET", "/api/games/" + std::to_string(id) + "/analysis").json;
    if (status.value("state", "") != "queued" && status.value("state", "") != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return status;
}

TEST(ServerEvaluations, StoredAnalysisEqualsTheCliAndItsScores) {
  const auto folder = nk2003();
  const nlohmann::json cli = analyze(*folder, 3);
  ASSERT_EQ(cli["games"].size(), 1u);
  const nlohmann::json& game = cli["games"][0];
  ASSERT_TRUE(game["analysed"].get<bool>());
  RunningServer server(open_evaluations(folder->path() / "db"), server::ServerOptions{});
  const Reply r = request(server.port(), "GET", "/api/games/3/evaluations");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json["analysis"], game);
  EXPECT_TRUE(r.json["complete"].get<bool>());
  EXPECT_TRUE(r.json["only_moves"].get<bool>());
  const std::size_t plies = game["plies"].size();
  ASSERT_EQ(r.json["plies"], plies);
  ASSERT_EQ(r.json["positions"].size(), plies + 1);
  for (std::size_t k = 0; k < plies; ++k) EXPECT_EQ(r.json["positions"][k], game["plies"][k]["before"]) << k;
  EXPECT_EQ(r.json["positions"][plies], game["final"]);
  int marks = 0;
  for (const nlohmann::json& p : game["plies"]) marks += !p["mark"].get<std::string>().empty();
  EXPECT_GT(marks, 0);  // the page has marks to show

  const Reply other = request(server.port(), "GET", "/api/games/4/evaluations");  // not analysed
  ASSERT_EQ(other.status, 200);
  EXPECT_FALSE(other.json["complete"].get<bool>());
  EXPECT_FALSE(other.json["analysis"]["analysed"].get<bool>());
  EXPECT_EQ(request(server.port(), "GET", "/api/games/99999/evaluations").status, 404);
  EXPECT_EQ(request(server.port(), "GET", "/api/games/x/evaluations").status, 404);
  // Without --engine the server says how to give it one.
  const Reply none = request(server.port(), "GET", "/api/analysis");
  EXPECT_EQ(none.status, 404);
  EXPECT_NE(none.json["error"].get<std::string>().find("--engine"), std::string::npos);
  EXPECT_EQ(request(server.port(), "POST", "/api/games/4/analysis").status, 404);
}

TEST(ServerEvaluations, AnalyseThisGameStoresWhatTheCliFinds) {
  const auto folder = nk2003();
  server::ServerOptions options;
  options.analysis.engine = fake_engine();
  options.analysis.limit = {engine::SearchLimit::Kind::Depth, 2};
  RunningServer server(open_evaluations(folder->path() / "db"), options);
  const Reply info = request(server.port(), "GET", "/api/analysis");
  EXPECT_EQ(info.status, 200);
  EXPECT_EQ(info.json["limit"], "depth 2");
  EXPECT_EQ(request(server.port(), "POST", "/api/games/99999/analysis").status, 404);
  {  // a page of another site cannot start the engine
    httplib::Client client("127.0.0.1", server.port());
    const httplib::Result r = client.Post("/api/games/2/analysis", {{"Origin", "http://example.org"}}, "", "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 403);
  }
  EXPECT_EQ(request(server.port(), "GET", "/api/games/2/analysis").json["state"], "idle");
  const Reply started = request(server.port(), "POST", "/api/games/2/analysis");
  EXPECT_EQ(started.status, 202);
  const nlohmann::json status = wait_for_analysis(server.port(), 2);
  ASSERT_EQ(status["state"], "done") << status.dump();
  const Reply served = request(server.port(), "GET", "/api/games/2/evaluations");
  ASSERT_TRUE(served.json["complete"].get<bool>());
  const nlohmann::json cli = analyze(*folder, 2);  // everything is found stored
  EXPECT_EQ(cli["cache"]["searched"], 0);
  EXPECT_EQ(cli["cache"]["hit_rate"], 1.0);
  EXPECT_EQ(served.json["analysis"], cli["games"][0]);
}

TEST(ServerEvaluations, AnEngineThatExitsFailsTheGameNamingEngineAndPly) {
  const auto folder = nk2003();
  constexpr int kPly = 7;  // the engine exits when asked the position before ply 7 of game 2
  std::string hub;
  {
    RunningServer reader(folder->path() / "db");
    const Reply g = request(reader.port(), "GET", "/api/games/2");
    hub = engine::hub_position(rules::parse_fen(g.json["fens"][kPly - 1].get<std::string>()));
  }
  server::ServerOptions options;
  options.analysis.engine = fake_engine("--on " + hub + " --do exit");
  options.analysis.limit = {engine::SearchLimit::Kind::Depth, 2};
  RunningServer server(open_evaluations(folder->path() / "db"), options);
  EXPECT_EQ(request(server.port(), "POST", "/api/games/2/analysis").status, 202);
  const nlohmann::json status = wait_for_analysis(server.port(), 2);
  ASSERT_EQ(status["state"], "failed");
  const std::string error = status["error"];
  EXPECT_NE(error.find("engine 'fake 1.0': exited"), std::string::npos) << error;
  EXPECT_EQ(error.find(folder->path().string()), std::string::npos) << error;  // no machine's folder
  EXPECT_NE(error.find("ply " + std::to_string(kPly) + ")"), std::string::npos) << error;
  // The positions before it were searched and kept; the one the engine failed on was not.
  const Reply served = request(server.port(), "GET", "/api/games/2/evaluations");
  EXPECT_EQ(served.json["stored"], kPly - 1);
  for (int k = 0; k < kPly - 1; ++k) EXPECT_FALSE(served.json["positions"][k].is_null()) << k;
  EXPECT_TRUE(served.json["positions"][kPly - 1].is_null());
}

TEST(ServerEvaluations, AServerOpenedBeforeAnyEvaluationSeesThemLater) {
  const auto folder = nk2003();
  server::ServerOptions options;
  options.watch_interval = std::chrono::milliseconds(50);
  RunningServer server(open_evaluations(folder->path() / "db"), options);
  EXPECT_EQ(request(server.port(), "GET", "/api/games/3/evaluations").json["stored"], 0);
  const nlohmann::json cli = analyze(*folder, 3);
  nlohmann::json served;
  for (int i = 0; i < 500; ++i) {  // the server opens the database again after the analysis
    served = request(server.port(), "GET", "/api/games/3/evaluations").json;
    if (served["complete"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(served["analysis"], cli["games"][0]);
}

}  // namespace
}  // namespace damdb
