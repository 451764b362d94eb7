// The reader's place in the text of one game: the byte it stands on, the line and column of the
// game's first byte, the character classes of PDN text and the problems (Diagnostic) recorded
// with their offsets. The tag reader and the movetext reader both read through it. Hot path:
// the small functions are inline, and a buffer that may grow is read again, not copied.
// Source: PDN 3.0 "Tag pairs" and "Movetext" (white space, delimiters, move separators).
#pragma once

#include "pdn/game.hpp"
#include "pdn/issue.hpp"
#include "pdn/parse_step.hpp"
#include "pdn/plain_token.hpp"
#include "pdn/projected_capacity.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::pdn {

/// Thrown by ParseCursor when the text ends inside a buffer that may grow: the game is read
/// again with more bytes (parse_game answers ParseStep::NeedMore).
struct NeedMoreInput {};

/// "No such position" for the functions that search the text.
inline constexpr std::size_t kNoPosition = static_cast<std::size_t>(-1);

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_lower_file(char c) { return c >= 'a' && c <= 'l'; }
constexpr bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}
/// Characters that may follow a token without white space.
inline bool is_delimiter(char c) {
  return is_pdn_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == '%' || c == '$' || c == '/' || c == ';' || c == ',' || c == '"' || c == '\\';
}

/// What a non-ASCII character means in movetext, by the Unicode class the FMJD notation and
/// exporters' habits give it: white space (every Unicode space, zero-width ones included), a
/// dash, hyphen or minus (the quiet-move separator, FMJD rules article 8's `32-28`), or a
/// multiplication sign or full-width x (the capture separator, `28×19`).
enum class Glyph : std::uint8_t { None, Space, Dash, Times };

/// The glyph of the UTF-8 sequence of `n` bytes at `s` (its first byte at least 0x80), and its
/// length in `length`; Glyph::None for any other character.
Glyph glyph_of(const unsigned char* s, std::size_t n, std::size_t& length);

/// What a byte starts in movetext (the movetext reader's dispatch), and white space.
enum class Lead : std::uint8_t {
  Other, Space, Newline, Tag, Comment, LineComment, Digit, Star, Open, Close, Nag, Setup,
  File, Dot, Quote, Backslash, Placeholder
};
constexpr std::array<Lead, 256> make_lead_table() {
  std::array<Lead, 256> t{};
  for (auto& x : t) x = Lead::Other;
  t[' '] = t['\t'] = t['\r'] = t['\f'] = t['\v'] = Lead::Space;
  t['\n'] = Lead::Newline;
  t['['] = Lead::Tag;
  t['{'] = Lead::Comment;
  t['%'] = t[';'] = Lead::LineComment;  // `; text` runs to the line end, as `%` does
  for (int c = '0'; c <= '9'; ++c) t[c] = Lead::Digit;
  t['*'] = Lead::Star;
  t['('] = Lead::Open;
  t[')'] = Lead::Close;
  t['$'] = Lead::Nag;
  t['/'] = Lead::Setup;
  for (int c = 'a'; c <= 'l'; ++c) t[c] = Lead::File;
  t['.'] = Lead::Dot;
  t['"'] = Lead::Quote;
  t['\\'] = Lead::Backslash;
  t['-'] = t['?'] = Lead::Placeholder;
  return t;
}
inline constexpr std::array<Lead, 256> kLead = make_lead_table();
inline Lead lead(char c) { return kLead[static_cast<unsigned char>(c)]; }

/// The reader's place in `buffer` (the text from the start of one game on) and the problems it
/// records into a game's diagnostics. Positions are byte indices into the buffer; elements and
/// diagnostics hold them as offsets from the game's first byte (parse_game turns those into
/// lines and columns once the game's lines are indexed).
class ParseCursor {
 public:
  /// `buffer` is read from `start` (the line and column of its first byte); `at_eof`: no bytes
  /// follow it. Problems go to `diagnostics`.
  ParseCursor(std::string_view buffer, bool at_eof, LineColumn start,
              std::vector<Diagnostic>& diagnostics)
      : s_(buffer.data()), n_(buffer.size()), at_eof_(at_eof), start_(start),
        diagnostics_(diagnostics) {}

