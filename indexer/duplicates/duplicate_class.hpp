// The kinds of near-duplicate (find_duplicates, indexer/duplicates/duplicates.hpp) and their names, apart
// from the search so that the rules of one group of games (duplicate_groups) and the marks can
// name a kind without the search itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace damdb::indexer {

/// The kinds of near-duplicate, in the order `damdb duplicates` lists them. In every class two
/// games that both name a round, and different rounds, are two games (never linked).
enum class DuplicateClass : std::uint8_t {
  /// One game's main line is a Prefix of the other's (or has at most 2 plies), the same
  /// players in the same colours, the same year or a date missing. Games under 10 plies are
  /// clustered only in this class. A Prefix that fits several longer games (different games
  /// that begin alike) is not clustered unless exactly one of them has a compatible date.
  Prefix,
  /// The same moves, the same players in the same colours, dates within 2 days or equal up
  /// to format (dates_close), event names that cluster (events_cluster).
  TagVariant,
  /// The same moves, the names in the other colours (a typing error: flagged only).
  ColoursSwapped,
  /// The same final position and ply count, the same players, the moves in another order.
  MoveOrder,
  /// Main lines within 2 edited plies (notation: from and to squares), the same players and
  /// compatible dates, neither line a Prefix of the other.
  SmallEdit,
};
inline constexpr std::size_t kDuplicateClasses = 5;

/// "prefix", "tag-variant", "colours-swapped", "move-order", "small-edit".
std::string_view duplicate_class_name(DuplicateClass c);
/// The class of a name as printed by duplicate_class_name, or nullopt.
std::optional<DuplicateClass> parse_duplicate_class(std::string_view name);
/// True for the classes `--apply` may mark (prefix and tag-variant; the others are flags).
bool duplicate_class_applicable(DuplicateClass c);

}  // namespace damdb::indexer
