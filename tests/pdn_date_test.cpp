// Unit tests of the game date (pdn/date.hpp): the Date tag forms, the index key, the sort
// number, the partial dates of filters and the calendar rules, against calendar facts known
// independently (2003 is not a leap year, 2004 is; 2003-12-31 and 2004-01-01 are one day apart).
#include "pdn/date.hpp"
#include "pdn/tag_values.hpp"

#include <gtest/gtest.h>

#include <string>

namespace damdb::pdn {
namespace {

std::string normalized(const char* value) { return read_date_tag(value).normalized; }

TEST(Date, StandardTagValues) {
  EXPECT_TRUE(read_date_tag("2003.05.14").standard);
  EXPECT_TRUE(read_date_tag("2003.??.??").standard);
  EXPECT_TRUE(read_date_tag("????.??.??").standard);
  EXPECT_TRUE(read_date_tag("").standard);
  EXPECT_TRUE(is_standard_date("2003.05.14"));
  EXPECT_FALSE(is_standard_date("0000.00.00"));
  EXPECT_FALSE(is_standard_date("2003-05-14"));
}

TEST(Date, OtherFormsNormalised) {
  EXPECT_EQ(normalized("2024-12-14"), "2024.12.14");
  EXPECT_EQ(normalized("2024/12/4"), "2024.12.04");
  EXPECT_EQ(normalized("14-12-2024"), "2024.12.14");
  EXPECT_EQ(normalized("14.12.2024"), "2024.12.14");
  EXPECT_EQ(normalized("4/2/2024"), "2024.02.04");  // day first
  EXPECT_EQ(normalized("17 april 2009"), "2009.04.17");
  EXPECT_EQ(normalized("3 maart 2001"), "2001.03.03");
  EXPECT_EQ(normalized("1950."), "1950.??.??");
  EXPECT_EQ(normalized("2004"), "2004.??.??");
  EXPECT_EQ(normalized("0000.00.00"), "????.??.??");
  EXPECT_EQ(normalized("2004.00.00"), "2004.??.??");
  EXPECT_EQ(normalized("32-13-2003"), "");  // no such day and month
  EXPECT_EQ(normalized("yesterday"), "");
  EXPECT_FALSE(read_date_tag("yesterday").standard);
}

TEST(Date, TagCheckUsesTheReading) {
  const TagValueCheck dashed = check_tag_value("Date", "2024-12-14");
  EXPECT_FALSE(dashed.valid);
  EXPECT_EQ(dashed.normalized, "2024.12.14");
  EXPECT_EQ(dashed.kind, IssueKind::DateNormalized);
  EXPECT_EQ(check_tag_value("Date", "yesterday").kind, IssueKind::TagFormat);
  EXPECT_TRUE(check_tag_value("Date", "2003.05.14").valid);
}

TEST(Date, KeysAndSortNumbers) {
  EXPECT_EQ(date_key("2003.05.14"), "2003.05.14");
  EXPECT_EQ(date_key("2003.??.??"), "2003.??.??");
  EXPECT_EQ(date_key("????.??.??"), "");
  EXPECT_EQ(date_key("2003-05-14"), "");
  EXPECT_EQ(date_key(""), "");
  EXPECT_EQ(date_key_of_tag("17 april 2009"), "2009.04.17");
  EXPECT_EQ(date_key_of_tag("13-01-1996"), "1996.01.13");
  EXPECT_EQ(date_key_of_tag("0000.00.00"), "");
  EXPECT_EQ(date_number("2003.05.14"), 20030514u);
  EXPECT_EQ(date_number("2003.??.??"), 20030000u);
  EXPECT_EQ(date_number(""), 0u);
  EXPECT_EQ(date_number("????.05.14"), 0u);
  EXPECT_LT(date_number("2003.05.31"), date_number("2003.06.01"));
  EXPECT_LT(date_number("2003.??.??"), date_number("2003.01.01"));
}

TEST(Date, FilterBounds) {
  std::string error;
  EXPECT_EQ(date_bound("2003", false, error), "2003.00.00");
  EXPECT_EQ(date_bound("2003", true, error), "2003.99.99");
  EXPECT_EQ(date_bound("2003-5", false, error), "2003.05.00");
  EXPECT_EQ(date_bound("2003/5/4", true, error), "2003.05.04");
  EXPECT_EQ(date_bound("2004.02.29", false, error), "2004.02.29");
  EXPECT_EQ(error, "");
  EXPECT_EQ(date_bound("2003.02.29", false, error), "");
  EXPECT_EQ(error, "bad date \"2003.02.29\": no day 29 in 2003.02");
  EXPECT_EQ(date_bound("2003.13", false, error), "");
  EXPECT_EQ(error, "bad date \"2003.13\": month 13 is not 1..12");
  EXPECT_EQ(date_bound("03.05", false, error), "");
  EXPECT_EQ(error, "bad date \"03.05\": use YYYY, YYYY.MM or YYYY.MM.DD");
}

TEST(Date, CalendarRules) {
  const CalendarDate may14 = CalendarDate::of("2003.05.14");
  EXPECT_EQ(may14.year, 2003);
  EXPECT_EQ(may14.month, 5);
  EXPECT_EQ(may14.day, 14);
  EXPECT_TRUE(may14.complete());
  const CalendarDate year_only = CalendarDate::of("2003.??.??");
  EXPECT_TRUE(year_only.known());
  EXPECT_FALSE(year_only.complete());
  EXPECT_FALSE(CalendarDate::of("").known());

  EXPECT_TRUE(dates_compatible(year_only, may14));
  EXPECT_TRUE(dates_compatible(CalendarDate::of(""), may14));
  EXPECT_FALSE(dates_compatible(may14, CalendarDate::of("2003.05.15")));
  EXPECT_FALSE(same_year(may14, CalendarDate::of("2004.05.14")));

  EXPECT_TRUE(dates_close(may14, CalendarDate::of("2003.05.16")));
  EXPECT_FALSE(dates_close(may14, CalendarDate::of("2003.05.17")));
  EXPECT_TRUE(dates_close(CalendarDate::of("2003.02.28"), CalendarDate::of("2003.03.02")));
  EXPECT_FALSE(dates_close(CalendarDate::of("2004.02.28"), CalendarDate::of("2004.03.02")));
  EXPECT_TRUE(dates_close(CalendarDate::of("2003.12.31"), CalendarDate::of("2004.01.01")));
  EXPECT_TRUE(dates_close(CalendarDate::of("2003.03.12"), CalendarDate::of("2003.12.03")));
  EXPECT_FALSE(dates_close(CalendarDate::of("2003.03.12"), CalendarDate::of("2003.12.04")));
}

// The order of two dates, each a date_number of a Date key: a partial date is the period of
// the days it may be, so it is earlier or later only when that whole period is.
TEST(Date, OrderOfFullAndPartialDates) {
  auto order = [](std::string_view a, std::string_view b) {
    return date_order(date_number(a), date_number(b));
  };
  EXPECT_EQ(order("1968.12.31", "1969.01.01"), DateOrder::Earlier);  // the day before
  EXPECT_EQ(order("1969.01.01", "1968.12.31"), DateOrder::Later);
  EXPECT_EQ(order("1969.05.14", "1969.05.14"), DateOrder::SameDay);
  EXPECT_EQ(order("1969.05.14", "1969.05.15"), DateOrder::Earlier);
  // 1969 holds every day of 1969: its order against one of them is unknown; against a day of
  // another year it is known.
  EXPECT_EQ(order("1969.??.??", "1969.05.14"), DateOrder::Unknown);
  EXPECT_EQ(order("1969.05.14", "1969.??.??"), DateOrder::Unknown);
  EXPECT_EQ(order("1969.??.??", "1970.01.01"), DateOrder::Earlier);
  EXPECT_EQ(order("1969.??.??", "1968.12.31"), DateOrder::Later);
  EXPECT_EQ(order("1969.??.??", "1969.??.??"), DateOrder::Unknown);
  EXPECT_EQ(order("1970.??.??", "1969.??.??"), DateOrder::Later);
  // May 1969 holds the 14th, and falls after April and before June.
  EXPECT_EQ(order("1969.05.??", "1969.05.14"), DateOrder::Unknown);
  EXPECT_EQ(order("1969.05.??", "1969.05.??"), DateOrder::Unknown);
  EXPECT_EQ(order("1969.04.30", "1969.05.??"), DateOrder::Earlier);
  EXPECT_EQ(order("1969.05.??", "1969.06.01"), DateOrder::Earlier);
  EXPECT_EQ(order("1969.06.??", "1969.05.31"), DateOrder::Later);
  // An unknown date (no year: number 0) has no order.
  EXPECT_EQ(date_number("????.??.??"), 0u);
  EXPECT_EQ(order("????.??.??", "1969.05.14"), DateOrder::Unknown);
  EXPECT_EQ(order("1969.05.14", ""), DateOrder::Unknown);
}


// Two copies of one game dated differently: they fit where every part both know is equal, and
// the game's date is what either knows.
TEST(Date, CopiesDatesFitAndMerge) {
  EXPECT_EQ(CalendarDate::of("2003.05.14").key(), "2003.05.14");
  EXPECT_EQ(CalendarDate::of("2003.??.??").key(), "2003.??.??");
  EXPECT_EQ(CalendarDate::of("0987.02.??").key(), "0987.02.??");
  EXPECT_EQ(CalendarDate::of("").key(), "");
  EXPECT_EQ((CalendarDate{2003, 0, 14}.key()), "2003.??.14");

  EXPECT_TRUE(date_keys_fit("2003.??.??", "2003.05.14"));
  EXPECT_TRUE(date_keys_fit("", "2003.05.14"));
  EXPECT_TRUE(date_keys_fit("2003.05.??", "2003.??.14"));
  EXPECT_TRUE(date_keys_fit("2003.00.00", "2003.05.14"));  // zero parts are unknown
  EXPECT_FALSE(date_keys_fit("2003.05.14", "2003.05.15"));
  EXPECT_FALSE(date_keys_fit("2003.??.??", "2004.05.14"));
  EXPECT_FALSE(date_keys_fit("2003.06.??", "2003.05.14"));

  EXPECT_EQ(merged_date_key("2003.??.??", "2003.05.14"), "2003.05.14");
  EXPECT_EQ(merged_date_key("2003.05.14", "2003.??.??"), "2003.05.14");
  EXPECT_EQ(merged_date_key("", "2003.05.??"), "2003.05.??");
  EXPECT_EQ(merged_date_key("2003.05.??", ""), "2003.05.??");
  EXPECT_EQ(merged_date_key("", ""), "");
  EXPECT_EQ(merged_date_key("2003.05.??", "2003.??.14"), "2003.05.14");  // each gives a part
  EXPECT_EQ(merged_date_key("2003.00.00", "2003.??.??"), "2003.00.00");  // nothing learned: kept
}

}  // namespace
}  // namespace damdb::pdn
