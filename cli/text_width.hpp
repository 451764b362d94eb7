// Text widths on a terminal, for the tables the CLI prints: UTF-8 aware (code points counted,
// multi-byte sequences never cut).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace damdb::cli {

/// Width of a text on a terminal, counted in Unicode code points (UTF-8 continuation bytes are
/// not counted; every other byte, valid or not, counts one).
std::size_t display_width(std::string_view utf8);

/// `utf8` when its display_width is at most `max_chars`; otherwise its first `max_chars - 1`
/// code points (trailing spaces dropped) followed by "…" (U+2026), so exactly `max_chars` wide
/// at most. Never cuts inside a multi-byte UTF-8 sequence. `max_chars` 0 gives "".
std::string fit_width(std::string_view utf8, std::size_t max_chars);

}  // namespace damdb::cli
