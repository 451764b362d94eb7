// The rules of near-duplicates applied inside one group of games between the same two players
// (either colours): which pairs are linked, by which class, with what evidence. Internal to
// find_duplicates (indexer/duplicates/duplicates.hpp), apart so that each rule can be read on its own.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "indexer/text/duplicate_rules.hpp"
#include "indexer/duplicates/duplicate_class.hpp"

namespace damdb::indexer {

/// Games shorter than this are clustered only as prefixes.
inline constexpr std::size_t kMinClusteredPlies = 10;

/// One game of a group: header fields, texts as indexes into the chunk's tables, moves as a
/// place in the chunk's buffer of move codes (48 bytes: a player pair may have hundreds of
/// thousands of games, all held while its group is compared).
struct GroupGame {
  std::uint64_t round = 0;             ///< round_key of the Round tag (0: none)
  std::uint64_t codes_offset = 0;      ///< first move code in GroupTables::codes
  std::uint32_t plies = 0;             ///< move codes (GameRecord::moves)
  std::uint32_t id = 0;
  std::uint32_t white = 0, black = 0;  ///< player identities (PlayerKeys)
  std::uint32_t event = 0;             ///< index into GroupTables::events (Event tag as written)
  std::uint32_t date = 0;              ///< index into GroupTables::dates and ::calendar
  std::uint32_t start_fen = 0;         ///< index into GroupTables::fens ("" = initial position)
};
static_assert(sizeof(GroupGame) == 48);

/// The texts and moves the games of a chunk refer to.
struct GroupTables {
  std::span<const std::string> events;        ///< Event tags as written
  std::span<const std::string> dates;         ///< game_date texts ("" when unknown)
  std::span<const CalendarDate> calendar;     ///< parallel to dates
  std::span<const std::string> fens;          ///< start FENs ("" = initial position)
  std::span<const std::uint8_t> codes;        ///< move codes of every game, one after the other
};

/// The games of one group (all between the same two players) with the tables they index.
class Group {
 public:
  Group(std::span<const GroupGame> games, const GroupTables& tables)
      : games_(games), tables_(tables) {}
  std::size_t size() const { return games_.size(); }
  const GroupGame& operator[](std::size_t i) const { return games_[i]; }
  std::string_view event(const GroupGame& g) const { return tables_.events[g.event]; }
  std::string_view date_text(const GroupGame& g) const { return tables_.dates[g.date]; }
  const CalendarDate& date(const GroupGame& g) const { return tables_.calendar[g.date]; }
  std::string_view start_fen(const GroupGame& g) const { return tables_.fens[g.start_fen]; }
  std::span<const std::uint8_t> codes(const GroupGame& g) const {
    return tables_.codes.subspan(g.codes_offset, g.plies);
  }

 private:
  std::span<const GroupGame> games_;
  GroupTables tables_;
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
std::vector<GroupLink> link_group(const Group& games, std::uint64_t& replayed, bool replay = true);

}  // namespace damdb::indexer
