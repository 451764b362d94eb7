// JSON of a storage check (`damdb check --json`).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/records/storage_check.hpp"

namespace damdb::json {

/// {"database", "game_files": [name], "readable", "damaged": [{"id", "reason"}]}.
nlohmann::json storage_check_json(const indexer::StorageCheck& check);

}  // namespace damdb::json
