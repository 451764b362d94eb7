#include "indexer/records/database_summary.hpp"

#include <algorithm>

#include "indexer/records/issue_kinds.hpp"

namespace damdb::indexer {

KindCounts issue_kind_counts(const std::array<std::uint64_t, 64>& counts, bool errors) {
  KindCounts out;
  for (unsigned k = 0; k < counts.size(); ++k)
    if (counts[k] > 0 && is_error_kind(k) == errors) out[issue_kind_name(k)] = counts[k];
  return out;
}

DatabaseSummary summarize_database(const db::Database& database) {
  DatabaseSummary s;
  s.folder = database.folder().string();
  s.info = database.info();
  const db::Counts& c = s.info.counts;
  s.with_move_error = games_with_move_error(c);
  s.invalid_by_first_error = issue_kind_counts(c.first_error, true);
  s.games_by_warning = issue_kind_counts(c.with_kind, false);
  for (const db::SourceInfo& source : database.meta().sources)
    s.last_import = std::max(s.last_import, source.import_time);
  return s;
}

}  // namespace damdb::indexer
