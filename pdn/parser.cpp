// The PDN tokenizer and game parser. Hot path: no per-token heap allocation; elements are small
// value types whose texts are offsets into the game's text.
#include "pdn/parser.hpp"

#include "pdn/encoding.hpp"
#include "pdn/plain_token.hpp"
#include "pdn/projected_capacity.hpp"
#include "pdn/result.hpp"
#include "pdn/tag_text.hpp"
#include "pdn/tag_values.hpp"
#include "pdn/variant.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace damdb::pdn {

namespace {

constexpr std::size_t kMaxDiagnosticsPerGame = 50;

struct NeedMoreInput {};

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_lower_file(char c) { return c >= 'a' && c <= 'l'; }
constexpr bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}
// Characters that may follow a token without white space.
inline bool is_delimiter(char c) {
  return is_pdn_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == '%' || c == '$' || c == '/' || c == ';' || c == ',' || c == '"' || c == '\\';
}

enum class EndReason { Terminator, NextTag, Eof };

// What a non-ASCII character means in movetext, by the Unicode class the FMJD notation and
// exporters' habits give it: white space (every Unicode space, zero-width ones included), a
// dash, hyphen or minus (the quiet-move separator, FMJD rules article 8's `32-28`), or a
// multiplication sign or full-width x (the capture separator, `28×19`).
enum class Glyph : std::uint8_t { None, Space, Dash, Times };

// The glyph of the UTF-8 sequence of `n` bytes at `s` (its first byte at least 0xC2), and its
// length in `length`; Glyph::None for any other character.
inline Glyph glyph_of(const unsigned char* s, std::size_t n, std::size_t& length) {
  // A byte that begins no UTF-8 character: Windows-1252's NBSP, en and em dashes and Latin-1's
  // multiplication sign in a game read before its conversion (parse_game reads it again
  // converted), so that its game boundaries are found as in the converted text.
  length = 1;
  if (s[0] == 0xA0) return Glyph::Space;
  if (s[0] == 0x96 || s[0] == 0x97) return Glyph::Dash;
  if (s[0] == 0xD7 && (n < 2 || (s[1] & 0xC0) != 0x80)) return n < 2 ? Glyph::None : Glyph::Times;
  if (s[0] < 0xC2) return Glyph::None;
  length = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
  if (n < length) return Glyph::None;
  const unsigned b0 = s[0], b1 = s[1], b2 = length > 2 ? s[2] : 0;
  if (b0 == 0xC2) return b1 == 0xA0 ? Glyph::Space : Glyph::None;                 // U+00A0
  if (b0 == 0xC3) return b1 == 0x97 ? Glyph::Times : Glyph::None;                 // U+00D7
  if (b0 == 0xE1) return b1 == 0x9A && b2 == 0x80 ? Glyph::Space : Glyph::None;   // U+1680
  if (b0 == 0xE2 && b1 == 0x80) {
    if (b2 <= 0x8B || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF) return Glyph::Space;  // U+2000..200B
    if (b2 >= 0x90 && b2 <= 0x95) return Glyph::Dash;                               // U+2010..2015
    return Glyph::None;
  }
  if (b0 == 0xE2 && b1 == 0x81) {
    if (b2 == 0x9F || b2 == 0xA0) return Glyph::Space;  // U+205F, U+2060
    return b2 == 0x83 ? Glyph::Dash : Glyph::None;      // U+2043
  }
  if (b0 == 0xE2 && b1 == 0x88) return b2 == 0x92 ? Glyph::Dash : Glyph::None;    // U+2212
  if (b0 == 0xE2 && b1 == 0x9C) return b2 == 0x95 || b2 == 0x96 ? Glyph::Times : Glyph::None;
  if (b0 == 0xE2 && b1 == 0xA8) return b2 == 0xAF ? Glyph::Times : Glyph::None;   // U+2A2F
  if (b0 == 0xE2 && b1 == 0xB8) return b2 == 0xBA || b2 == 0xBB ? Glyph::Dash : Glyph::None;
  if (b0 == 0xE3) return b1 == 0x80 && b2 == 0x80 ? Glyph::Space : Glyph::None;   // U+3000
  if (b0 == 0xEF && b1 == 0xBB) return b2 == 0xBF ? Glyph::Space : Glyph::None;   // U+FEFF
  if (b0 == 0xEF && b1 == 0xB9) return b2 == 0x98 || b2 == 0xA3 ? Glyph::Dash : Glyph::None;
  if (b0 == 0xEF && b1 == 0xBC) {
    if (b2 == 0x8D) return Glyph::Dash;                 // U+FF0D
    return b2 == 0xB8 || b2 == 0x9A ? Glyph::Times : Glyph::None;  // U+FF38, U+FF1A
  }
  if (b0 == 0xEF && b1 == 0xBD) return b2 == 0x98 ? Glyph::Times : Glyph::None;   // U+FF58
  return Glyph::None;
}

// What a byte starts in movetext (parse_body's dispatch), and white space for skip_space.
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
constexpr std::array<Lead, 256> kLead = make_lead_table();
inline Lead lead(char c) { return kLead[static_cast<unsigned char>(c)]; }

// Bytes of a tag name as the reader takes it: letters, digits, '_', the entity characters
// '&' '#' ';' and any non-ASCII byte (names are decoded and mapped after the game is read).
constexpr std::array<bool, 256> kTagNameChar = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = is_name_char(static_cast<char>(c)) || c == '&' || c == '#' || c == ';' || c >= 0x80;
  return t;
}();

// Bytes that end a run of ordinary characters in a quoted string: '"', '\\' and LF.
constexpr std::array<bool, 256> kStringStop = [] {
  std::array<bool, 256> t{};
  t['"'] = t['\\'] = t['\n'] = true;
  return t;
}();

class Parser {
 public:
  Parser(std::string_view buffer, bool at_eof, LineColumn start, Game& game)
      : s_(buffer.data()), n_(buffer.size()), at_eof_(at_eof), game_(game) {
    start_ = start;
  }

  ParseStep run() {
    ParseStep step;
    if (!skip_space()) {
      step.status = ParseStep::NeedMore;
      return step;
    }
    // A CR that ends a buffer which may grow could be the first half of a CRLF: read it again
    // with what follows.
    if (p_ >= n_ && !at_eof_ && p_ > 0 && s_[p_ - 1] == '\r') --p_;
    step.begin = p_;
    step.begin_at = advance_position(start_, s_, s_ + p_, s_ + n_);
    begin_at_ = step.begin_at;
    if (p_ >= n_) {
      step.status = at_eof_ ? ParseStep::End : ParseStep::NeedMore;
      return step;
    }
    begin_ = p_;
    try {
      parse_body();
    } catch (const NeedMoreInput&) {
      step.status = ParseStep::NeedMore;
      return step;
    }
    step.status = ParseStep::GameRead;
    step.end = end_;
    return step;
  }

 private:
  // ---- low-level cursor -------------------------------------------------------------------
  // Character at i, or 0 past the end; past the end of a buffer that may grow, stop parsing.
  char peek(std::size_t i) {
    if (i < n_) return s_[i];
    if (!at_eof_) throw NeedMoreInput{};
    return 0;
  }
  bool at_end() {
    if (p_ < n_) return false;
    if (!at_eof_) throw NeedMoreInput{};
    return true;
  }

