#include "cli/table.hpp"

#include "cli/text_width.hpp"
#include "json/text.hpp"

#include <cassert>
#include <cstdio>

namespace damdb::cli {

Table& Table::column(std::string header, Align align, std::size_t max_width) {
  headers_.push_back(std::move(header));
  aligns_.push_back(align);
  max_widths_.push_back(max_width);
  return *this;
}

void Table::row(std::vector<std::string> cells) {
  assert(cells.size() == headers_.size());
  cells.resize(headers_.size());
  for (std::size_t c = 0; c < cells.size(); ++c)
    if (max_widths_[c] > 0) cells[c] = fit_width(cells[c], max_widths_[c]);
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
      if (aligns_[c] == Align::Right)
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
  out << json::to_text(value) << '\n';
}

}  // namespace damdb::cli
