// The header of a game read in several copies (db/header_tags.hpp): which values are known, how
// a copy's tags are kept as differences, and which values the header takes from a copy.
#include <gtest/gtest.h>

#include "db/header_tags.hpp"

namespace damdb::db {
namespace {

TEST(HeaderTags, UnknownValuesArePdnMarksOnly) {
  for (const char* v : {"", "?", "??", "????.??.??", "-", "*", " ", "?.-"})
    EXPECT_FALSE(known_value(v)) << '"' << v << '"';
  for (const char* v : {"2003.??.??", "1", "Sijbrands, T.", "?x", "0-2", "1-1"})
    EXPECT_TRUE(known_value(v)) << '"' << v << '"';
  EXPECT_EQ(known_tags({{"Event", "?"}, {"Date", "????.??.??"}, {"White", "A"}, {"Round", ""}}),
            1u);
}

TEST(HeaderTags, DifferencesGiveTheCopyBack) {
  const TagList header = {{"Event", "E"}, {"White", "A"}, {"Date", "2001.01.01"}};
  const TagList copy = {{"Event", "F"}, {"White", "A"}, {"Round", "2"}};
  const std::vector<SourceTag> diff = differing(copy, header);
  const std::vector<SourceTag> expected = {{"Event", "F"}, {"Round", "2"}, {"Date", std::nullopt}};
  EXPECT_EQ(diff, expected);
  const TagList back = {{"Event", "F"}, {"White", "A"}, {"Round", "2"}};
  EXPECT_EQ(tags_of(header, diff), back);
  EXPECT_TRUE(differing(header, header).empty());
}

TEST(HeaderTags, TheHeaderTakesOnlyValuesItLacks) {
  TagList header = {{"Event", "E"}, {"Date", "????.??.??"}, {"Round", "?"}, {"Result", "*"}};
  const TagList copy = {{"Event", "Other"}, {"Date", "2001.02.03"}, {"Round", "-"},
                        {"Result", "2-0"},  {"FEN", "W:W31:B20"},   {"Site", "Paris"},
                        {"Annotator", "?"}};
  EXPECT_TRUE(fills(header, copy));
  EXPECT_TRUE(fill(header, copy));  // the Date changed
  // Event is known; Round and Annotator are unknown in the copy too; the Result and the FEN
  // describe the stored moves and result.
  const TagList expected = {
      {"Event", "E"}, {"Date", "2001.02.03"}, {"Round", "?"}, {"Result", "*"}, {"Site", "Paris"}};
  EXPECT_EQ(header, expected);
  EXPECT_FALSE(fills(header, copy));
  EXPECT_FALSE(fill(header, copy));
  TagList no_date = {{"White", "A"}};
  EXPECT_FALSE(fill(no_date, {{"Round", "3"}}));  // filled, but no Date
  EXPECT_EQ(no_date, (TagList{{"White", "A"}, {"Round", "3"}}));
}

}  // namespace
}  // namespace damdb::db
