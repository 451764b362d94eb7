// Game results (see result.hpp).
#include "pdn/result.hpp"

#include <array>
#include <initializer_list>

namespace damdb::pdn {

Outcome outcome_of(std::string_view text) {
  std::array<char, 8> compact{};  // the longest known form, "1/2-1/2", has 7 characters
  std::size_t n = 0;
  for (char c : text) {
    if (c == ' ' || c == '\t') continue;
    if (n == compact.size()) return Outcome::Unknown;
    compact[n++] = c == ':' ? '-' : c;  // "2:0", "1:1": the score written with a colon
  }
  const std::string_view r(compact.data(), n);
  if (r == "2-0" || r == "1-0") return Outcome::WhiteWin;
  if (r == "0-2" || r == "0-1") return Outcome::BlackWin;
  if (r == "1-1" || r == "1/2-1/2" || r == "½-½" || r == "0.5-0.5") return Outcome::Draw;
  if (r == "0-0") return Outcome::Unfinished;
  return Outcome::Unknown;
}

bool is_standard_result(std::string_view v) {
  return v == "2-0" || v == "0-2" || v == "1-1" || v == "1-0" || v == "0-1" || v == "0-0" ||
         v == "1/2-1/2" || v == "*";
}

std::string compact_result(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

std::string written_result(std::string_view terminator_text) {
  std::string t = compact_result(terminator_text);
  if (!is_standard_result(t)) t = result_text(outcome_of(t));  // "2:0", "½-½": "2-0", "1-1"
  return t;
}

const char* result_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWin: return "2-0";
    case Outcome::Draw: return "1-1";
    case Outcome::BlackWin: return "0-2";
    case Outcome::Unfinished: return "0-0";
    case Outcome::Unknown: return "*";
  }
  return "*";
}

const char* standard_results_text() { return "2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *"; }

namespace {

std::string_view trim_blanks(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

bool is_regex_space(char c) {  // RE2's \s: [\t\n\f\r ]
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

// `v` as side, blanks, '-' (or ':'), blanks, side, where each side is one of `sides` (tried in order,
// the longest first where one is a prefix of another); the sides read into a and b.
bool read_pair(std::string_view v, std::initializer_list<std::string_view> sides,
               std::string_view& a, std::string_view& b) {
  auto side_at = [&](std::size_t i, std::string_view& out) {
    for (std::string_view s : sides)
      if (v.substr(i, s.size()) == s) {
        out = s;
        return true;
      }
    return false;
  };
  if (!side_at(0, a)) return false;
  std::size_t i = a.size();
  while (i < v.size() && is_regex_space(v[i])) ++i;
  if (i == v.size() || (v[i] != '-' && v[i] != ':')) return false;  // "2-0", "2:0"
  ++i;
  while (i < v.size() && is_regex_space(v[i])) ++i;
  return side_at(i, b) && i + b.size() == v.size();
}

// "-", "--", ..., "?", "??", ..., or "?-?": a result left open.
bool is_placeholder(std::string_view v) {
  if (v == "?-?") return true;
  return !v.empty() && (v.find_first_not_of('-') == std::string_view::npos ||
                        v.find_first_not_of('?') == std::string_view::npos);
}

}  // namespace

ResultTagReading read_result_tag(std::string_view value) {
  ResultTagReading r;
  if (value.empty() || is_standard_result(value)) {
    r.standard = r.result_like = true;
    return r;
  }
  const std::string_view trimmed = trim_blanks(value);
  std::string_view a, b;
  r.result_like = true;
  if (read_pair(trimmed, {"1/2", "2", "1", "0"}, a, b)) {
    const std::string joined = std::string(a) + "-" + std::string(b);
    if (is_standard_result(joined) && joined != "*") r.normalized = joined;
  } else if (is_standard_result(trimmed)) {
    r.normalized = std::string(trimmed);
  } else if (read_pair(trimmed, {"\xC2\xBD", "0.5"}, a, b)) {  // "½-½", "0.5-0.5"
    r.normalized = result_text(Outcome::Draw);
  } else if (trimmed.empty() || is_placeholder(trimmed)) {
    r.normalized = result_text(Outcome::Unknown);  // the result is not known
  } else {
    r.result_like = false;
  }
  return r;
}

Outcome RecordedResult::decided() const {
  auto is_decided = [](Outcome o) {
    return o == Outcome::WhiteWin || o == Outcome::BlackWin || o == Outcome::Draw;
  };
  if (is_decided(terminator)) return terminator;
  return is_decided(tag) ? tag : Outcome::Unknown;
}

RecordedResult recorded_result(const Game& game) {
  RecordedResult r;
  if (const Element* terminator = game.result()) r.terminator = terminator->outcome();
  if (const Tag* tag = game.tag("Result")) r.tag = outcome_of(tag->value);
  return r;
}

double score_percent(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses) {
  const std::uint64_t known = wins + draws + losses;
  if (known == 0) return 0.0;
  return 100.0 * static_cast<double>(result_points(wins, draws)) / (2.0 * static_cast<double>(known));
}

}  // namespace damdb::pdn
