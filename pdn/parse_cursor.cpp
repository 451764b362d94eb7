// The reader's place in a game's text (see parse_cursor.hpp): the non-ASCII glyphs, line and
// column counting, the diagnostics of one game.
#include "pdn/parse_cursor.hpp"

#include <algorithm>
#include <utility>

namespace damdb::pdn {

Glyph glyph_of(const unsigned char* s, std::size_t n, std::size_t& length) {
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

bool ParseCursor::start_game(ParseStep& step) {
  if (!skip_space()) {
    step.status = ParseStep::NeedMore;
    return false;
  }
  // A CR that ends a buffer which may grow could be the first half of a CRLF: read it again
  // with what follows.
  if (p_ >= n_ && !at_eof_ && p_ > 0 && s_[p_ - 1] == '\r') --p_;
  step.begin = p_;
  step.begin_at = advance_position(start_, s_, s_ + p_, s_ + n_);
  begin_at_ = step.begin_at;
  if (p_ >= n_) {
    step.status = at_eof_ ? ParseStep::End : ParseStep::NeedMore;
    return false;
  }
  begin_ = p_;
  return true;
}

LineColumn ParseCursor::advance_position(LineColumn at, const char* from, const char* to,
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

void ParseCursor::diagnose(IssueKind kind, TextPos pos, std::size_t from, std::size_t to,
                           std::string expected, std::string message) {
  const Severity severity = severity_of(kind);
  if (severity != Severity::Error)
    for (Diagnostic& d : diagnostics_)
      if (d.kind == kind) {
        merge_message(d, message);
        ++d.count;
        return;
      }
  if (diagnostics_.size() >= kMaxDiagnosticsPerGame) {
    if (diagnostics_.size() == kMaxDiagnosticsPerGame) {
      Diagnostic d;
      d.kind = IssueKind::TooManyProblems;
      d.severity = severity_of(d.kind);
      d.pos = pos;
      d.message = "too many problems in this game; further ones are not reported";
      diagnostics_.push_back(std::move(d));
    } else {
      ++diagnostics_.back().count;
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
  diagnostics_.push_back(std::move(d));
}

}  // namespace damdb::pdn
