// `damdb analyze FILE.pdn --engine CMD [--engine-dir DIR] [--depth N | --nodes N | --move-time S]
// [--engines K] [--engine-param name=value]... [--json] [-o OUT.pdn]`: every game's main line
// searched by the user's Hub engine (indexer/analysis), K engine processes at once. With
// `--db DB` the evaluations are kept in the database by position and a position found there
// (same engine, a budget at least as large) is not searched again; without FILE the stored
// games are analysed (`damdb analyze --db DB [GAME_ID ...] [filters]`). Prints per
// game the average loss and marks of each side and the ply where the result was decided, then
// per player; --json prints every ply; -o writes the games with [%eval] comments and NAGs.
// An engine failure stops one game (a message names the engine, the game and the ply); the other
// games go on. Exit code 0 when every game was analysed or skipped, 1 when an engine failed on
// some, 2 for unusable input.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>

#include "cli/command.hpp"
#include "cli/number_checks.hpp"
#include "cli/filter_options.hpp"
#include "cli/output_files.hpp"
#include "db/atomic_file.hpp"
#include "indexer/analysis/annotate.hpp"
#include "indexer/analysis/game_analysis.hpp"
#include "indexer/analysis/stored_evaluations.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/records/game_text.hpp"
#include "json/game_analysis.hpp"
#include "json/text.hpp"
#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb analyze`.
struct AnalyzeCliOptions {
  std::vector<std::string> inputs;  ///< FILE.pdn, or with --db stored game ids (none: every game)
  std::string db, engine, engine_dir, output;
  indexer::FilterSpec filter;
  int depth = 0;
  long long nodes = 0;
  double move_time = 0;
  int engines = 1;
  double timeout = 60;
  std::vector<std::string> params;
  bool json = false, force = false, no_only_moves = false;
};

/// The games of the file, replayed with their plies recorded.
struct GameSet {
  std::vector<pdn::Game> games;
  std::vector<pdn::Replay> replays;
  std::vector<analysis::GameAnalysis> results;
  std::vector<char> done;  ///< 1 once a thread analysed the game (char: written by threads)
  std::size_t positions = 0;  ///< searches needed at least (the `!` checks add some)
  /// The games in the order the engine threads take them: the most positions to search first,
  /// so that no long game is left to one engine at the end while the others wait.
  std::vector<std::size_t> order;
  std::unique_ptr<db::Database> database;  ///< --db: open for writing (the evaluations)
  std::unique_ptr<analysis::StoredEvaluations> cache;  ///< --db: the evaluations kept there
};

engine::EngineConfig engine_config(const AnalyzeCliOptions& o) {
  engine::EngineConfig config;
  config.command = o.engine;
  config.folder = o.engine_dir;
  config.set_timeout(o.timeout);
  for (const std::string& p : o.params) {
    const std::size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("analyze: --engine-param wants name=value, got '" + p + "'");
    config.params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
  }
  return config;
}

analysis::AnalysisSettings settings_of(const AnalyzeCliOptions& o) {
  analysis::AnalysisSettings s;
  const int given = (o.depth > 0) + (o.nodes > 0) + (o.move_time > 0);
  if (given > 1) throw InputError("analyze: give one of --depth, --nodes and --move-time");
  if (o.nodes > 0) s.limit = {engine::SearchLimit::Kind::Nodes, static_cast<double>(o.nodes)};
  else if (o.move_time > 0) s.limit = {engine::SearchLimit::Kind::MoveTime, o.move_time};
  else s.limit = {engine::SearchLimit::Kind::Depth, static_cast<double>(o.depth > 0 ? o.depth : 10)};
  s.only_moves = !o.no_only_moves;
  return s;
}

/// Adds `game` to the set, replayed with its plies recorded.
void add_game(GameSet& set, pdn::Game&& game) {
  pdn::ReplayOptions options;
  options.record_plies = true;
  options.replay_variations = false;
  set.replays.push_back(pdn::replay(game, options));
  set.positions += analysis::positions_to_search(set.replays.back());
  set.games.push_back(std::move(game));
}

