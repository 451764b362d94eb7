// Game results (see result.hpp).
#include "pdn/result.hpp"

#include <array>

namespace damdb::pdn {

Outcome outcome_of(std::string_view text) {
  std::array<char, 8> compact{};  // the longest known form, "1/2-1/2", has 7 characters
  std::size_t n = 0;
  for (char c : text) {
    if (c == ' ' || c == '\t') continue;
    if (n == compact.size()) return Outcome::Unknown;
    compact[n++] = c;
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
  if (!is_standard_result(t)) t = "*";
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

}  // namespace damdb::pdn
