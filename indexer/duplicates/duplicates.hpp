// Near-duplicates: stored games that are one game written several ways (a broadcast that
// stopped early, a re-typing with other tags, the colours exchanged, moves in another order, a
// repaired typo), found in groups of games between the same two players and classified with
// the evidence that links them. Games that are the same game by the import's identity rules
// (db::GameIdentity) are already one stored game with several sources; this finds the rest.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "indexer/duplicates/duplicate_class.hpp"
#include "indexer/games/game_filter.hpp"

namespace damdb::indexer {

/// Two games linked by a rule, and why.
struct DuplicateLink {
  db::GameId a, b;
  std::string evidence;  ///< e.g. "#12 (34 plies) is a prefix of #40 (71 plies)"
};

/// A connected set of games linked by one class's rule.
struct DuplicateCluster {
  DuplicateClass kind = DuplicateClass::Prefix;
  std::vector<db::GameId> members;  ///< the primary (choose_primary) first, then ascending ids
  std::vector<DuplicateLink> links; ///< the pairs that make the cluster, with their evidence
};

struct DuplicateReport {
  std::uint64_t games = 0;             ///< games passing the filter
  std::uint64_t candidates = 0;        ///< of which sharing their player pair with another game
  std::uint64_t replayed = 0;          ///< games replayed (move-order and small-edit checks)
  std::vector<DuplicateCluster> clusters;  ///< by class, then by primary id
  std::array<std::uint64_t, kDuplicateClasses> clusters_by_class{};
  std::array<std::uint64_t, kDuplicateClasses> games_by_class{};  ///< members, per class
};

struct DuplicateOptions {
  /// Moves of at most this many plies are held in memory at a time (games are read in chunks
  /// of whole player pairs; a single larger pair is read alone): with their positions in the
  /// chunk and the replayed lines of a pair, about 10 bytes a ply.
  std::size_t chunk_plies = std::size_t{1} << 22;
  /// When not 0: only the player pairs with a game of this id or a later one are compared
  /// (the games an import just added; see apply_to_new_games).
  std::uint32_t new_from = 0;
  /// The classes looked for, one bit each (1 << DuplicateClass); every class by default. Without
  /// MoveOrder and SmallEdit no game is replayed (their replayed lines are the largest memory
  /// of a large player pair).
  std::uint32_t classes = (1u << kDuplicateClasses) - 1;
};

/// Every near-duplicate cluster among the games passing `filter`. Games with an unknown player
/// (empty or "?") are never clustered; players are compared after the merges of `stats
/// players` (PlayerKeys). Reads the headers once, then the moves of the candidate games once
/// (in chunks, see DuplicateOptions). Throws db::Error from the database.
DuplicateReport find_duplicates(const db::Database& db, const GameFilter& filter,
                                const DuplicateOptions& options = {});

}  // namespace damdb::indexer
