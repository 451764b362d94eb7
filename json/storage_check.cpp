#include "json/storage_check.hpp"

namespace damdb::json {

nlohmann::json storage_check_json(const indexer::StorageCheck& check) {
  nlohmann::json list = nlohmann::json::array();
  for (const db::DamagedGame& d : check.damaged)
    list.push_back({{"id", d.id.value}, {"reason", d.reason}});
  return {{"database", check.database},
          {"game_files", check.game_files},
          {"readable", check.readable},
          {"damaged", list}};
}

}  // namespace damdb::json
