// The date of a game: reading the PDN Date tag in the forms real files write, the date's index
// key ("YYYY.MM.DD" with "??" for unknown parts), its sort number, and the comparisons that
// tell whether two dates can be the same day (near-duplicates) or touch (event clustering).
// This is the one home of dates: the tag check, the importer's index keys and the dates by
// which it tells copies of a game apart, the filters, the statistics, the novelty's order of
// games, the near-duplicate rules and the event clusters call it. It lives in pdn/ because the
// reader already normalises the Date tag while it reads (pdn/tag_values.hpp), and everything
// above pdn/ can call it; db/ keeps the date as the text it is given (db::GameTerms).
// Source: PDN 3.0 "Date" tag: YYYY.MM.DD with '?' for each unknown digit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <optional>
#include <utility>

namespace damdb::pdn {

/// True for a Date tag value in the PDN 3.0 form with no zero part: "2003.05.14",
/// "2003.??.??", "????.??.??"; and for the empty value (no date written).
bool is_standard_date(std::string_view value);

/// How a Date tag value reads: `standard` (is_standard_date), else `normalized` holds the
/// YYYY.MM.DD form when it is clear: 2024-12-14, 2024/12/14, 14-12-2024, 14.12.2024,
/// 14/12/2024 (day first), "17 april 2009" (English or Dutch month names), "1950." and "2004"
/// (year only); zero parts are unknown ("0000.00.00" -> "????.??.??", "2004.00.00" ->
/// "2004.??.??"). `normalized` is empty when the value is not understood (or out of range).
struct DateTagReading {
  bool standard = false;
  std::string normalized;
};
DateTagReading read_date_tag(std::string_view value);

/// A date text as an index key "YYYY.MM.DD" with "??" for unknown parts (keeps the digits, '?'
/// and '.' of `date`); "" when it is not of that shape or its year is unknown.
std::string date_key(std::string_view date);

/// date_key of a Date tag value as written, after read_date_tag's normalisation: "17 april
/// 2009" -> "2009.04.17".
std::string date_key_of_tag(std::string_view raw);

/// The sort number of a date key: yyyymmdd with unknown month or day 00; 0 when the year is
/// unknown or `date` is not a 10-character key.
std::uint32_t date_number(std::string_view date);

/// The "YYYY.MM.DD" lower (or, `upper`, upper) bound of a partial date a user writes: "2003"
/// -> "2003.00.00" / "2003.99.99", "2003.05", "2003-05-14", "2003/5/4"; "" with `error` set
/// ("bad date ...") when it is not such a date (a month not 1..12, a day not in its month).
std::string date_bound(std::string_view partial, bool upper, std::string& error);

/// A calendar date with unknown parts 0 (from a "YYYY.MM.DD" key with "??" parts).
struct CalendarDate {
  int year = 0, month = 0, day = 0;
  /// Parses a date_key text; every part not a number (or 0) is unknown; a month over 12 or a
  /// day over 31 is unknown. "" -> all 0.
  static CalendarDate of(std::string_view date_key);
  bool known() const { return year != 0; }
  bool complete() const { return year != 0 && month != 0 && day != 0; }
  /// The date key: "YYYY.MM.DD" with "??" for an unknown month or day; "" when the year is
  /// unknown (or not of four digits).
  std::string key() const;
  friend bool operator==(const CalendarDate&, const CalendarDate&) = default;
};

/// True when the years are equal or either is unknown (the prefix / broadcast rule).
bool same_year(const CalendarDate& a, const CalendarDate& b);

/// True when every part both know is equal ("2003.??.??" fits "2003.05.14"; unknown fits all).
bool dates_compatible(const CalendarDate& a, const CalendarDate& b);

/// How one date stands against another.
enum class DateOrder {
  Earlier,  ///< certainly before: the last day it may be falls before the other's first day
  SameDay,  ///< both full dates, the same day
  Later,    ///< certainly after
  Unknown,  ///< either date unknown, or partial dates whose periods overlap (2003 and 2003.05.14)
};

/// `a` against `b`, both date_number values (YYYYMMDD, an unknown month or day 00, 0 for an
/// unknown year), a partial date taken as the period of the days it may be: the parts both
/// know are compared from the year down, and a part unknown on either side leaves the order of
/// two dates with the same larger parts unknown ("1969.??.??" against "1969.05.14" is Unknown,
/// against "1970.05.14" Earlier).
DateOrder date_order(std::uint32_t a, std::uint32_t b);

/// dates_compatible of two date keys (CalendarDate::of each): whether two copies of a game so
/// dated can be one game.
bool date_keys_fit(std::string_view a, std::string_view b);

/// The date key of one game whose copies are dated `a` and `b` (date keys that fit): every part
/// either knows ("2003.??.??" and "2003.05.14" -> "2003.05.14"); `a` as it is when `b` knows
/// no part that `a` lacks, `b` as it is when `a` knows none that `b` lacks.
std::string merged_date_key(std::string_view a, std::string_view b);

/// Dates of one game written twice, or of one event's neighbouring days: compatible (above),
/// or both complete and at most `max_days` days apart (a date typed a day late), or both
/// complete with day and month exchanged ("12-3-2003" read as 2003.03.12 and as 2003.12.03).
bool dates_close(const CalendarDate& a, const CalendarDate& b, int max_days = 2);

/// True when the date ranges [first_a, last_a] and [first_b, last_b] (date keys) overlap, or
/// touch within 2 days (dates_close of one's last date and the other's first date); true when
/// either range is unknown (an empty first date). Unknown parts widen a range: "2003.??.??" as
/// a first date is 2003.00.00, as a last date 2003.99.99. Events that can be one event.
bool date_ranges_meet(std::string_view first_a, std::string_view last_a, std::string_view first_b,
                      std::string_view last_b);

/// Months as year * 12 + month - 1.
using Month = long;

/// The months a date key can name: its month, or the 12 of its year when the month is unknown
/// (as CalendarDate reads it); nullopt when the year is unknown, a part is negative or the text
/// is not "YYYY", "YYYY.MM..." (then its string order is not the order of its months).
std::optional<std::pair<Month, Month>> month_span(std::string_view date);

/// True when a date key names a year: not empty and not starting with '?'.
bool date_known(std::string_view date);

/// The year of a date key, "????" when date_known is false.
std::string date_year(std::string_view date);

}  // namespace damdb::pdn
