#include "pdn/tag_values.hpp"

#include "pdn/date.hpp"
#include "pdn/result.hpp"

#include <re2/re2.h>

#include <array>
#include <cctype>
#include <charconv>

namespace damdb::pdn {

namespace {

struct Patterns {
  RE2 round{R"(\?|-|\d+(\.\d+)*)"};
  RE2 round_words{R"((?i)(?:ronde|round|rd\.?|r)\s*(\d+))"};
  RE2 game_type{R"((\d+)(,[WB],\d+,\d+,[ANS]\d?,[01])?)"};
  RE2 time_control{
      R"(\?|-|(\d+/\d+|\d+(\+\d+)?|\*\d+)(:(\d+/\d+|\d+(\+\d+)?|\*\d+))*)"};
  RE2 fen{R"([WB?]:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?)"};
};

const Patterns& patterns() {
  static const Patterns p;
  return p;
}

TagValueCheck check_date(std::string_view value) {
  TagValueCheck r;
  r.expected = "YYYY.MM.DD with ? for unknown parts";
  r.kind = IssueKind::DateNormalized;
  const DateTagReading reading = read_date_tag(value);
  if (reading.standard) return r;
  r.valid = false;
  r.normalized = reading.normalized;
  if (r.normalized.empty()) r.kind = IssueKind::TagFormat;
  return r;
}

TagValueCheck check_round(std::string_view value) {
  const Patterns& p = patterns();
  TagValueCheck r;
  r.expected = "a round number such as 3 or 3.1, ? or -";
  if (value.empty() || RE2::FullMatch(value, p.round)) return r;
  r.valid = false;
  std::string n;
  if (RE2::FullMatch(value, p.round_words, &n)) r.normalized = n;
  r.kind = r.normalized.empty() ? IssueKind::TagFormat : IssueKind::RoundNormalized;
  return r;
}

TagValueCheck check_result(std::string_view value) {
  TagValueCheck r;
  r.expected = standard_results_text();
  const ResultTagReading reading = read_result_tag(value);
  if (reading.standard) return r;
  r.valid = false;
  r.normalized = reading.normalized;
  r.kind = reading.result_like ? IssueKind::ResultNormalized : IssueKind::TagFormat;
  return r;
}

TagValueCheck check_fen(std::string_view value) {
  const Patterns& p = patterns();
  TagValueCheck r;
  r.expected = "W:W31,32,K45:B1,2 (side, white pieces, black pieces)";
  if (RE2::FullMatch(value, p.fen)) return r;
  r.valid = false;
  std::string compact;
  bool had_space = false;
  for (char c : value) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      had_space = true;
    } else {
      compact.push_back(c);
    }
  }
  bool had_dot = false;
  if (!compact.empty() && compact.back() == '.') {
    compact.pop_back();
    had_dot = true;
  }
  if (RE2::FullMatch(compact, p.fen)) {
    // A final '.' and white space inside the value (FEN broken over two lines) are tolerated
    // dialects: the PDN standard's own "succeed" set has both.
    r.normalized = compact;
    r.kind = IssueKind::FenNormalized;
    (void)had_space;
    (void)had_dot;
  } else {
    r.kind = IssueKind::BadFen;
  }
  return r;
}

}  // namespace

std::optional<int> game_type_number(std::string_view value) {
  std::size_t i = 0;
  while (i < value.size() && value[i] == ' ') ++i;
  int n = 0;
  auto [ptr, ec] = std::from_chars(value.data() + i, value.data() + value.size(), n);
  if (ec != std::errc() || ptr == value.data() + i) return std::nullopt;
  return n;
}

namespace {
// Fast paths for the common valid values (no regular expression needed).
// Same language as Patterns::fen:
// [WB?]:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?
bool is_plain_fen(std::string_view v) {
  std::size_t i = 0;
  auto digits = [&] {
    std::size_t from = i;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
    return i > from;
  };
  auto square = [&] {  // K?\d+(-\d+)?
    if (i < v.size() && v[i] == 'K') ++i;
    if (!digits()) return false;
    if (i < v.size() && v[i] == '-') {
      ++i;
      if (!digits()) return false;
    }
    return true;
  };
  auto side = [&] {  // :[WB](square(,square)*)?
    if (i >= v.size() || v[i] != ':') return false;
    ++i;
    if (i >= v.size() || (v[i] != 'W' && v[i] != 'B')) return false;
    ++i;
    if (i >= v.size() || v[i] == ':') return true;  // empty list
    if (!square()) return false;
    while (i < v.size() && v[i] == ',') {
      ++i;
      if (!square()) return false;
    }
    return true;
  };
  if (v.empty() || (v[0] != 'W' && v[0] != 'B' && v[0] != '?')) return false;
  i = 1;
  return side() && side() && i == v.size();
}
bool is_plain_number(std::string_view v) {
  if (v.empty()) return false;
  for (char c : v)
    if (c < '0' || c > '9') return false;
  return true;
}

// True for the tags whose value has a grammar that check_tag_value checks.
bool has_value_grammar(std::string_view name) {
  switch (name.size()) {
    case 3: return name == "FEN";
    case 4: return name == "Date";
    case 5: return name == "Round";
    case 6: return name == "Result";
    case 8: return name == "GameType";
    case 11: return name == "TimeControl";
    default: return false;
  }
}

}  // namespace

