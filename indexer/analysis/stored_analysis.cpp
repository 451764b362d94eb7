// A game's analysis from stored evaluations alone: see stored_analysis.hpp.
#include "indexer/analysis/stored_analysis.hpp"

#include "indexer/analysis/stored_evaluations.hpp"
#include "rules/movegen.hpp"

namespace damdb::analysis {
namespace {

db::PositionKey key_of(const rules::Position& pos) { return {pos.key(), pos.check_key()}; }

/// An EvalCache that finds what `db` holds (any engine, any budget) and keeps nothing.
class DatabaseEvaluations final : public EvalCache {
 public:
  explicit DatabaseEvaluations(const db::Database& db) : db_(db) {}
  std::optional<PositionEval> find(const rules::Position& pos) override {
    const std::optional<db::PositionEvaluation> stored = db_.evaluation(key_of(pos));
    if (!stored) return std::nullopt;
    return eval_of_stored(*stored);
  }
  void keep(const rules::Position&, const PositionEval&) override {}

 private:
  const db::Database& db_;
};

/// The searcher of a position nothing stores: it cannot answer.
engine::SearchResult not_stored(const rules::Position&, std::span<const rules::Move>,
                                const rules::Position&) {
  throw engine::EngineError(engine::EngineError::Kind::Refused, "no stored evaluation");
}

/// The main line's positions, the final one last.
std::vector<db::PositionKey> line_keys(const pdn::Replay& replay) {
  std::vector<db::PositionKey> keys;
  for (const pdn::ReplayedPly& p : replay.plies_played) keys.push_back(key_of(p.before));
  keys.push_back(key_of(replay.final_position));
  return keys;
}

}  // namespace

StoredAnalysis stored_analysis(const db::Database& db, const pdn::Game& game, const pdn::Replay& replay) {
  StoredAnalysis out;
  const std::vector<db::PositionKey> keys = line_keys(replay);
  const std::vector<std::optional<db::PositionEvaluation>> found = db.evaluations(keys);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const rules::Position& pos =
        k < replay.plies_played.size() ? replay.plies_played[k].before : replay.final_position;
    const bool terminal = rules::count_moves(pos) == 0;
    if (terminal) out.positions.push_back(terminal_eval(pos));
    else if (found[k]) out.positions.push_back(eval_of_stored(*found[k]));
    else out.positions.emplace_back();
    out.stored += terminal || found[k].has_value();
  }
  if (out.stored < keys.size()) return out;  // analyse_game would need the engine
  DatabaseEvaluations cache(db);
  AnalysisSettings settings;
  settings.cache = &cache;
  out.analysis = analyse_game(not_stored, game, replay, settings);
  out.only_moves = out.analysis.analysed;
  if (!out.analysis.analysed && out.analysis.skipped.empty()) {  // an alternative is not stored
    settings.only_moves = false;
    out.analysis = analyse_game(not_stored, game, replay, settings);
  }
  return out;
}

}  // namespace damdb::analysis
