#include "server/analysis_jobs.hpp"

#include <nlohmann/json.hpp>

#include <exception>

#include "db/error.hpp"
#include "indexer/analysis/stored_evaluations.hpp"
#include "json/text.hpp"
#include "server/api.hpp"
#include "server/evaluations_api.hpp"

namespace damdb::server {
namespace {

constexpr std::string_view kGamesPrefix = "/api/games/", kAnalysisSuffix = "/analysis";

/// The game id of "/api/games/ID/analysis", 0 when `path` is not that route or ID no number.
std::uint32_t game_of(std::string_view path) {
  if (!path.starts_with(kGamesPrefix) || !path.ends_with(kAnalysisSuffix)) return 0;
  const std::string_view id = path.substr(kGamesPrefix.size(), path.size() - kGamesPrefix.size() -
                                                                  kAnalysisSuffix.size());
  if (id.empty() || id.size() > 9 || id.find_first_not_of("0123456789") != std::string_view::npos)
    return 0;
  return static_cast<std::uint32_t>(std::stoul(std::string(id)));
}

std::string limit_text(const engine::SearchLimit& limit) {
  char text[64];
  switch (limit.kind) {
    case engine::SearchLimit::Kind::Nodes: std::snprintf(text, sizeof text, "nodes %.0f", limit.value); break;
    case engine::SearchLimit::Kind::MoveTime: std::snprintf(text, sizeof text, "move time %g s", limit.value); break;
    case engine::SearchLimit::Kind::Depth: std::snprintf(text, sizeof text, "depth %.0f", limit.value); break;
  }
  return text;
}

Response json_answer(int status, const nlohmann::json& j) { return {status, "application/json", json::to_text(j)}; }

const char* const kNoEngine =
    "this server has no engine: start it with `damdb serve --engine CMD [--engine-dir DIR] "
    "[--depth N | --nodes N | --move-time S]` to analyse games from the page";

}  // namespace

AnalysisJobs::AnalysisJobs(std::filesystem::path folder, AnalysisOptions options,
                           std::function<void()> stored)
    : folder_(std::move(folder)), options_(std::move(options)), stored_(std::move(stored)) {
  if (!options_.engine.empty()) worker_ = std::thread([this] { work(); });
}

AnalysisJobs::~AnalysisJobs() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::optional<Response> AnalysisJobs::route(std::string_view method, std::string_view path,
                                            const db::Database& served) {
  const bool get = method == "GET" || method == "HEAD";
  if (path == "/api/analysis") {
    if (!get) return error_response(405, "only GET");
    if (options_.engine.empty()) return error_response(404, kNoEngine);
    return json_answer(200, {{"engine", options_.engine}, {"limit", limit_text(options_.limit)}});
  }
  const std::uint32_t id = game_of(path);
  if (id == 0) return std::nullopt;
  if (method == "POST" && !options_.engine.empty() && !served.game(db::GameId{id}))
    return error_response(404, "no game " + std::to_string(id) + " in the database");
  if (method == "POST") return start(id);
  if (!get) return error_response(405, "only GET and POST");
  return status(id);
}

Response AnalysisJobs::start(std::uint32_t id) {
  if (options_.engine.empty()) return error_response(404, kNoEngine);
  const std::lock_guard lock(mutex_);
  Job& job = jobs_[id];
  if (job.state != "queued" && job.state != "running") {
    job = Job{};
    job.state = "queued";
    queue_.push_back(id);
    wake_.notify_all();
  }
  return json_answer(202, {{"game", id}, {"state", job.state}});
}

Response AnalysisJobs::status(std::uint32_t id) {
  const std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return json_answer(200, {{"game", id}, {"state", "idle"}});
  const Job& job = it->second;
  nlohmann::json j{{"game", id}, {"state", job.state}, {"positions", job.positions},
                   {"searched", running_ == id ? searched_.load() : job.positions}};
  if (job.state == "failed") {
    j["error"] = job.error;
    j["searched"] = nullptr;
  }
  if (job.state == "queued" && running_ != 0) j["busy_with"] = running_;
  return json_answer(200, j);
}

void AnalysisJobs::work() {
  while (true) {
    std::uint32_t id = 0;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      id = queue_.front();
      queue_.pop_front();
      running_ = id;
      searched_ = 0;
      jobs_[id].state = "running";
    }
    try {
      analyse(id);
    } catch (const std::exception& e) {  // the database (db::Error), the engine's start
      finish(id, e.what());
    }
  }
}

void AnalysisJobs::finish(std::uint32_t id, const std::string& error) {
  const std::lock_guard lock(mutex_);
  Job& job = jobs_[id];
  job.state = error.empty() ? "done" : "failed";
  job.error = error;
  running_ = 0;
}

/// Analyses game `id` into the database (its evaluations flushed and the database closed before
/// stored_ is called), then records how it ended.
void AnalysisJobs::analyse(std::uint32_t id) {
  std::string error;
  {
    db::Database database = db::Database::open(folder_);  // for writing, as `damdb analyze --db`
    const std::optional<AnalysedGame> g = read_analysed_game(database, db::GameId{id});
    if (!g) return finish(id, "no game " + std::to_string(id) + " in the database");
    {
      const std::lock_guard lock(mutex_);
      jobs_[id].positions = analysis::positions_to_search(g->replay);
    }
    engine::EngineConfig config;
    config.command = options_.engine;
    config.folder = options_.engine_dir;
    config.set_timeout(options_.timeout_seconds);
    engine::HubClient client(config);
    analysis::StoredEvaluations cache(database, options_.limit);
    cache.set_engine(client.name());
    analysis::AnalysisSettings settings;
    settings.limit = options_.limit;
    settings.cache = &cache;
    const analysis::Searcher search = [&](const rules::Position& root, std::span<const rules::Move> moves,
                                          const rules::Position& pos) {
      if (stop_) throw engine::EngineError(engine::EngineError::Kind::Refused, "the server is stopping");
      return client.search(root, moves, pos, options_.limit);
    };
    const analysis::GameAnalysis a = analysis::analyse_game(search, g->game, g->replay, settings, &searched_);
    cache.flush();
    error = a.skipped.empty() ? a.error : "game " + std::to_string(id) + " cannot be analysed: " + a.skipped;
  }
  if (stored_) stored_();
  finish(id, error);
}

}  // namespace damdb::server
