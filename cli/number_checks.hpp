// Checks of numeric options for CLI11 that refuse what CLI::Range and CLI::PositiveNumber let
// through or word badly: NaN ("nan" compares false with every bound), infinities, and a bound
// printed with 309 digits.
#pragma once

#include <CLI/Error.hpp>
#include <CLI/Validators.hpp>

namespace damdb::cli {

/// A number from `min` to `max` (both included); NaN and infinities refused. Message:
/// "2.5 is not a number from 0 to 1".
CLI::Validator number_from_to(double min, double max);

/// A finite number greater than 0. Message: "0 is not a number greater than 0".
CLI::Validator number_above_zero();

}  // namespace damdb::cli
