// The rules of near-duplicates applied inside one group of games between the same two players
// (either colours): which pairs are linked, by which class, with what evidence. Internal to
// find_duplicates (indexer/duplicates.hpp), apart so that each rule can be read on its own.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "indexer/duplicate_rules.hpp"
#include "indexer/duplicates.hpp"

namespace damdb::indexer {

/// Games shorter than this are clustered only as prefixes.
inline constexpr std::size_t kMinClusteredPlies = 10;

/// One game of a group, with its moves.
struct GroupGame {
  std::uint32_t id = 0;
  std::uint32_t white = 0, black = 0;  ///< player identities (PlayerKeys)
  std::string_view event;              ///< Event tag as written
  std::uint64_t round = 0;             ///< round_key of the Round tag (0: none)
  std::string_view date_text;          ///< game_date ("" when unknown)
  CalendarDate date;
  std::string_view start_fen;          ///< "" = initial position
  std::span<const std::uint8_t> codes; ///< move codes (GameRecord::moves)
};

/// A link between games `a` and `b` (indexes into the group).
struct GroupLink {
  std::uint32_t a = 0, b = 0;
  DuplicateClass kind = DuplicateClass::Prefix;
  std::string evidence;
};

/// A 64-bit hash of the folded Round tag, 0 for none ("", "?", "-"): two games whose keys are
/// both non-zero and differ name different rounds.
std::uint64_t round_key(std::string_view round);

/// Every link among `games` (all between the same two players); the move-order and small-edit
/// rules only when `replay` (they replay the games). `replayed` is increased by the number of
/// games replayed.
std::vector<GroupLink> link_group(std::span<const GroupGame> games, std::uint64_t& replayed,
                                  bool replay = true);

}  // namespace damdb::indexer
