// `damdb parse FILE... [--json] [--quiet]`: reads PDN files and reports, per file, the games read, the
// errors with their positions, and the encodings and variants seen. Exit code 0 when no game
// has errors, 1 when some have, 2 when a file cannot be read (see command.hpp).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "json/file_report.hpp"
#include "json/text.hpp"
#include "pdn/file_report.hpp"
#include "pdn/reader.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb parse`.
struct ParseCliOptions {
  std::vector<std::string> files;
  bool json = false;
  bool quiet = false;
  unsigned threads = 0;
};

void print_text(const pdn::FileReport& r) {
  std::cout << r.file << ": " << r.games << " games, " << r.games_with_errors << " with errors ("
            << r.errors << " errors, " << r.warnings << " warnings, " << r.notes << " notes)\n";
  std::cout << "  encodings:";
  for (const auto& [name, n] : r.encodings) std::cout << ' ' << name << '=' << n;
  std::cout << "\n  variants:";
  for (const auto& [name, n] : r.variants) std::cout << ' ' << name << '=' << n;
  std::cout << '\n';
  for (const auto& [index, reason] : r.not_international)
    std::cout << "  game " << index + 1 << ": not International draughts: " << reason << '\n';
  std::cout << r.diagnostic_lines;
}

/// `damdb parse`: returns the exit code.
int run_parse(const ParseCliOptions& o) {
  pdn::FileReportOptions options;
  options.listing = o.json ? pdn::DiagnosticListing::Records : pdn::DiagnosticListing::Text;
  options.list_game_diagnostics = !o.quiet;
  options.threads = o.threads;
  std::vector<pdn::FileReport> reports;
  std::size_t unreadable = 0;
  for (const std::string& f : o.files) {
    // An unreadable file is reported and skipped; the others are still read (exit code 2).
    try {
      reports.push_back(pdn::report_file(f, options));
    } catch (const pdn::ReadError& e) {
      std::fprintf(stderr, "damdb: %s\n", e.what());
      ++unreadable;
    }
  }
  bool errors = false;
  for (const pdn::FileReport& r : reports) errors = errors || r.errors > 0;
  if (o.json) {
    std::cout << json::to_indented_text(json::file_reports_json(reports)) << '\n';
  } else {
    for (const pdn::FileReport& r : reports) print_text(r);
  }
  return unreadable > 0 ? kBadInput : errors ? kProblems : kOk;
}

void setup_parse(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ParseCliOptions>();
  auto* cmd =
      app.add_subcommand("parse", "Read PDN files and report games, errors, encodings, variants");
  cmd->add_option("files", opts->files, "PDN files ('-' reads standard input)")->required();
  cmd->add_flag("--json", opts->json, "print one JSON document instead of text");
  cmd->add_flag("--quiet", opts->quiet, "counts only: no list of errors and warnings");
  cmd->add_option("--threads", opts->threads,
                  "threads reading a file (0: one per processor; 1: the calling thread only)")
      ->check(CLI::Range(0u, 64u));
  cmd->callback([opts, &exit_code] { exit_code = run_parse(*opts); });
}

const Registration registration{"parse", setup_parse};

}  // namespace
}  // namespace damdb::cli
