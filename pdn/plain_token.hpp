// The movetext tokens that make up most real games, read without bounds checks: a move number
// (`12.`, `12...`, `01.`), a plain numeric move (`32-28`, `19x28x37`) and a comment on one line
// (`{0}`, `{-20}`). The parser reads runs of them in one tight loop and leaves every other token
// (results, strength marks, squares out of range, `1- 7`, glued text, ...) to its general,
// diagnosing code. Source: PDN 3.0 "Movetext".
#pragma once

#include "pdn/game.hpp"
#include "pdn/projected_capacity.hpp"

#include <array>
#include <bit>  // std::endian, std::countr_zero
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace damdb::pdn {

/// Bytes that must be readable from the start of a plain token: every function of this file
/// reads at most this many bytes, so a caller checks `pos + kPlainWindow <= size` once.
inline constexpr std::size_t kPlainWindow = 64;

/// The most squares a plain move holds (3 + 12 * 4 bytes and a look-ahead fit the window).
inline constexpr int kPlainMaxSquares = 12;

/// What a byte starts in plain movetext.
enum class PlainLead : std::uint8_t { Other, Space, Digit, Comment };

/// PlainLead of each byte: white space is what the parser skips between tokens (blank, tab, CR,
/// LF, FF, VT).
inline constexpr std::array<PlainLead, 256> kPlainLead = [] {
  std::array<PlainLead, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v'}) t[c] = PlainLead::Space;
  for (unsigned char c = '0'; c <= '9'; ++c) t[c] = PlainLead::Digit;
  t['{'] = PlainLead::Comment;
  return t;
}();

/// White space between PDN tokens (PlainLead::Space): blank, tab, CR, LF, FF, VT.
inline bool is_pdn_space(char c) {
  return kPlainLead[static_cast<unsigned char>(c)] == PlainLead::Space;
}

/// Bytes that may end a plain move: the PDN 3.0 delimiters (white space { } ( ) [ ] % $ / ; ,
/// " \) and '.', but '(' (a strength mark such as "(?)" may follow a move).
inline constexpr std::array<bool, 256> kPlainMoveEnd = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v', '{', '}', ')', '[', ']', '%', '$',
                          '/', ';', ',', '"', '\\', '.'})
    t[c] = true;
  return t;
}();

/// The separators of squares in a numeric move: '-', 'x', 'X' and ':'.
inline constexpr std::array<bool, 256> kPlainSeparator = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'-', 'x', 'X', ':'}) t[c] = true;
  return t;
}();

/// A table lookup rather than four comparisons, whose branches quiet moves and captures
/// (written '-' and 'x') would make hard to predict.
inline bool plain_separator(unsigned char c) { return kPlainSeparator[c]; }

/// The separator a move keeps for the byte written ('X' is read as 'x').
inline Separator plain_separator_of(unsigned char c) {
  return c == 'X' ? Separator::Cross : static_cast<Separator>(c);
}

/// A plain number token read by read_plain_number.
struct PlainNumber {
  std::uint32_t length = 0;  ///< bytes of the token; 0 when it is not a plain token
  bool move = false;         ///< a numeric move (else a move number)
  bool black_form = false;   ///< move number written with "..." (two dots or more)
  Separator separator = Separator::None;  ///< move: the first separator ('X' read as 'x')
  std::uint32_t number = 0;               ///< move number: its value; move: the first square
  int count = 0;                          ///< move: squares read
  int max_square = 0;                     ///< move: the largest square
  std::uint8_t squares[kPlainMaxSquares];  ///< move: the squares, 1..99 each
};

/// Reads the token at `s` (s[0] is a digit; kPlainWindow bytes readable): a move number of 1..3
/// digits, not 0, followed by 1..15 dots, or a move of 2..kPlainMaxSquares squares of 1..2
/// digits (the first of two digits or above 2, none 0) joined by separators and followed by a
/// delimiter or '.'. Anything else (a result such as 1-0, `1- 7`, strength marks, glued text,
/// longer tokens) gives length 0, for the general code. (The parser tries the shorter
/// read_short_number first.)
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
  if (!kPlainMoveEnd[c]) return t;
  t.move = true;
  t.separator = plain_separator_of(first_sep);
  t.number = v;
  t.count = count;
  t.max_square = static_cast<int>(max_square);
  t.length = static_cast<std::uint32_t>(k);
  return t;
}

/// A short plain number token read by read_short_number.
struct ShortNumber {
  std::uint32_t length = 0;  ///< bytes of the token; 0 when it is not a short form
  bool move = false;         ///< a move of two squares (else a move number)
  Separator separator = Separator::None;  ///< move: its separator ('X' read as 'x')
  std::uint8_t to = 0;                    ///< move: the second square
  std::uint32_t number = 0;               ///< move number: its value; move: the first square
};

