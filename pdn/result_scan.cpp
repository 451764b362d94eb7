// The game terminators in movetext (see result_scan.hpp).
#include "pdn/result_scan.hpp"

#include "pdn/result.hpp"

#include <string_view>

namespace damdb::pdn {

bool match_result(const ParseCursor& in, std::size_t q, std::size_t& end, Outcome& outcome) {
  std::size_t r;
  // A half point written "1/2" or "0.5" at i (the three characters of `half`).
  auto is_half = [&](std::size_t i, const char* half) {
    return in.peek(i) == half[0] && in.peek(i + 1) == half[1] && in.peek(i + 2) == half[2];
  };
  const char* half = is_half(q, "1/2") ? "1/2" : is_half(q, "0.5") ? "0.5" : nullptr;
  if (half) {  // 1/2-1/2, 0.5-0.5
    r = in.skip_blanks(q + 3);
    if (in.peek(r) != '-') return false;
    r = in.skip_blanks(r + 1);
    if (!is_half(r, half)) return false;
    r += 3;
    outcome = Outcome::Draw;
  } else {
    char a = in.peek(q);
    if (a < '0' || a > '2' || is_digit(in.peek(q + 1))) return false;
    r = in.skip_blanks(q + 1);
    if (in.peek(r) != '-' && in.peek(r) != ':') return false;  // "2-0", "2:0"
    r = in.skip_blanks(r + 1);
    char b = in.peek(r);
    if (b < '0' || b > '2') return false;
    ++r;
    outcome = outcome_of(in.text(q, r));  // "2-2", "1-2", "2-1": no result
    if (outcome == Outcome::Unknown) return false;
  }
  if (is_digit(in.peek(r))) {
    std::size_t k = in.read_digits(r);
    if (in.peek(k) != '.') return false;
  } else if (in.peek(r) == '/' || is_name_char(in.peek(r))) {
    return false;
  }
  end = r;
  return true;
}

std::size_t half_draw_end(const ParseCursor& in, std::size_t start) {
  auto half = [&](std::size_t q) -> std::size_t {  // bytes of a '½' at q, 0 if none
    if (in.peek(q) == '\xC2' && in.peek(q + 1) == '\xBD') return 2;
    return in.peek(q) == '\xBD' ? 1 : 0;
  };
  std::size_t q = start + half(start);
  if (q == start) return kNoPosition;
  q = in.skip_blanks(q);
  if (in.peek(q) != '-') return kNoPosition;
  q = in.skip_blanks(q + 1);
  const std::size_t h = half(q);
  if (h == 0) return kNoPosition;
  return q + h;
}

std::size_t placeholder_terminator_end(const ParseCursor& in, std::size_t start) {
  const char c = in.at(start);
  std::size_t q = start + 1;
  while (c == '-' && in.peek(q) == '-') ++q;
  std::size_t k = q;
  while (is_pdn_space(in.peek(k))) ++k;
  if (in.past_end(k) || in.peek(k) == '[') return q;
  return kNoPosition;
}

bool star_is_terminator(const ParseCursor& in, std::size_t q) {
  return !(q > in.game_begin() && is_digit(in.at(q - 1)));
}

bool read_last_move_as_result(Game& game, ParseCursor& in) {
  if (game.moves.empty()) return false;
  Element& last = game.moves.back();
  if (last.kind != ElementKind::Move || last.strength().size != 0) return false;
  const Tag* result = game.tag("Result");
  if (!result) return false;
  const std::size_t begin = in.game_begin() + last.text.begin;
  if (in.text(begin, begin + last.text.size) != result->value) return false;
  last.kind = ElementKind::Result;
  last.set_outcome(Outcome::Unknown);
  last.square_count = 0;
  last.value = 0;
  in.diagnose(IssueKind::NonStandardResult, TextPos{0, 0, last.offset}, begin,
              begin + last.text.size, "2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0, *",
              "non-standard game result (kept as text, outcome unknown)");
  return true;
}

}  // namespace damdb::pdn