  // Skips white space from p_. Returns false when a multi-byte character at the end of a buffer
  // that may grow cannot be told yet (read again with more bytes).
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
  const unsigned char* bytes(std::size_t i) const {
    return reinterpret_cast<const unsigned char*>(s_) + i;
  }
  // The glyph of the character at q (Glyph::None for ASCII and other characters) and its length;
  // past the end of a buffer that may grow, stop parsing.
  Glyph glyph_at(std::size_t q, std::size_t& length) {
    if (static_cast<unsigned char>(peek(q)) < 0x80) {
      length = 1;
      return Glyph::None;
    }
    const Glyph g = glyph_of(bytes(q), n_ - q, length);
    if (g == Glyph::None && n_ - q < length && !at_eof_) throw NeedMoreInput{};
    return g;
  }
  // Blanks inside a line from q: space, tab and the Unicode spaces.
  std::size_t skip_line_blanks(std::size_t q) {
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
  // The move separator at q: '-', 'x', 'X', ':' or a Unicode dash or multiplication sign, with
  // its length; Separator::None when there is none.
  Separator separator_at(std::size_t q, std::size_t& length) {
    const char c = peek(q);
    length = 1;
    if (c == '-') return Separator::Dash;
    if (c == 'x' || c == 'X') return Separator::Cross;
    if (c == ':') return Separator::Colon;
    const Glyph g = glyph_at(q, length);
    return g == Glyph::Dash ? Separator::Dash : g == Glyph::Times ? Separator::Cross : Separator::None;
  }

 public:
  // Line and column (characters) after the bytes [from, to) read from `at`: LF, CRLF and a CR
  // that no LF follows each end one line (`limit`: end of the bytes readable after `to`).
  static LineColumn advance_position(LineColumn at, const char* from, const char* to,
                                     const char* limit) {
    for (const char* c = from; c < to; ++c) {
      if (*c == '\n' || (*c == '\r' && (c + 1 >= limit || c[1] != '\n'))) {
        ++at.line;
        at.column = 1;
      } else if (*c != '\r' && (static_cast<unsigned char>(*c) & 0xC0) != 0x80) {
        ++at.column;
      }
    }
    return at;
  }

 private:
  // Line and column of byte i (from the start of the game; for messages only: it scans).
  LineColumn position_at(std::size_t i) const {
    return advance_position(begin_at_, s_ + begin_, s_ + i, s_ + n_);
  }

  // Positions are recorded as offsets from the game's first byte; parse_game turns them into
  // lines and columns once the game's lines are indexed (Game::pos_of).
  TextPos pos_at(std::size_t i) const { return {0, 0, static_cast<std::uint32_t>(i - begin_)}; }
  std::uint32_t offset_of(std::size_t i) const { return static_cast<std::uint32_t>(i - begin_); }
  TextRange range(std::size_t from, std::size_t to) const {
    return {static_cast<std::uint32_t>(from - begin_), static_cast<std::uint32_t>(to - from)};
  }

  // Records a problem of `kind` at `pos` quoting the text [from, to). A warning or note of a
  // kind already recorded in this game only counts (see Diagnostic::count).
  void diagnose(IssueKind kind, TextPos pos, std::size_t from, std::size_t to,
                std::string expected, std::string message) {
    const Severity severity = severity_of(kind);
    if (severity != Severity::Error)
      for (Diagnostic& d : game_.diagnostics)
        if (d.kind == kind) {
          merge_message(d, message);
          ++d.count;
          return;
        }
    if (game_.diagnostics.size() >= kMaxDiagnosticsPerGame) {
      if (game_.diagnostics.size() == kMaxDiagnosticsPerGame) {
        Diagnostic d;
        d.kind = IssueKind::TooManyProblems;
        d.severity = severity_of(d.kind);
        d.pos = pos;
        d.message = "too many problems in this game; further ones are not reported";
        game_.diagnostics.push_back(std::move(d));
      } else {
        ++game_.diagnostics.back().count;
      }
      return;
    }
    Diagnostic d;
    d.kind = kind;
    d.severity = severity;
    d.pos = pos;
    to = std::min(to, n_);
    from = std::min(from, to);
    std::size_t len = std::min<std::size_t>(to - from, 40);
    while (from + len < to && len > 0 &&
           (static_cast<unsigned char>(s_[from + len]) & 0xC0) == 0x80)
      --len;  // do not cut a UTF-8 sequence
    append_printable(std::string_view(s_ + from, len), d.offending);
    d.expected = std::move(expected);
    d.message = std::move(message);
    game_.diagnostics.push_back(std::move(d));
  }
  void report(IssueKind kind, std::size_t from, std::size_t to, std::string expected,
              std::string message) {
    diagnose(kind, pos_at(from), from, to, std::move(expected), std::move(message));
  }

  // The line being read: the main line or the innermost open variation. open_line_ caches it
  // and is reset whenever stack_ changes (game_.variations grows only just before a push).
  std::vector<Element>& current_line() { return *open_line_; }
  void update_line() {
    open_line_ = stack_.empty() ? &game_.moves : &game_.variations[stack_.back()];
  }
  void push(const Element& e) {
    make_room(current_line(), 1, p_);
    current_line().push_back(e);
  }
  // Makes room for `extra` more items in `v` (a line of elements or the squares) filled from the
  // game's bytes up to `at`: a long game's vectors grow to the size projected for the buffer
  // (see projected_capacity.hpp).
  template <class T>
  void make_room(std::vector<T>& v, std::size_t extra, std::size_t at) {
    reserve_projected(v, extra, at - begin_, n_ - begin_);
  }
  // Appends to `line` an Element built from all its fields in declaration order, constructed in
  // place (every field stored once) where the compiler has C++20 parenthesised aggregate
  // initialisation (GCC 10+, Clang 16+), else value-initialised then assigned.
  template <class... Fields>
  static void append_element(std::vector<Element>& line, Fields&&... fields) {
#if defined(__cpp_aggregate_paren_init) && __cpp_aggregate_paren_init >= 201902L
    line.emplace_back(std::forward<Fields>(fields)...);
#else
    line.emplace_back() = Element{std::forward<Fields>(fields)...};
#endif
  }

  // ---- game structure ---------------------------------------------------------------------
  void parse_body() {
    EndReason reason = EndReason::Eof;
    last_end_ = p_;
    while (true) {
      if (!skip_space()) throw NeedMoreInput{};
      // Most movetext is plain tokens: read them in their own loop.
      if (p_ + kPlainWindow <= n_ &&
          (s_[p_] == '{' || static_cast<unsigned>(s_[p_] - '0') < 10)) {
        read_plain_movetext();
        if (!skip_space()) throw NeedMoreInput{};
      }
      if (at_end()) break;
      switch (lead(s_[p_])) {
        case Lead::Digit:
          if (stack_.empty() && move_seen_ && new_game_at(p_)) {
            reason = EndReason::NextTag;  // a new game's movetext, without tags
            goto done;
          }
          if (parse_number_token()) {
            reason = EndReason::Terminator;
            goto done;
          }
          break;
        case Lead::Tag:
          if (!tag_start_at(p_)) {
            lone_bracket();
            break;
          }
          if (movetext_ || comment_cut_ || repeated_tag_name()) {
            reason = EndReason::NextTag;
            goto done;
          }
          parse_tag();
          break;
        case Lead::Comment: parse_comment(); break;
        case Lead::LineComment: parse_line_comment(); break;
        case Lead::Star:
          if (parse_star()) {
            reason = EndReason::Terminator;
            goto done;
          }
          break;
        case Lead::Open: open_variation(); break;
        case Lead::Close: close_variation(); break;
        case Lead::Nag: parse_nag(); break;
        case Lead::Setup: parse_setup(); break;
        case Lead::File: parse_alphanumeric_move(); break;
        case Lead::Dot: parse_ellipsis(); break;
        case Lead::Quote: skip_stray_string(); break;
        case Lead::Backslash: parse_backslash(); break;
        case Lead::Placeholder:
          if (parse_placeholder_terminator()) {
            reason = EndReason::Terminator;
            goto done;
          }
          break;
        default:
          if (parse_half_draw()) {
            reason = EndReason::Terminator;
            goto done;
          }
          skip_unexpected();
          break;
      }
      if (bare_tag_repeats_) {  // `Name "value"]` naming a tag this tag-only game has
        bare_tag_repeats_ = false;
        reason = EndReason::NextTag;
        goto done;
      }
      last_end_ = p_;
    }
  done:
    if (reason == EndReason::Eof && eof_is_next_tag_) reason = EndReason::NextTag;
    ended_by_next_tag_ = reason == EndReason::NextTag;
    finish(reason);
  }

  // True when the tag at p_ (`[Name`, `[[Name`, or `Name` without its '[' when `bracketed` is
  // false) repeats a name already in this game: a tag-only game has ended.
  bool repeated_tag_name(bool bracketed = true) {
    if (game_.tags.empty()) return false;
    std::size_t q = bracketed ? p_ + 1 : p_;
    while (peek(q) == ' ' || peek(q) == '\t' || peek(q) == '[') ++q;  // "[[Name" too
    std::size_t name_begin = q;
    q = tag_name_end(q);  // the whole name, as parse_tag reads it
    std::string spaced;
    std::string_view name(s_ + name_begin, q - name_begin);
    if (name.empty()) return false;
    if (spaced_name_) {
      assign_tag_name(name_begin, q, spaced);
      name = spaced;
    }
    // Few tags (the usual case): a scan, no allocation. Many tags: a hash set of the names
    // read so far, filled incrementally, so that n tags cost O(n) rather than O(n^2).
    if (game_.tags.size() <= kLinearTagScan) {
      for (const Tag& t : game_.tags)
        if (t.name == name) return true;
      return false;
    }
    for (; indexed_tags_ < game_.tags.size(); ++indexed_tags_)
      tag_names_.insert(game_.tags[indexed_tags_].name);
    return tag_names_.find(name) != tag_names_.end();
  }

  void finish(EndReason reason) {
    // A game never ends between the CR and the LF of a CRLF (which is one line end, then
    // between the games): a token read to its line's end (an unquoted or unclosed tag value)
    // holds the CR of a CRLF, and the game ends before that CR.
    if (last_end_ > begin_ && s_[last_end_ - 1] == '\r' && peek(last_end_) == '\n') --last_end_;
    std::size_t end = reason == EndReason::Terminator ? p_ : last_end_;
    if (too_deep_ > 0) {
      too_deep_ = 0;
      end_too_deep(std::max(end, too_deep_begin_ + 1));
    }
    // Unclosed variations.
    while (!stack_.empty()) {
      stack_.pop_back();
      update_line();
      const std::size_t open = begin_ + open_pos_.back();
      open_pos_.pop_back();
      diagnose(IssueKind::UnclosedVariation, pos_at(open), open, open + 1,
               "')'", "variation is never closed");
    }
    if (reason != EndReason::Terminator) {
      bool has_moves = false;
      for (const Element& e : game_.moves)
        if (e.kind != ElementKind::Comment && e.kind != ElementKind::LineComment) has_moves = true;
      if (!reclassify_nonstandard_result()) {
        const TextPos pos = pos_at(last_end_);
        if (has_moves) {
          diagnose(IssueKind::MissingTerminator, pos, last_end_, last_end_,
                   "a game terminator (2-0, 1-1, 0-2, *)",
                   reason == EndReason::NextTag
                       ? "game ends without a terminator before the next game's tags"
                       : "game ends without a terminator at the end of the input");
        } else {
          diagnose(IssueKind::NoMovetext, pos, last_end_, last_end_,
                   "movetext and a game terminator", "game has tags but no movetext");
        }
      }
    }
    end_ = end;
  }

  // A game cut by the next tags whose last "move" equals a non-standard Result tag (4-6, 1-9)
  // ends with that score: turn the move into a Result with Outcome::Unknown.
  bool reclassify_nonstandard_result() {
    if (game_.moves.empty()) return false;
    Element& last = game_.moves.back();
    if (last.kind != ElementKind::Move || last.strength().size != 0) return false;
    const Tag* result = game_.tag("Result");
    if (!result) return false;
    if (std::string_view(s_ + begin_ + last.text.begin, last.text.size) != result->value)
      return false;
    evidence_valid_ = false;  // the move no longer counts: check_variant walks the moves
    last.kind = ElementKind::Result;
    last.set_outcome(Outcome::Unknown);
    last.square_count = 0;
    last.value = 0;
    diagnose(IssueKind::NonStandardResult, TextPos{0, 0, last.offset}, begin_ + last.text.begin,
             begin_ + last.text.begin + last.text.size, "2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0, *",
             "non-standard game result (kept as text, outcome unknown)");
    return true;
  }

  // ---- tags -------------------------------------------------------------------------------
  // A tag pair `[Name "value"]`. Malformed lines are read as far as they can be, with a
  // MalformedTag warning: `[[Name "v"]`, `Name "v"]` (bracketed false: no '['), `[Name]` and
  // `[Name value]` (no quotes), a quote inside the value, a missing ']' or closing quote, a lone
  // '['. Tag names may hold character entities and non-ASCII letters (`R&#x00e9;sultat`,
  // `Résultat`); normalize_tag_text (tag_text.hpp) decodes and maps them after the game is read.
  // A '*' at p_: the terminator '*' (returns true when it ends the game). A '*' glued to a
  // number is a mark of the move before (FMJD article 9), read here only where that move was
  // not read (a Windows-1252 `14\xD7\xA023*` before its conversion): never the game's end.
  bool parse_star() {
    if (p_ > begin_ && is_digit(s_[p_ - 1])) {
      skip_unexpected();
      return false;
    }
    const std::size_t start = p_;
    const TextPos pos = pos_at(start);
    ++p_;
    return add_result(start, p_, pos, Outcome::Unknown);
  }

  void parse_tag(bool bracketed = true) {
    const std::size_t start = p_;
    if (bracketed) {
      ++p_;
      skip_blanks_here();
      if (peek(p_) == '[') {
        const std::size_t extra = p_;
        while (peek(p_) == '[') ++p_;
        report(IssueKind::MalformedTag, extra, p_, "one '['", "doubled '[' of a tag pair");
        skip_blanks_here();
      }
    } else {
      report(IssueKind::MalformedTag, start, start + 1, "'[' opening the tag pair",
             "tag pair without '['");
    }
    const std::size_t name_begin = p_;
    p_ = tag_name_end(p_);
    if (p_ == name_begin) {
      report(IssueKind::MalformedTag, start, p_ + 1, "a tag name",
             "tag pair without a name (skipped)");
      recover_tag();
      return;
    }
    Tag& tag = game_.tags.emplace_back();  // built in place; nothing else adds a tag meanwhile
    tag.pos = pos_at(start);
    assign_tag_name(name_begin, p_, tag.name);
    skip_blanks_here();
    read_tag_value(start, tag);
  }

  void skip_blanks_here() {
    while (peek(p_) == ' ' || peek(p_) == '\t') ++p_;
  }

  static bool is_tag_name_char(char c) { return kTagNameChar[static_cast<unsigned char>(c)]; }

  // The end of the tag name that starts at q. A name is the text up to the value's opening
  // quote (PDN 3.0 "Tag pairs", as localising exporters write it: `[Heure blanche "0:10:00"]`):
  // words of name characters separated by blanks, when only such words and blanks stand between
  // the first word and a '"' on this line; otherwise the first word alone.
  // Sets spaced_name_ when the name holds blanks.
  std::size_t tag_name_end(std::size_t q) {
    while (is_tag_name_char(peek(q))) ++q;
    spaced_name_ = false;
    if (peek(q) != ' ' && peek(q) != '\t') return q;
    const std::size_t first_end = q;
    std::size_t end = q;
    while (true) {
      std::size_t k = end;
      while (peek(k) == ' ' || peek(k) == '\t') ++k;
      if (peek(k) == '"') {
        spaced_name_ = end != first_end;
        return end;
      }
      if (k == end || !is_tag_name_char(peek(k))) return first_end;
      while (is_tag_name_char(peek(k))) ++k;
      end = k;
    }
  }

  // The name [from, to) as a tag's name: blanks inside it written as one space.
  void assign_tag_name(std::size_t from, std::size_t to, std::string& name) const {
    name.assign(s_ + from, to - from);
    if (!spaced_name_) return;
    std::string folded;
    for (char c : name) {
      const bool blank = c == ' ' || c == '\t';
      if (blank && (folded.empty() || folded.back() == ' ')) continue;
      folded += blank ? ' ' : c;
    }
    name = std::move(folded);
  }

  // The value of the tag whose name ends at p_, and its closing ']'.
  void read_tag_value(std::size_t start, Tag& tag) {
    if (peek(p_) != '"') {
      read_unquoted_value(tag);
      return;
    }
    const std::size_t open = p_;
    ++p_;
    if (!read_string(tag.value)) {
      diagnose(IssueKind::MalformedTag, tag.pos, start, p_, "'\"' closing the tag value",
               "tag value is never closed");
      return;
    }
    skip_blanks_here();
    if (peek(p_) == ']') {
      ++p_;
      return;
    }
    // A quote inside the value written without '\': the value runs to the line's last quote
    // that a ']' follows.
    if (const std::size_t close = quoted_value_end(p_); close != kNone) {
      tag.value.assign(s_ + open + 1, close - open - 1);
      report(IssueKind::MalformedTag, open, close + 1, "\\\" for a quote inside a value",
             "unescaped quote inside a tag value");
      p_ = close + 1;
      skip_blanks_here();
      ++p_;  // the ']'
      return;
    }
    report(IssueKind::MalformedTag, p_, p_ + 1, "']' closing the tag pair",
           "tag pair is not closed");
    recover_tag();
  }

  // True when byte q ends a line: LF, or a CR that no LF follows (the CR of a CRLF is read as
  // part of the line, as before its LF).
  bool line_end_at(std::size_t q) {
    const char c = peek(q);
    return c == '\n' || (c == '\r' && peek(q + 1) != '\n');
  }

  // Position of the last '"' on the line from q that blanks and a ']' follow, or kNone.
  std::size_t quoted_value_end(std::size_t q) {
    std::size_t found = kNone;
    for (;; ++q) {
      const char c = peek(q);
      if ((c == 0 && q >= n_) || line_end_at(q)) return found;
      if (c != '"') continue;
      std::size_t k = q + 1;
      while (peek(k) == ' ' || peek(k) == '\t') ++k;
      if (peek(k) == ']') found = q;
    }
  }

  // `[Name]` or `[Name value]`: the value is the text up to ']' or the end of the line.
  void read_unquoted_value(Tag& tag) {
    const std::size_t from = p_;
    std::size_t q = p_;
    while (true) {
      const char c = peek(q);
      if ((c == 0 && q >= n_) || line_end_at(q) || c == ']') break;
      ++q;
    }
    std::size_t end = q;
    while (end > from && is_pdn_space(s_[end - 1])) --end;
    tag.value.assign(s_ + from, end - from);
    report(IssueKind::MalformedTag, from, end, "'\"' opening the tag value",
           end == from ? "tag pair without a value" : "tag value without quotes");
    p_ = q;
    if (peek(p_) == ']') ++p_;
  }

  // True when the '[' at q starts a tag pair (a name follows, perhaps after blanks or another
  // '['), not a lone bracket.
  bool tag_start_at(std::size_t q) {
    ++q;
    while (peek(q) == ' ' || peek(q) == '\t' || peek(q) == '[') ++q;
    return is_tag_name_char(peek(q));
  }

  // True when a tag pair without its '[' starts at q, first on its line: `Name "value"]`.
  bool bare_tag_at(std::size_t q) {
    for (std::size_t k = q; k > 0 && s_[k - 1] != '\n' && s_[k - 1] != '\r'; --k)
      if (s_[k - 1] != ' ' && s_[k - 1] != '\t') return false;
    std::size_t k = tag_name_end(q);
    if (k == q) return false;
    while (peek(k) == ' ' || peek(k) == '\t') ++k;
    return peek(k) == '"' && quoted_value_end(k + 1) != kNone;
  }

  // True when a '"' follows position `from` before the next line that starts (after blanks)
  // with '[' and before the end of the input. The quote found is remembered, so that a value
  // running over many lines is scanned once.
  bool quote_ahead(std::size_t from) {
    if (quote_ahead_ > from) return true;
    for (std::size_t q = from; q < n_; ++q) {
      if (s_[q] == '"') {
        quote_ahead_ = q;
        return true;
      }
      if (s_[q] == '\n') {
        std::size_t k = q + 1;
        while (peek(k) == ' ' || peek(k) == '\t' || peek(k) == '\r') ++k;
        if (peek(k) == '[') return false;
      }
    }
    if (!at_eof_) throw NeedMoreInput{};  // the rest decides
    return false;
  }

  // Reads a quoted string body after the opening quote into `out` (escapes \" and \\). A line
  // break ends an unterminated string (returns false, cursor at the break) when the next line
  // starts with '[' or when no '"' closes the string before such a line: the text after it is
  // read as the game's (a terminator, the next game's tags), not swallowed; so does the end of
  // the input.
  bool read_string(std::string& out) {
    while (true) {
      // Copy the run of ordinary characters at once.
      std::size_t q = p_;
      while (q < n_ && !kStringStop[static_cast<unsigned char>(s_[q])]) ++q;
      out.append(s_ + p_, q - p_);
      p_ = q;
      char c = peek(p_);
      if (c == 0 && p_ >= n_) return false;
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c == '\\' && (peek(p_ + 1) == '"' || peek(p_ + 1) == '\\')) {
        out.push_back(s_[p_ + 1]);
        p_ += 2;
        continue;
      }
      if (c == '\n') {
        std::size_t q = p_ + 1;
        while (peek(q) == ' ' || peek(q) == '\t' || peek(q) == '\r') ++q;
        if (peek(q) == '[' || !quote_ahead(p_ + 1)) {
          // The break is the whole CRLF: its CR leaves the value, and the cursor stands before
          // it (a game that ends here ends before the CRLF, which then counts as one line end).
          if (!out.empty() && out.back() == '\r') {
            out.pop_back();
            --p_;
          }
          return false;
        }
        out.push_back(c);
        ++p_;
        continue;
      }
      out.push_back(c);
      ++p_;
    }
  }

