// The evaluations an analysis keeps in a database: see stored_evaluations.hpp.
#include "indexer/analysis/stored_evaluations.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

namespace damdb::analysis {
namespace {

db::PositionKey key_of(const rules::Position& pos) { return {pos.key(), pos.check_key()}; }

}  // namespace

db::EvalBudget budget_of(const engine::SearchLimit& limit) {
  switch (limit.kind) {
    case engine::SearchLimit::Kind::Nodes:
      return {db::BudgetKind::Nodes, static_cast<std::uint64_t>(std::llround(limit.value))};
    case engine::SearchLimit::Kind::MoveTime:
      return {db::BudgetKind::MoveTime, static_cast<std::uint64_t>(std::llround(limit.value * 1000))};
    case engine::SearchLimit::Kind::Depth:
      break;
  }
  return {db::BudgetKind::Depth, static_cast<std::uint64_t>(std::llround(limit.value))};
}

db::PositionEvaluation stored_form(const PositionEval& eval, const std::string& engine,
                                   const db::EvalBudget& budget) {
  db::PositionEvaluation s;
  s.engine = engine;
  s.budget = budget;
  s.centi_score = db::centi_men(eval.white_score);
  s.win = eval.win;
  s.depth = static_cast<std::uint32_t>(std::max(0, eval.depth));
  s.best = eval.best;
  s.pv = eval.pv;
  s.unmatched_pv = eval.unmatched_pv;
  return s;
}

PositionEval eval_of_stored(const db::PositionEvaluation& stored) {
  PositionEval e;
  e.white_score = stored.white_score();
  e.win = stored.win;
  e.depth = static_cast<int>(stored.depth);
  e.best = stored.best;
  e.pv = stored.pv;
  e.unmatched_pv = stored.unmatched_pv;
  return e;
}

StoredEvaluations::StoredEvaluations(db::Database& db, const engine::SearchLimit& limit)
    : db_(db), budget_(budget_of(limit)) {}

StoredEvaluations::~StoredEvaluations() {
  try {
    flush();
  } catch (const std::exception&) {
    // the caller flushes and reports; a destructor never throws
  }
}

void StoredEvaluations::set_engine(const std::string& name) {
  const std::lock_guard lock(mutex_);
  if (engine_.empty()) engine_ = name;
}

std::optional<PositionEval> StoredEvaluations::find(const rules::Position& pos) {
  ++lookups_;
  const db::PositionKey key = key_of(pos);
  std::optional<db::PositionEvaluation> stored;
  std::string engine;
  {
    std::unique_lock lock(mutex_);
    if (engine_.empty()) return std::nullopt;
    // Another engine is searching the position: its answer is this one's too.
    settled_.wait(lock, [&] { return !searching_.contains(key); });
    engine = engine_;
    if (const auto it = run_.find(key); it != run_.end()) stored = it->second;
    else searching_.insert(key);  // claimed until kept or forgotten
  }
  if (!stored) {
    try {
      stored = db_.evaluation(key);
    } catch (...) {
      settle(key);
      throw;
    }
    if (!stored || stored->engine != engine || !stored->budget.covers(budget_)) return std::nullopt;
    settle(key);
  }
  ++hits_;
  return eval_of_stored(*stored);
}

void StoredEvaluations::keep(const rules::Position& pos, const PositionEval& eval) {
  const db::PositionKey key = key_of(pos);
  {
    const std::lock_guard lock(mutex_);
    searching_.erase(key);
    if (!engine_.empty()) {
      db::PositionEvaluation stored = stored_form(eval, engine_, budget_);
      run_[key] = stored;
      pending_.emplace_back(key, std::move(stored));
      ++kept_;
      if (pending_.size() >= kBatch) write_pending();
    }
  }
  settled_.notify_all();
}

void StoredEvaluations::forget(const rules::Position& pos) { settle(key_of(pos)); }

void StoredEvaluations::settle(const db::PositionKey& key) {
  {
    const std::lock_guard lock(mutex_);
    searching_.erase(key);
  }
  settled_.notify_all();
}

void StoredEvaluations::flush() {
  const std::lock_guard lock(mutex_);
  write_pending();
}

void StoredEvaluations::write_pending() {
  if (pending_.empty()) return;
  db_.put_evaluations(pending_);
  pending_.clear();
}

}  // namespace damdb::analysis