/// read_short_number handing what it reads to the caller instead of returning it, so that
/// nothing is gathered in a struct on its way (the parser's loop writes each form's element
/// straight away): calls `number(value, length)` for a move number, `move(from, to, separator,
/// length)` for a move, and returns what that call returns (the token's length); returns 0
/// without a call for any other token.
template <class OnNumber, class OnMove>
inline std::size_t visit_short_number(const unsigned char* s, OnNumber&& number, OnMove&& move) {
  const unsigned d0 = s[0] - '0', d1 = s[1] - '0';
  const bool two = d1 < 10;
  const unsigned first = two ? d0 * 10 + d1 : d0;
  const unsigned k = two ? 2 : 1;
  // A third digit at s[k] is neither '.' nor a separator: no short form.
  const unsigned char c = s[k];
  if (c == '.') {
    if (first == 0 || s[k + 1] == '.') return 0;  // "0." (0.5-0.5?); "12..."
    return number(first, k + 1);
  }
  // A single digit 0..2 may start a result ("1-0"); no square 0.
  if (!plain_separator(c) || first <= (two ? 0u : 2u)) return 0;
  const unsigned e0 = s[k + 1] - '0', e1 = s[k + 2] - '0';
  const bool two_more = e1 < 10;
  const unsigned to = two_more ? e0 * 10 + e1 : e0;
  const unsigned end = k + (two_more ? 3 : 2);  // a separator there: more squares follow
  // A digit at `end` (a third one) is no delimiter either.
  if (e0 >= 10 || to == 0 || !kPlainMoveEnd[s[end]]) return 0;
  return move(first, to, plain_separator_of(c), end);
}

/// read_plain_number for the common short forms at `s`: a move number of 1..2 digits and one
/// dot (`12.`), or a move of two squares of 1..2 digits (`32-28`, `5x14`, `05-10`). Gives
/// length 0 for any other token, which read_plain_number then reads (or rejects); otherwise
/// what read_plain_number gives.
inline ShortNumber read_short_number(const unsigned char* s) {
  ShortNumber t;
  visit_short_number(
      s,
      [&](unsigned value, unsigned length) {
        t.number = value;
        t.length = length;
        return length;
      },
      [&](unsigned from, unsigned to, Separator separator, unsigned length) {
        t.move = true;
        t.separator = separator;
        t.number = from;
        t.to = static_cast<std::uint8_t>(to);
        t.length = length;
        return length;
      });
  return t;
}

/// The offset from `s` of the '}' closing the comment opened at s[0], when it closes within the
/// window and on the same line (no LF before it: a comment over lines may hide the next game's
/// tags, which the general code looks for); 0 otherwise.
inline std::size_t plain_comment_end(const unsigned char* s) {
#if defined(__SSE2__)
  // 16 bytes at a time: the first '}' or LF decides (s[0] is the '{', neither).
  for (std::size_t k = 0; k < kPlainWindow; k += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + k));
    const auto close =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8('}'))));
    const auto stop = close | static_cast<unsigned>(_mm_movemask_epi8(
                                  _mm_cmpeq_epi8(block, _mm_set1_epi8('\n'))));
    if (stop != 0) {
      const int i = std::countr_zero(stop);
      return (close >> i) & 1 ? k + static_cast<std::size_t>(i) : 0;
    }
  }
  return 0;
#else
  for (std::size_t k = 1; k < kPlainWindow; ++k) {
    if (s[k] == '}') return k;
    if (s[k] == '\n') return 0;
  }
  return 0;
#endif
}

/// Elements of plain tokens and their squares, gathered in fixed arrays and appended to a line
/// kCapacity elements at a time: no capacity check and no size update of a vector per element.
/// An element is written as raw bytes in Element's layout (three integer stores on
/// little-endian machines). The write positions are the caller's (a loop keeps them in
/// registers): `next` element, `next_square`.
struct PlainBatch {
  static constexpr std::size_t kCapacity = 64;
  alignas(Element) unsigned char elements[kCapacity * sizeof(Element)];
  /// Room for kCapacity moves of kPlainMaxSquares squares, each copied whole.
  std::uint8_t squares[(kCapacity + 1) * kPlainMaxSquares];

  unsigned char* begin() { return elements; }
  unsigned char* end() { return elements + sizeof elements; }

