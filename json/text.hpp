// JSON as text: the one serialisation the CLI prints and the HTTP API sends.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace damdb::json {

/// `value` as compact JSON text (one line, no newline); invalid UTF-8 in strings is replaced by
/// U+FFFD instead of throwing.
inline std::string to_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// `value` as JSON text indented by two spaces per level (no final newline), invalid UTF-8
/// replaced as by to_text: for documents a person reads (`damdb parse --json`, clean's report).
inline std::string to_indented_text(const nlohmann::json& value) {
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace damdb::json
