// The rules that tell near-duplicates of one game apart from different games, as small pure
// functions over already folded values: dates within a few days or equal up to format (the
// date rules themselves are pdn/date.hpp's), event names that are spellings of one event, main lines within a few edited plies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "indexer/text/game_date.hpp"  // CalendarDate, dates_compatible, dates_close: the date rules

namespace damdb::indexer {

/// The comparable core of an event name: fold_text, then without the words that are a year
/// (four digits 1800..2099) and without one-letter words (elided articles: "d'Allinges" ->
/// "allinges"). "1er Open International d'Allinges 2007" -> "1er open international allinges".
std::string event_core(std::string_view event);

/// True when two event names can be spellings of one event: either is unknown ("" or "?"),
/// their cores (event_core) are equal, or the cores are within a small edit distance (1 for
/// cores of 5..11 characters, 2 for 12..23, 3 from 24 on; shorter cores must be equal), or one
/// core is the other plus or minus whole words at the end or start and the shorter has at
/// least two words ("open allinges" / "open allinges blitz").
bool events_cluster(std::string_view a, std::string_view b);
/// events_cluster on the cores of the two names (event_core; "" for an unknown name), for a
/// caller that compares each name with many others.
bool event_cores_cluster(std::string_view core_a, std::string_view core_b);

/// Levenshtein distance (substitutions, insertions, deletions) of two sequences, computed in
/// a band of width 2 x max + 1; any value above `max` is returned as max + 1.
std::size_t edit_distance(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                          std::size_t max);
/// The same for the bytes of two strings.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t max);

}  // namespace damdb::indexer