  /// Writes an element with these fields at `next` (< end()), and steps past it.
  static void add(unsigned char*& next, ElementKind kind, Separator separator,
                  std::uint8_t square_count, std::uint8_t detail, std::uint32_t offset,
                  TextRange text, std::uint32_t value) {
    if constexpr (std::endian::native == std::endian::little) {
      static_assert(offsetof(Element, kind) == 0 && offsetof(Element, separator) == 1 &&
                    offsetof(Element, square_count) == 2 && offsetof(Element, detail) == 3 &&
                    offsetof(Element, offset) == 4 && offsetof(Element, text) == 8 &&
                    offsetof(Element, value) == 16 && sizeof(TextRange) == 8);
      const std::uint64_t head =
          static_cast<std::uint64_t>(kind) | static_cast<std::uint64_t>(separator) << 8 |
          std::uint64_t{square_count} << 16 | std::uint64_t{detail} << 24 |
          std::uint64_t{offset} << 32;
      const std::uint64_t range = text.begin | std::uint64_t{text.size} << 32;
      std::memcpy(next, &head, 8);
      std::memcpy(next + 8, &range, 8);
      std::memcpy(next + 16, &value, 4);
    } else {
      const Element e{kind, separator, square_count, detail, offset, text, value};
      std::memcpy(next, &e, sizeof e);
    }
    next += sizeof(Element);
  }

  /// Appends the elements before `next` to `line` and the squares before `next_square` to
  /// `game_squares`, growing each as reserve_projected does for a text of `total` bytes of
  /// which `read` are read; the batch is then empty (next = begin(), next_square = squares).
  void append_to(std::vector<Element>& line, std::vector<std::uint8_t>& game_squares,
                 unsigned char* next, std::uint8_t* next_square, std::size_t read,
                 std::size_t total) {
    // resize and memcpy: Element is trivially copyable, but not trivial (its default member
    // initialisers), so insert would copy one element at a time.
    const std::size_t bytes = static_cast<std::size_t>(next - elements);
    if (bytes == 0) return;  // (an empty line has no storage to copy to)
    reserve_projected(line, bytes / sizeof(Element), read, total);
    const std::size_t size = line.size();
    line.resize(size + bytes / sizeof(Element));
    std::memcpy(line.data() + size, elements, bytes);
    const auto square_count = static_cast<std::size_t>(next_square - squares);
    reserve_projected(game_squares, square_count, read, total);
    game_squares.insert(game_squares.end(), squares, next_square);
  }
};

/// read_plain_number out of line: the rare longer tokens keep the registers of the reading loop
/// free.
[[gnu::noinline]] inline PlainNumber read_long_number(const unsigned char* s) {
  return read_plain_number(s);
}

/// add_plain_number for a token read by read_plain_number.
inline std::size_t add_long_number(const PlainNumber& t, std::uint32_t offset,
                                   std::uint32_t square, unsigned char*& next,
                                   std::uint8_t*& next_square) {
  if (t.length == 0 || (!t.move && t.number == 1 && !t.black_form)) return 0;
  const TextRange text{offset, t.length};
  if (t.move) {
    PlainBatch::add(next, ElementKind::Move, t.separator, static_cast<std::uint8_t>(t.count), 0,
                    offset, text, square);
    std::memcpy(next_square, t.squares, kPlainMaxSquares);
    next_square += t.count;
  } else {
    PlainBatch::add(next, ElementKind::MoveNumber, Separator::None, 0, t.black_form ? 1 : 0,
                    offset, text, t.number);
  }
  return t.length;
}

/// Adds the plain number token at `s` (a digit; offset `offset` in the game) as an element at
/// `next` (a move's squares at `next_square`, index `square` in the game's squares); returns
/// its length, or 0 (nothing added) when it is no plain token, or the move number 1 (which may
/// start a new game: the general code reads it). The short forms are read from one word
/// (visit_short_number), the others byte by byte.
inline std::size_t add_plain_number(const unsigned char* s, std::uint32_t offset,
                                    std::uint32_t square, unsigned char*& next,
                                    std::uint8_t*& next_square) {
  const std::size_t length = visit_short_number(
      s,
      [&](unsigned value, unsigned bytes) {
        if (value == 1) return 0u;  // may start a new game: read by the general code
        PlainBatch::add(next, ElementKind::MoveNumber, Separator::None, 0, 0, offset,
                        TextRange{offset, bytes}, value);
        return bytes;
      },
      [&](unsigned from, unsigned to, Separator separator, unsigned bytes) {
        PlainBatch::add(next, ElementKind::Move, separator, 2, 0, offset, TextRange{offset, bytes},
                        square);
        next_square[0] = static_cast<std::uint8_t>(from);
        next_square[1] = static_cast<std::uint8_t>(to);
        next_square += 2;
        return bytes;
      });
  if (length != 0) return length;
  return add_long_number(read_long_number(s), offset, square, next, next_square);
}

}  // namespace damdb::pdn
