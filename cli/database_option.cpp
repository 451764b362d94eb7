#include "cli/database_option.hpp"

#include <cstdlib>

#include "db/database.hpp"

namespace damdb::cli {

void add_database_option(CLI::App* cmd, std::string& folder) {
  cmd->add_option(
      "--db", folder,
      std::string("Database folder (default: $DAMDB_DB, else ./") + db::kDefaultFolder + ")");
}

std::string database_folder(const std::string& option_value) {
  if (!option_value.empty()) return option_value;
  if (const char* env = std::getenv("DAMDB_DB"); env && *env) return env;
  return db::kDefaultFolder;
}

db::Database open_for_reading(const std::string& option_value, bool explorer_only,
                              bool evaluations) {
  db::OpenOptions open;
  open.mode = db::OpenMode::ReadOnly;
  open.explorer_only = explorer_only;
  open.evaluations = evaluations;
  return db::Database::open(database_folder(option_value), open);
}

}  // namespace damdb::cli
