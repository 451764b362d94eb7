// Text widths of cli/text_width.hpp: display width and cutting long tag values for tables
// (UTF-8 aware: code points counted, multi-byte sequences never cut).
#include <gtest/gtest.h>

#include <string>

#include "cli/text_width.hpp"

namespace damdb::cli {
namespace {

TEST(CliTextWidth, DisplayWidthCountsCodePoints) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("Sijbrands"), 9u);
  EXPECT_EQ(display_width("G\xC3\xA9rard"), 6u);       // é: 2 bytes
  EXPECT_EQ(display_width("\xE2\x80\xA6"), 1u);        // …: 3 bytes
  EXPECT_EQ(display_width("\xF0\x9F\x98\x80 x"), 3u);  // emoji: 4 bytes
}

TEST(CliTextWidth, FitWidthCutsWholeCodePointsAndEndsWithEllipsis) {
  EXPECT_EQ(fit_width("Sijbrands", 9), "Sijbrands");  // fits: unchanged
  EXPECT_EQ(fit_width("Sijbrands", 32), "Sijbrands");
  EXPECT_EQ(fit_width("Sijbrands", 5), "Sijb\xE2\x80\xA6");
  EXPECT_EQ(fit_width("Sijbrands", 1), "\xE2\x80\xA6");
  EXPECT_EQ(fit_width("Sijbrands", 0), "");
  // "Łukasz " is 7 code points (8 bytes); 31 code points kept, then "…".
  std::string name;
  for (int i = 0; i < 20; ++i) name += "\xC5\x81ukasz ";
  const std::string cut = fit_width(name, 32);
  EXPECT_EQ(cut, "\xC5\x81ukasz \xC5\x81ukasz \xC5\x81ukasz \xC5\x81ukasz \xC5\x81uk\xE2\x80\xA6");
  EXPECT_EQ(display_width(cut), 32u);
  // A cut that falls just after a 2-byte letter keeps it whole; spaces before "…" are dropped.
  const std::string e_acute = "\xC3\xA9";  // é
  EXPECT_EQ(fit_width("ab" + e_acute + "cdef", 4), "ab" + e_acute + "\xE2\x80\xA6");
  EXPECT_EQ(fit_width("abc  defgh", 6), "abc\xE2\x80\xA6");
  // Every cut of a text of 3-byte characters is valid UTF-8 of whole characters.
  const std::string dots = "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2";  // ••••
  EXPECT_EQ(fit_width(dots, 3), "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA6");
}

}  // namespace
}  // namespace damdb::cli
