// The movetext tokens that make up most real games, read without bounds checks: a move number
// (`12.`, `12...`, `01.`), a plain numeric move (`32-28`, `19x28x37`) and a comment on one line
// (`{0}`, `{-20}`). The parser reads runs of them in one tight loop and leaves every other token
// (results, strength marks, squares out of range, `1- 7`, glued text, ...) to its general,
// diagnosing code. Source: PDN 3.0 "Movetext".
#pragma once

#include "pdn/game.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace damdb::pdn {

/// Bytes that must be readable from the start of a plain token: every function of this file
/// reads at most this many bytes, so a caller checks `pos + kPlainWindow <= size` once.
inline constexpr std::size_t kPlainWindow = 64;

/// The most squares a plain move holds (3 + 12 * 4 bytes and a look-ahead fit the window).
inline constexpr int kPlainMaxSquares = 12;

/// White space between movetext tokens (what the parser skips): blank, tab, CR, LF, FF, VT.
inline constexpr std::array<bool, 256> kPlainSpace = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v'}) t[c] = true;
  return t;
}();

/// Bytes that may follow a token without white space (PDN 3.0 delimiters), and '.'.
inline constexpr std::array<bool, 256> kPlainTokenEnd = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v', '{', '}', '(', ')', '[', ']', '%',
                          '$', '/', ';', ',', '"', '\\', '.'})
    t[c] = true;
  return t;
}();

/// A plain number token read by read_plain_number.
struct PlainNumber {
  std::uint32_t length = 0;  ///< bytes of the token; 0 when it is not a plain token
  bool move = false;         ///< a numeric move (else a move number)
  bool black_form = false;   ///< move number written with "..." (two dots or more)
  Separator separator = Separator::None;  ///< move: the first separator ('X' read as 'x')
  std::uint32_t number = 0;               ///< move number: its value; move: the first square
  int count = 0;                          ///< move: squares read
  int max_square = 0;                     ///< move: the largest square
  /// move: the squares, 1..99 each (16 bytes, so that a copy has a fixed size)
  std::uint8_t squares[16];
};

inline bool plain_separator(unsigned char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

/// Reads the token at `s` (s[0] is a digit; kPlainWindow bytes readable): a move number of 1..3
/// digits, not 0, followed by 1..15 dots, or a move of 2..kPlainMaxSquares squares of 1..2
/// digits (the first of two digits or above 2, none 0) joined by separators and followed by a
/// delimiter or '.'. Anything else (a result such as 1-0, `1- 7`, strength marks, glued text,
/// longer tokens) gives length 0, for the general code.
inline PlainNumber read_plain_number(const unsigned char* s) {
  PlainNumber t;
  auto digit = [](unsigned char c) { return static_cast<unsigned>(c - '0'); };
  unsigned v = digit(s[0]);
  std::size_t k = 1;
  while (digit(s[k]) < 10) {
    if (k == 3) return t;
    v = v * 10 + digit(s[k]);
    ++k;
  }
  unsigned char c = s[k];
  if (c == '.' && v != 0) {  // "0." may start the result 0.5-0.5: general code
    std::size_t dots = k + 1;
    while (s[dots] == '.') {
      if (dots == 16) return t;
      ++dots;
    }
    t.black_form = dots - k >= 2;
    t.number = v;
    t.length = static_cast<std::uint32_t>(dots);
    return t;
  }
  // A single digit 0..2 not followed by '.' may start a result ("1-0", "1/2-1/2", "2 - 0").
  if ((k == 1 && v <= 2) || !plain_separator(c) || v == 0 || k == 3) return t;
  t.squares[0] = static_cast<std::uint8_t>(v);
  unsigned max_square = v;
  int count = 1;
  const unsigned char first_sep = c;
  while (true) {
    // s[k] is a separator: a square of 1..2 digits must follow directly.
    std::size_t j = k + 1;
    unsigned sq = digit(s[j]);
    if (sq >= 10 || count == kPlainMaxSquares) return t;
    ++j;
    if (digit(s[j]) < 10) {
      sq = sq * 10 + digit(s[j]);
      ++j;
      if (digit(s[j]) < 10) return t;
    }
    if (sq == 0) return t;
    t.squares[count++] = static_cast<std::uint8_t>(sq);
    max_square = sq > max_square ? sq : max_square;
    k = j;
    c = s[k];
    if (!plain_separator(c)) break;
  }
  // Strength marks, glued text: general code. Otherwise the move must end at a delimiter.
  if (c == '(' || !kPlainTokenEnd[c]) return t;
  t.move = true;
  t.separator = first_sep == 'X' ? Separator::Cross : static_cast<Separator>(first_sep);
  t.number = v;
  t.count = count;
  t.max_square = static_cast<int>(max_square);
  t.length = static_cast<std::uint32_t>(k);
  return t;
}

/// The offset from `s` of the '}' closing the comment opened at s[0], when it closes within the
/// window and on the same line (no LF before it: a comment over lines may hide the next game's
/// tags, which the general code looks for); 0 otherwise.
inline std::size_t plain_comment_end(const unsigned char* s) {
  for (std::size_t k = 1; k < kPlainWindow; ++k) {
    if (s[k] == '}') return k;
    if (s[k] == '\n') return 0;
  }
  return 0;
}

}  // namespace damdb::pdn
