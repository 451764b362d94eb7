#include "pdn/game.hpp"

#include "pdn/enum_names.hpp"

#include "pdn/projected_capacity.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace damdb::pdn {

namespace {

constexpr EnumNames<Encoding, 8> kEncodingNames{{{
    {Encoding::Ascii, "ascii"},
    {Encoding::Utf8, "utf-8"},
    {Encoding::Latin1, "latin-1"},
    {Encoding::Windows1252, "windows-1252"},
    {Encoding::Utf16Le, "utf-16le"},
    {Encoding::Utf16Be, "utf-16be"},
    {Encoding::Utf32Le, "utf-32le"},
    {Encoding::Utf32Be, "utf-32be"},
}}};
static_assert(kEncodingNames.covers(Encoding::Utf32Be));

constexpr EnumNames<Outcome, 5> kOutcomeNames{{{
    {Outcome::WhiteWin, "white win"},
    {Outcome::BlackWin, "black win"},
    {Outcome::Draw, "draw"},
    {Outcome::Unknown, "unknown"},
    {Outcome::Unfinished, "unfinished"},
}}};
static_assert(kOutcomeNames.covers(Outcome::Unfinished));

constexpr EnumNames<ElementKind, 8> kElementKindNames{{{
    {ElementKind::MoveNumber, "move number"},
    {ElementKind::Move, "move"},
    {ElementKind::Nag, "NAG"},
    {ElementKind::Comment, "comment"},
    {ElementKind::LineComment, "line comment"},
    {ElementKind::Setup, "setup"},
    {ElementKind::Variation, "variation"},
    {ElementKind::Result, "result"},
}}};
static_assert(kElementKindNames.covers(ElementKind::Result));

}  // namespace

std::string_view to_string(Encoding encoding) { return kEncodingNames(encoding, "?"); }
std::string_view to_string(Outcome outcome) { return kOutcomeNames(outcome, "?"); }
std::string_view to_string(ElementKind kind) { return kElementKindNames(kind, "?"); }

std::string Diagnostic::to_string() const {
  std::string s;
  append_to(s);
  return s;
}

void Diagnostic::append_to(std::string& out) const {
  out += file.empty() ? std::string_view("<input>") : std::string_view(file);
  char number[24];
  auto append_number = [&](std::size_t n) {
    out.append(number, static_cast<std::size_t>(std::to_chars(number, number + sizeof number, n).ptr - number));
  };
  out += ':';
  append_number(pos.line);
  out += ':';
  append_number(pos.column);
  out += ": ";
  out += pdn::to_string(severity);
  if (game_index != kNoGame) {
    out += ": game ";
    append_number(game_index + 1);
  }
  out += ": ";
  out += message;
  if (count > 1) {
    out += " (";
    append_number(count);
    out += " times)";
  }
  if (!offending.empty()) {
    out += ": '";
    out += offending;
    out += '\'';
  }
  if (!expected.empty()) {
    out += " (expected ";
    out += expected;
    out += ')';
  }
  out += " [";
  out += pdn::to_string(kind);
  out += ']';
}

namespace {

bool is_lead_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

std::uint32_t count_lead_bytes(const char* from, const char* to) {
  std::uint32_t n = 0;
  for (; from < to; ++from) n += is_lead_byte(*from) ? 1 : 0;
  return n;
}

}  // namespace

namespace {

// Appends i + 1 to `out` for every set bit i of `ends` (bit 0 = byte `base`).
inline void push_line_starts(std::uint32_t ends, std::uint32_t base,
                             std::vector<std::uint32_t>& out) {
  while (ends != 0) {
    out.push_back(base + static_cast<std::uint32_t>(std::countr_zero(ends)) + 1);
    ends &= ends - 1;
  }
}

// Bit i set when bytes[i] == c, for the 16 bytes at `bytes`.
inline std::uint32_t byte_mask(const char* bytes, char c) {
#if defined(__SSE2__)
  const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8(c))));
#else
  std::uint32_t mask = 0;
  for (int i = 0; i < 16; ++i) mask |= static_cast<std::uint32_t>(bytes[i] == c) << i;
  return mask;
#endif
}

// Offsets after each line end of s[0, n): LF, CRLF (one end, at its LF) and a CR that no LF
// follows; 16 bytes at a time. `out` grows a segment of kSegment bytes at a time to the size
// projected for the text (projected_capacity.hpp): a text of short lines holds about one line
// start (4 bytes) for every few bytes.
void find_line_starts(const char* s, std::size_t n, std::vector<std::uint32_t>& out) {
  constexpr std::size_t kSegment = 4096;  // a multiple of 16
  const bool has_cr = std::memchr(s, '\r', n) != nullptr;
  std::size_t i = 0;
  while (i + 16 <= n) {
    const std::size_t segment_end = std::min(n, i + kSegment);
    // Room for a line end every 16 bytes (push_back grows it for shorter lines): a game's
    // vector stays close to its size, which matters when many games are held at once.
    reserve_projected(out, (segment_end - i) / 16, i, n);
    for (; i + 16 <= segment_end; i += 16) {
      std::uint32_t ends = byte_mask(s + i, '\n');
      if (has_cr) {
        // A CR ends a line unless an LF follows it (in this block, or the first of the next).
        std::uint32_t lf_next = ends >> 1;
        if (i + 16 < n && s[i + 16] == '\n') lf_next |= 1u << 15;
        ends |= byte_mask(s + i, '\r') & ~lf_next;
      }
      push_line_starts(ends, static_cast<std::uint32_t>(i), out);
    }
  }
  for (; i < n; ++i)
    if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n')))
      out.push_back(static_cast<std::uint32_t>(i + 1));
}

}  // namespace