TagValueCheck check_tag_value(std::string_view name, std::string_view value) {
  if (!has_value_grammar(name)) return {};  // most tags of a game: Event, Site, White, ...
  if (name == "Date" && is_standard_date(value))
    return {};
  if ((name == "Round" || name == "GameType") && (value == "?" || is_plain_number(value)))
    return {};
  if (name == "Result" && is_standard_result(value)) return {};
  if (name == "Date") return check_date(value);
  if (name == "Round") return check_round(value);
  if (name == "Result") return check_result(value);
  if (name == "FEN") return is_plain_fen(value) ? TagValueCheck{} : check_fen(value);
  TagValueCheck r;
  if (name == "GameType") {
    r.expected = "a GameType number such as 20, or 20,W,10,10,N2,0";
    if (!RE2::FullMatch(value, patterns().game_type)) {
      r.valid = false;
      std::string compact;
      for (char c : value)
        if (c != ' ') compact.push_back(c);
      if (RE2::FullMatch(compact, patterns().game_type)) r.normalized = compact;
    }
  } else if (name == "TimeControl") {
    r.expected = "?, -, moves/seconds, seconds+increment or *seconds, joined by ':'";
    if (!value.empty() && !RE2::FullMatch(value, patterns().time_control)) r.valid = false;
  }
  return r;
}

namespace {

// The longest start of `text` of at most `bytes` bytes that splits no UTF-8 character: it ends
// before the lead byte of a character the bound would cut (at most 3 bytes back).
std::string_view utf8_prefix(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && bytes - end < 3 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
    --end;
  return text.substr(0, end);
}

// "tag Name" for messages; a name longer than 40 bytes is shown by its start and its length.
std::string tag_label(const Tag& tag) {
  if (tag.name.size() <= 40) return "tag " + tag.name;
  return "tag " + std::string(utf8_prefix(tag.name, 40)) + "... (a name of " +
         std::to_string(tag.name.size()) + " bytes)";
}

// The TagValueTooLong warning of a tag whose value (or, `name`, whose name) the index cuts.
void note_too_long(Game& game, const Tag& tag, bool name) {
  const std::string_view text = name ? std::string_view(tag.name) : std::string_view(tag.value);
  Diagnostic d;
  d.kind = IssueKind::TagValueTooLong;
  d.severity = severity_of(d.kind);
  d.pos = tag.pos;
  append_printable(utf8_prefix(text, 40), d.offending);
  d.expected = "at most " + std::to_string(kMaxIndexedTagBytes) + " bytes";
  d.message = (name ? "name of " : "value of ") + tag_label(tag) + " has " +
              std::to_string(text.size()) + " bytes: the database indexes its first " +
              std::to_string(indexed_tag_value(text).size()) + " (the text keeps it whole)";
  add_diagnostic(game, std::move(d));
}

}  // namespace

std::string_view indexed_tag_value(std::string_view value) {
  return utf8_prefix(value, kMaxIndexedTagBytes);
}

void check_tag_values(Game& game) {
  for (Tag& tag : game.tags) {
    if (tag.name.size() > kMaxIndexedTagBytes) note_too_long(game, tag, true);
    if (tag.value.size() > kMaxIndexedTagBytes) note_too_long(game, tag, false);
    TagValueCheck c = check_tag_value(tag.name, tag.value);
    if (c.valid) continue;
    tag.normalized = c.normalized;
    Diagnostic d;
    d.kind = c.kind;
    d.severity = severity_of(c.kind);
    d.pos = tag.pos;
    d.offending = std::string(utf8_prefix(tag.value, 40));
    d.expected = c.expected;
    d.message = c.normalized.empty()
                    ? "value of " + tag_label(tag) + " does not follow its format"
                    : "value of " + tag_label(tag) + " read as \"" + c.normalized + "\"";
    add_diagnostic(game, std::move(d));
  }
}

}  // namespace damdb::pdn
