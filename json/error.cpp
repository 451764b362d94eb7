#include "json/error.hpp"

namespace damdb::json {

nlohmann::json error_json(const std::string& message, const std::string& parameter) {
  nlohmann::json j{{"error", message}};
  if (!parameter.empty()) j["parameter"] = parameter;
  return j;
}

}  // namespace damdb::json
