// Which copy of a near-duplicate cluster is its primary (the one queries count).
#pragma once

#include <cstdint>
#include <span>

#include "db/game_id.hpp"
#include "db/game_record.hpp"

namespace damdb::indexer {

/// What the choice of a primary compares, in this order: validity (valid > with warnings >
/// invalid), more stored plies, a result that fits the final position (the replay reported
/// neither a result contradicted by the board nor a Result tag disagreeing with the
/// terminator), comments or variations in the text, more tags with a value (db::known_value),
/// then the earliest imported (lowest id).
struct PrimaryRank {
  db::GameId id{};
  db::ValidationStatus status = db::ValidationStatus::Valid;
  std::uint32_t plies = 0;
  bool result_fits = true;
  bool annotated = false;
  std::uint32_t tags = 0;

  static PrimaryRank of(db::GameId id, const db::GameRecord& game);
  /// True when this copy is a better primary than `other`.
  bool better_than(const PrimaryRank& other) const;
};

/// The index in `ranks` of the best primary (precondition: not empty).
std::size_t best_primary(std::span<const PrimaryRank> ranks);

}  // namespace damdb::indexer
