#include "cli/number_checks.hpp"

#include <cmath>
#include <sstream>
#include <string>

namespace damdb::cli {
namespace {

/// The option's text read whole as a finite number.
bool read_finite(const std::string& text, double& value) {
  std::istringstream in(text);
  in >> value;
  return in && (in >> std::ws).eof() && std::isfinite(value);
}

/// A bound as people write it: 1, 0.5, 10000000.
std::string written(double bound) {
  std::ostringstream out;
  out.precision(15);
  out << bound;
  return out.str();
}

}  // namespace

CLI::Validator number_from_to(double min, double max) {
  const std::string range = "a number from " + written(min) + " to " + written(max);
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        double value = 0;
        if (!read_finite(text, value) || value < min || value > max)
          return text + " is not " + range;
        return {};
      },
      "NUMBER in [" + written(min) + " - " + written(max) + "]");
}

CLI::Validator number_above_zero() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!read_finite(text, value) || value <= 0) return text + " is not a number greater than 0";
        return {};
      },
      "NUMBER > 0");
}

}  // namespace damdb::cli
