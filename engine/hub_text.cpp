// The text of the Hub protocol: see hub_text.hpp.
#include "engine/hub_text.hpp"

#include <array>
#include <charconv>
#include <cstdlib>

#include "rules/bitboard.hpp"

namespace damdb::engine {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_word(char c) { return !is_blank(c) && c != '=' && c != '"' && c != '\0'; }

/// Reads a word starting at `i` (stops at a blank, '=' or '"').
std::string_view read_word(std::string_view line, std::size_t& i) {
  const std::size_t start = i;
  while (i < line.size() && is_word(line[i])) ++i;
  return line.substr(start, i - start);
}

void skip_blanks(std::string_view line, std::size_t& i) {
  while (i < line.size() && is_blank(line[i])) ++i;
}

/// Reads a value after '=': a quoted text or a word. False for an unclosed quote.
bool read_value(std::string_view line, std::size_t& i, std::string_view& value) {
  skip_blanks(line, i);
  if (i < line.size() && line[i] == '"') {
    const std::size_t close = line.find('"', i + 1);
    if (close == std::string_view::npos) return false;
    value = line.substr(i + 1, close - i - 1);
    i = close + 1;
    return true;
  }
  value = read_word(line, i);
  return true;
}

}  // namespace

std::optional<std::string_view> HubLine::value(std::string_view name) const {
  for (const auto& [n, v] : pairs)
    if (n == name) return v;
  return std::nullopt;
}

bool parse_hub_line(std::string_view line, HubLine& out) {
  out.pairs.clear();
  std::size_t i = 0;
  skip_blanks(line, i);
  out.command = read_word(line, i);
  if (out.command.empty()) return false;
  while (true) {
    skip_blanks(line, i);
    if (i == line.size()) return true;
    const std::string_view name = read_word(line, i);
    if (name.empty()) return false;
    skip_blanks(line, i);
    std::string_view value;
    if (i < line.size() && line[i] == '=') {
      ++i;
      if (!read_value(line, i, value)) return false;
    }
    out.pairs.emplace_back(name, value);
  }
}

std::string hub_value(std::string_view value) {
  bool plain = !value.empty();
  for (const char c : value) plain = plain && is_word(c);
  if (plain) return std::string(value);
  std::string quoted = "\"";
  for (const char c : value) quoted += c == '"' ? '\'' : c;
  return quoted + '"';
}

std::string hub_position(const rules::Position& pos) {
  std::string text(51, 'e');
  text[0] = pos.side_to_move() == rules::Color::White ? 'W' : 'B';
  for (rules::Square sq = 1; sq <= rules::kSquares; ++sq) {
    static constexpr std::array<char, 5> kChar = {'e', 'w', 'b', 'W', 'B'};
    text[static_cast<std::size_t>(sq)] = kChar[static_cast<std::size_t>(pos.piece_on(sq))];
  }
  return text;
}

std::string hub_quiet_move(const rules::Move& m) {
  std::string text;
  append_hub_move(m, text);
  return text;
}

void append_hub_move(const rules::Move& m, std::string& out) {
  out += std::to_string(m.from_square());
  out += m.is_capture() ? 'x' : '-';
  out += std::to_string(m.to_square());
  for (rules::Bitboard c = m.captures; c; c &= c - 1) {
    out += 'x';
    out += std::to_string(rules::bit_to_square(rules::lowest_bit(c)));
  }
}

MoveMatch match_hub_move(std::string_view text, const rules::MoveList& legal, rules::Move& move) {
  // Squares and separators: digits, then '-' or 'x' (or ':'), at least two squares.
  std::array<int, 64> squares{};
  std::size_t n = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    int sq = 0;
    const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), sq);
    if (ec != std::errc() || !rules::is_square(sq) || n == squares.size()) return MoveMatch::Syntax;
    squares[n++] = sq;
    i = static_cast<std::size_t>(end - text.data());
    if (i == text.size()) break;
    if (text[i] != '-' && text[i] != 'x' && text[i] != 'X' && text[i] != ':') return MoveMatch::Syntax;
    if (++i == text.size()) return MoveMatch::Syntax;
  }
  if (n < 2) return MoveMatch::Syntax;
  rules::Bitboard captured = 0;
  for (std::size_t k = 2; k < n; ++k) captured |= rules::square_bb(squares[k]);
  int found = 0;
  for (const rules::Move& m : legal) {
    if (m.from_square() != squares[0] || m.to_square() != squares[1]) continue;
    if (n > 2 && m.captures != captured) continue;
    if (found++ == 0) move = m;
  }
  if (found == 0) return MoveMatch::NoMove;
  return found == 1 ? MoveMatch::Ok : MoveMatch::Ambiguous;
}

std::optional<double> parse_hub_number(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

}  // namespace damdb::engine
