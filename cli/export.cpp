// `damdb export [filters] -o FILE.pdn [--json] [--db DIR]`: writes the games that pass the
// filters as canonical PDN 3.0 (see indexer/export.hpp). "-o -" writes to standard output.
// The file is written to FILE.tmp and renamed at the end, so a failed export leaves no
// half-written FILE.
#include "indexer/export.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/table.hpp"

namespace damdb::cli {
namespace {

void setup_export(CLI::App& app, int& exit_code) {
  struct Options {
    std::string db;
    indexer::FilterSpec filter;
    std::string output;
    bool json = false;
    bool force = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("export", "Write the stored games as canonical PDN 3.0");
  add_database_option(cmd, opts->db);
  add_filter_options(cmd, opts->filter);
  cmd->add_option("-o,--output", opts->output, "PDN file to write (\"-\" = standard output)")
      ->required();
  cmd->add_flag("--json", opts->json, "Print the summary as one JSON object");
  cmd->add_flag("--force", opts->force, "Replace OUTPUT if it exists");
  cmd->callback([opts, &exit_code] {
    refuse_to_overwrite(opts->output, opts->force);
    const indexer::GameFilter filter(opts->filter);
    const db::Database database = open_for_reading(opts->db);
    indexer::ExportSummary summary;
    const bool to_stdout = opts->output == "-";
    if (to_stdout) {
      summary = indexer::export_games(database, filter, std::cout);
      std::cout.flush();
      if (!std::cout) throw InputError("cannot write to standard output");
    } else {
      const std::string temporary = opts->output + ".tmp";
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      if (!out) throw InputError("cannot write " + temporary);
      std::error_code ec;
      try {
        summary = indexer::export_games(database, filter, out);
      } catch (...) {
        out.close();
        std::filesystem::remove(temporary, ec);  // a failed export leaves no FILE.tmp
        throw;
      }
      out.close();
      if (!out) {
        std::filesystem::remove(temporary, ec);
        throw InputError("cannot write " + temporary);
      }
      std::filesystem::rename(temporary, opts->output, ec);
      if (ec)
        throw InputError("cannot rename " + temporary + " to " + opts->output + ": " +
                         ec.message());
    }
    std::ostream& report = to_stdout ? std::cerr : std::cout;
    if (opts->json) {
      print_json(report, {{"output", opts->output},
                          {"games", summary.games},
                          {"copied_as_read", summary.copied_as_read}});
    } else {
      report << "exported " << summary.games << (summary.games == 1 ? " game" : " games")
             << (to_stdout ? "" : " to " + opts->output) << '\n';
      if (!summary.copied_as_read.empty()) {
        report << summary.copied_as_read.size()
               << " with a PDN syntax error written as stored (not canonical): games";
        for (std::uint32_t id : summary.copied_as_read) report << ' ' << id;
        report << '\n';
      }
    }
    exit_code = kOk;
  });
}

const Registration registration{setup_export};

}  // namespace
}  // namespace damdb::cli