void read_games(const std::string& file, GameSet& set) {
  try {
    pdn::GameReader reader(file);
    while (auto game = reader.next()) add_game(set, std::move(*game));
  } catch (const pdn::ReadError& e) {
    throw InputError(e.what());
  }
}

/// Adds the stored game `record` (its original text read again), numbered by its id.
void add_stored_game(GameSet& set, db::GameId id, const db::GameRecord& record) {
  std::vector<pdn::Game> games = pdn::read_games(indexer::original_text(record), set.database->folder().string());
  if (games.empty()) return;
  games.front().index = id.value - 1;
  add_game(set, std::move(games.front()));
}

/// The stored games named by `ids`, or every stored game passing the filters when none is named.
void read_stored_games(const AnalyzeCliOptions& o, GameSet& set) {
  std::vector<db::GameId> ids;
  for (const std::string& text : o.inputs) ids.push_back(indexer::parse_game_id(text));
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  indexer::GameFilter filter(o.filter);
  if (!filter.empty()) filter.resolve_names(*set.database);
  const auto visit = [&](db::GameId id, const db::GameRecord& record) {
    if (filter.matches(record)) add_stored_game(set, id, record);
    return true;
  };
  if (ids.empty()) set.database->for_each_game(visit);
  else set.database->for_each_game_of(ids, visit);
}

/// The games to analyse: FILE's, or with --db and no FILE the stored games asked for; with --db
/// the database is opened for writing and its evaluations are used.
GameSet read_input(const AnalyzeCliOptions& o, const engine::SearchLimit& limit) {
  GameSet set;
  const bool file = o.inputs.size() == 1 && !std::all_of(o.inputs[0].begin(), o.inputs[0].end(), [](char c) { return c >= '0' && c <= '9'; });
  if (o.db.empty() && !file) throw InputError("analyze: give a PDN file, or --db DB to analyse stored games");
  if (!o.db.empty()) {
    set.database = std::make_unique<db::Database>(db::Database::open(o.db));
    set.cache = std::make_unique<analysis::StoredEvaluations>(*set.database, limit);
  }
  if (file) read_games(o.inputs[0], set);
  else read_stored_games(o, set);
  set.results.resize(set.games.size());
  set.done.assign(set.games.size(), 0);
  std::vector<std::size_t> work(set.games.size());
  set.order.resize(set.games.size());
  for (std::size_t i = 0; i < set.games.size(); ++i) {
    set.order[i] = i;
    work[i] = analysis::positions_to_search(set.replays[i]);
  }
  std::stable_sort(set.order.begin(), set.order.end(), [&](std::size_t a, std::size_t b) { return work[a] > work[b]; });
  return set;
}

/// The work shared by the engine threads: the next game to take, the searches made, the
/// engine's name and the engines that could not be (re)started.
struct Shared {
  std::atomic<std::size_t> next{0}, searched{0}, finished{0};
  std::atomic<std::size_t> running{0};  ///< engine threads not yet finished
  std::mutex mutex;
  std::string engine_name;
  std::vector<std::string> start_errors;
};

/// One engine thread: takes games until none is left; stops when its engine cannot be
/// (re)started (the error is kept for the games nobody analysed).
void engine_thread(const engine::EngineConfig& config, const analysis::AnalysisSettings& settings,
                   GameSet& set, Shared& shared) {
  struct Finished {
    std::atomic<std::size_t>& running;
    ~Finished() { --running; }
  } finished{shared.running};
  std::unique_ptr<engine::HubClient> client;
  try {
    client = std::make_unique<engine::HubClient>(config);
    if (set.cache) set.cache->set_engine(client->name());
    const std::lock_guard lock(shared.mutex);
    if (shared.engine_name.empty()) shared.engine_name = client->name();
  } catch (const engine::EngineError& e) {
    const std::lock_guard lock(shared.mutex);
    shared.start_errors.push_back(e.what());
    return;
  }
  for (std::size_t n = shared.next++; n < set.games.size(); n = shared.next++) {
    const std::size_t i = set.order[n];
    try {
      set.results[i] = analysis::analyse_game(*client, set.games[i], set.replays[i], settings, &shared.searched);
      if (set.cache) set.cache->flush();  // what was searched is kept, whatever comes next
    } catch (const db::Error& e) {
      const std::lock_guard lock(shared.mutex);
      shared.start_errors.push_back(std::string("the evaluations could not be kept: ") + e.what());
      return;
    }
    set.done[i] = 1;
    ++shared.finished;
    if (set.results[i].error.empty()) continue;
    try {
      client->restart();
    } catch (const engine::EngineError& e) {
      const std::lock_guard lock(shared.mutex);
      shared.start_errors.push_back(e.what());
      return;
    }
  }
}

