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

}  // namespace damdb::json
