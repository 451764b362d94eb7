// One game analysed by a Hub engine: see game_analysis.hpp.
#include "indexer/analysis/game_analysis.hpp"

#include <algorithm>
#include <span>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::analysis {
namespace {

/// The most reversible moves sent with a position (for the engine's repetition detection).
constexpr std::size_t kMaxHistory = 100;

bool is_terminal(const rules::Position& pos) { return rules::count_moves(pos) == 0; }

/// The position `k` plies into the game (k == plies: the final position).
const rules::Position& position_at(const pdn::Replay& replay, std::size_t k) {
  return k < replay.plies_played.size() ? replay.plies_played[k].before : replay.final_position;
}

/// The first ply of the run of reversible moves (king moves without capture) that leads to
/// position `k`, at most kMaxHistory plies back.
std::size_t history_start(const pdn::Replay& replay, std::size_t k) {
  std::size_t start = k;
  while (start > 0 && k - start < kMaxHistory) {
    const pdn::ReplayedPly& p = replay.plies_played[start - 1];
    if (p.move.is_capture() || !((p.before.kings() >> p.move.from) & 1)) break;
    --start;
  }
  return start;
}

/// The white-side value of an evaluation used for losses: clamped, a win worth kClampMen.
double value_of(const PositionEval& e) {
  if (e.win) return e.white_score > 0 ? kClampMen : -kClampMen;
  return clamped(e.white_score);
}

/// The engine's answer for `pos` in PDN notation and White's view.
PositionEval eval_of(const engine::SearchResult& r, const rules::Position& pos) {
  PositionEval e;
  e.white_score = engine::white_score(r.score, pos.side_to_move());
  e.win = r.is_win();
  e.depth = r.depth;
  e.best = rules::to_pdn(pos, r.best);
  rules::Position p = pos;
  for (const rules::Move& m : r.pv) {
    if (!e.pv.empty()) e.pv += ' ';
    e.pv += rules::to_pdn(p, m);
    p.play(m);
  }
  e.unmatched_pv = r.unmatched_pv;
  return e;
}

/// The evaluation of `pos` (not terminal) kept in settings.cache, or the engine's answer for it
/// (searched from `root` after `moves`), then kept.
PositionEval evaluate(const Searcher& search, const rules::Position& root,
                      std::span<const rules::Move> moves, const rules::Position& pos,
                      const AnalysisSettings& settings) {
  if (settings.cache != nullptr)
    if (std::optional<PositionEval> kept = settings.cache->find(pos)) return std::move(*kept);
  // Whatever happens to the search, the cache hears of it (keep, else forget).
  struct Outcome {
    EvalCache* cache;
    const rules::Position& pos;
    bool kept = false;
    ~Outcome() {
      if (cache != nullptr && !kept) cache->forget(pos);
    }
  } outcome{settings.cache, pos};
  const engine::SearchResult answer = search(root, moves, pos);
  PositionEval e = eval_of(answer, pos);
  // A search the timeout cut short did not reach the budget asked: used, never kept as one that did.
  if (settings.cache != nullptr && !answer.cut_short) {
    settings.cache->keep(pos, e);
    outcome.kept = true;
  }
  return e;
}

PositionEval search_position(const Searcher& search, const pdn::Replay& replay, std::size_t k,
                             const AnalysisSettings& settings) {
  const rules::Position& pos = position_at(replay, k);
  if (is_terminal(pos)) return terminal_eval(pos);
  const std::size_t start = history_start(replay, k);
  std::vector<rules::Move> moves;
  for (std::size_t i = start; i < k; ++i) moves.push_back(replay.plies_played[i].move);
  return evaluate(search, position_at(replay, start), moves, pos, settings);
}

/// True when every legal move of `pos` other than `played` loses at least kMistakeMen against
/// `played_value` (White's view of the position after `played`), each searched by `client`.
bool only_move_holds(const Searcher& search, const rules::Position& pos,
                     const rules::Move& played, double played_value,
                     const AnalysisSettings& settings, std::atomic<std::size_t>* searched) {
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  if (legal.size() < 2 || legal.size() > kMaxOnlyMoveChecks) return false;
  const double sign = pos.side_to_move() == rules::Color::White ? 1 : -1;
  for (const rules::Move& m : legal) {
    if (m == played) continue;
    rules::Position next = pos;
    next.play(m);
    PositionEval e;
    if (is_terminal(next)) {
      e = terminal_eval(next);
    } else {
      e = evaluate(search, next, {}, next, settings);
      if (searched) ++*searched;
    }
    if (sign * (played_value - value_of(e)) < kMistakeMen) return false;
  }
  return true;
}

/// The first ply after which every position favours the winner of `outcome` by kDecidedMen.
int decided_ply(const GameAnalysis& a, pdn::Outcome outcome) {
  if (outcome != pdn::Outcome::WhiteWin && outcome != pdn::Outcome::BlackWin) return 0;
  const double sign = outcome == pdn::Outcome::WhiteWin ? 1 : -1;
  if (sign * value_of(a.final_eval) < kDecidedMen) return 0;
  int decided = static_cast<int>(a.plies.size());
  for (std::size_t i = a.plies.size(); i-- > 1;) {
    if (sign * value_of(a.plies[i].before) < kDecidedMen) break;
    decided = static_cast<int>(i);
  }
  return decided;
}

std::string skip_reason(const pdn::Game& game, const pdn::Replay& replay) {
  if (!game.variant.international) return "not International draughts";
  if (replay.status == pdn::ReplayStatus::Invalid || !replay.complete) return "its moves do not all replay";
  if (replay.setup_in_movetext) return "a position is set up in its movetext";
  if (replay.plies_played.size() != static_cast<std::size_t>(replay.plies)) return "its plies were not recorded";
  return "";
}

/// Searches every position of the main line into `a` (plies and final_eval), then the losses.
void search_line(const Searcher& search, const pdn::Replay& replay,
                 const AnalysisSettings& settings, std::atomic<std::size_t>* searched,
                 GameAnalysis& a, std::size_t& k) {
  const std::size_t n = replay.plies_played.size();
  for (k = 0; k <= n; ++k) {
    PositionEval e = search_position(search, replay, k, settings);
    if (searched && !e.terminal) ++*searched;
    if (k == n) {
      a.final_eval = std::move(e);
      break;
    }
    const pdn::ReplayedPly& p = replay.plies_played[k];
    a.plies.push_back({static_cast<int>(k) + 1, p.before.side_to_move(), rules::to_pdn(p.before, p.move),
                       std::move(e), 0, Mark::None});
  }
}

}  // namespace

