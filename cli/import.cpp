// `damdb import FILE... [--db DIR] [--json]`: stores every International-draughts game of the
// files in the database and indexes its positions. Progress on standard error.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/kind_counts.hpp"
#include "cli/table.hpp"
#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/import/importer.hpp"
#include "indexer/names/name_directory.hpp"

namespace damdb::cli {
namespace {

std::string clock_text(double seconds) {
  const long s = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return buf;
}

void show_progress(const indexer::ImportProgress& p, bool terminal, double elapsed) {
  const auto& s = p.summary;
  const double rate = elapsed > 0 ? static_cast<double>(s.games_read) / elapsed : 0;
  const double fraction =
      p.total_bytes ? static_cast<double>(p.total_done) / static_cast<double>(p.total_bytes) : 0;
  const double left = fraction > 0.001 ? elapsed * (1 - fraction) / fraction : 0;
  if (terminal) {
    const int width = 24, filled = static_cast<int>(fraction * width + 0.5);
    std::string bar(static_cast<std::size_t>(std::min(filled, width)), '=');
    bar.resize(width, ' ');
    std::fprintf(stderr, "\r[%s] %3.0f%%  %.1f/%.1f MB  %llu games  %.0f games/s  %s left  ",
                 bar.c_str(), fraction * 100, p.total_done / 1e6, p.total_bytes / 1e6,
                 static_cast<unsigned long long>(s.games_read), rate, clock_text(left).c_str());
  } else {
    std::fprintf(stderr, "import: %.1f/%.1f MB, %llu games read, %.0f games/s, %s left\n",
                 p.total_done / 1e6, p.total_bytes / 1e6,
                 static_cast<unsigned long long>(s.games_read), rate, clock_text(left).c_str());
  }
}

/// The files to import: each FILE as given ("-" too), each DIR as the *.pdn files below it
/// (recursively, sorted). An input that is neither is reported on standard error and counted
/// in `unreadable`.
std::vector<std::string> import_inputs(const std::vector<std::string>& given,
                                       std::size_t& unreadable) {
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
      if (ec)
        std::fprintf(stderr, "damdb: cannot read all of %s: %s\n", f.c_str(),
                     ec.message().c_str());
      unreadable += ec ? 1 : 0;
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      std::fprintf(stderr, "damdb: cannot read %s: %s\n", f.c_str(),
                   fs::exists(f, ec) ? "not a regular file" : "no such file");
      ++unreadable;
    }
  }
  return files;
}

/// Issue kind name -> number of games read having it.
nlohmann::json kinds_json(const pdn::ValidationSummary& v) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [kind, n] : v.kinds) j[std::string(pdn::to_string(kind))] = n;
  return j;
}

/// Builds the name directory of the new state now (it is kept in the database folder), so that
/// the first filter by player or event after the import does not read every header. A bad
/// player-overrides.txt is reported by the commands that use it, not here.
void refresh_name_directory(const db::Database& database, const indexer::ImportSummary& s) {
  if (s.games_stored == 0 && s.duplicates == 0) return;
  try {
    indexer::NameDirectory::of(database);
  } catch (const indexer::OverridesError&) {
  }
}

/// Marks the prefix and tag-variant clusters that hold a game no import has compared yet (all
/// the games of this import, and those of an earlier one killed before this step), unless
/// `no_merge`; either way those games count as compared from now on.
std::vector<db::DuplicateMark> merge_new_games(db::Database& database, bool no_merge) {
  const db::GameId first = database.merged_end();
  const db::GameId end{database.meta().next_game_id};
  if (first >= end) return {};
  std::vector<db::DuplicateMark> marks;
  if (!no_merge) marks = indexer::apply_to_new_games(database, first);
  database.set_merged_end(end);
  database.release_cached_blocks();  // the games the step read
  return marks;
}

void print_marks(const std::vector<db::DuplicateMark>& marks) {
  if (marks.empty()) return;
  std::size_t members = 0;
  for (const db::DuplicateMark& m : marks) members += m.members.size();
  std::printf("marked %zu near-duplicate cluster(s) (prefix, tag-variant): %zu game(s) kept as "
              "members, counted once; see `damdb duplicates`, undo with `damdb duplicates "
              "--undo ID`, or import with --no-merge\n",
              marks.size(), members);
}

