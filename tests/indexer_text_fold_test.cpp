// Text helpers of indexer/text_fold.hpp: display width and cutting long tag values for tables
// (UTF-8 aware: code points counted, multi-byte sequences never cut).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/text_fold.hpp"

namespace damdb::indexer {
namespace {

TEST(TextFold, DisplayWidthCountsCodePoints) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("Sijbrands"), 9u);
  EXPECT_EQ(display_width("G\xC3\xA9rard"), 6u);       // é: 2 bytes
  EXPECT_EQ(display_width("\xE2\x80\xA6"), 1u);        // …: 3 bytes
  EXPECT_EQ(display_width("\xF0\x9F\x98\x80 x"), 3u);  // emoji: 4 bytes
}

TEST(TextFold, FitWidthCutsWholeCodePointsAndEndsWithEllipsis) {
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

// Case folding beyond Latin: Cyrillic (Russian, Ukrainian, Belarusian names) and Greek.
TEST(TextFold, FoldsCyrillicAndGreekCapitals) {
  EXPECT_EQ(fold_text("\xD0\xA7\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2"),  // Чижов
            "\xD1\x87\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2");            // чижов
  EXPECT_EQ(fold_text("\xD0\x90\xD0\xAF"), "\xD0\xB0\xD1\x8F");  // АЯ -> ая (U+0410, U+042F)
  EXPECT_EQ(fold_text("\xD0\x81\xD0\x8F"), "\xD1\x91\xD1\x9F");  // ЁЏ -> ёџ (U+0401, U+040F)
  EXPECT_EQ(fold_text("\xD0\x86"), "\xD1\x96");                      // І -> і (Ukrainian)
  // ΑΩ -> αω (U+0391, U+03A9); final ς folds to σ.
  EXPECT_EQ(fold_text("\xCE\x91\xCE\xA9"), "\xCE\xB1\xCF\x89");
  EXPECT_EQ(fold_text("\xCF\x82"), "\xCF\x83");
  // Lower-case letters and other scripts stay as they are.
  EXPECT_EQ(fold_text("\xD1\x87"), "\xD1\x87");
  EXPECT_EQ(fold_text("\xD5\x80"), "\xD5\x80");  // Armenian Հ: not folded
  EXPECT_EQ(player_key("\xD0\xA7\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2, \xD0\x90."),
            player_key("\xD0\xB0. \xD1\x87\xD0\xB8\xD0\xB6\xD0\xBE\xD0\xB2"));
}

TEST(TextFold, AbbreviatedWordsAreTwoOrMoreLettersBeforeADot) {
  using Words = std::vector<std::string>;
  EXPECT_EQ(abbreviated_words("Aleks. Schwarzman"), Words{"aleks"});
  EXPECT_EQ(abbreviated_words("Schwarzman, Al.Ch."), (Words{"al", "ch"}));
  EXPECT_EQ(abbreviated_words("Schwarzman,A."), Words{});  // an initial
  EXPECT_EQ(abbreviated_words("A.N. Georgiev"), Words{});
  EXPECT_EQ(abbreviated_words("Alexander Schwarzman"), Words{});
  EXPECT_EQ(abbreviated_words("Schwarzman ."), Words{});
  EXPECT_EQ(abbreviated_words("G\xC3\xA9r. Jansen"), Words{"ger"});  // Gér.: folded
}

}  // namespace
}  // namespace damdb::indexer