  // Skips to after the next ']' on this line, or to the end of the line.
  void recover_tag() {
    while (true) {
      char c = peek(p_);
      if ((c == 0 && p_ >= n_) || line_end_at(p_)) return;
      ++p_;
      if (c == ']') return;
    }
  }

  // ---- comments ---------------------------------------------------------------------------
  // A comment runs to the next '}'. A comment that is never closed would swallow the games after
  // it, so it also ends where a new game's tag section begins inside it: a line that starts
  // (after blanks) with a complete tag pair `[Name "value"]` and either follows an empty line or
  // is followed by another such line (a tag section of two or more lines). Embedded commands
  // (`[%eval 0.1]`) and brackets inside the text of a line never match. The game then ends
  // before those tags (error: comment never closed) and the next game starts there.
  void parse_comment() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    const void* close = std::memchr(s_ + p_ + 1, '}', n_ - p_ - 1);
    const std::size_t limit =
        close ? static_cast<std::size_t>(static_cast<const char*>(close) - s_) : n_;
    const std::size_t cut = next_game_tags_in_comment(start, limit);
    // "comment opened at line:column is never closed" (column in characters; start lies on
    // the current line), built only for an error.
    auto unclosed = [&](bool before_tags) {
      const LineColumn at = position_at(start);
      std::string m = "comment opened at " + std::to_string(at.line) + ":" +
                      std::to_string(at.column) + " is never closed";
      if (before_tags) m += "; it ends before the next game's tags";
      return m;
    };
    std::size_t end;
    if (cut != kNone) {
      end = cut;
      report(IssueKind::UnclosedComment, start, end, "'}' closing the comment", unclosed(true));
      comment_cut_ = true;
    } else if (!close) {
      if (!at_eof_) throw NeedMoreInput{};
      end = n_;
      // A re-read (converted encoding) of a game whose comment was cut ends at the cut.
      report(IssueKind::UnclosedComment, start, end, "'}' closing the comment",
             unclosed(eof_is_next_tag_));
    } else {
      end = limit;
    }
    Element e;
    e.kind = ElementKind::Comment;
    e.offset = pos.offset;
    e.text = range(start + 1, end);
    push(e);
    p_ = end;
    if (cut == kNone && end < n_) ++p_;  // the '}'
  }

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  // True when a tag pair `[Name "value"]` (escapes \" and \\ in the value) starts at q.
  bool tag_pair_at(std::size_t q) {
    if (peek(q) != '[') return false;
    ++q;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    const std::size_t name_begin = q;
    while (is_name_char(peek(q))) ++q;
    if (q == name_begin) return false;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    if (peek(q) != '"') return false;
    ++q;
    while (true) {
      const char c = peek(q);
      if (c == '"') break;
      if (c == '\n' || (c == 0 && q >= n_)) return false;
      q += (c == '\\' && (peek(q + 1) == '"' || peek(q + 1) == '\\')) ? 2 : 1;
    }
    ++q;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    return peek(q) == ']';
  }

  // First byte after the blanks that begin the line starting at q.
  std::size_t skip_blanks(std::size_t q) {
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    return q;
  }

  // Where a comment opened at `open` must end because a new game's tag section begins on a line
  // inside it, before `limit` (its '}' or the end of the buffer): the end of the comment's text
  // (trailing white space excluded); kNone when no such line exists. See parse_comment.
  std::size_t next_game_tags_in_comment(std::size_t open, std::size_t limit) {
    std::size_t k = open + 1;
    while (k < limit) {
      const void* nl = std::memchr(s_ + k, '\n', limit - k);
      if (!nl) return kNone;
      const std::size_t newline = static_cast<std::size_t>(static_cast<const char*>(nl) - s_);
      k = newline + 1;
      const std::size_t tag = skip_blanks(k);
      if (tag >= limit || s_[tag] != '[' || !tag_pair_at(tag)) continue;
      // The line before: empty (only blanks) and not the comment's first line?
      std::size_t j = newline;
      while (j > open && (s_[j - 1] == ' ' || s_[j - 1] == '\t' || s_[j - 1] == '\r')) --j;
      bool starts_section = j > open + 1 && s_[j - 1] == '\n';
      if (!starts_section) {
        // Or the line after is a tag pair too.
        std::size_t q = tag;
        while (peek(q) != '\n' && !(q >= n_ && peek(q) == 0)) ++q;
        if (q < n_) starts_section = tag_pair_at(skip_blanks(q + 1));
      }
      if (!starts_section) continue;
      std::size_t end = k;
      while (end > open + 1 && is_pdn_space(s_[end - 1])) --end;
      return end;
    }
    return kNone;
  }

  void parse_line_comment() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    // The comment ends at the line end: LF, CRLF or a lone CR.
    const void* nl = std::memchr(s_ + p_, '\n', n_ - p_);
    const std::size_t lf = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s_) : n_;
    const void* cr = std::memchr(s_ + p_, '\r', lf - p_);
    if (!nl && !cr && !at_eof_) throw NeedMoreInput{};
    const std::size_t text_end =
        cr ? static_cast<std::size_t>(static_cast<const char*>(cr) - s_) : lf;
    Element e;
    e.kind = ElementKind::LineComment;
    e.offset = pos.offset;
    e.text = range(start + 1, text_end);
    push(e);
    p_ = text_end;
  }

  // ---- movetext tokens --------------------------------------------------------------------
  std::size_t read_digits(std::size_t q) {
    while (is_digit(peek(q))) ++q;
    return q;
  }

  // Matches a game result at q: "2-0" "0-2" "1-1" "1-0" "0-1" "0-0" "1/2-1/2", with optional
  // spaces or tabs around the '-'. A result directly followed by digits counts only when those
  // digits form a move number of the next game ("0-001."), so "1-10" stays a move.
  bool match_result(std::size_t q, std::size_t& end, Outcome& outcome) {
    auto skip_blank = [&](std::size_t i) {
      while (peek(i) == ' ' || peek(i) == '\t') ++i;
      return i;
    };
    std::size_t r;
    // A half point written "1/2" or "0.5" at i (the three characters of `half`).
    auto is_half = [&](std::size_t i, const char* half) {
      return peek(i) == half[0] && peek(i + 1) == half[1] && peek(i + 2) == half[2];
    };
    const char* half = is_half(q, "1/2") ? "1/2" : is_half(q, "0.5") ? "0.5" : nullptr;
    if (half) {  // 1/2-1/2, 0.5-0.5
      r = skip_blank(q + 3);
      if (peek(r) != '-') return false;
      r = skip_blank(r + 1);
      if (!is_half(r, half)) return false;
      r += 3;
      outcome = Outcome::Draw;
    } else {
      char a = peek(q);
      if (a < '0' || a > '2' || is_digit(peek(q + 1))) return false;
      r = skip_blank(q + 1);
      if (peek(r) != '-') return false;
      r = skip_blank(r + 1);
      char b = peek(r);
      if (b < '0' || b > '2') return false;
      ++r;
      outcome = outcome_of(std::string_view(s_ + q, r - q));  // "2-2", "1-2", "2-1": no result
      if (outcome == Outcome::Unknown) return false;
    }
    if (is_digit(peek(r))) {
      std::size_t k = read_digits(r);
      if (peek(k) != '.') return false;
    } else if (peek(r) == '/' || is_name_char(peek(r))) {
      return false;
    }
    end = r;
    return true;
  }

  // Adds a Result element; returns true when it ends the game (main line).
  bool add_result(std::size_t start, std::size_t end, TextPos pos, Outcome outcome) {
    Element e;
    e.kind = ElementKind::Result;
    e.offset = pos.offset;
    e.text = range(start, end);
    e.set_outcome(outcome);
    push(e);
    movetext_ = true;
    p_ = end;
    return stack_.empty();
  }

  // A token starting with a digit: result, move number or move. Returns true at a terminator.
  // (parse_body first reads plain tokens with read_plain_movetext; this is the general,
  // diagnosing path.)
  [[gnu::noinline]] bool parse_number_token() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    std::size_t end;
    Outcome outcome;
    if (match_result(start, end, outcome)) return add_result(start, end, pos, outcome);
    std::size_t q = read_digits(start);
    char c = peek(q);
    if (move_number_end(q) && c == ')') {  // `12)`: a move number (in a variation: a move follows)
      push_move_number(start, q, q + 1, pos, false);
      return false;
    }
    std::size_t length = 0;
    if (separator_at(q, length) != Separator::None || spaced_separator_at(q)) {
      parse_numeric_move(start, pos);
      return false;
    }
    if (c == '.') {
      std::size_t dots = q;
      while (peek(dots) == '.') ++dots;
      Element e;
      e.kind = ElementKind::MoveNumber;
      e.offset = pos.offset;
      e.text = range(start, dots);
      e.value = parse_uint(start, q);
      e.set_black_form((dots - q) >= 2);
      push(e);
      movetext_ = true;
      p_ = dots;
      return false;
    }
    if (move_follows(q)) {  // `12 32-28`: a move number written without its '.'
      push_move_number(start, q, q, pos, false);
      return false;
    }
    report(IssueKind::MoveToken, start, q, "'.' after a move number, or a move such as 32-28",
           "number is neither a move number nor a move");
    p_ = q;
    return false;
  }

  // Reads the run of plain tokens (plain_token.hpp: move numbers, numeric moves, one-line
  // comments) and the white space between them that starts at p_, while a token lies wholly
  // inside the buffer's kPlainWindow; stops before any other token, which the general code
  // reads. A function of its own (noinline) with few values live, so that its loop keeps them
  // in registers: positions counted from the game's first byte (an element's offset as is), a
  // move's first square index as the address of its squares in the batch plus a bias, and the
  // kinds read found from what was added once the loop ends. Its elements go through a
  // PlainBatch. Aligned to a cache line, so that the alignment of its loop (worth a few percent
  // of the reading time) does not depend on the size of unrelated code linked before it.
  [[gnu::noinline, gnu::aligned(64)]] void read_plain_movetext() {
    const auto* g = reinterpret_cast<const unsigned char*>(s_) + begin_;  // the game's bytes
    const std::size_t limit = n_ - kPlainWindow - begin_;  // a token starting up to here fits
    std::size_t p = p_ - begin_;
    std::vector<Element>& line = current_line();
    const std::size_t line_size = line.size();
    const std::size_t squares_size = game_.squares.size();
    unsigned char* next = batch_.begin();
    std::uint8_t* next_square = batch_.squares;
    // Index in the game's squares of the square written at address a of the batch: a + bias.
    std::uintptr_t bias = squares_size - reinterpret_cast<std::uintptr_t>(batch_.squares);
    while (p <= limit) {
      const PlainLead lead = kPlainLead[g[p]];
      if (lead == PlainLead::Space) {
        ++p;
        continue;
      }
      if (next == batch_.end()) {
        bias += static_cast<std::uintptr_t>(next_square - batch_.squares);
        append_batch(line, next, next_square, begin_ + p);
        next = batch_.begin();
        next_square = batch_.squares;
      }
      const auto offset = static_cast<std::uint32_t>(p);
      std::size_t length = 0;
      if (lead == PlainLead::Digit) {
        const auto square =
            static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(next_square) + bias);
        length = add_plain_number(g + p, offset, square, next, next_square);
      } else if (lead == PlainLead::Comment) {
        length = plain_comment_end(g + p) + 1;
        if (length == 1) break;
        PlainBatch::add(next, ElementKind::Comment, Separator::None, 0, 0, offset,
                        TextRange{offset + 1, static_cast<std::uint32_t>(length - 2)}, 0);
      }
      if (length == 0) break;
      p += length;
      p += g[p] == ' ';  // the blank that mostly follows a token, without a turn of the loop
    }
    append_batch(line, next, next_square, begin_ + p);
    p_ = begin_ + p;
    if (line.size() == line_size) return;
    // The last token read ends where the white space before p begins (no plain token ends in
    // white space).
    while (kPlainLead[g[p - 1]] == PlainLead::Space) --p;
    last_end_ = begin_ + p;
    if (game_.squares.size() != squares_size) {
      movetext_ = move_seen_ = true;
      return;
    }
    for (std::size_t i = line_size; i < line.size(); ++i)
      if (line[i].kind == ElementKind::MoveNumber) movetext_ = true;
  }

  // Appends the batch (elements before `next`, squares before `next_square`, read up to byte
  // `at`) to `line` and the game's squares, each grown as make_room grows it. Out of line:
  // the loop of read_plain_movetext keeps its registers.
  [[gnu::noinline]] void append_batch(std::vector<Element>& line, unsigned char* next,
                                      std::uint8_t* next_square, std::size_t at) {
    batch_.append_to(line, game_.squares, next, next_square, at - begin_, n_ - begin_);
  }

  // Adds the plain number token at `s` (a digit; offset `offset` in the game) as an element at
  // `next` (a move's squares at `next_square`, index `square` in the game's squares); returns
  // its length, or 0 (nothing added) when it is no plain token. The short
  // forms are read from one word (read_short_number), the others byte by byte.
  static std::size_t add_plain_number(const unsigned char* s, std::uint32_t offset,
                                      std::uint32_t square, unsigned char*& next,
                                      std::uint8_t*& next_square) {
    const std::size_t length = visit_short_number(
        s,
        [&](unsigned value, unsigned bytes) {
          if (value == 1) return 0u;  // may start a new game: read by parse_body
          PlainBatch::add(next, ElementKind::MoveNumber, Separator::None, 0, 0, offset,
                          TextRange{offset, bytes}, value);
          return bytes;
        },
        [&](unsigned from, unsigned to, Separator separator, unsigned bytes) {
          PlainBatch::add(next, ElementKind::Move, separator, 2, 0, offset,
                          TextRange{offset, bytes}, square);
          next_square[0] = static_cast<std::uint8_t>(from);
          next_square[1] = static_cast<std::uint8_t>(to);
          next_square += 2;
          return bytes;
        });
    if (length != 0) return length;
    return add_long_number(read_long_number(s), offset, square, next, next_square);
  }

  // read_plain_number out of line: the rare longer tokens keep the loop's registers free.
  [[gnu::noinline]] static PlainNumber read_long_number(const unsigned char* s) {
    return read_plain_number(s);
  }

  // add_plain_number for a token read by read_plain_number.
  static std::size_t add_long_number(const PlainNumber& t, std::uint32_t offset,
                                     std::uint32_t square, unsigned char*& next,
                                     std::uint8_t*& next_square) {
    if (t.length == 0 || (!t.move && t.number == 1 && !t.black_form)) return 0;
    const TextRange text{offset, t.length};
    if (t.move) {
      PlainBatch::add(next, ElementKind::Move, t.separator, static_cast<std::uint8_t>(t.count),
                      0, offset, text, square);
      std::memcpy(next_square, t.squares, kPlainMaxSquares);
      next_square += t.count;
    } else {
      PlainBatch::add(next, ElementKind::MoveNumber, Separator::None, 0, t.black_form ? 1 : 0,
                      offset, text, t.number);
    }
    return t.length;
  }

  // Adds the move number written as digits [start, digits_end), its token ending at `end`.
  void push_move_number(std::size_t start, std::size_t digits_end, std::size_t end, TextPos pos,
                        bool black) {
    Element e;
    e.kind = ElementKind::MoveNumber;
    e.offset = pos.offset;
    e.text = range(start, end);
    e.value = parse_uint(start, digits_end);
    e.set_black_form(black);
    push(e);
    movetext_ = true;
    p_ = end;
  }

  // True when, after the square ending at q, blanks, a separator and blanks lead to a square:
  // `31 - 26`, `31 x 22` (a square followed by '.' or ')' is a move number, not a square).
  bool spaced_separator_at(std::size_t q) {
    const std::size_t k = skip_line_blanks(q);
    if (k == q) return false;
    std::size_t length = 0;
    if (separator_at(k, length) == Separator::None) return false;
    const std::size_t m = skip_line_blanks(k + length);
    if (!is_digit(peek(m))) return false;
    return !square_ends_as_number(read_digits(m));
  }

  // True when the character at q ends a move number: '.', or ')' outside variations.
  bool move_number_end(std::size_t q) {
    const char c = peek(q);
    return c == '.' || (c == ')' && (stack_.empty() || move_follows(q + 1)));
  }

  // After a separator and blanks: true when the digits ending at q are a move number rather
  // than the move's square ('.', or ')' where no variation is open to be closed by it).
  bool square_ends_as_number(std::size_t q) {
    const char c = peek(q);
    return c == '.' || (c == ')' && stack_.empty());
  }

  // True when a move (digits then a separator) follows the blanks after q.
  bool move_follows(std::size_t q) {
    const std::size_t k = skip_line_blanks(q);
    if (k == q || !is_digit(peek(k))) return false;
    const std::size_t d = read_digits(k);
    std::size_t length = 0;
    return separator_at(d, length) != Separator::None || spaced_separator_at(d);
  }

  // True when the main line read so far holds a move.
  bool move_read() const {
    for (const Element& e : game_.moves)
      if (e.kind == ElementKind::Move) return true;
    return false;
  }

  // True when a new game's movetext, written without tags, starts at q: after a move of this
  // game, a White move number 1 (`1.`, `01.`, `1)`) followed by one of the nine first moves of
  // the initial position (a numbering that starts again from a later position, as engines'
  // logs write it, goes on in the same game; Black's first move written `1.` is no such move).
  bool new_game_at(std::size_t q) {
    std::size_t k = q;
    while (peek(k) == '0') ++k;
    if (peek(k) != '1' || is_digit(peek(k + 1))) return false;
    const char c = peek(k + 1);
    if (c != ')' && !(c == '.' && peek(k + 2) != '.')) return false;
    if (!move_read()) return false;
    std::size_t from = k + 2;
    while (true) {  // the first move may stand on the next line
      from = skip_line_blanks(from);
      if (peek(from) != '\n' && peek(from) != '\r') break;
      ++from;
    }
    const std::size_t from_end = read_digits(from);
    std::size_t length = 0;
    if (from_end == from) return false;
    std::size_t separator = from_end;
    if (separator_at(separator, length) == Separator::None) separator = skip_line_blanks(separator);
    if (separator_at(separator, length) != Separator::Dash) return false;
    const std::size_t to = skip_line_blanks(separator + length);
    const std::size_t to_end = read_digits(to);
    if (to_end == to || is_digit(peek(to_end))) return false;
    const std::uint32_t a = parse_uint(from, from_end), b = parse_uint(to, to_end);
    // White's first moves: 31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30.
    return a >= 31 && a <= 35 && (b == a - 5 || (b == a - 4 && a != 35)) && b >= 26;
  }

  std::uint32_t parse_uint(std::size_t from, std::size_t to) {
    std::uint32_t v = 0;
    for (std::size_t k = from; k < to; ++k) {
      if (v > 100000000u) return 1000000000u;  // saturate
      v = v * 10 + static_cast<std::uint32_t>(s_[k] - '0');
    }
    return v;
  }

  void parse_numeric_move(std::size_t start, TextPos pos) {
    make_room(current_line(), 1, start);
    Element& e = current_line().emplace_back();  // built in place: no copy in the hot path
    e.kind = ElementKind::Move;
    e.offset = pos.offset;
    e.value = static_cast<std::uint32_t>(game_.squares.size());
    std::size_t q = start;
    int count = 0;
    while (true) {
      std::size_t d_end = read_digits(q);
      std::uint32_t sq = parse_uint(q, d_end);
      if (sq == 0 || sq > 255 || d_end - q > 3) {
        report(IssueKind::BadSquare, q, d_end, "a square number 1..50",
               "square number out of range");
      }
      if (count < 255) {
        make_room(game_.squares, 1, q);
        game_.squares.push_back(static_cast<std::uint8_t>(sq > 255 ? 0 : sq));
        ++count;
      }
      q = d_end;
      std::size_t length = 0;
      Separator separator = separator_at(q, length);
      if (separator == Separator::None && spaced_separator_at(q)) {  // `31 - 26`
        q = skip_line_blanks(q);
        separator = separator_at(q, length);
      }
      if (separator == Separator::None) break;
      std::size_t after = q + length;
      // Blanks after the separator: right-aligned columns "1- 7", "16x 7", and `31 - 26`.
      if (const std::size_t k = skip_line_blanks(after); k != after) {
        if (is_digit(peek(k)) && !square_ends_as_number(read_digits(k))) after = k;
      }
      if (!is_digit(peek(after))) {
        report(IssueKind::MoveToken, after, after + 1,
               "a square number after '" + std::string(s_ + q, length) + "'",
               "move ends with a separator");
        q = after;
        break;
      }
      if (e.separator == Separator::None) e.separator = separator;
      q = after;
    }
    // Strength marks glued to the move: ! ? * and parenthesised (?) (!?) ... (more than
    // Element::kMaxStrengthBytes of them are glued text).
    std::size_t strength_begin = q;
    const std::size_t strength_limit = strength_begin + Element::kMaxStrengthBytes;
    while (true) {
      char c = peek(q);
      // FMJD rules article 9's marks: ! ? !! ?? !? ?! * + =
      if ((c == '!' || c == '?' || c == '*' || c == '+' || c == '=') && q < strength_limit) {
        ++q;
      } else if (c == '(') {
        std::size_t k = q + 1;
        while (peek(k) == '!' || peek(k) == '?') ++k;
        if (k > q + 1 && peek(k) == ')' && k + 1 <= strength_limit) {
          q = k + 1;
        } else {
          break;
        }
      } else {
        break;
      }
    }
    e.text = range(start, q);
    e.set_strength_size(static_cast<std::uint32_t>(q - strength_begin));
    e.square_count = static_cast<std::uint8_t>(count);
    if (!at_end_or_delimiter(q)) {
      std::size_t k = q;
      while (!at_end_or_delimiter(k)) ++k;
      report(IssueKind::StrayText, q, k, "white space after the move",
             "unexpected text glued to a move (skipped)");
      q = k;
    }
    movetext_ = move_seen_ = true;
    p_ = q;
  }

  bool at_end_or_delimiter(std::size_t q) {
    char c = peek(q);
    if (c == 0 && q >= n_) return true;
    std::size_t length = 0;
    return is_delimiter(c) || c == '.' || glyph_at(q, length) == Glyph::Space;
  }

  void parse_alphanumeric_move() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    std::size_t q = p_;
    int squares = 0;
    Separator sep = Separator::None;
    while (is_lower_file(peek(q)) && is_digit(peek(q + 1))) {
      q = read_digits(q + 1);
      ++squares;
      char c = peek(q);
      if ((c == '-' || c == 'x' || c == ':') && is_lower_file(peek(q + 1))) {
        if (sep == Separator::None) sep = static_cast<Separator>(c);
        ++q;
      }
    }
    if (squares < 2 || !(at_end_or_delimiter(q) || peek(q) == '!' || peek(q) == '?')) {
      skip_unexpected();
      return;
    }
    std::size_t strength_begin = q;
    while ((peek(q) == '!' || peek(q) == '?') && q < strength_begin + Element::kMaxStrengthBytes)
      ++q;
    Element e;
    e.kind = ElementKind::Move;  // alphanumeric: no squares in Game::squares
    e.separator = sep;
    e.offset = pos.offset;
    e.text = range(start, q);
    e.set_strength_size(static_cast<std::uint32_t>(q - strength_begin));
    e.value = static_cast<std::uint32_t>(game_.squares.size());
    push(e);
    add_alphanumeric_evidence(std::string_view(s_ + start, q - start), evidence_);
    movetext_ = move_seen_ = true;
    p_ = q;
  }

  void parse_ellipsis() {
    std::size_t start = p_;
    std::size_t q = p_;
    while (peek(q) == '.') ++q;
    auto& line = current_line();
    if (q - start >= 2 && !line.empty() && line.back().kind == ElementKind::MoveNumber) {
      line.back().set_black_form(true);  // "12. ..." written with a space
      line.back().text.size = static_cast<std::uint32_t>(q - begin_) - line.back().text.begin;
    } else {
      report(IssueKind::StrayText, start, q, "a move number before '...'", "stray dots");
    }
    p_ = q;
  }

  void parse_nag() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    std::size_t q = read_digits(p_ + 1);
    if (q == p_ + 1) {
      report(IssueKind::StrayText, start, start + 1, "digits after '$'", "NAG without a number");
      p_ = q;
      return;
    }
    Element e;
    e.kind = ElementKind::Nag;
    e.offset = pos.offset;
    e.text = range(start, q);
    e.value = parse_uint(start + 1, q);
    push(e);
    movetext_ = true;
    p_ = q;
  }

  void open_variation() {
    if (too_deep_ > 0 || stack_.size() >= static_cast<std::size_t>(kMaxVariationDepth)) {
      // Deeper than the limit: the text up to the matching ')' is read into a scratch line and
      // dropped, with one warning for the whole region (see finish() when it is never closed).
      if (too_deep_++ == 0) {
        too_deep_begin_ = p_;
        too_deep_pos_ = pos_at(p_);
        open_line_ = &too_deep_line_;
      }
      movetext_ = true;
      ++p_;
      return;
    }
    Element e;
    e.kind = ElementKind::Variation;
    e.offset = offset_of(p_);
    e.text = range(p_, p_ + 1);
    e.value = static_cast<std::uint32_t>(game_.variations.size());
    push(e);
    game_.variations.emplace_back();
    stack_.push_back(e.value);
    update_line();
    open_pos_.push_back(e.offset);
    movetext_ = true;
    ++p_;
  }

  void close_variation() {
    if (too_deep_ > 0) {
      if (--too_deep_ == 0) end_too_deep(p_ + 1);
    } else if (stack_.empty()) {
      report(IssueKind::StrayText, p_, p_ + 1, "a move, comment or game terminator",
             "')' without a variation");
    } else {
      stack_.pop_back();
      open_pos_.pop_back();
      update_line();
    }
    ++p_;
  }

  // Setup command `/FEN "W:W31:B1"/` (the name may be missing: `/"..."/`).
  void parse_setup() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    std::size_t q = p_ + 1;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    while (is_name_char(peek(q))) ++q;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    if (peek(q) != '"') {
      report(IssueKind::StrayText, start, q + 1, "/FEN \"...\"/ setup command",
             "'/' does not start a setup");
      p_ = start + 1;
      return;
    }
    p_ = q + 1;
    std::string value;
    if (!read_string(value)) {
      diagnose(IssueKind::BadFen, pos, start, p_, "'\"' closing the setup value",
               "setup value is never closed");
      return;
    }
    while (peek(p_) == ' ' || peek(p_) == '\t') ++p_;
    if (peek(p_) == '/') {
      ++p_;
    } else {
      report(IssueKind::StrayText, p_, p_ + 1, "'/' closing the setup command",
             "setup command is not closed");
    }
    Element e;
    e.kind = ElementKind::Setup;
    e.offset = pos.offset;
    e.text = range(start, p_);
    e.value = static_cast<std::uint32_t>(game_.setups.size());
    game_.setups.push_back(std::move(value));
    push(e);
    movetext_ = move_seen_ = true;
  }

  void skip_stray_string() {
    std::size_t start = p_;
    TextPos pos = pos_at(start);
    ++p_;
    std::string ignored;
    read_string(ignored);
    diagnose(IssueKind::StrayText, pos, start, p_, "a move, comment or game terminator",
             "string outside a tag pair (skipped)");
  }

  // A '[' that starts no tag pair (a lone '[' line): skipped to the end of its line or ']'.
  void lone_bracket() {
    const std::size_t start = p_;
    ++p_;
    recover_tag();
    report(IssueKind::MalformedTag, start, p_, "a tag pair [Name \"value\"]",
           "'[' without a tag (skipped)");
  }

  // Export artefact: line ends written as the text `\r`, `\n` or `\r\n` (possibly repeated),
  // read as white space with a LineEndText warning; a letter may not follow (`\rnd` is text).
  // Any other backslash is stray text.
  void parse_backslash() {
    std::size_t q = p_;
    while (peek(q) == '\\' && (peek(q + 1) == 'r' || peek(q + 1) == 'n')) q += 2;
    const char next = q < n_ || !at_eof_ ? peek(q) : ' ';
    const bool letter = (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
    if (q == p_ || letter) {
      skip_unexpected();
      return;
    }
    report(IssueKind::LineEndText, p_, q, "a line end", "line end written as the text '\\r'");
    p_ = q;
  }

  // A '-', '--' or '?' standing where the terminator belongs (only white space, then the end of
  // the input or the next game's tags follow): the game ends with the unknown result, with a
  // PlaceholderTerminator warning. Elsewhere it is stray text. Returns true when it ends the game.
  bool parse_placeholder_terminator() {
    const std::size_t start = p_;
    const char c = s_[p_];
    std::size_t q = p_ + 1;
    while (c == '-' && peek(q) == '-') ++q;
    std::size_t k = q;
    while (is_pdn_space(peek(k))) ++k;
    if (!stack_.empty() || !((k >= n_ && peek(k) == 0) || peek(k) == '[')) {
      skip_unexpected();
      return false;
    }
    const TextPos pos = pos_at(start);
    diagnose(IssueKind::PlaceholderTerminator, pos, start, q, "a game terminator (2-0, 1-1, 0-2, *)",
             "'" + std::string(s_ + start, q - start) + "' where the terminator belongs, read as '*'");
    return add_result(start, q, pos, Outcome::Unknown);
  }

  // The draw written `½-½` (UTF-8 or Latin-1 '½', blanks allowed around '-'): a terminator.
  bool parse_half_draw() {
    auto half = [&](std::size_t q) -> std::size_t {  // bytes of a '½' at q, 0 if none
      if (peek(q) == '\xC2' && peek(q + 1) == '\xBD') return 2;
      return peek(q) == '\xBD' ? 1 : 0;
    };
    const std::size_t start = p_;
    std::size_t q = start + half(start);
    if (q == start) return false;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    if (peek(q) != '-') return false;
    ++q;
    while (peek(q) == ' ' || peek(q) == '\t') ++q;
    const std::size_t h = half(q);
    if (h == 0) return false;
    return add_result(start, q + h, pos_at(start), Outcome::Draw);
  }

  // Ends the skipped region of variations nested deeper than kMaxVariationDepth at byte `end`.
  void end_too_deep(std::size_t end) {
    too_deep_line_.clear();
    update_line();
    diagnose(IssueKind::NestedTooDeep, too_deep_pos_, too_deep_begin_, end,
             "variations nested at most " + std::to_string(kMaxVariationDepth) + " levels deep",
             "variations nested deeper than " + std::to_string(kMaxVariationDepth) +
                 " levels: their text (" + std::to_string(end - too_deep_begin_) +
                 " bytes) is skipped");
  }

  void skip_unexpected() {
    std::size_t start = p_;
    if (!movetext_ && bare_tag_at(start)) {
      if (repeated_tag_name(false))
        bare_tag_repeats_ = true;  // read by the next game
      else
        parse_tag(false);
      return;
    }
    if (peek(start) == '\xEF' && peek(start + 1) == '\xBB' && peek(start + 2) == '\xBF') {
      p_ += 3;  // a byte-order mark inside the input (files joined): white space
      return;
    }
    std::size_t q = p_ + 1;
    while (q < n_ && (static_cast<unsigned char>(s_[q]) & 0xC0) == 0x80) ++q;
    if (is_name_char(s_[start]) || s_[start] == '!' || s_[start] == '?')
      while (!at_end_or_delimiter(q) && q < n_) ++q;
    report(IssueKind::StrayText, start, q,
           "a move, move number, comment, variation or game terminator",
           "unexpected text in movetext (skipped)");
    p_ = q;
  }

 public:
  bool eof_is_next_tag_ = false;  // re-reading a game that the next game's tags ended
  bool ended_by_next_tag_ = false;
  bool bare_tag_repeats_ = false;  // a tag without its '[' repeats a name: next game
  bool move_seen_ = false;        // a move or setup was read (in any line)
  // Variant evidence of the alphanumeric moves read (check_variant); the numeric part comes
  // from the game once read (add_numeric_evidence).
  MoveEvidence evidence_;
  bool evidence_valid_ = true;    // false when a move was reclassified after the fact
  bool spaced_name_ = false;      // the last tag name read (tag_name_end) holds blanks

 private:
  const char* s_;
  std::size_t n_;
  bool at_eof_;
  Game& game_;
  std::size_t p_ = 0;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  std::size_t last_end_ = 0;
  bool movetext_ = false;
  bool comment_cut_ = false;  // an unclosed comment was ended before the next game's tags
  std::vector<std::uint32_t> stack_;
  // Names of game_.tags[0, indexed_tags_) for repeated_tag_name once a game has many tags.
  // Transparent hashing: looked up by string_view without building a std::string.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view v) const { return std::hash<std::string_view>{}(v); }
  };
  static constexpr std::size_t kLinearTagScan = 32;
  std::unordered_set<std::string, NameHash, std::equal_to<>> tag_names_;
  std::size_t indexed_tags_ = 0;
  std::vector<Element>* open_line_ = &game_.moves;
  // Variations opened beyond kMaxVariationDepth and not yet closed, where the first of them
  // began, and the scratch line their elements go to.
  std::uint32_t too_deep_ = 0;
  std::size_t too_deep_begin_ = 0;
  TextPos too_deep_pos_;
  std::vector<Element> too_deep_line_;
  std::vector<std::uint32_t> open_pos_;  // offsets of the open variations' '('
  PlainBatch batch_;  // read_plain_movetext's elements before they join their line
  std::size_t quote_ahead_ = 0;  // a '"' quote_ahead found (0: none yet)
  LineColumn start_;     // line and column of s_[0]
  LineColumn begin_at_;  // line and column of the game's first byte
};

