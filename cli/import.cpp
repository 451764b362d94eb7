// `damdb import FILE... [--db DIR] [--json]`: stores every International-draughts game of the
// files in the database and indexes its positions. Progress on standard error.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/kind_counts.hpp"
#include "cli/table.hpp"
#include "indexer/duplicates/duplicate_listing.hpp"
#include "indexer/import/import_run.hpp"
#include "json/import.hpp"

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

void print_marks(const std::vector<db::DuplicateMark>& marks) {
  if (marks.empty()) return;
  const std::size_t members = indexer::marked_members(marks);
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

/// The options of `damdb import`.
struct ImportCliOptions {
  std::vector<std::string> files;
  std::string db;
  bool json = false;
  std::size_t batch_games = 20000;
  bool no_merge = false;
  std::size_t batch_mb = indexer::ImportOptions{}.batch_bytes >> 20;
};

void print_summary(const indexer::ImportRun& run, const std::string& database) {
  const indexer::ImportSummary& s = run.summary;
  std::printf(
      "imported %llu file(s) into %s: %llu games read, %llu stored (%llu invalid, %llu "
      "with warnings), %llu duplicates, %llu other variants skipped, %llu "
      "positions indexed, %.2f s\n",
      static_cast<unsigned long long>(s.files), database.c_str(),
      static_cast<unsigned long long>(s.games_read),
      static_cast<unsigned long long>(s.games_stored),
      static_cast<unsigned long long>(s.invalid), static_cast<unsigned long long>(s.warnings),
      static_cast<unsigned long long>(s.duplicates), static_cast<unsigned long long>(s.skipped),
      static_cast<unsigned long long>(s.positions), s.seconds);
  print_kind_counts(s.validation, "  ");
  print_marks(run.marks);
  if (s.files_already_imported)
    std::printf("%llu file(s) were already imported unchanged and were skipped\n",
                static_cast<unsigned long long>(s.files_already_imported));
}

/// `damdb import`: returns the exit code.
int run_import(const ImportCliOptions& o) {
  // Check the inputs first: without a readable one, no empty database is left behind.
  std::vector<std::string> unreadable;
  const std::vector<std::string> files = indexer::import_inputs(o.files, unreadable);
  for (const std::string& why : unreadable) std::fprintf(stderr, "damdb: %s\n", why.c_str());
  if (files.empty()) throw InputError("no readable input: nothing imported");
  db::OpenOptions open;
  open.bulk_load = true;
  db::Database database = db::Database::open(database_folder(o.db), open);
  const bool terminal = isatty(STDERR_FILENO) != 0;
  indexer::ImportOptions options;
  options.progress_every = std::chrono::milliseconds(terminal ? 250 : 5000);
  options.batch_games = o.batch_games;
  options.batch_bytes = o.batch_mb << 20;
  options.progress = [&, start = std::chrono::steady_clock::now()](const indexer::ImportProgress& p) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    show_progress(p, terminal, elapsed);
  };
  // A missing file (pdn::ReadError) or a storage failure (db::Error) reaches main's handler.
  const indexer::ImportRun run = indexer::import_and_merge(database, files, options, o.no_merge);
  if (terminal) std::fprintf(stderr, "\n");
  const indexer::ImportSummary& s = run.summary;
  for (const std::string& why : s.unreadable) std::fprintf(stderr, "damdb: %s\n", why.c_str());
  const std::size_t failed = unreadable.size() + s.unreadable.size();
  if (o.json)
    print_json(std::cout, json::import_run_json(run, database.folder().string()));
  else
    print_summary(run, database.folder().string());
  return failed + print_file_lines(s.validation, o.json ? stderr : stdout) > 0 ? kBadInput : kOk;
}

void setup_import(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ImportCliOptions>();
  auto* cmd = app.add_subcommand("import", "Import PDN files into the database and index them");
  cmd->add_option("files", opts->files,
                  "PDN files, or folders (their *.pdn files, recursively); '-' for standard input")
      ->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print the summary as one JSON object");
  cmd->add_flag("--no-merge", opts->no_merge,
                "Do not mark the new games' prefix and tag-variant near-duplicates");
  add_batch_options(cmd, opts->batch_games, opts->batch_mb);
  cmd->callback([opts, &exit_code] { exit_code = run_import(*opts); });
}

const Registration registration{"import", setup_import};

}  // namespace
}  // namespace damdb::cli
