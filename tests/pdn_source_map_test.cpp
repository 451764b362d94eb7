// Byte ranges of games read from converted sources (UTF-16, UTF-32, full-width forms): each
// game's range names the bytes of the file on disk that hold it. The expected bytes are the
// game's text encoded here by the test's own encoder, independent of pdn/encoding.cpp.
#include "pdn/reader.hpp"
#include "pdn/source_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

// The code points of well-formed UTF-8 `text`.
std::vector<char32_t> code_points(const std::string& text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out.push_back(c);
    i += n;
  }
  return out;
}

void put_unit(std::uint32_t unit, int width, bool big, std::string& out) {
  for (int k = 0; k < width; ++k) {
    const int shift = 8 * (big ? width - 1 - k : k);
    out += static_cast<char>((unit >> shift) & 0xFF);
  }
}

// `text` (UTF-8) in UTF-16 (width 2) or UTF-32 (width 4), without a byte-order mark.
std::string encoded(const std::string& text, int width, bool big) {
  std::string out;
  for (char32_t c : code_points(text)) {
    if (width == 2 && c >= 0x10000) {
      put_unit(0xD800 + ((c - 0x10000) >> 10), 2, big, out);
      put_unit(0xDC00 + ((c - 0x10000) & 0x3FF), 2, big, out);
    } else {
      put_unit(c, width, big, out);
    }
  }
  return out;
}

// Three games whose names, comments and separators take 1 to 4 bytes a character in UTF-8.
const std::vector<std::string> kGames = {
    "[White \"Сергей Федорин\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 14x23 1-1",
    "[White \"A\"]\n[Black \"張偉\"]\n1. 32-28 {𝄞 a clef, 😀} 19-23 *",
    "1. 33-29 18-22 2-0",
};

TEST(PdnSourceMap, GameRangesNameTheBytesOfAUtf16OrUtf32File) {
  const std::string text = "\n" + kGames[0] + "\n\n" + kGames[1] + "\n\n  " + kGames[2] + "\n";
  for (int width : {2, 4})
    for (bool big : {false, true})
      for (bool bom : {false, true}) {
        const std::string mark = bom ? encoded("\uFEFF", width, big) : "";
        const std::string file = mark + encoded(text, width, big);
        const auto games = read_games(file);
        ASSERT_EQ(games.size(), kGames.size()) << width << big << bom;
        for (std::size_t i = 0; i < games.size(); ++i) {
          const Game& g = games[i];
          ASSERT_LE(g.byte_end, file.size()) << width << big << bom << i;
          ASSERT_LT(g.byte_begin, g.byte_end);
          EXPECT_EQ(file.substr(g.byte_begin, g.byte_end - g.byte_begin),
                    encoded(kGames[i], width, big))
              << "width " << width << " big " << big << " bom " << bom << " game " << i;
        }
      }
}

TEST(PdnSourceMap, GameRangesNameTheBytesOfAFullWidthFile) {
  // Full-width digits and hyphens (3 bytes each in UTF-8) are read as ASCII.
  const std::string first = "[White \"Ａ\"]\n１． ３２－２８ １９－２３ *";
  const std::string file = "\xEF\xBB\xBF" + first + "\n\n" + kGames[2] + "\n";
  const auto games = read_games(file);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(file.substr(games[0].byte_begin, games[0].byte_end - games[0].byte_begin), first);
  EXPECT_EQ(file.substr(games[1].byte_begin, games[1].byte_end - games[1].byte_begin), kGames[2]);
}

TEST(PdnSourceMap, OffsetsMatchABruteForceSumOfWidths) {
  std::mt19937 random(7);
  SourceMap map(5);
  std::vector<std::uint64_t> source_of;  // per converted byte: the source offset expected
  std::uint64_t source = 5;
  for (int i = 0; i < 2000; ++i) {
    const unsigned converted = 1 + random() % (i % 3 == 0 ? 4 : 1);
    const unsigned taken = 1 + random() % (i % 5 == 0 ? 8 : 2);
    for (unsigned k = 0; k < converted; ++k) source_of.push_back(source);
    source += taken;
    map.add(converted, taken);
  }
  for (std::uint64_t c = 0; c < source_of.size(); ++c) ASSERT_EQ(map.source_offset(c), source_of[c]) << c;
  EXPECT_EQ(map.source_offset(source_of.size()), source);
  EXPECT_EQ(map.source_offset(source_of.size() + 3), source + 3);
  EXPECT_LT(map.runs(), 2000u);
}

}  // namespace
}  // namespace damdb::pdn