void index_positions(Game& game) {
  const std::string& t = game.text;
  const char* s = t.data();
  const std::size_t n = t.size();
  game.line_starts.clear();
  game.block_chars.clear();
  find_line_starts(s, n, game.line_starts);
  if (game.encoding == Encoding::Ascii) return;
  std::uint32_t chars = 0;
  for (std::size_t b = 0; b + Game::kColumnBlock <= n; b += Game::kColumnBlock) {
    chars += count_lead_bytes(s + b, s + b + Game::kColumnBlock);
    game.block_chars.push_back(chars);
  }
}

TextPos Game::pos_of(std::uint32_t offset) const {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
  const auto k = static_cast<std::uint32_t>(
      std::upper_bound(line_starts.begin(), line_starts.end(), offset) - line_starts.begin());
  const std::uint32_t line_start = k == 0 ? 0 : line_starts[k - 1];
  const std::uint32_t base = k == 0 ? first_column : 1;
  if (encoding == Encoding::Ascii) return {first_line + k, base + offset - line_start, offset};
  // Characters before a byte: whole blocks from block_chars, then a scan of the rest.
  auto chars_before = [&](std::uint32_t x) {
    std::size_t blocks = std::min<std::size_t>(x / kColumnBlock, block_chars.size());
    std::uint32_t from = static_cast<std::uint32_t>(blocks * kColumnBlock);
    return (blocks == 0 ? 0 : block_chars[blocks - 1]) +
           count_lead_bytes(text.data() + from, text.data() + x);
  };
  const std::uint32_t chars = offset - line_start <= kColumnBlock
                                  ? count_lead_bytes(text.data() + line_start, text.data() + offset)
                                  : chars_before(offset) - chars_before(line_start);
  return {first_line + k, base + chars, offset};
}

const Tag* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t;
  return nullptr;
}

std::string Game::tag_value_or(std::string_view name, std::string_view fallback) const {
  const Tag* t = tag(name);
  return std::string(t && !t->value.empty() ? std::string_view(t->value) : fallback);
}

const Element* Game::result() const {
  if (!moves.empty() && moves.back().kind == ElementKind::Result) return &moves.back();
  return nullptr;
}

bool Game::has_errors() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

void merge_message(Diagnostic& into, std::string_view other_message) {
  if (other_message == into.message || into.message.starts_with(label(into.kind))) return;
  into.message = std::string(label(into.kind)) + " (first: " + into.message + ")";
}

void append_printable(std::string_view text, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t') {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
}

void add_diagnostic(Game& game, Diagnostic d) {
  if (d.severity != Severity::Error)
    for (Diagnostic& old : game.diagnostics)
      if (old.kind == d.kind) {
        merge_message(old, d.message);
        old.count += d.count;
        return;
      }
  game.diagnostics.push_back(std::move(d));
}

bool Game::needs_verbatim_copy() const {
  for (const Diagnostic& d : diagnostics)
    switch (d.kind) {
      case IssueKind::StrayText:
      case IssueKind::MalformedTag:
      case IssueKind::UnclosedComment:
      case IssueKind::UnclosedVariation:
      case IssueKind::NonStandardResult:
      case IssueKind::TooManyProblems:
      case IssueKind::NestedTooDeep:
        return true;
      default:
        if (d.severity == Severity::Error) return true;
    }
  return false;
}

std::vector<EmbeddedCommand> embedded_commands(std::string_view comment) {
  std::vector<EmbeddedCommand> out;
  std::size_t i = 0;
  while ((i = comment.find("[%", i)) != std::string_view::npos) {
    std::size_t close = comment.find(']', i + 2);
    if (close == std::string_view::npos) break;
    std::string_view body = comment.substr(i + 2, close - i - 2);
    std::size_t k = 0;
    while (k < body.size() && body[k] != ' ' && body[k] != '\t' && body[k] != '\n' &&
           body[k] != '\r')
      ++k;
    EmbeddedCommand c;
    c.name = body.substr(0, k);
    while (k < body.size() && (body[k] == ' ' || body[k] == '\t' || body[k] == '\n' ||
                               body[k] == '\r'))
      ++k;
    c.args = body.substr(k);
    while (!c.args.empty() && (c.args.back() == ' ' || c.args.back() == '\t')) c.args.remove_suffix(1);
    out.push_back(c);
    i = close + 1;
  }
  return out;
}

}  // namespace damdb::pdn
