// The query parameters of one API request, checked against the route's allowed names and the
// server's limits; every bad value raises BadParameter naming the parameter (HTTP 400).
#pragma once

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "indexer/games/game_filter.hpp"
#include "server/name_directory_cache.hpp"
#include "rules/position.hpp"

namespace damdb::server {

/// Limits against abuse, applied to every request.
struct Limits {
  std::size_t max_target_length = 4096;    ///< path + query string, in bytes (else 414)
  std::size_t max_parameters = 16;         ///< query parameters per request
  std::size_t max_parameter_length = 2048; ///< bytes of one decoded value (`play` of 300 plies)
  std::size_t max_play_plies = 300;        ///< moves in `play`
  std::size_t max_limit = 200;             ///< largest `limit` / `games` / `top`
  std::size_t max_offset = 100'000'000;    ///< largest `offset`
};

/// A bad query parameter: `parameter` is its name, what() says what is wrong.
struct BadParameter : std::invalid_argument {
  BadParameter(std::string parameter, const std::string& message)
      : std::invalid_argument(message), parameter(std::move(parameter)) {}
  std::string parameter;
};

/// The game filter parameters (as the CLI's filter options): player, white, black, event,
/// since, until, result, regex.
extern const std::vector<std::string_view> kFilterParameters;

/// Decoded query parameters (name -> value, a name may repeat as sent).
using ParameterMap = std::multimap<std::string, std::string>;

class Parameters {
 public:
  /// Checks `params`: at most limits.max_parameters; each name in `allowed` (or in
  /// kFilterParameters when `with_filters`) given once, its value at most
  /// limits.max_parameter_length bytes; a name another route takes is refused, any
  /// other name ignored. Throws BadParameter otherwise.
  Parameters(const ParameterMap& params, const std::vector<std::string_view>& allowed,
             bool with_filters, const Limits& limits);

  /// The value of `name`, "" when absent.
  std::string text(std::string_view name) const;
  /// "1"/"true" -> true, "0"/"false"/absent -> false; anything else throws BadParameter.
  bool flag(std::string_view name) const;
  /// A whole number in [0, max] (absent: `fallback`); throws BadParameter otherwise.
  std::size_t count(std::string_view name, std::size_t fallback, std::size_t max) const;
  /// A limit-like count: in [0, limits.max_limit].
  std::size_t limit(std::string_view name, std::size_t fallback) const {
    return count(name, fallback, limits_.max_limit);
  }
  /// `offset` in [0, limits.max_offset] (default 0).
  std::size_t offset() const { return count("offset", 0, limits_.max_offset); }
  /// The position of `fen` (PDN FEN; default the initial position) after the moves of `play`
  /// (PDN moves separated by commas or spaces, at most limits.max_play_plies). Throws
  /// BadParameter("fen"/"play") for a bad FEN or a move that cannot be played.
  rules::Position position() const;
  /// The compiled filter of the filter parameters, its player and event criteria resolved
  /// against the names of the served database (GameFilter::resolve_names); throws
  /// BadParameter naming the parameter whose value is bad (date, result, regular expression),
  /// db::Error from the database.
  indexer::GameFilter filter(const NameDirectoryCache& names) const;
  /// The filter parameters as given (each checked as filter() checks it); throws BadParameter.
  indexer::FilterSpec filter_spec() const;

 private:
  const ParameterMap& params_;
  Limits limits_;
};

}  // namespace damdb::server
