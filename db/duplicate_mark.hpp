#pragma once
// DuplicateMark: a near-duplicate cluster marked by `damdb duplicates --apply`: its primary
// (the game queries count) and its other members (kept, never deleted, hidden from counts).
// Stored in the meta column family:
//   key "cluster:" + primary GameId (4 bytes BE)
//   value varint classes (bit c: DuplicateClass c linked the cluster), varint n members,
//         n x varint member id (ascending, the primary not included)

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/game_id.hpp"

namespace damdb::db {

struct DuplicateMark {
  GameId primary;
  std::uint32_t classes = 0;    ///< bit c set: class c (indexer::DuplicateClass) linked it
  std::vector<GameId> members;  ///< ascending, without the primary

  /// The meta key: "cluster:" + BE4 primary id.
  std::string key() const;
  void encode(std::string& out) const;
  /// Raises Error(Corruption) on a malformed value.
  static DuplicateMark decode(GameId primary, std::string_view bytes);
  friend bool operator==(const DuplicateMark&, const DuplicateMark&) = default;
};

/// The prefix of every DuplicateMark key in meta.
inline constexpr std::string_view kDuplicateMarkPrefix = "cluster:";

}  // namespace damdb::db
