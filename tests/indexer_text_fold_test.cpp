// Text folding of indexer/text/text_fold.hpp: names and events compared regardless of case, white
// space, diacritics and word order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/text/text_fold.hpp"

namespace damdb::indexer {
namespace {

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
