// JSON of an error answer of the HTTP API.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace damdb::json {

/// {"error": message} and, when `parameter` is not empty, "parameter" (the query parameter at
/// fault).
nlohmann::json error_json(const std::string& message, const std::string& parameter = {});

}  // namespace damdb::json
