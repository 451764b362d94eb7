#include "pdn/tag_values.hpp"

#include "pdn/result.hpp"

#include <re2/re2.h>

#include <array>
#include <cctype>
#include <charconv>

namespace damdb::pdn {

namespace {

struct Patterns {
  RE2 date_iso{R"((\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?))"};
  RE2 date_dashed_ymd{R"((\d{4})[-/](\d{1,2}|\?\?)[-/](\d{1,2}|\?\?))"};
  RE2 date_dotted_ymd{R"((\d{4})\.(\d{1,2})\.(\d{1,2}))"};
  RE2 date_dmy{R"((\d{1,2})[-./](\d{1,2})[-./](\d{4}))"};
  RE2 date_words{R"((\d{1,2})\s+([A-Za-z]+)\.?\s+(\d{4}))"};
  RE2 date_year{R"((\d{4})\.?)"};
  RE2 round{R"(\?|-|\d+(\.\d+)*)"};
  RE2 round_words{R"((?i)(?:ronde|round|rd\.?|r)\s*(\d+))"};
  RE2 result{R"(2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\*)"};
  RE2 result_spaced{R"((2|1|0|1/2)\s*-\s*(0|1|2|1/2))"};
  RE2 result_half{R"((½|0\.5)\s*-\s*(½|0\.5))"};
  RE2 result_placeholder{R"(-+|\?+|\?-\?)"};
  RE2 game_type{R"((\d+)(,[WB],\d+,\d+,[ANS]\d?,[01])?)"};
  RE2 time_control{
      R"(\?|-|(\d+/\d+|\d+(\+\d+)?|\*\d+)(:(\d+/\d+|\d+(\+\d+)?|\*\d+))*)"};
  RE2 fen{R"([WB?]:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?:[WB](K?\d+(-\d+)?(,K?\d+(-\d+)?)*)?)"};
};

const Patterns& patterns() {
  static const Patterns p;
  return p;
}

int month_number(std::string word) {
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::array<std::array<const char*, 3>, 12> names{{
      {"january", "januari", "jan"},   {"february", "februari", "feb"},
      {"march", "maart", "mar"},       {"april", "april", "apr"},
      {"may", "mei", "may"},           {"june", "juni", "jun"},
      {"july", "juli", "jul"},         {"august", "augustus", "aug"},
      {"september", "september", "sep"}, {"october", "oktober", "oct"},
      {"november", "november", "nov"}, {"december", "december", "dec"},
  }};
  for (int m = 0; m < 12; ++m)
    for (const char* n : names[m])
      if (word == n) return m + 1;
  if (word == "okt" || word == "sept" || word == "mrt") return word == "mrt" ? 3 : (word == "okt" ? 10 : 9);
  return 0;
}

// `v` (0..99) in two digits.
std::string two_digits(int v) {
  return {static_cast<char>('0' + v / 10), static_cast<char>('0' + v % 10)};
}

// "YYYY.MM.DD" with zero parts (placeholders) written '?'; empty when a part is out of range.
std::string make_date(const std::string& y, int m, int d) {
  if (m < 0 || m > 12 || d < 0 || d > 31) return {};
  const bool no_year = y == "0000";
  return (no_year ? std::string("????") : y) + "." + (m == 0 || no_year ? "??" : two_digits(m)) +
         "." + (d == 0 || m == 0 || no_year ? "??" : two_digits(d));
}

// True when a YYYY.MM.DD date has a zero year, month or day (a placeholder such as 0000.00.00).
bool has_zero_part(std::string_view v) {
  return v.substr(0, 4) == "0000" || v.substr(5, 2) == "00" || v.substr(8, 2) == "00";
}

// Digits of v[from, from + n) as a number; -1 unless all are ASCII digits.
int digits_value(std::string_view v, std::size_t from, std::size_t n) {
  int x = 0;
  for (std::size_t i = from; i < from + n; ++i) {
    if (v[i] < '0' || v[i] > '9') return -1;
    x = x * 10 + (v[i] - '0');
  }
  return x;
}

// Length (1 or 2) of the digits starting at v[from] that the character `after` ends (or the end
// of v when `at_end`), or 0.
std::size_t short_number(std::string_view v, std::size_t from, bool at_end,
                         bool (*after)(char)) {
  for (std::size_t n = 1; n <= 2 && from + n <= v.size(); ++n) {
    if (digits_value(v, from, n) < 0) return 0;
    if (at_end ? from + n == v.size() : from + n < v.size() && after(v[from + n])) return n;
  }
  return 0;
}

// Patterns::date_dashed_ymd, (\d{4})[-/](\d{1,2}|\?\?)[-/](\d{1,2}|\?\?), read by hand: the year
// text, and month and day with "??" read as 0.
bool read_dashed_ymd(std::string_view v, std::string& y, int& m, int& d) {
  auto dash = [](char c) { return c == '-' || c == '/'; };
  if (v.size() < 8 || digits_value(v, 0, 4) < 0 || !dash(v[4])) return false;
  std::size_t i = 5;
  int parts[2];
  for (int k = 0; k < 2; ++k) {
    const bool last = k == 1;
    if (v.substr(i, 2) == "??" && (last ? i + 2 == v.size() : i + 2 < v.size() && dash(v[i + 2]))) {
      parts[k] = 0;
      i += 3;
      continue;
    }
    const std::size_t n = short_number(v, i, last, +[](char c) { return c == '-' || c == '/'; });
    if (n == 0) return false;
    parts[k] = digits_value(v, i, n);
    i += n + 1;
  }
  y.assign(v.substr(0, 4));
  m = parts[0];
  d = parts[1];
  return true;
}

// Patterns::date_dmy, (\d{1,2})[-./](\d{1,2})[-./](\d{4}), read by hand.
bool read_dmy(std::string_view v, int& d, int& m, std::string& y) {
  auto sep = +[](char c) { return c == '-' || c == '.' || c == '/'; };
  if (v.size() < 8 || v.size() > 10 || digits_value(v, v.size() - 4, 4) < 0 ||
      !sep(v[v.size() - 5]))
    return false;
  const std::string_view front = v.substr(0, v.size() - 4);  // "d.m." with 1..2 digits each
  const std::size_t n1 = short_number(front, 0, false, sep);
  if (n1 == 0) return false;
  const std::size_t n2 = short_number(front, n1 + 1, false, sep);
  if (n2 == 0 || n1 + 1 + n2 + 1 != front.size()) return false;
  d = digits_value(v, 0, n1);
  m = digits_value(v, n1 + 1, n2);
  y.assign(v.substr(v.size() - 4));
  return true;
}

TagValueCheck check_date(std::string_view value) {
  const Patterns& p = patterns();
  TagValueCheck r;
  r.expected = "YYYY.MM.DD with ? for unknown parts";
  r.kind = IssueKind::DateNormalized;
  if (value.empty()) return r;
  if (RE2::FullMatch(value, p.date_iso)) {
    if (!has_zero_part(value)) return r;
  }
  r.valid = false;
  std::string y, m, d;
  int mi = 0, di = 0;
  // The two common other forms first, read by hand; neither can match a pattern tried before
  // it below (each of those has four digits and a '.' where these have '-', '/' or fewer digits).
  if (read_dashed_ymd(value, y, mi, di) || read_dmy(value, di, mi, y)) {
    r.normalized = make_date(y, mi, di);
  } else if (RE2::FullMatch(value, p.date_iso, &y, &m, &d)) {
    r.normalized = make_date(y == "????" ? "0000" : y, m == "??" ? 0 : std::stoi(m),
                             d == "??" ? 0 : std::stoi(d));
  } else if (RE2::FullMatch(value, p.date_dashed_ymd, &y, &m, &d)) {
    r.normalized = make_date(y, m == "??" ? 0 : std::stoi(m), d == "??" ? 0 : std::stoi(d));
  } else if (RE2::FullMatch(value, p.date_dotted_ymd, &y, &mi, &di)) {
    r.normalized = make_date(y, mi, di);
  } else if (RE2::FullMatch(value, p.date_dmy, &di, &mi, &y)) {
    r.normalized = make_date(y, mi, di);
  } else if (std::string word; RE2::FullMatch(value, p.date_words, &di, &word, &y)) {
    r.normalized = make_date(y, month_number(word), di);
  } else if (RE2::FullMatch(value, p.date_year, &y)) {
    r.normalized = make_date(y, 0, 0);
  }
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
  const Patterns& p = patterns();
  TagValueCheck r;
  r.expected = "2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *";
  if (value.empty() || RE2::FullMatch(value, p.result)) return r;
  r.valid = false;
  r.kind = IssueKind::ResultNormalized;
  std::string_view trimmed = value;
  while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t'))
    trimmed.remove_prefix(1);
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t'))
    trimmed.remove_suffix(1);
  std::string a, b;
  if (RE2::FullMatch(trimmed, p.result_spaced, &a, &b)) {
    std::string joined = a + "-" + b;
    if (RE2::FullMatch(joined, p.result)) r.normalized = joined;
  } else if (RE2::FullMatch(trimmed, p.result)) {
    r.normalized = std::string(trimmed);
  } else if (RE2::FullMatch(trimmed, p.result_half)) {
    r.normalized = "1-1";
  } else if (trimmed.empty() || RE2::FullMatch(trimmed, p.result_placeholder)) {
    r.normalized = "*";  // "-", "?", "--": the result is not known
  } else {
    r.kind = IssueKind::TagFormat;
  }
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
// Same language as Patterns::date_iso: (\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?).
bool is_iso_date(std::string_view v) {
  if (v.size() != 10 || v[4] != '.' || v[7] != '.') return false;
  auto part = [&](std::size_t from, std::size_t n) {
    bool digits = true, unknown = true;
    for (std::size_t i = from; i < from + n; ++i) {
      digits = digits && v[i] >= '0' && v[i] <= '9';
      unknown = unknown && v[i] == '?';
    }
    return digits || unknown;
  };
  return part(0, 4) && part(5, 2) && part(8, 2);
}
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
  if (name == "Date" && (value.empty() || (is_iso_date(value) && !has_zero_part(value))))
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
