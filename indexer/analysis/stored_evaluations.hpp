// The evaluations an analysis keeps in a database (db::Database::put_evaluations), by position:
// a position searched once is not sent to the engine again, for any game that reaches it, while
// the stored search was made by the same engine within a budget at least as large.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "db/position_evaluation.hpp"
#include "indexer/analysis/game_analysis.hpp"

namespace damdb::analysis {

/// The budget of a search as stored (a move time in milliseconds).
db::EvalBudget budget_of(const engine::SearchLimit& limit);

/// The stored form of an engine's evaluation, and back.
db::PositionEvaluation stored_form(const PositionEval& eval, const std::string& engine,
                                   const db::EvalBudget& budget);
PositionEval eval_of_stored(const db::PositionEvaluation& stored);

/// An EvalCache over a database open for writing, shared by the engine threads. The evaluations the engine gives are written
/// in batches (every kBatch evaluations, and at each flush()), so that an analysis stopped
/// half-way keeps what it searched; those of this run are also kept in memory until written.
class StoredEvaluations final : public EvalCache {
 public:
  static constexpr std::size_t kBatch = 64;

  /// Looks up and stores in `db` (ReadWrite; it must outlive this) the searches of `limit`.
  StoredEvaluations(db::Database& db, const engine::SearchLimit& limit);
  ~StoredEvaluations() override;

  /// Names the engine whose evaluations are used and stored ("name version"); the first call
  /// sets it, later ones are ignored. find() answers nothing before it.
  void set_engine(const std::string& name);

  /// Also waits while another thread searches `pos` (between its find() and its keep() or
  /// forget()), so that engines running side by side never search one position twice; a find()
  /// that answers nothing claims the position for its caller.
  std::optional<PositionEval> find(const rules::Position& pos) override;
  void keep(const rules::Position& pos, const PositionEval& eval) override;
  void forget(const rules::Position& pos) override;
  /// Writes the evaluations kept since the last write. Raises db::Error from the database.
  void flush();

  /// Positions found stored (in the database or earlier in this run), and positions asked for.
  std::size_t hits() const { return hits_; }
  std::size_t lookups() const { return lookups_; }
  /// Positions the engine answered and that were kept: a position the engine failed on (or
  /// whose search the timeout cut short) was asked for but is not counted here.
  std::size_t kept() const { return kept_; }

 private:
  void write_pending();
  /// Ends the claim on `key` and wakes the threads waiting for it.
  void settle(const db::PositionKey& key);
  db::Database& db_;
  db::EvalBudget budget_;
  std::mutex mutex_;
  std::string engine_;
  std::condition_variable settled_;  // a claim ended
  std::set<db::PositionKey> searching_;  // claimed: being searched by some thread
  std::map<db::PositionKey, db::PositionEvaluation> run_;  // this run's, written or not
  std::vector<std::pair<db::PositionKey, db::PositionEvaluation>> pending_;
  std::atomic<std::size_t> hits_{0}, lookups_{0}, kept_{0};
};

}  // namespace damdb::analysis
