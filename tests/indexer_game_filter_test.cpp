// Filters of indexer/games/game_filter.hpp on hand-made game headers: dates as the PDN reader
// normalises them, and the bounds given on the command line.
#include "indexer/games/game_filter.hpp"
#include "indexer/text/game_date.hpp"

#include <gtest/gtest.h>

#include <string>

namespace damdb::indexer {
namespace {

db::GameHeader dated(const std::string& date) {
  db::GameHeader h;
  h.white = "Sijbrands, T.";
  h.black = "Clerc, R.";
  h.date = date;
  return h;
}

// `damdb validate` reads these Date tags as the dates on the right (pdn/tag_values.hpp);
// filters and statistics must see the same dates.
TEST(GameFilterDates, GameDateUsesTheReadersNormalisation) {
  EXPECT_EQ(game_date(dated("2003.05.14")), "2003.05.14");
  EXPECT_EQ(game_date(dated("17 april 2009")), "2009.04.17");
  EXPECT_EQ(game_date(dated("13-01-1996")), "1996.01.13");
  EXPECT_EQ(game_date(dated("14/12/2024")), "2024.12.14");
  EXPECT_EQ(game_date(dated("2024-12-14")), "2024.12.14");
  EXPECT_EQ(game_date(dated("2004")), "2004.??.??");
  EXPECT_EQ(game_date(dated("????.??.??")), "");
  EXPECT_EQ(game_date(dated("")), "");
  EXPECT_EQ(game_date(dated("sometime")), "");
}

TEST(GameFilterDates, SinceUntilFindNormalisedDates) {
  FilterSpec day;
  day.since = "2009.04.17";
  day.until = "2009.04.17";
  const GameFilter on_day(day);
  EXPECT_TRUE(on_day.matches(dated("17 april 2009")));
  EXPECT_TRUE(on_day.matches(dated("2009.04.17")));
  EXPECT_FALSE(on_day.matches(dated("18 april 2009")));

  FilterSpec january;
  january.since = "1996.01";
  january.until = "1996.01";
  const GameFilter in_january(january);
  EXPECT_TRUE(in_january.matches(dated("13-01-1996")));
  EXPECT_FALSE(in_january.matches(dated("13-02-1996")));
}

// A date with unknown parts is every day it may be: "2003.03.??" is on or after 2003.03.01 and
// on or before 2003.03.31, never after March; "2003.??.??" is anywhere in 2003.
TEST(GameFilterDates, PartialDatesAreTheRangeOfTheirDays) {
  auto kept = [](const char* since, const char* until, const char* date) {
    FilterSpec spec;
    spec.since = since;
    spec.until = until;
    return GameFilter(spec).matches(dated(date));
  };
  EXPECT_TRUE(kept("2003.03.01", "", "2003.03.??"));
  EXPECT_TRUE(kept("2003.03.31", "", "2003.03.??"));
  EXPECT_FALSE(kept("2003.04.01", "", "2003.03.??"));
  EXPECT_TRUE(kept("", "2003.03.01", "2003.03.??"));
  EXPECT_FALSE(kept("", "2003.02.28", "2003.03.??"));
  EXPECT_TRUE(kept("2003.03.10", "2003.03.12", "2003.03.??"));
  EXPECT_TRUE(kept("2003.06.15", "", "2003"));
  EXPECT_FALSE(kept("2004.01.01", "", "2003"));
  EXPECT_TRUE(kept("", "2003.01.01", "2003"));
  EXPECT_FALSE(kept("", "2002.12.31", "2003"));
  EXPECT_FALSE(kept("2003.03.02", "", "2003.03.01"));
  EXPECT_FALSE(kept("2000", "", ""));  // no known date: out of any date filter
}

TEST(GameFilterNames, PlayerMatchesCyrillicInAnyCase) {
  db::GameHeader game;
  game.white = "\xD0\xA7\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2, \xD0\x90.";  // Чижов, А.
  game.black = "Sijbrands, T.";
  for (const char* needle : {"\xD0\xA7\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2",    // Чижов
                             "\xD1\x87\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2",    // чижов
                             "\xD0\xA7\xD0\x98\xD0\x96\xD0\x9E\xD0\x92"}) {  // ЧИЖОВ
    FilterSpec spec;
    spec.player = needle;
    EXPECT_TRUE(GameFilter(spec).matches(game)) << needle;
  }
  FilterSpec other;
  other.player = "\xD1\x86\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2";  // цижов: another name
  EXPECT_FALSE(GameFilter(other).matches(game));
}

}  // namespace
}  // namespace damdb::indexer

namespace damdb {

TEST(GameFilterDates, ImpossibleDateBoundsAreRejected) {
  EXPECT_EQ(indexer::date_bound("2003.5", false), "2003.05.00");
  EXPECT_EQ(indexer::date_bound("2003.12.31", true), "2003.12.31");
  EXPECT_EQ(indexer::date_bound("2003", true), "2003.99.99");
  EXPECT_EQ(indexer::date_bound("2004.02.29", false), "2004.02.29");  // a leap year
  EXPECT_EQ(indexer::date_bound("2000.2.29", true), "2000.02.29");    // divisible by 400
  // No 30 February, 31 April or 29 February 2003 (nor 1900: divisible by 100, not by 400).
  for (const char* bad : {"2003.13", "2003.00", "2003.99.99", "2003.02.32", "2003.01.00",
                          "2003.02.30", "2003.04.31", "2003.02.29", "1900.02.29"}) {
    try {
      (void)indexer::date_bound(bad, false);
      ADD_FAILURE() << bad << " accepted";
    } catch (const indexer::FilterError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

// A name or event of punctuation alone folds to nothing and would match every game: refused.
TEST(GameFilterNames, ATextWithoutLetterOrDigitIsRejected) {
  for (const char* bad : {"...", "?", " - "}) {
    indexer::FilterSpec player, event;
    player.player = bad;
    event.event = bad;
    EXPECT_THROW(indexer::GameFilter{player}, indexer::FilterError) << bad;
    EXPECT_THROW(indexer::GameFilter{event}, indexer::FilterError) << bad;
  }
  indexer::FilterSpec spec;
  spec.player = "O. Doumbia";
  EXPECT_FALSE(indexer::GameFilter{spec}.empty());
  spec.player = ".";  // a regular expression: any one character
  spec.regex = true;
  EXPECT_FALSE(indexer::GameFilter{spec}.empty());
}

}  // namespace damdb
