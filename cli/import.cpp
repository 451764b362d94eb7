// `damdb import FILE... [--db DIR] [--json]`: stores every International-draughts game of the
// files in the database and indexes its positions. Progress on standard error.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/kind_counts.hpp"
#include "cli/table.hpp"
#include "indexer/importer.hpp"

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

/// Issue kind name -> number of games read having it.
nlohmann::json kinds_json(const pdn::ValidationSummary& v) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [kind, n] : v.kinds) j[std::string(pdn::to_string(kind))] = n;
  return j;
}

void setup_import(CLI::App& app, int& exit_code) {
  struct Options {
    std::vector<std::string> files;
    std::string db;
    bool json = false;
    std::size_t batch_games = 20000;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("import", "Import PDN files into the database and index them");
  cmd->add_option("files", opts->files, "PDN files ('-' for standard input)")->required();
  add_database_option(cmd, opts->db);
  cmd->add_flag("--json", opts->json, "Print the summary as one JSON object");
  cmd->add_option("--batch-games", opts->batch_games, "New games per atomic commit (default 20000)")
      ->check(CLI::Range(1, 10000000));
  cmd->callback([opts, &exit_code] {
    // Check the inputs first: a missing file must not leave an empty database behind.
    for (const auto& f : opts->files) {
      std::error_code ec;
      if (f != "-" && !std::filesystem::is_regular_file(f, ec))
        throw InputError("cannot read " + f + ": " +
                         (std::filesystem::exists(f, ec) ? "not a regular file" : "no such file"));
    }
    db::OpenOptions open;
    open.bulk_load = true;
    db::Database database = db::Database::open(database_folder(opts->db), open);
    const bool terminal = isatty(STDERR_FILENO) != 0;
    const auto start = std::chrono::steady_clock::now();
    indexer::ImportOptions options;
    options.progress_every = std::chrono::milliseconds(terminal ? 250 : 5000);
    options.batch_games = opts->batch_games;
    options.progress = [&](const indexer::ImportProgress& p) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      show_progress(p, terminal, elapsed);
    };
    // A missing file (pdn::ReadError) or a storage failure (db::Error) reaches main's handler.
    const indexer::ImportSummary s = indexer::import_files(database, opts->files, options);
    if (terminal) std::fprintf(stderr, "\n");
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
      if (s.files_already_imported)
        std::printf("%llu file(s) were already imported unchanged and were skipped\n",
                    static_cast<unsigned long long>(s.files_already_imported));
    }
    exit_code = kOk;
  });
}

const Registration registration{setup_import};

}  // namespace
}  // namespace damdb::cli
