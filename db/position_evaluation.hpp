#pragma once
// PositionEvaluation: what an engine made of one position, kept in the `evaluations` column
// family so that every game reaching the position shares it (db/SCHEMA.md, "Evaluations").
//   key   PositionKey (12 bytes: Zobrist key BE8, check key BE4)
//   value byte format (1) | string engine | byte budget kind | varint budget value |
//         varint zigzag(score in hundredths of a man, White's view) | byte flags (bit 0: the
//         engine claimed a win) | varint depth | string best move | string PV |
//         string unmatched PV move
// The budget value is plies for a depth, nodes for a node count, milliseconds for a move time.

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace damdb::db {

/// The kind of an engine search's budget (as `level depth=`, `level nodes=`, `level move-time=`).
enum class BudgetKind : std::uint8_t { Depth = 0, Nodes = 1, MoveTime = 2 };

/// The budget of a stored search: its kind and its size (plies, nodes or milliseconds).
struct EvalBudget {
  BudgetKind kind = BudgetKind::Depth;
  std::uint64_t value = 0;

  /// True when a search within this budget answers one within `asked` as well: the same
  /// engine asked no more (same kind, value <= this value).
  bool covers(const EvalBudget& asked) const { return kind == asked.kind && value >= asked.value; }
  friend bool operator==(const EvalBudget&, const EvalBudget&) = default;
};

struct PositionEvaluation {
  std::string engine;          ///< "name version" as the engine gave it
  EvalBudget budget;
  std::int32_t centi_score = 0;  ///< score in hundredths of a man, White's view
  bool win = false;            ///< the engine claimed a win for the side the score favours
  std::uint32_t depth = 0;     ///< depth the engine last reported
  std::string best;            ///< best move, PDN notation
  std::string pv;              ///< principal variation, PDN moves separated by spaces
  std::string unmatched_pv;    ///< the first PV move that matched no legal move, or ""

  /// The score in men, White's view.
  double white_score() const { return centi_score / 100.0; }

  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) on a malformed value or an unknown format or budget kind.
  static PositionEvaluation decode(std::string_view bytes);
  friend bool operator==(const PositionEvaluation&, const PositionEvaluation&) = default;
};

/// Hundredths of a man of a score in men, rounded to the nearest (scores beyond +-2^31/100
/// are clamped).
std::int32_t centi_men(double men);

}  // namespace damdb::db
