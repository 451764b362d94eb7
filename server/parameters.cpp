#include "server/parameters.hpp"

#include <algorithm>
#include <charconv>

#include "indexer/explorer/query.hpp"
#include "pdn/encoding.hpp"
#include "rules/fen.hpp"

namespace damdb::server {

const std::vector<std::string_view> kFilterParameters = {
    "player", "white", "black", "event", "since", "until", "result", "regex"};

namespace {

/// Every name some route of the API takes: such a name sent to a route that does not take it is
/// a mistake worth a 400 (a `fen` on /api/games would silently list every game); any other
/// name is ignored, as web APIs do (a cache-busting `v`, a page's own state).
const std::vector<std::string_view> kApiParameters = {
    "fen",  "play", "mirror", "moves", "games", "top",  "limit", "offset",
    "size", "numbers", "q",   "count", "longest", "plies", "legal"};

bool contains(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

Parameters::Parameters(const ParameterMap& params, const std::vector<std::string_view>& allowed,
                       bool with_filters, const Limits& limits)
    : params_(params), limits_(limits) {
  if (params.size() > limits.max_parameters)
    throw BadParameter("", "too many parameters (at most " +
                               std::to_string(limits.max_parameters) + ")");
  for (auto it = params.begin(); it != params.end(); it = params.upper_bound(it->first)) {
    const std::string& name = it->first;
    if (!contains(allowed, name) && !(with_filters && contains(kFilterParameters, name))) {
      if (contains(kApiParameters, name) || contains(kFilterParameters, name))
        throw BadParameter(name, "not a parameter of this request");
      continue;
    }
    if (params.count(name) > 1) throw BadParameter(name, "parameter given more than once");
    if (it->second.size() > limits.max_parameter_length)
      throw BadParameter(name, "value longer than " +
                                   std::to_string(limits.max_parameter_length) + " bytes");
    if (!pdn::is_valid_utf8(it->second)) throw BadParameter(name, "value is not UTF-8");
  }
}

std::string Parameters::text(std::string_view name) const {
  const auto it = params_.find(std::string(name));
  return it == params_.end() ? std::string() : it->second;
}

bool Parameters::flag(std::string_view name) const {
  const std::string value = text(name);
  if (value.empty() || value == "0" || value == "false") return false;
  if (value == "1" || value == "true") return true;
  throw BadParameter(std::string(name), "expected 0 or 1");
}

std::size_t Parameters::count(std::string_view name, std::size_t fallback,
                              std::size_t max) const {
  const auto it = params_.find(std::string(name));
  if (it == params_.end()) return fallback;
  const std::string& value = it->second;
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n > max)
    throw BadParameter(std::string(name),
                       "expected a whole number from 0 to " + std::to_string(max));
  return n;
}

rules::Position Parameters::position() const {
  rules::Position pos = rules::Position::initial();
  if (params_.count("fen") > 0 && text("fen").empty()) throw BadParameter("fen", "empty FEN");
  if (const std::string fen = text("fen"); !fen.empty()) {
    try {
      pos = rules::parse_fen(fen);
    } catch (const rules::FenError& e) {
      throw BadParameter("fen", e.what());
    }
  }
  std::string play = text("play");
  std::replace(play.begin(), play.end(), ',', ' ');
  std::size_t plies = 0;
  bool in_token = false;
  for (const char c : play) {
    if (c != ' ' && !in_token) ++plies;
    in_token = c != ' ';
  }
  if (plies > limits_.max_play_plies)
    throw BadParameter("play",
                       "more than " + std::to_string(limits_.max_play_plies) + " moves");
  try {
    return indexer::position_after(pos, play);
  } catch (const indexer::MoveListError& e) {
    throw BadParameter("play", e.what());
  }
}

indexer::GameFilter Parameters::filter(const NameDirectoryCache& names) const {
  indexer::GameFilter filter(filter_spec());
  if (filter.names_criteria()) filter.resolve_names(names.get());
  return filter;
}

indexer::FilterSpec Parameters::filter_spec() const {
  indexer::FilterSpec spec;
  spec.regex = flag("regex");
  const std::pair<std::string_view, std::string indexer::FilterSpec::*> fields[] = {
      {"player", &indexer::FilterSpec::player}, {"white", &indexer::FilterSpec::white},
      {"black", &indexer::FilterSpec::black},   {"event", &indexer::FilterSpec::event},
      {"since", &indexer::FilterSpec::since},   {"until", &indexer::FilterSpec::until},
      {"result", &indexer::FilterSpec::result}};
  // Each field alone first, so that an error names its parameter.
  for (const auto& [name, field] : fields) {
    indexer::FilterSpec alone;
    alone.regex = spec.regex;
    alone.*field = spec.*field = text(name);
    try {
      indexer::GameFilter check(alone);
    } catch (const indexer::FilterError& e) {
      throw BadParameter(std::string(name), e.what());
    }
  }
  return spec;
}

}  // namespace damdb::server
