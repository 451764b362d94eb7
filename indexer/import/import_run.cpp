#include "indexer/import/import_run.hpp"

#include <algorithm>
#include <filesystem>

#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/stats/player_record.hpp"
#include "indexer/stats/player_records_update.hpp"
#include "indexer/stats/result_warnings_file.hpp"
#include "indexer/text/cache_file.hpp"

namespace damdb::indexer {
namespace {

/// Marks the clusters holding a game not compared yet (unless `no_merge`); returns the marks.
std::vector<db::DuplicateMark> merge_new_games(db::Database& database, bool no_merge) {
  const db::GameId first = database.merged_end();
  const db::GameId end{database.meta().next_game_id};
  if (first >= end) return {};
  std::vector<db::DuplicateMark> marks;
  if (!no_merge) marks = apply_to_new_games(database, first);
  database.set_merged_end(end);
  database.release_cached_blocks();  // the games the step read
  return marks;
}

/// Builds the name directory, the result warnings and the players' records of the new state when
/// the import changed anything: those kept for the state before (`stamp_before`: its
/// database_stamp; `before`) updated.
PlayerRecordsUpdate refresh_name_directory(const db::Database& database, const ImportSummary& s,
                                           const PlayerRecordsBefore& before,
                                           const std::string& stamp_before) {
  if (s.games_stored == 0 && s.duplicates == 0) return {};
  keep_result_warnings(database, stamp_before, s.result_warnings);
  try {
    NameDirectory::of(database);
    return update_player_records(database, before, s.reached, s.reached_replaced);
  } catch (const OverridesError&) {
    return {};
  }
}

/// The state before the import that the players' records are updated from (nothing known
/// when a bad overrides file stops the names).
PlayerRecordsBefore records_before(const db::Database& database) {
  try {
    return player_records_before(database);
  } catch (const OverridesError&) {
    return {};
  }
}

}  // namespace

std::vector<std::string> import_inputs(const std::vector<std::string>& given,
                                       std::vector<std::string>& unreadable) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& f : given) {
    std::error_code ec;
    if (f == "-" || fs::is_regular_file(f, ec)) {
      files.push_back(f);
    } else if (fs::is_directory(f, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(f, ec); !ec && it != fs::end(it);
           it.increment(ec))
        if (it->path().extension() == ".pdn" && it->is_regular_file(ec))
          found.push_back(it->path().string());
      if (ec) unreadable.push_back("cannot read all of " + f + ": " + ec.message());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      unreadable.push_back("cannot read " + f + ": " +
                           (fs::exists(f, ec) ? "not a regular file" : "no such file"));
    }
  }
  return files;
}

ImportRun import_and_merge(db::Database& database, const std::vector<std::string>& files,
                           const ImportOptions& options, bool no_merge) {
  ImportRun run;
  const PlayerRecordsBefore before = records_before(database);
  const std::string stamp_before = database_stamp(database);
  run.summary = import_files(database, files, options);
  run.marks = merge_new_games(database, no_merge);
  run.records = refresh_name_directory(database, run.summary, before, stamp_before);
  return run;
}

}  // namespace damdb::indexer
