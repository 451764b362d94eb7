// What a database holds, as `damdb info` and the API's /api/info show it: the counts of its
// games by verdict and by issue kind, its positions, sources and size, its last import.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "db/database.hpp"

namespace damdb::indexer {

/// Issue kind name (issue_kind_name) -> games.
using KindCounts = std::map<std::string, std::uint64_t>;

/// The summary of a database.
struct DatabaseSummary {
  std::string folder;                   ///< the database folder
  db::Info info;                        ///< db::Database::info()
  std::uint64_t with_move_error = 0;    ///< games_with_move_error(info.counts)
  KindCounts invalid_by_first_error;    ///< invalid games by the kind of their first error
  KindCounts games_by_warning;          ///< games having a warning or note of each kind
  std::int64_t last_import = 0;         ///< latest import time of the sources (Unix s), 0: none
};

/// The games per pdn::IssueKind (indexed by the kind's number) of only the error kinds
/// (`errors`) or only the others, by name; kinds with no game are left out.
KindCounts issue_kind_counts(const std::array<std::uint64_t, 64>& counts, bool errors);

/// The summary of `database`. Throws db::Error from the database.
DatabaseSummary summarize_database(const db::Database& database);

}  // namespace damdb::indexer
