// Names of enum values written as one table per enum (instead of a hand-written switch).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

namespace damdb::pdn {

/// The names of an enum whose values are 0, 1, ..., N - 1, listed in that order. Define a table
/// constexpr with `static_assert(table.covers(Enum::LastValue))` beside it: a table out of
/// order or missing a value then fails to compile.
template <class Enum, std::size_t N>
struct EnumNames {
  std::array<std::pair<Enum, std::string_view>, N> entries;

  /// True when entry i names value i and `last` is the last entry.
  constexpr bool covers(Enum last) const {
    for (std::size_t i = 0; i < N; ++i)
      if (static_cast<std::size_t>(entries[i].first) != i) return false;
    return static_cast<std::size_t>(last) + 1 == N;
  }
  /// The name of `value`; `fallback` for a value outside the table.
  constexpr std::string_view operator()(Enum value, std::string_view fallback) const {
    const auto i = static_cast<std::size_t>(value);
    return i < N ? entries[i].second : fallback;
  }
};

}  // namespace damdb::pdn
