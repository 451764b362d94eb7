// `damdb export [filters] -o FILE.pdn [--json] [--db DIR]`: writes the games that pass the
// filters as canonical PDN 3.0 (see indexer/export/export.hpp). "-o -" writes to standard output.
// An existing FILE is replaced only with --force; the file is written to a new temporary file
// beside it, renamed over it at the end (db/atomic_file.hpp), so a failed export leaves FILE as
// it was and deletes nothing.
#include "indexer/export/export.hpp"

#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/output_files.hpp"
#include "cli/table.hpp"
#include "db/atomic_file.hpp"
#include "json/export.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb export`.
struct ExportCliOptions {
  std::string db;
  indexer::FilterSpec filter;
  std::string output;
  bool json = false;
  bool force = false;
  bool novelty = false;
};

/// Exports the games into `path` through a temporary file renamed over it at the end
/// (db::AtomicFile): a failed export leaves `path` as it was and no other file.
indexer::ExportSummary export_to_file(const db::Database& database,
                                      const indexer::GameFilter& filter, const std::string& path,
                                      bool novelty) {
  db::AtomicFile out(path);
  const indexer::ExportSummary summary =
      indexer::export_games(database, filter, out.stream(), novelty);
  out.commit();
  return summary;
}

void print_export_summary(std::ostream& report, const ExportCliOptions& o,
                          const indexer::ExportSummary& summary, bool to_stdout) {
  if (o.json) {
    print_json(report, json::export_summary_json(summary, o.output));
    return;
  }
  report << "exported " << summary.games << (summary.games == 1 ? " game" : " games")
         << (to_stdout ? "" : " to " + o.output) << '\n';
  if (!summary.copied_as_read.empty()) {
    report << summary.copied_as_read.size()
           << " with a PDN syntax error written as stored (not canonical): games";
    for (std::uint32_t id : summary.copied_as_read) report << ' ' << id;
    report << '\n';
  }
  if (!summary.damaged.empty()) {
    report << summary.damaged.size()
           << " stored games could not be read (damaged storage) and were skipped: games";
    for (const db::DamagedGame& d : summary.damaged) report << ' ' << d.id.value;
    report << "\n`damdb check` lists them with the reason\n";
  }
}

/// `damdb export`: returns the exit code.
int run_export(const ExportCliOptions& o) {
  check_output_files({{}, database_folder(o.db)}, {{"-o", o.output}}, o.force);
  indexer::GameFilter filter(o.filter);
  const db::Database database = open_for_reading(o.db, false, filter.evaluation_criteria());
  filter.resolve_names(database);
  filter.resolve_evaluations(database);
  indexer::ExportSummary summary;
  const bool to_stdout = o.output == "-";
  if (to_stdout) {
    summary = indexer::export_games(database, filter, std::cout, o.novelty);
    std::cout.flush();
    if (!std::cout) throw InputError("cannot write to standard output");
  } else {
    summary = export_to_file(database, filter, o.output, o.novelty);
  }
  print_export_summary(to_stdout ? std::cerr : std::cout, o, summary, to_stdout);
  return summary.damaged.empty() ? kOk : kProblems;
}

void setup_export(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ExportCliOptions>();
  auto* cmd = app.add_subcommand("export", "Write the stored games as canonical PDN 3.0");
  add_database_option(cmd, opts->db);
  add_filter_options(cmd, opts->filter);
  add_evaluation_filter_options(cmd, opts->filter);
  cmd->add_option("-o,--output", opts->output, "PDN file to write (\"-\" = standard output)")
      ->required();
  cmd->add_flag("--json", opts->json, "Print the summary as one JSON object");
  cmd->add_flag("--force", opts->force, "Replace OUTPUT if it exists");
  cmd->add_flag("--novelty", opts->novelty,
                "Mark each game's novelty with a {damdb: novelty ...} comment (see damdb novelty)");
  cmd->callback([opts, &exit_code] { exit_code = run_export(*opts); });
}

const Registration registration{"export", setup_export};

}  // namespace
}  // namespace damdb::cli