/// Prints "analysed X/Y positions, G/N games, about T s left" on one terminal line until every
/// engine thread has finished.
void show_progress(const GameSet& set, const Shared& shared, std::vector<std::thread>& threads) {
  const bool terminal = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  while (terminal && shared.running > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    const std::size_t done = shared.searched;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = done > 0 && set.positions > done ? elapsed / done * (set.positions - done) : 0;
    std::fprintf(stderr, "\ranalysed %zu/%zu positions, %zu/%zu games, about %.0f s left   ", done,
                 set.positions, shared.finished.load(), set.games.size(), left);
  }
  for (std::thread& t : threads) t.join();
  if (terminal) std::fprintf(stderr, "\r%*s\r", 72, "");
}

std::string side_text(const analysis::SideSummary& s) {
  char text[160];
  std::snprintf(text, sizeof text, "average loss %.2f, %d ?!, %d ?, %d ??, %d !", s.average_loss(),
                s.inaccuracies, s.mistakes, s.blunders, s.good);
  return text;
}

void print_text(const GameSet& set) {
  for (std::size_t i = 0; i < set.games.size(); ++i) {
    const pdn::Game& g = set.games[i];
    const analysis::GameAnalysis& a = set.results[i];
    std::printf("game %zu: %s - %s %s: ", g.number(), g.tag_value_or("White", "?").c_str(),
                g.tag_value_or("Black", "?").c_str(), g.tag_value_or("Result", "?").c_str());
    if (!a.analysed) {
      std::printf("not analysed: %s\n", !a.skipped.empty() ? a.skipped.c_str() : a.error.c_str());
      continue;
    }
    std::printf("%zu plies; white %s; black %s; ", a.plies.size(), side_text(a.white).c_str(),
                side_text(a.black).c_str());
    if (a.decided_ply > 0) std::printf("decided at ply %d\n", a.decided_ply);
    else std::printf("not decided\n");
  }
  for (const auto& [name, p] : analysis::player_analyses(set.games, set.results))
    std::printf("player %s: %d game(s), %d move(s), %s\n", name.c_str(), p.games, p.moves.moves,
                side_text(p.moves).c_str());
}

/// "evaluations: H of N positions found stored (P%), S searched by the engine" (--db).
void print_cache(const analysis::StoredEvaluations& cache) {
  const std::size_t hits = cache.hits(), lookups = cache.lookups();
  std::printf("evaluations: %zu of %zu positions found stored (%.1f%%), %zu searched by the engine\n", hits,
              lookups, lookups > 0 ? 100.0 * hits / lookups : 0.0, cache.kept());
}

void print_json(const GameSet& set, const Shared& shared) {
  std::printf("%s\n", json::to_indented_text(json::analysis_run_json(shared.engine_name, set.games, set.results,
                                                                     set.cache.get()))
                          .c_str());
}

void write_output(const AnalyzeCliOptions& o, GameSet& set) {
  db::AtomicFile out(o.output);
  std::string text;
  for (std::size_t i = 0; i < set.games.size(); ++i) {
    analysis::annotate_game(set.games[i], set.results[i]);
    text.clear();
    if (i > 0) text += '\n';
    pdn::write_game(set.games[i], text);
    out.write(text);
  }
  out.commit();
}