// The options that size an import's atomic commits.
void add_batch_options(CLI::App* cmd, std::size_t& batch_games, std::size_t& batch_mb) {
  cmd->add_option("--batch-games", batch_games, "Games read per atomic commit, copies of stored games included (default 20000)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--batch-mb", batch_mb,
                  "Memory of a batch, in MB, before it is committed (default " +
                      std::to_string(batch_mb) + ")")
      ->check(CLI::Range(1, 65536));
}

void setup_import(CLI::App& app, int& exit_code) {
  struct Options {
    std::vector<std::string> files;
    std::string db;
    bool json = false;
    std::size_t batch_games = 20000;
    bool no_merge = false;
    std::size_t batch_mb = indexer::ImportOptions{}.batch_bytes >> 20;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("import", "Import PDN files into the database and index them");
  cmd->add_option("files", opts->files,
                  "PDN files, or folders (their *.pdn files, recursively); '-' for standard input")
      ->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print the summary as one JSON object");
  cmd->add_flag("--no-merge", opts->no_merge,
                "Do not mark the new games' prefix and tag-variant near-duplicates");
  add_batch_options(cmd, opts->batch_games, opts->batch_mb);
  cmd->callback([opts, &exit_code] {
    // Check the inputs first: without a readable one, no empty database is left behind.
    std::size_t unreadable = 0;
    const std::vector<std::string> files = import_inputs(opts->files, unreadable);
    if (files.empty()) throw InputError("no readable input: nothing imported");
    db::OpenOptions open;
    open.bulk_load = true;
    db::Database database = db::Database::open(database_folder(opts->db), open);
    const bool terminal = isatty(STDERR_FILENO) != 0;
    indexer::ImportOptions options;
    options.progress_every = std::chrono::milliseconds(terminal ? 250 : 5000);
    options.batch_games = opts->batch_games;
    options.batch_bytes = opts->batch_mb << 20;
    options.progress = [&, start = std::chrono::steady_clock::now()](const indexer::ImportProgress& p) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      show_progress(p, terminal, elapsed);
    };
    // A missing file (pdn::ReadError) or a storage failure (db::Error) reaches main's handler.
    const indexer::ImportSummary s = indexer::import_files(database, files, options);
    if (terminal) std::fprintf(stderr, "\n");
    const std::vector<db::DuplicateMark> marks = merge_new_games(database, opts->no_merge);
    refresh_name_directory(database, s);
    for (const std::string& why : s.unreadable) std::fprintf(stderr, "damdb: %s\n", why.c_str());
    unreadable += s.unreadable.size();
    if (opts->json) {
      nlohmann::json j{{"files", s.files},
                       {"files_already_imported", s.files_already_imported},
                       {"games_read", s.games_read},
                       {"games_stored", s.games_stored},
                       {"duplicates", s.duplicates},
                       {"invalid", s.invalid},
                       {"warnings", s.warnings},
                       {"skipped", s.skipped},
                       {"positions", s.positions},
                       {"kinds", kinds_json(s.validation)},
                       {"seconds", s.seconds},
                       {"clusters_marked", marks.size()},
                       {"database", database.folder().string()}};
      print_json(std::cout, j);
    } else {
      std::printf(
          "imported %llu file(s) into %s: %llu games read, %llu stored (%llu invalid, %llu "
          "with warnings), %llu duplicates, %llu other variants skipped, %llu "
          "positions indexed, %.2f s\n",
          static_cast<unsigned long long>(s.files), database.folder().c_str(),
          static_cast<unsigned long long>(s.games_read),
          static_cast<unsigned long long>(s.games_stored),
          static_cast<unsigned long long>(s.invalid), static_cast<unsigned long long>(s.warnings),
          static_cast<unsigned long long>(s.duplicates), static_cast<unsigned long long>(s.skipped),
          static_cast<unsigned long long>(s.positions), s.seconds);
      print_kind_counts(s.validation, "  ");
      print_marks(marks);
      if (s.files_already_imported)
        std::printf("%llu file(s) were already imported unchanged and were skipped\n",
                    static_cast<unsigned long long>(s.files_already_imported));
    }
    exit_code = unreadable + print_file_lines(s.validation, opts->json ? stderr : stdout) > 0
                    ? kBadInput : kOk;
  });
}

const Registration registration{"import", setup_import};

}  // namespace
}  // namespace damdb::cli
