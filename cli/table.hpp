// Plain-text tables for the readable output of the listing and statistics commands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace damdb::cli {

/// Widest cell of a column holding tag values (players, events, rounds): longer values are cut
/// and end with "…" in tables (JSON output stays complete).
inline constexpr std::size_t kTagColumnWidth = 32;

/// A table of text cells printed with columns padded to their widest cell (width counted in
/// UTF-8 code points), separated by two spaces. Right-aligned columns suit numbers.
class Table {
 public:
  enum class Align { Left, Right };
  /// Adds a column with its header. `max_width` > 0: cells wider than that many code points are
  /// cut to it, ending with "…" (fit_width, cli/text_width.hpp); 0: no limit.
  Table& column(std::string header, Align align = Align::Left, std::size_t max_width = 0);
  /// Adds a row; it must have one cell per column.
  void row(std::vector<std::string> cells);
  /// Prints the header, a rule line and the rows.
  void print(std::ostream& out) const;
  bool empty() const { return rows_.empty(); }

 private:
  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<std::size_t> max_widths_;
  std::vector<std::vector<std::string>> rows_;
};

/// A number with `decimals` digits after the point ("52.5").
std::string fixed(double value, int decimals = 1);

/// Prints `value` as one line of JSON (invalid UTF-8 replaced, never thrown).
void print_json(std::ostream& out, const nlohmann::json& value);

}  // namespace damdb::cli
