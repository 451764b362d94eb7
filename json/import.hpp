// JSON of an import's summary (`damdb import --json`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "indexer/import/import_run.hpp"

namespace damdb::json {

/// {"files", "files_already_imported", "games_read", "games_stored", "duplicates", "invalid",
/// "warnings", "skipped", "positions", "kinds": {issue kind: games read having it}, "seconds",
/// "clusters_marked", "database" (`database`, the folder)}.
nlohmann::json import_run_json(const indexer::ImportRun& run, const std::string& database);

}  // namespace damdb::json
