#include "json/file_report.hpp"

namespace damdb::json {

nlohmann::json file_report_json(const pdn::FileReport& r) {
  nlohmann::json j;
  j["file"] = r.file;
  j["games"] = r.games;
  j["games_with_errors"] = r.games_with_errors;
  j["errors"] = r.errors;
  j["warnings"] = r.warnings;
  j["notes"] = r.notes;
  j["encodings"] = r.encodings;
  j["variants"] = r.variants;
  nlohmann::json ni = nlohmann::json::array();
  for (const auto& [index, reason] : r.not_international)
    ni.push_back({{"game", index + 1}, {"reason", reason}});
  j["not_international"] = ni;
  nlohmann::json diags = nlohmann::json::array();
  for (const pdn::Diagnostic& d : r.diagnostics)
    diags.push_back({{"severity", std::string(pdn::to_string(d.severity))},
                     {"kind", std::string(pdn::to_string(d.kind))},
                     {"count", d.count},
                     {"game", d.game_index + 1},
                     {"line", d.pos.line},
                     {"column", d.pos.column},
                     {"offending", d.offending},
                     {"expected", d.expected},
                     {"message", d.message}});
  j["diagnostics"] = diags;
  return j;
}

nlohmann::json file_reports_json(const std::vector<pdn::FileReport>& reports) {
  nlohmann::json j = nlohmann::json::array();
  for (const pdn::FileReport& r : reports) j.push_back(file_report_json(r));
  return j;
}

}  // namespace damdb::json
