// The --db option shared by every subcommand that uses a database.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "db/database.hpp"

namespace damdb::cli {

/// Adds `--db DIR` to `cmd`, storing into `folder`.
void add_database_option(CLI::App* cmd, std::string& folder);

/// The database folder to use: --db if given, else $DAMDB_DB, else "damdb.db" in the current
/// directory (db::kDefaultFolder).
std::string database_folder(const std::string& option_value);

/// Opens the database of database_folder(option_value) read-only (queries may run beside an
/// import). Raises db::Error (ErrorKind::NotFound when the folder holds no database).
/// `explorer_only`: for a query without filter criteria, open only the families it reads
/// (db::OpenOptions::explorer_only).
/// `evaluations`: also open the position evaluations (db::OpenOptions::evaluations).
db::Database open_for_reading(const std::string& option_value, bool explorer_only = false,
                              bool evaluations = false);

}  // namespace damdb::cli
