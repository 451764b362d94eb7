// Text widths on a terminal (see text_width.hpp).
#include "cli/text_width.hpp"

namespace damdb::cli {

std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;  // bytes that start a code point
  return n;
}

std::string fit_width(std::string_view s, std::size_t max_chars) {
  if (display_width(s) <= max_chars) return std::string(s);
  if (max_chars == 0) return {};
  // Keep the bytes before the start of code point number max_chars (0-based: max_chars - 1).
  std::size_t kept = 0, end = 0;
  for (; end < s.size(); ++end) {
    if ((static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) continue;
    if (kept == max_chars - 1) break;
    ++kept;
  }
  std::string out(s.substr(0, end));
  while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
  out += "\u2026";
  return out;
}

}  // namespace damdb::cli
