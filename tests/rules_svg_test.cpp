// SVG diagrams: the pieces drawn are those of the position, squares where rules::diagram puts
// them, numbers only on empty squares, and the document is well-formed enough to count tags.
#include "rules/svg.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rules/fen.hpp"

namespace damdb::rules {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(Svg, InitialPosition) {
  const std::string svg = svg_diagram(Position::initial());
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_EQ(count(svg, "class=\"square\""), 50u);
  EXPECT_EQ(count(svg, "class=\"white man\""), 20u);
  EXPECT_EQ(count(svg, "class=\"black man\""), 20u);
  EXPECT_EQ(count(svg, "king"), 0u);
  EXPECT_EQ(count(svg, "class=\"number\""), 0u);
  // 40 units a square, border 10: width 420; square 1 is the second square of the top row.
  EXPECT_NE(svg.find("width=\"420\" height=\"420\""), std::string::npos);
  EXPECT_NE(svg.find("id=\"s1\" x=\"50.0\" y=\"10.0\""), std::string::npos);
  EXPECT_NE(svg.find("id=\"s6\" x=\"10.0\" y=\"50.0\""), std::string::npos);
  // Square 46 is the dark bottom-left corner; 50 is the ninth column (the corner is light).
  EXPECT_NE(svg.find("id=\"s46\" x=\"10.0\" y=\"370.0\""), std::string::npos);
  EXPECT_NE(svg.find("id=\"s50\" x=\"330.0\" y=\"370.0\""), std::string::npos);
  EXPECT_NE(svg.find("White to move"), std::string::npos);
}

TEST(Svg, KingsNumbersAndSideToMove) {
  SvgOptions options;
  options.numbers = true;
  options.square_size = 50;
  const std::string svg = svg_diagram(parse_fen("B:W28,K47:B12,K13"), options);
  EXPECT_EQ(count(svg, "class=\"white man\""), 1u);
  EXPECT_EQ(count(svg, "class=\"white king\""), 1u);
  EXPECT_EQ(count(svg, "class=\"black man\""), 1u);
  EXPECT_EQ(count(svg, "class=\"black king\""), 1u);
  EXPECT_EQ(count(svg, "class=\"crown\""), 2u);
  EXPECT_EQ(count(svg, "class=\"number\""), 46u);  // 50 squares, 4 occupied
  EXPECT_NE(svg.find(">50</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">47</text>"), std::string::npos);
  EXPECT_NE(svg.find("Black to move"), std::string::npos);
  // The white man on 28 (row 5, column 4 with square 50 units, border 12.5): centre 237.5, 287.5.
  EXPECT_NE(svg.find("class=\"white man\" cx=\"237.5\" cy=\"287.5\""), std::string::npos);
}

}  // namespace
}  // namespace damdb::rules