/// `damdb analyze`: returns the exit code (kProblems when an engine failed on a game).
int run_analyze(const AnalyzeCliOptions& o) {
  if (!o.output.empty()) check_output_files({o.inputs, o.db}, {{"-o", o.output}}, o.force);
  const engine::EngineConfig config = engine_config(o);
  analysis::AnalysisSettings settings = settings_of(o);
  GameSet set = read_input(o, settings.limit);
  settings.cache = set.cache.get();
  Shared shared;
  const int k = std::max(1, std::min<int>(o.engines, static_cast<int>(std::max<std::size_t>(1, set.games.size()))));
  shared.running = static_cast<std::size_t>(k);
  std::vector<std::thread> threads;
  for (int t = 0; t < k; ++t)
    threads.emplace_back(engine_thread, std::cref(config), std::cref(settings), std::ref(set), std::ref(shared));
  show_progress(set, shared, threads);
  bool failed = false;
  for (const std::string& e : shared.start_errors) std::fprintf(stderr, "damdb: analyze: %s\n", e.c_str());
  for (std::size_t i = 0; i < set.games.size(); ++i) {
    if (!set.done[i])
      set.results[i].error = "no engine could be started (" +
                             (shared.start_errors.empty() ? std::string("?") : shared.start_errors.front()) + ")";
    if (set.results[i].error.empty()) continue;
    failed = true;
    if (set.done[i]) std::fprintf(stderr, "damdb: analyze: %s\n", set.results[i].error.c_str());
  }
  std::fflush(stderr);
  if (o.json) print_json(set, shared);
  else print_text(set);
  if (set.cache && !o.json) print_cache(*set.cache);
  if (!o.output.empty()) write_output(o, set);
  return failed ? kProblems : kOk;
}

void setup_analyze(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<AnalyzeCliOptions>();
  auto* cmd = app.add_subcommand("analyze", "Analyse the games of a PDN file (or stored games) with a Hub engine");
  cmd->add_option("input", opts->inputs, "PDN file; with --db and no file: the ids of stored games (none: all)");
  cmd->add_option("--db", opts->db,
                  "Keep the evaluations in this database by position and reuse them; without a PDN file, "
                  "analyse its stored games (those named, or those passing the game filters)");
  add_filter_options(cmd, opts->filter);
  cmd->add_option("--engine", opts->engine, "Command line of a Hub engine, e.g. \"./scan hub\"")
      ->required()
      ->check(CLI::Validator(
          [](std::string& text) { return text.find_first_not_of(" \t") == std::string::npos ? "the command line is empty" : ""; },
          "COMMAND"));
  cmd->add_option("--engine-dir", opts->engine_dir, "Working folder of the engine")->check(CLI::ExistingDirectory);
  auto* depth = cmd->add_option("--depth", opts->depth, "Search every position to this depth (default 10)")
                    ->check(number_above_zero());
  auto* nodes = cmd->add_option("--nodes", opts->nodes, "Search every position this many nodes")->check(number_above_zero());
  auto* time = cmd->add_option("--move-time", opts->move_time, "Search every position this many seconds")
                   ->check(number_above_zero());
  depth->excludes(nodes)->excludes(time);
  nodes->excludes(time);
  cmd->add_option("--engines", opts->engines, "Engine processes run at once (default 1)")->check(CLI::Range(1, 256));
  cmd->add_option("--engine-param", opts->params, "set-param name=value sent to the engine (repeatable)");
  cmd->add_option("--engine-timeout", opts->timeout, "Seconds the engine may take to start (`wait`, `ready`) and a depth or nodes search before `stop`; as long again for `done`, at most 5 s, before the engine is restarted (default 60)")
      ->check(number_above_zero());
  cmd->add_flag("--no-only-moves", opts->no_only_moves, "Do not search the alternatives of best moves (no ! marks)");
  cmd->add_flag("--json", opts->json, "Print every ply's evaluation as JSON");
  cmd->add_option("-o,--output", opts->output, "Write the games with [%eval] comments and marks as NAGs");
  cmd->add_flag("--force", opts->force, "Replace the output PDN if it exists");
  cmd->callback([opts, &exit_code] { exit_code = run_analyze(*opts); });
}

const Registration registration{"analyze", setup_analyze};

}  // namespace
}  // namespace damdb::cli
