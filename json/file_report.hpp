// JSON of the report of one PDN file read (`damdb parse --json`).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "pdn/file_report.hpp"

namespace damdb::json {

/// {"file", "games", "games_with_errors", "errors", "warnings", "notes", "encodings": {name:
/// games}, "variants": {name: games}, "not_international": [{"game" (1-based), "reason"}],
/// "diagnostics": [{"severity", "kind", "count", "game" (1-based), "line", "column",
/// "offending", "expected", "message"}]} (the diagnostics kept as Records).
nlohmann::json file_report_json(const pdn::FileReport& r);

/// [file_report_json...] of `reports`, in their order.
nlohmann::json file_reports_json(const std::vector<pdn::FileReport>& reports);

}  // namespace damdb::json
