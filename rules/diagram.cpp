#include "rules/diagram.hpp"

#include <cstdio>

namespace damdb::rules {

std::string diagram(const Position& pos, bool numbers) {
  std::string out;
  for (int row = 0; row < 10; ++row) {
    for (int col = 0; col < 10; ++col) {
      const bool dark = (row + col) % 2 == 1;
      if (!dark) {
        out += numbers ? "   " : "  ";
        continue;
      }
      const Square sq = row * 5 + col / 2 + 1;
      char symbol = '.';
      switch (pos.piece_on(sq)) {
        case Piece::WhiteMan:
          symbol = 'w';
          break;
        case Piece::WhiteKing:
          symbol = 'W';
          break;
        case Piece::BlackMan:
          symbol = 'b';
          break;
        case Piece::BlackKing:
          symbol = 'B';
          break;
        case Piece::Empty:
          break;
      }
      if (numbers) {
        char cell[8];
        if (symbol == '.')
          std::snprintf(cell, sizeof cell, "%2d ", sq);
        else
          std::snprintf(cell, sizeof cell, " %c ", symbol);
        out += cell;
      } else {
        out += symbol;
        out += ' ';
      }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  return out;
}

}  // namespace damdb::rules