  /// Skips the white space before a game and makes the byte reached the game's first byte;
  /// fills step.begin and step.begin_at. Returns false (step.status set: End or NeedMore) when
  /// no game starts in the buffer.
  bool start_game(ParseStep& step);

  // ---- the place read -------------------------------------------------------------------
  std::size_t pos() const { return p_; }
  void set_pos(std::size_t p) { p_ = p; }
  void advance(std::size_t bytes = 1) { p_ += bytes; }
  std::size_t size() const { return n_; }
  bool at_eof() const { return at_eof_; }
  /// The byte at i < size(), unchecked.
  char at(std::size_t i) const { return s_[i]; }
  const char* data() const { return s_; }
  const unsigned char* bytes(std::size_t i) const {
    return reinterpret_cast<const unsigned char*>(s_) + i;
  }
  std::string_view text(std::size_t from, std::size_t to) const { return {s_ + from, to - from}; }
  /// The game's first byte.
  std::size_t game_begin() const { return begin_; }

  /// Character at i, or 0 past the end; past the end of a buffer that may grow, stop parsing.
  char peek(std::size_t i) const {
    if (i < n_) return s_[i];
    if (!at_eof_) throw NeedMoreInput{};
    return 0;
  }
  /// True at the end of the input (past the end of a buffer that may grow, stop parsing).
  bool at_end() const {
    if (p_ < n_) return false;
    if (!at_eof_) throw NeedMoreInput{};
    return true;
  }
  /// True when i is past the end of the input (peek(i) then answers 0).
  bool past_end(std::size_t i) const { return i >= n_ && peek(i) == 0; }

  /// Skips white space from pos(). Returns false when a multi-byte character at the end of a
  /// buffer that may grow cannot be told yet (read again with more bytes).
  bool skip_space() {
    while (p_ < n_) {
      const Lead l = lead(s_[p_]);
      if (l != Lead::Space && l != Lead::Newline) {
        if (static_cast<unsigned char>(s_[p_]) < 0x80) return true;
        std::size_t length = 0;
        const Glyph g = glyph_of(bytes(p_), n_ - p_, length);
        if (g == Glyph::None && n_ - p_ < length && !at_eof_) return false;
        if (g != Glyph::Space) return true;
        p_ += length;
        continue;
      }
      ++p_;
    }
    return true;
  }
  /// The glyph of the character at q (Glyph::None for ASCII and other characters) and its
  /// length; past the end of a buffer that may grow, stop parsing.
  Glyph glyph_at(std::size_t q, std::size_t& length) const {
    if (static_cast<unsigned char>(peek(q)) < 0x80) {
      length = 1;
      return Glyph::None;
    }
    const Glyph g = glyph_of(bytes(q), n_ - q, length);
    if (g == Glyph::None && n_ - q < length && !at_eof_) throw NeedMoreInput{};
    return g;
  }
  /// Blanks (space and tab) from q: the first byte after them.
  std::size_t skip_blanks(std::size_t q) const {
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    return q;
  }
  /// Blanks inside a line from q: space, tab and the Unicode spaces.
  std::size_t skip_line_blanks(std::size_t q) const {
    while (true) {
      const char c = peek(q);
      if (c == ' ' || c == '\t') {
        ++q;
        continue;
      }
      std::size_t length = 0;
      if (glyph_at(q, length) != Glyph::Space) return q;
      q += length;
    }
  }
  /// The move separator at q: '-', 'x', 'X', ':' or a Unicode dash or multiplication sign,
  /// with its length; Separator::None when there is none.
  Separator separator_at(std::size_t q, std::size_t& length) const {
    const char c = peek(q);
    length = 1;
    if (c == '-') return Separator::Dash;
    if (c == 'x' || c == 'X') return Separator::Cross;
    if (c == ':') return Separator::Colon;
    const Glyph g = glyph_at(q, length);
    return g == Glyph::Dash ? Separator::Dash : g == Glyph::Times ? Separator::Cross : Separator::None;
  }
  /// The first byte after the digits from q.
  std::size_t read_digits(std::size_t q) const {
    while (is_digit(peek(q))) ++q;
    return q;
  }
  /// The number written by the digits [from, to), saturated at 1,000,000,000.
  std::uint32_t parse_uint(std::size_t from, std::size_t to) const {
    std::uint32_t v = 0;
    for (std::size_t k = from; k < to; ++k) {
      if (v > 100000000u) return 1000000000u;  // saturate
      v = v * 10 + static_cast<std::uint32_t>(s_[k] - '0');
    }
    return v;
  }
  /// True when byte q ends a line: LF, or a CR that no LF follows (the CR of a CRLF is read as
  /// part of the line, as before its LF).
  bool line_end_at(std::size_t q) const {
    const char c = peek(q);
    return c == '\n' || (c == '\r' && peek(q + 1) != '\n');
  }
  /// True at the end of the input or before a delimiter, '.' or a Unicode space at q.
  bool at_end_or_delimiter(std::size_t q) const {
    char c = peek(q);
    if (c == 0 && q >= n_) return true;
    std::size_t length = 0;
    return is_delimiter(c) || c == '.' || glyph_at(q, length) == Glyph::Space;
  }

