// One game analysed by a Hub engine: every position of its main line searched (terminal
// positions are not sent: the side to move there has lost), the played moves' losses and marks,
// and the game's summary.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <map>
#include <string>
#include <vector>

#include "engine/hub_client.hpp"
#include "indexer/analysis/move_marks.hpp"
#include "pdn/game.hpp"
#include "pdn/replay.hpp"

namespace damdb::analysis {

/// The engine's judgement of one position, turned to White's side.
struct PositionEval {
  bool terminal = false;  ///< no legal move: the side to move has lost (nothing searched)
  double white_score = 0; ///< men, White's view (a terminal position: -+kClampMen)
  bool win = false;       ///< the engine claimed a win (89+ men) or the position is terminal
  int depth = 0;
  std::string best;       ///< best move in PDN notation ("" when terminal)
  std::string pv;         ///< the PV in PDN notation, moves separated by spaces
  std::string unmatched_pv;  ///< the first PV move that matched no legal move, if any
};

/// One played move and what the engine made of it.
struct PlyAnalysis {
  int ply = 0;                            ///< 1-based ply of the main line
  rules::Color side = rules::Color::White;  ///< the side that played it
  std::string played;                     ///< the move in PDN notation
  PositionEval before;                    ///< the position before the move
  double loss = 0;                        ///< men lost by the move (>= 0, clamped scores)
  Mark mark = Mark::None;
};

/// Average loss and mark counts of one side of one game (or of a player over games).
struct SideSummary {
  int moves = 0;
  double total_loss = 0;
  int inaccuracies = 0, mistakes = 0, blunders = 0, good = 0;
  double average_loss() const { return moves > 0 ? total_loss / moves : 0; }
  void add(const PlyAnalysis& p);
  void add(const SideSummary& other);
};

/// The judgement of a position without legal moves (its side to move has lost): nothing searched.
PositionEval terminal_eval(const rules::Position& pos);

/// A whole game's analysis.
struct GameAnalysis {
  bool analysed = false;      ///< every position was searched
  std::string skipped;        ///< why the game was not analysed (not replayable ...), else ""
  std::string error;          ///< the engine failure that stopped it (engine, game, ply), else ""
  std::vector<PlyAnalysis> plies;
  PositionEval final_eval;    ///< the position after the last ply
  SideSummary white, black;
  int decided_ply = 0;        ///< ply after which the winner was ahead for good; 0: none
};

/// One player's totals over the analysed games: the games played and the moves judged.
struct PlayerAnalysis {
  int games = 0;
  SideSummary moves;
};

/// The players of the analysed games (`results[i]` is the analysis of `games[i]`; a game not
/// analysed counts for nobody), named by the White and Black tags as written ("?" when missing or
/// empty), in name order.
std::map<std::string, PlayerAnalysis> player_analyses(std::span<const pdn::Game> games,
                                                      std::span<const GameAnalysis> results);

/// Where analyse_game looks for an evaluation before it asks the engine, and keeps what the
/// engine answered (indexer/analysis/stored_evaluations.hpp keeps them in a database). Called by
/// every engine thread at once: an implementation is thread-safe.
class EvalCache {
 public:
  virtual ~EvalCache() = default;
  /// The kept evaluation of `pos` that answers the search asked, or nullopt.
  virtual std::optional<PositionEval> find(const rules::Position& pos) = 0;
  /// Keeps what the engine answered for `pos` (never a terminal position).
  virtual void keep(const rules::Position& pos, const PositionEval& eval) = 0;
  /// After a find() of `pos` that answered nothing: its search failed or was cut short, nothing
  /// will be kept for it.
  virtual void forget(const rules::Position& /*pos*/) {}
};

/// What analyse_game needs besides the game.
struct AnalysisSettings {
  engine::SearchLimit limit;
  bool only_moves = true;  ///< search the alternatives of best moves to find `!` marks
  EvalCache* cache = nullptr;  ///< consulted before each search, given each answer; may be null
};

/// The number of searches analyse_game makes at least: the main line's positions that are not
/// terminal (the `!` checks add more). 0 for a game it skips.
std::size_t positions_to_search(const pdn::Replay& replay);

/// Searches one position for analyse_game: `root`, the moves played from it (reversible ones, for
/// repetition detection) and the position they reach, to the engine's answer. Throws
/// engine::EngineError when it cannot answer.
using Searcher = std::function<engine::SearchResult(
    const rules::Position& root, std::span<const rules::Move> moves, const rules::Position& pos)>;

/// Analyses the main line of `game` (replayed as `replay`, with its plies recorded) with
/// `client`. A game that is invalid, incomplete, of another variant or with a setup in its
/// movetext is skipped (GameAnalysis::skipped says why). An EngineError stops the game:
/// GameAnalysis::error names the engine, the game and the ply; the engine is then dead (the
/// caller restarts it: HubClient::restart). `searched` is incremented after each search.
GameAnalysis analyse_game(engine::HubClient& client, const pdn::Game& game,
                          const pdn::Replay& replay, const AnalysisSettings& settings,
                          std::atomic<std::size_t>* searched = nullptr);
/// The same with any searcher (each search within settings.limit): an engine, or only the
/// evaluations kept somewhere (indexer/analysis/stored_analysis.hpp). An EngineError it throws
/// stops the game as above.
GameAnalysis analyse_game(const Searcher& search, const pdn::Game& game, const pdn::Replay& replay,
                          const AnalysisSettings& settings,
                          std::atomic<std::size_t>* searched = nullptr);

}  // namespace damdb::analysis
