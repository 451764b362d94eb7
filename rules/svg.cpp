#include "rules/svg.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace damdb::rules {
namespace {

constexpr const char* kLight = "#f0d9b5";
constexpr const char* kDark = "#8b5a2b";
constexpr const char* kBorder = "#4a2f16";
constexpr const char* kWhitePiece = "#fbfbf6";
constexpr const char* kBlackPiece = "#1e1e1e";

/// Appends printf-formatted text (every element written here is far below 512 bytes).
template <class... Args>
void add(std::string& out, const char* format, Args... args) {
  char buffer[512];
  const int n = std::snprintf(buffer, sizeof buffer, format, args...);
  assert(n >= 0 && n < static_cast<int>(sizeof buffer));
  out.append(buffer, static_cast<std::size_t>(std::clamp(n, 0, 511)));
}

void piece(std::string& out, double cx, double cy, double s, bool white, bool king) {
  const double r = s * 0.4;
  const char* fill = white ? kWhitePiece : kBlackPiece;
  const char* edge = white ? kBlackPiece : "#9a9a9a";
  add(out,
      "<circle class=\"%s %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
      "stroke-width=\"%.1f\"/>\n",
      white ? "white" : "black", king ? "king" : "man", cx, cy, r, fill, edge, s * 0.04);
  // A second, inner ring: the usual look of a disc in printed diagrams.
  add(out,
      "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
      "stroke-width=\"%.1f\"/>\n",
      cx, cy, r * 0.7, edge, s * 0.02);
  if (king) {
    // A crown: a band with three points, in the opposite colour.
    const double w = r * 0.5, top = cy - r * 0.35, mid = cy - r * 0.05, base = cy + r * 0.3;
    add(out,
        "<polygon class=\"crown\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f "
        "%.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n",
        cx - w, base, cx - w, top, cx - w / 2, mid, cx, top - r * 0.1, cx + w / 2, mid, cx + w,
        top, cx + w, base, white ? kBlackPiece : kWhitePiece);
  }
}

}  // namespace

std::string svg_diagram(const Position& pos, const SvgOptions& options) {
  const double s = std::max(options.square_size, 8);
  const double b = s / 4;
  const double size = 10 * s + 2 * b;
  std::string out;
  out.reserve(16 * 1024);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  add(out,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
      "viewBox=\"0 0 %.1f %.1f\">\n",
      size, size, size, size);
  add(out, "<title>International draughts position, %s to move</title>\n",
      pos.side_to_move() == Color::White ? "White" : "Black");
  add(out, "<rect x=\"0\" y=\"0\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", size, size,
      kBorder);
  add(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", b, b,
      10 * s, 10 * s, kLight);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) {
      if ((row + col) % 2 == 0) continue;  // light square
      const double x = b + col * s, y = b + row * s;
      const Square sq = row * 5 + col / 2 + 1;
      add(out,
          "<rect class=\"square\" id=\"s%d\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
          "fill=\"%s\"/>\n",
          sq, x, y, s, s, kDark);
      const Piece p = pos.piece_on(sq);
      const double cx = x + s / 2, cy = y + s / 2;
      switch (p) {
        case Piece::WhiteMan:
        case Piece::WhiteKing:
        case Piece::BlackMan:
        case Piece::BlackKing:
          piece(out, cx, cy, s, p == Piece::WhiteMan || p == Piece::WhiteKing,
                p == Piece::WhiteKing || p == Piece::BlackKing);
          break;
        case Piece::Empty:
          if (options.numbers)
            add(out,
                "<text class=\"number\" x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" "
                "font-size=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                "fill=\"%s\">%d</text>\n",
                cx, cy, s * 0.38, kLight, sq);
          break;
      }
    }
  if (options.side_to_move) {
    // A small disc of the side to move in the border, on that side's edge (White at the bottom).
    const bool white = pos.side_to_move() == Color::White;
    add(out,
        "<circle class=\"to-move\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
        "stroke-width=\"1\"/>\n",
        size - b / 2, white ? size - b / 2 : b / 2, b * 0.35, white ? kWhitePiece : kBlackPiece,
        white ? kBlackPiece : kWhitePiece);
  }
  out += "</svg>\n";
  return out;
}

}  // namespace damdb::rules
