#include "rules/fen.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace damdb::rules {
namespace {

[[noreturn]] void fail(std::string_view fen, const std::string& why) {
  throw FenError("bad FEN \"" + std::string(fen) + "\": " + why);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

/// Parses a square number 1..50 at the front of `s` (leading zeros allowed), advancing `s`.
int take_square(std::string_view fen, std::string_view& s) {
  s = trim(s);
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s.front())))
    fail(fen, "expected a square number, found \"" + std::string(s.substr(0, 8)) + "\"");
  int value = 0;  // stops growing past 1000: the digits after are read, not added
  std::size_t i = 0;
  for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i)
    if (value <= 1000) value = value * 10 + (s[i] - '0');
  if (!is_square(value)) {
    const std::string digits(s.substr(0, i));
    fail(fen, "square " + (digits.size() > 12 ? digits.substr(0, 12) + "... (" +
                                                    std::to_string(digits.size()) + " digits)"
                                              : digits) +
                  " is outside 1..50");
  }
  s.remove_prefix(i);
  return value;
}

}  // namespace

Position parse_fen(std::string_view fen) {
  std::string_view s = trim(fen);
  if (!s.empty() && s.front() == '"') s.remove_prefix(1);
  if (!s.empty() && s.back() == '"') s.remove_suffix(1);
  s = trim(s);
  if (!s.empty() && s.back() == '.') s = trim(s.substr(0, s.size() - 1));  // PDN's final '.'
  if (s.empty()) fail(fen, "empty");

  Color side;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(s.front())));
  if (c == 'W')
    side = Color::White;
  else if (c == 'B')
    side = Color::Black;
  else
    fail(fen, std::string("side to move must be W or B, found '") + s.front() + "'");
  s.remove_prefix(1);

  Bitboard pieces[2] = {0, 0}, kings = 0;
  bool seen_side[2] = {false, false};
  while (true) {
    s = trim(s);
    if (s.empty()) break;
    if (s.front() != ':') fail(fen, "expected ':' before a piece list");
    s.remove_prefix(1);
    s = trim(s);
    if (s.empty()) break;
    const char colour = static_cast<char>(std::toupper(static_cast<unsigned char>(s.front())));
    if (colour == 'H' || colour == 'F') {  // lidraughts' counters (:H0:F1): not part of a position
      s.remove_prefix(std::min(s.find(':'), s.size()));
      continue;
    }
    if (colour != 'W' && colour != 'B') fail(fen, "piece list must start with W or B");
    const int ci = colour == 'W' ? 0 : 1;
    if (seen_side[ci]) fail(fen, std::string("piece list ") + colour + " given twice");
    seen_side[ci] = true;
    s.remove_prefix(1);
    s = trim(s);
    while (!s.empty() && s.front() != ':') {
      bool king = false;
      if (std::toupper(static_cast<unsigned char>(s.front())) == 'K') {
        king = true;
        s.remove_prefix(1);
      }
      const int first = take_square(fen, s);
      int last = first;
      s = trim(s);
      if (!s.empty() && s.front() == '-') {
        s.remove_prefix(1);
        last = take_square(fen, s);
        if (last < first)
          fail(fen,
               "range " + std::to_string(first) + "-" + std::to_string(last) + " runs backwards");
      }
      for (int sq = first; sq <= last; ++sq) {
        const Bitboard b = square_bb(sq);
        if ((pieces[0] | pieces[1]) & b) fail(fen, "square " + std::to_string(sq) + " given twice");
        if (!king && ci == 0 && sq <= 5)
          fail(fen, "white man on square " + std::to_string(sq) + " (White's crowning row)");
        if (!king && ci == 1 && sq >= 46)
          fail(fen, "black man on square " + std::to_string(sq) + " (Black's crowning row)");
        pieces[ci] |= b;
        if (king) kings |= b;
      }
      s = trim(s);
      if (!s.empty() && s.front() == ',') {
        s.remove_prefix(1);
        s = trim(s);
      } else if (!s.empty() && s.front() != ':') {
        fail(fen, "unexpected '" + std::string(1, s.front()) + "' in a piece list");
      }
    }
  }
  // Each side has 20 pieces at the start and never gains one (FMJD art. 2).
  for (int ci = 0; ci < 2; ++ci)
    if (count(pieces[ci]) > 20)
      fail(fen, std::string(ci == 0 ? "White" : "Black") + " has " +
                    std::to_string(count(pieces[ci])) + " pieces; a side has at most 20");
  return Position::from_bitboards(pieces[0], pieces[1], kings, side);
}

std::string to_fen(const Position& pos) {
  std::string out = pos.side_to_move() == Color::White ? "W" : "B";
  for (Color c : {Color::White, Color::Black}) {
    out += c == Color::White ? ":W" : ":B";
    bool first = true;
    for (Bitboard b = pos.pieces(c); b; b &= b - 1) {
      const int bit = lowest_bit(b);
      if (!first) out += ',';
      first = false;
      if (pos.kings() & (Bitboard{1} << bit)) out += 'K';
      out += std::to_string(bit_to_square(bit));
    }
  }
  return out;
}

}  // namespace damdb::rules
