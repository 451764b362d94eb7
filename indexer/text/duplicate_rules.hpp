// The rules that tell near-duplicates of one game apart from different games, as small pure
// functions over already folded values: dates within a few days or equal up to format, event
// names that are spellings of one event, main lines within a few edited plies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace damdb::indexer {

/// A calendar date with unknown parts 0 (from a "YYYY.MM.DD" index text with "??" parts).
struct CalendarDate {
  int year = 0, month = 0, day = 0;
  /// Parses a date_key/game_date text; every part not a number (or 0) is unknown. "" -> all 0.
  static CalendarDate of(std::string_view date_key);
  bool known() const { return year != 0; }
  bool complete() const { return year != 0 && month != 0 && day != 0; }
};

/// True when the years are equal or either is unknown (the prefix / broadcast rule).
bool same_year(const CalendarDate& a, const CalendarDate& b);

/// True when every part both know is equal ("2003.??.??" fits "2003.05.14"; unknown fits all).
bool dates_compatible(const CalendarDate& a, const CalendarDate& b);

/// Dates of one game written twice: compatible (above), or both complete and at most
/// `max_days` days apart (a date typed a day late), or both complete with day and month
/// exchanged ("12-3-2003" read as 2003.03.12 and as 2003.12.03).
bool dates_close(const CalendarDate& a, const CalendarDate& b, int max_days = 2);

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
