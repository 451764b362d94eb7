// The stored games that the stored position evaluations judge: see games_by_evaluation.hpp.
#include "indexer/games/games_by_evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "indexer/analysis/move_marks.hpp"
#include "indexer/records/game_moves.hpp"
#include "rules/movegen.hpp"

namespace damdb::indexer {
namespace {

/// A position's value from White's side as the analysis counts it, and whether it is a win.
struct Judged {
  double value = 0;
  bool white_wins = false, black_wins = false;
};

using Evaluations = std::map<db::PositionKey, db::PositionEvaluation>;

/// The judged value of `pos`: a terminal position is lost for the side to move; otherwise its
/// stored evaluation, or nullopt.
std::optional<Judged> judged(const rules::Position& pos, const Evaluations& evaluations) {
  Judged j;
  if (rules::count_moves(pos) == 0) {
    const bool white_lost = pos.side_to_move() == rules::Color::White;
    j.value = white_lost ? -analysis::kClampMen : analysis::kClampMen;
    (white_lost ? j.black_wins : j.white_wins) = true;
    return j;
  }
  const auto it = evaluations.find({pos.key(), pos.check_key()});
  if (it == evaluations.end()) return std::nullopt;
  const double score = it->second.white_score();
  j.white_wins = it->second.win && score > 0;
  j.black_wins = it->second.win && score < 0;
  j.value = j.white_wins ? analysis::kClampMen : j.black_wins ? -analysis::kClampMen : analysis::clamped(score);
  return j;
}

/// What the plies of one game show.
struct GameMarks {
  bool white_blunder = false, black_blunder = false, missed_win = false;
  double largest_swing = 0;
};

void judge_ply(const rules::Position& before, const Judged& a, const Judged& b, GameMarks& marks) {
  const bool white = before.side_to_move() == rules::Color::White;
  const double loss = std::max(0.0, white ? a.value - b.value : b.value - a.value);
  if (loss >= analysis::kBlunderMen) (white ? marks.white_blunder : marks.black_blunder) = true;
  if (white ? (a.white_wins && !b.white_wins) : (a.black_wins && !b.black_wins)) marks.missed_win = true;
  marks.largest_swing = std::max(marks.largest_swing, std::abs(b.value - a.value));
}

/// The marks of the stored game `record`'s main line (GameDecodeError for a bad record).
GameMarks marks_of(const db::GameRecord& record, const Evaluations& evaluations) {
  GameMarks marks;
  rules::Position pos = start_position(record);
  rules::MoveList scratch;
  std::optional<Judged> before = judged(pos, evaluations);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const rules::Position at = pos;
    pos.play(move_of_code(at, scratch, record.moves[i], i));
    const std::optional<Judged> after = judged(pos, evaluations);
    if (before && after) judge_ply(at, *before, *after, marks);
    before = after;
  }
  return marks;
}

bool meets(const GameMarks& m, const EvaluationCriteria& c) {
  if (c.blunder_by == BlunderBy::White && !m.white_blunder) return false;
  if (c.blunder_by == BlunderBy::Black && !m.black_blunder) return false;
  if (c.blunder_by == BlunderBy::Either && !m.white_blunder && !m.black_blunder) return false;
  if (c.missed_win && !m.missed_win) return false;
  return c.eval_swing <= 0 || m.largest_swing >= c.eval_swing - 1e-9;
}

}  // namespace

std::vector<db::GameId> games_by_evaluation(const db::Database& db, const EvaluationCriteria& criteria) {
  Evaluations evaluations;
  db.for_each_evaluation([&](const db::PositionKey& key, const db::PositionEvaluation& e) {
    evaluations.emplace(key, e);
    return true;
  });
  std::vector<db::GameId> reached;
  for (const auto& [key, e] : evaluations)
    db.for_each_occurrence(key, [&](const db::Occurrence& o) {
      reached.push_back(o.game);
      return true;
    });
  std::sort(reached.begin(), reached.end());
  reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
  std::vector<db::GameId> out;
  db.for_each_game_of(reached, [&](db::GameId id, const db::GameRecord& record) {
    try {
      if (meets(marks_of(record, evaluations), criteria)) out.push_back(id);
    } catch (const GameDecodeError&) {
      // a record that does not replay is judged by nothing
    }
    return true;
  });
  return out;
}

}  // namespace damdb::indexer