// Adds to `evidence` (MoveEvidence: the parser gathers that of alphanumeric moves) what the
// numeric moves of `game` say: their largest square, and the first square of the main line's
// first move when that move is numeric.
void add_numeric_evidence(const Game& game, MoveEvidence& evidence) {
  std::uint8_t max_square = 0;  // a byte-wide maximum: the compiler vectorises the loop
  for (const std::uint8_t square : game.squares) max_square = std::max(max_square, square);
  evidence.max_square = std::max<int>(evidence.max_square, max_square);
  for (const Element& e : game.moves) {
    if (e.kind != ElementKind::Move) continue;
    evidence.any_move = true;
    if (!e.alphanumeric()) evidence.first_from = game.squares[e.value];
    break;
  }
}

// Turns the offsets recorded while parsing (tags, diagnostics) into lines and columns.
void resolve_positions(Game& game) {
  for (Tag& t : game.tags) t.pos = game.pos_of(t.pos.offset);
  for (Diagnostic& d : game.diagnostics) d.pos = game.pos_of(d.pos.offset);
}

// Moves the game's bytes [step.begin, step.end) of the view of `source` into `text` without
// copying them, and leaves `source` holding the view's bytes after the game.
void take_text(TextSource& source, const ParseStep& step, std::string& text) {
  std::string& bytes = *source.bytes;
  const std::size_t from = source.view_begin + step.begin;
  const std::size_t to = source.view_begin + step.end;
  std::string rest(bytes, to, source.view_begin + source.view_bytes - to);
  text.swap(bytes);
  text.resize(to);
  text.erase(0, from);
  bytes = std::move(rest);
}

