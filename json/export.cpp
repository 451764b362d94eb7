#include "json/export.hpp"

namespace damdb::json {

nlohmann::json export_summary_json(const indexer::ExportSummary& summary,
                                   const std::string& output) {
  std::vector<std::uint32_t> damaged;
  for (const db::DamagedGame& d : summary.damaged) damaged.push_back(d.id.value);
  return {{"output", output},
          {"games", summary.games},
          {"copied_as_read", summary.copied_as_read},
          {"damaged", damaged}};
}

}  // namespace damdb::json
