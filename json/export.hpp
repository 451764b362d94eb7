// JSON of an export's summary (`damdb export --json`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "indexer/export/export.hpp"

namespace damdb::json {

/// {"output" (the file written, "-" for standard output), "games", "copied_as_read": [id],
/// "damaged": [id]}.
nlohmann::json export_summary_json(const indexer::ExportSummary& summary,
                                   const std::string& output);

}  // namespace damdb::json