// Storage kept from one game (or one attempt at a game) to the next: more, a long game's, is
// given back, so that it is not held through the games after it, and so that a game read again
// with more bytes (ParseStep::NeedMore) grows its vectors anew to the size projected for them.
constexpr std::size_t kKeepBytes = std::size_t{1} << 20;

// Empties `game` for the next parse, keeping storage of up to kKeepBytes a vector.
void reset(Game& game) {
  if (game.text.capacity() > kKeepBytes)
    std::string().swap(game.text);
  else
    game.text.clear();
  game.tags.clear();
  clear_releasing(game.moves, kKeepBytes);
  game.variations.clear();
  clear_releasing(game.squares, kKeepBytes);
  game.setups.clear();
  game.diagnostics.clear();
  game.variant = {};
  game.encoding = Encoding::Ascii;
  clear_releasing(game.line_starts, kKeepBytes);
  clear_releasing(game.block_chars, kKeepBytes);
}

}  // namespace

ParseStep parse_game(std::string_view buffer, bool at_eof, LineColumn start, Game& game,
                     TextSource* source) {
  reset(game);
  Parser parser(buffer, at_eof, start, game);
  ParseStep step = parser.run();
  if (step.status != ParseStep::GameRead) {
    reset(game);  // what was read is read again with more bytes: its storage goes first
    return step;
  }
  if (game.tags.empty() && !parser.move_seen_) {
    step.not_a_game = true;
    step.end_at = Parser::advance_position(step.begin_at, buffer.data() + step.begin,
                                           buffer.data() + step.end,
                                           buffer.data() + buffer.size());
    return step;
  }
  MoveEvidence evidence = parser.evidence_;
  bool evidence_valid = parser.evidence_valid_;
  std::string_view bytes = buffer.substr(step.begin, step.end - step.begin);
  game.encoding = detect_encoding(bytes);
  const bool single_byte = game.encoding == Encoding::Latin1 || game.encoding == Encoding::Windows1252;
  if (single_byte || (game.encoding == Encoding::Utf8 && has_full_width(bytes))) {
    // Re-read the converted text (Latin-1 or Windows-1252 as UTF-8; the full-width forms of the
    // movetext folded, `１２－１７`) so that values, offsets and columns refer to it.
    std::string converted;
    if (single_byte)
      append_as_utf8(bytes, game.encoding, converted);
    else
      converted = fold_full_width(bytes);
    const Encoding encoding = game.encoding;
    reset(game);
    Parser again(converted, true, step.begin_at, game);
    again.eof_is_next_tag_ = parser.ended_by_next_tag_;
    again.run();
    evidence = again.evidence_;
    evidence_valid = again.evidence_valid_;
    game.encoding = encoding;
    game.text = std::move(converted);
  } else if (source != nullptr && bytes.size() > source->min_take_bytes) {
    take_text(*source, step, game.text);
    step.text_taken = true;
  } else {
    game.text.assign(bytes);
  }
  game.first_line = step.begin_at.line;
  game.first_column = step.begin_at.column;
  index_positions(game);
  resolve_positions(game);
  const TextPos end = game.pos_of(static_cast<std::uint32_t>(game.text.size()));
  step.end_at = {end.line, end.column};
  game.last_line = end.line;
  normalize_tag_text(game);
  check_tag_values(game);
  if (evidence_valid) {
    add_numeric_evidence(game, evidence);
    check_variant(game, evidence);
  }
  else
    check_variant(game);
  std::stable_sort(game.diagnostics.begin(), game.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.pos.offset < b.pos.offset;
                   });
  return step;
}

}  // namespace damdb::pdn
