#include "cli/table.hpp"

#include <cassert>
#include <cstdio>

namespace damdb::cli {
namespace {

std::size_t display_width(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++n;  // count every byte that starts a code point
  return n;
}

}  // namespace

Table& Table::column(std::string header, Align align) {
  headers_.push_back(std::move(header));
  aligns_.push_back(align);
  return *this;
}

void Table::row(std::vector<std::string> cells) {
  assert(cells.size() == headers_.size());
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out) const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) widths[c] = display_width(headers_[c]);
  for (const auto& r : rows_)
    for (std::size_t c = 0; c < r.size(); ++c) widths[c] = std::max(widths[c], display_width(r[c]));
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(widths[c] - display_width(cells[c]), ' ');
      if (c > 0) text += "  ";
      if (aligns_[c] == Align::right)
        text += pad + cells[c];
      else
        text += cells[c] + (c + 1 < cells.size() ? pad : std::string());
    }
    out << text << '\n';
  };
  line(headers_);
  std::size_t total = 0;
  for (std::size_t c = 0; c < widths.size(); ++c) total += widths[c] + (c > 0 ? 2 : 0);
  out << std::string(total, '-') << '\n';
  for (const auto& r : rows_) line(r);
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

void print_json(std::ostream& out, const nlohmann::json& value) {
  out << value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace damdb::cli