PositionEval terminal_eval(const rules::Position& pos) {
  PositionEval e;
  e.terminal = e.win = true;
  e.white_score = pos.side_to_move() == rules::Color::White ? -kClampMen : kClampMen;
  return e;
}

void SideSummary::add(const PlyAnalysis& p) {
  ++moves;
  total_loss += p.loss;
  inaccuracies += p.mark == Mark::Inaccuracy;
  mistakes += p.mark == Mark::Mistake;
  blunders += p.mark == Mark::Blunder;
  good += p.mark == Mark::Good;
}

void SideSummary::add(const SideSummary& o) {
  moves += o.moves;
  total_loss += o.total_loss;
  inaccuracies += o.inaccuracies;
  mistakes += o.mistakes;
  blunders += o.blunders;
  good += o.good;
}

std::size_t positions_to_search(const pdn::Replay& replay) {
  if (replay.status == pdn::ReplayStatus::Invalid || replay.status == pdn::ReplayStatus::Skipped ||
      !replay.complete || replay.setup_in_movetext)
    return 0;
  std::size_t n = 0;
  for (std::size_t k = 0; k <= replay.plies_played.size(); ++k) n += !is_terminal(position_at(replay, k));
  return n;
}

GameAnalysis analyse_game(engine::HubClient& client, const pdn::Game& game,
                          const pdn::Replay& replay, const AnalysisSettings& settings,
                          std::atomic<std::size_t>* searched) {
  const Searcher search = [&client, &settings](const rules::Position& root,
                                               std::span<const rules::Move> moves,
                                               const rules::Position& pos) {
    return client.search(root, moves, pos, settings.limit);
  };
  return analyse_game(search, game, replay, settings, searched);
}

GameAnalysis analyse_game(const Searcher& search, const pdn::Game& game,
                          const pdn::Replay& replay, const AnalysisSettings& settings,
                          std::atomic<std::size_t>* searched) {
  GameAnalysis a;
  a.skipped = skip_reason(game, replay);
  if (!a.skipped.empty()) return a;
  std::size_t k = 0;
  try {
    search_line(search, replay, settings, searched, a, k);
    for (std::size_t i = 0; i < a.plies.size(); ++i) {
      PlyAnalysis& p = a.plies[i];
      const double after = value_of(i + 1 < a.plies.size() ? a.plies[i + 1].before : a.final_eval);
      const double drop = value_of(p.before) - after;
      p.loss = std::max(0.0, p.side == rules::Color::White ? drop : -drop);
      p.mark = mark_of_loss(p.loss);
      k = i;
      if (settings.only_moves && p.mark == Mark::None && p.played == p.before.best &&
          only_move_holds(search, replay.plies_played[i].before, replay.plies_played[i].move, after,
                          settings, searched))
        p.mark = Mark::Good;
      (p.side == rules::Color::White ? a.white : a.black).add(p);
    }
  } catch (const engine::EngineError& e) {
    a.error = std::string(e.what()) + " (game " + std::to_string(game.number()) + " of " + game.source +
              ", ply " + std::to_string(k + 1) + ")";
    a.plies.clear();
    a.white = a.black = {};
    return a;
  }
  a.analysed = true;
  a.decided_ply = decided_ply(a, game.result() ? game.result()->outcome() : pdn::Outcome::Unknown);
  return a;
}

std::map<std::string, PlayerAnalysis> player_analyses(std::span<const pdn::Game> games,
                                                      std::span<const GameAnalysis> results) {
  std::map<std::string, PlayerAnalysis> players;
  for (std::size_t i = 0; i < games.size() && i < results.size(); ++i) {
    const GameAnalysis& a = results[i];
    if (!a.analysed) continue;
    for (const auto& [tag, side] : {std::pair{"White", &a.white}, std::pair{"Black", &a.black}}) {
      PlayerAnalysis& p = players[games[i].tag_value_or(tag, "?")];
      ++p.games;
      p.moves.add(*side);
    }
  }
  return players;
}

}  // namespace damdb::analysis
