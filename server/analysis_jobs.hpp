// "Analyse this game" for `damdb serve --engine CMD`: one stored game at a time analysed in the
// background by the server's Hub engine (indexer/analysis), the evaluations kept in the database
// by position (so that every reader and every later analysis shares them), the progress asked
// for by the page. Routes (answered before the Api and its cache, since they change):
//   GET  /api/analysis               {"engine", "limit"}: the engine the server runs; 404 when
//                                    the server was started without --engine
//   POST /api/games/ID/analysis      queues game ID (202 {"state": "queued"|"running"});
//                                    404 without an engine or for a game not stored
//   GET  /api/games/ID/analysis      {"state": "idle"|"queued"|"running"|"done"|"failed",
//                                    "searched", "positions", "error" (failed: naming the
//                                    engine, the game and the ply), "busy_with" (queued: the
//                                    game being analysed)}
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "db/database.hpp"
#include "engine/hub_client.hpp"
#include "server/response.hpp"

namespace damdb::server {

/// The engine of `damdb serve --engine CMD [--engine-dir DIR] [--depth N | --nodes N |
/// --move-time S]`.
struct AnalysisOptions {
  std::string engine;      ///< the engine's command line; empty: the server has no engine
  std::string engine_dir;  ///< its working folder (empty: the server's)
  engine::SearchLimit limit;  ///< depth 10 unless given
  double timeout_seconds = 60;  ///< a depth or nodes search longer than this is stopped
};

class AnalysisJobs {
 public:
  /// Analyses games of the database in `folder` (opened for writing during each analysis, as
  /// `damdb analyze --db` does) with `options`; `stored()` is called after each analysis wrote
  /// its evaluations, before its state becomes "done" (the server opens the database again).
  AnalysisJobs(std::filesystem::path folder, AnalysisOptions options, std::function<void()> stored);
  /// Stops the worker: the analysis under way ends before its next search (nothing kept is lost).
  ~AnalysisJobs();
  AnalysisJobs(const AnalysisJobs&) = delete;
  AnalysisJobs& operator=(const AnalysisJobs&) = delete;

  /// The answer to `method` `path` when it is one of the routes above, else nullopt; `served` is
  /// the database the server reads (a POST for a game it does not hold is a 404).
  std::optional<Response> route(std::string_view method, std::string_view path,
                                const db::Database& served);

 private:
  struct Job {
    std::string state = "idle";
    std::size_t positions = 0;
    std::string error;
  };
  Response start(std::uint32_t id);
  Response status(std::uint32_t id);
  void work();
  void analyse(std::uint32_t id);
  void finish(std::uint32_t id, const std::string& error);

  const std::filesystem::path folder_;
  const AnalysisOptions options_;
  const std::function<void()> stored_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::uint32_t> queue_;
  std::map<std::uint32_t, Job> jobs_;
  std::uint32_t running_ = 0;             ///< the game being analysed, 0: none
  std::atomic<std::size_t> searched_{0};  ///< positions judged in the running analysis
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

}  // namespace damdb::server