  // ---- positions ------------------------------------------------------------------------
  /// Line and column (characters) after the bytes [from, to) read from `at`: LF, CRLF and a CR
  /// that no LF follows each end one line (`limit`: end of the bytes readable after `to`).
  static LineColumn advance_position(LineColumn at, const char* from, const char* to,
                                     const char* limit);
  /// Line and column of byte i (from the start of the game; for messages only: it scans).
  LineColumn position_at(std::size_t i) const {
    return advance_position(begin_at_, s_ + begin_, s_ + i, s_ + n_);
  }
  /// Byte i as a position recorded while parsing: its offset from the game's first byte.
  TextPos pos_at(std::size_t i) const { return {0, 0, static_cast<std::uint32_t>(i - begin_)}; }
  std::uint32_t offset_of(std::size_t i) const { return static_cast<std::uint32_t>(i - begin_); }
  TextRange range(std::size_t from, std::size_t to) const {
    return {static_cast<std::uint32_t>(from - begin_), static_cast<std::uint32_t>(to - from)};
  }

  /// Makes room for `extra` more items in `v` (a line of elements or the squares) filled from
  /// the game's bytes up to byte `at`: a long game's vectors grow to the size projected for the
  /// buffer (see projected_capacity.hpp).
  template <class T>
  void make_room(std::vector<T>& v, std::size_t extra, std::size_t at) const {
    reserve_projected(v, extra, at - begin_, n_ - begin_);
  }

  // ---- problems -------------------------------------------------------------------------
  /// Records a problem of `kind` at `pos` quoting the text [from, to). A warning or note of a
  /// kind already recorded in this game only counts (see Diagnostic::count); past
  /// kMaxDiagnosticsPerGame problems one TooManyProblems counts the rest.
  void diagnose(IssueKind kind, TextPos pos, std::size_t from, std::size_t to,
                std::string expected, std::string message);
  /// diagnose at byte `from`.
  void report(IssueKind kind, std::size_t from, std::size_t to, std::string expected,
              std::string message) {
    diagnose(kind, pos_at(from), from, to, std::move(expected), std::move(message));
  }

 private:
  static constexpr std::size_t kMaxDiagnosticsPerGame = 50;

  const char* s_;
  std::size_t n_;
  bool at_eof_;
  std::size_t p_ = 0;
  std::size_t begin_ = 0;
  LineColumn start_;     // line and column of s_[0]
  LineColumn begin_at_;  // line and column of the game's first byte
  std::vector<Diagnostic>& diagnostics_;
};

}  // namespace damdb::pdn
