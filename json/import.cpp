#include "json/import.hpp"

namespace damdb::json {

nlohmann::json import_run_json(const indexer::ImportRun& run, const std::string& database) {
  const indexer::ImportSummary& s = run.summary;
  nlohmann::json kinds = nlohmann::json::object();
  for (const auto& [kind, n] : s.validation.kinds) kinds[std::string(pdn::to_string(kind))] = n;
  return {{"files", s.files},
          {"files_already_imported", s.files_already_imported},
          {"games_read", s.games_read},
          {"games_stored", s.games_stored},
          {"duplicates", s.duplicates},
          {"invalid", s.invalid},
          {"warnings", s.warnings},
          {"skipped", s.skipped},
          {"positions", s.positions},
          {"kinds", kinds},
          {"seconds", s.seconds},
          {"clusters_marked", run.marks.size()},
          {"database", database}};
}

}  // namespace damdb::json
