// The header of a game read in several copies (db/header_tags.hpp): which values are known, how
// a copy's tags are kept as differences, and which values the header takes from a copy.
#include <gtest/gtest.h>

#include <algorithm>

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
  const TagList own = {{"Event", "E"}, {"Date", "????.??.??"}, {"Round", "?"}, {"Result", "*"}};
  TagList header = own;
  const TagList copy = {{"Event", "Other"}, {"Date", "2001.02.03"}, {"Round", "-"},
                        {"Result", "2-0"},  {"FEN", "W:W31:B20"},   {"Site", "Paris"},
                        {"Annotator", "?"}};
  EXPECT_TRUE(fills(header, copy, own));
  EXPECT_TRUE(fill(header, copy, own));  // the Date changed
  // Event is known; Round and Annotator are unknown in the copy too; the Result and the FEN
  // describe the stored moves and result.
  const TagList expected = {
      {"Event", "E"}, {"Date", "2001.02.03"}, {"Round", "?"}, {"Result", "*"}, {"Site", "Paris"}};
  EXPECT_EQ(header, expected);
  EXPECT_FALSE(fills(header, copy, own));
  EXPECT_FALSE(fill(header, copy, own));
  TagList no_date = {{"White", "A"}};
  EXPECT_FALSE(fill(no_date, {{"Round", "3"}}, {{"White", "A"}}));  // filled, but no Date
  EXPECT_EQ(no_date, (TagList{{"White", "A"}, {"Round", "3"}}));
}

// Of several copies' values for a tag the stored copy lacks, the header keeps the same one
// whatever their order: a Date with more digits, then the smaller text. The stored copy's own
// known values are never replaced.
TEST(HeaderTags, TakenValuesDoNotDependOnTheOrderOfTheCopies) {
  const TagList own = {{"White", "A"}, {"Round", "2"}};
  const std::vector<TagList> copies = {{{"Date", "2003.??.??"}, {"Event", "Y"}},
                                       {{"Date", "2003.05.14"}, {"Event", "X"}, {"Round", "5"}},
                                       {{"Date", "2003.05.??"}, {"Event", "Z"}}};
  const TagList expected = {
      {"White", "A"}, {"Round", "2"}, {"Date", "2003.05.14"}, {"Event", "X"}};
  std::vector<std::size_t> order = {0, 1, 2};
  do {
    TagList header = own;
    for (const std::size_t i : order) fill(header, copies[i], own);
    std::sort(header.begin() + 2, header.end());
    EXPECT_EQ(header, expected) << order[0] << order[1] << order[2];
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_TRUE(wins_tie({{"Event", "A"}}, {{"Event", "B"}}));
  EXPECT_FALSE(wins_tie({{"Event", "B"}}, {{"Event", "A"}}));
  EXPECT_FALSE(wins_tie({{"Event", "A"}}, {{"Event", "A"}}));
}

// Taken tags follow the stored copy's own in name order, and at kMaxHeaderTags the header
// keeps those first by name: the same header whatever the order of the copies.
TEST(HeaderTags, TakenTagsAreInNameOrderUpToTheBound) {
  TagList own;
  for (std::size_t i = 0; i + 2 < kMaxHeaderTags; ++i) own.emplace_back("T" + std::to_string(i), "v");
  const std::vector<TagList> copies = {{{"Zc", "3"}, {"Annotator", "Q"}}, {{"Za", "1"}},
                                       {{"Zb", "2"}, {"Time", "T"}}};
  std::vector<std::size_t> order = {0, 1, 2};
  std::vector<TagList> headers;
  do {
    TagList header = own;
    for (const std::size_t i : order) fill(header, copies[i], own);
    headers.push_back(header);
  } while (std::next_permutation(order.begin(), order.end()));
  for (const TagList& h : headers) EXPECT_EQ(h, headers.front());
  ASSERT_EQ(headers.front().size(), kMaxHeaderTags);
  EXPECT_EQ(headers.front()[kMaxHeaderTags - 2].first, "Annotator");
  EXPECT_EQ(headers.front()[kMaxHeaderTags - 1].first, "Time");
}

// The differences of a copy against a long header give the copy back (an index by name, not a
// search from the start for each tag).
TEST(HeaderTags, LongTagListsGiveTheirCopiesBack) {
  TagList header, copy;
  for (int i = 0; i < 500; ++i) {
    header.emplace_back("T" + std::to_string(i), std::to_string(i));
    if (i % 3 != 0) copy.emplace_back("T" + std::to_string(i), std::to_string(i % 7 ? i : -i));
  }
  copy.emplace_back("Extra", "x");
  EXPECT_EQ(tags_of(header, differing(copy, header)), copy);
}

}  // namespace
}  // namespace damdb::db
