// A client of the Hub protocol (protocol.txt of Scan 3.1): starts the engine, runs the
// `hub` ... `wait`, `set-param`, `init` ... `ready` handshake, then one search per call:
// `pos`, `level`, `go analyze`, the `info` lines, `stop` at the budget, `done`.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine_process.hpp"
#include "engine/hub_text.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace damdb::engine {

/// How to start and set up an engine.
struct EngineConfig {
  std::string command;  ///< shell command line, e.g. "./scan hub"
  std::string folder;   ///< working folder of the engine (empty: damdb's)
  /// set-param name/value pairs sent after `variant=normal` (which is always sent).
  std::vector<std::pair<std::string, std::string>> params;
  double start_seconds = 60;       ///< longest wait for `wait` and for `ready` when starting
  double timeout_seconds = 60;     ///< longest wait for a depth/nodes search (then `stop`)
  double stop_grace_seconds = 5;   ///< longest wait for `done` after `stop`

  /// The waits of one engine timeout (`--engine-timeout S`): the handshake's `wait` and
  /// `ready` and a depth or nodes search may take `seconds` each; after `stop`, `done` may take
  /// as long again, at most 5 s.
  void set_timeout(double seconds) {
    start_seconds = timeout_seconds = seconds;
    stop_grace_seconds = seconds < 5.0 ? seconds : 5.0;
  }
};

/// The budget of one search (`level depth=`, `level nodes=`, `level move-time=`).
struct SearchLimit {
  enum class Kind { Depth, Nodes, MoveTime };
  Kind kind = Kind::Depth;
  double value = 10;  ///< plies, nodes, or seconds
};

/// What the engine answered for one position. The score is in men from the side to move's
/// view, as the engine wrote it; a score of 89 men or more (Scan writes a win as 99.xx, a
/// database win as 89.xx) is a win for the side it favours.
struct SearchResult {
  double score = 0;
  int depth = 0;                 ///< last depth given (0 when none was)
  rules::Move best{};            ///< `done move=` (or the first PV move for a bare `done`)
  std::vector<rules::Move> pv;   ///< the PV moves that matched legal moves, in order
  std::string unmatched_pv;      ///< the first PV move that matched none (PV cut there); "" if none
  /// A depth or nodes search that had to be stopped at the timeout: its answer did not reach
  /// the budget asked (a move-time search stopped at its budget is not cut short).
  bool cut_short = false;

  /// True when the score claims a win (or, negative, a loss) for the side to move.
  bool is_win() const { return score >= kWinScore || score <= -kWinScore; }
  static constexpr double kWinScore = 89.0;
};

/// One engine process speaking Hub. Not thread-safe: one client per thread.
class HubClient {
 public:
  /// Starts the engine and runs the handshake. Throws EngineError (Start, Exited, Timeout).
  explicit HubClient(EngineConfig config);
  ~HubClient();

  /// Searches `root` after `moves` (reversible moves sent for repetition detection; they must
  /// be legal from `root` on) within `limit`; `position` is the position reached, searched.
  /// Throws EngineError: Exited, Timeout, Garbage (bad score, a `done` move that matches no legal
  /// move), Refused (`error`). After any of them the engine is killed: call restart() before
  /// the next search.
  SearchResult search(const rules::Position& root, std::span<const rules::Move> moves,
                      const rules::Position& position, const SearchLimit& limit);

  /// Kills the engine and starts it again (with the handshake). Throws like the constructor.
  void restart();

  /// "name version" from the engine's `id` line, or the command when it gave none.
  const std::string& name() const { return name_; }

 private:
  void start();
  void handshake();
  std::string read_until(std::string_view command, double seconds, std::string_view phase);
  [[noreturn]] void fail(EngineError::Kind kind, const std::string& what);
  void send(std::string_view line);
  void send_search(const rules::Position& root, std::span<const rules::Move> moves,
                   const SearchLimit& limit);
  void read_search(const SearchLimit& limit, std::string& move_text, std::string& pv_text,
                   SearchResult& result);
  void apply_info(const HubLine& line, std::string& pv_text, SearchResult& result, bool& scored);
  void match_moves(const rules::Position& position, const std::string& move_text,
                   const std::string& pv_text, SearchResult& result);

  EngineConfig config_;
  std::unique_ptr<EngineProcess> process_;
  std::string name_;
  std::string line_;
  HubLine parsed_;
  rules::MoveList legal_;
};

/// The engine's score turned to White's side: `score` as given when White is to move in the
/// searched position, its negation when Black is.
double white_score(double score, rules::Color side_to_move);

}  // namespace damdb::engine
