// `damdb clean FILE... -o OUT.pdn [--report REPORT.json] [--min-confidence X] [--dry-run]`:
// repairs corrupted scoresheets (see pdn/repair.hpp). Every game is written to OUT: valid ones
// unchanged in meaning (canonical PDN; a game with a syntax error or bad FEN as read, with a
// `{damdb: not repaired: ...}` comment naming the error),
// repaired ones with the fix and a `{damdb: ... was ..., kind, confidence c}` comment, the
// others cut to their legal prefix with the unreplayable rest in a marked comment. The input
// files are never modified (OUT may not be one of them; it is written to a temporary file and
// renamed: cli/output_files.hpp, db/atomic_file.hpp). Exit code 0 when no game is left unrepaired, 1 otherwise, 2 for unusable input.
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/kind_counts.hpp"
#include "cli/output_files.hpp"
#include "db/atomic_file.hpp"
#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/validate.hpp"
#include "pdn/writer.hpp"

namespace damdb::cli {
namespace {

/// The most canonical text `clean` holds before writing it to the output file.
constexpr std::size_t kWriteChunkBytes = std::size_t{1} << 20;

nlohmann::json candidates_json(const pdn::RepairProposal& p) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : p.candidates)
    list.push_back({{"move", c.applied.empty() ? "(deleted " + c.original + ")" : c.applied},
                    {"kind", std::string(pdn::to_string(c.kind))},
                    {"confidence", std::round(c.confidence * 1000) / 1000}});
  return list;
}

nlohmann::json fix_json(const pdn::Game& g, const pdn::AppliedFix& f) {
  return {{"file", g.source},
          {"game", g.number()},
          {"line", f.proposal.pos.line},
          {"column", f.proposal.pos.column},
          {"ply", f.candidate.ply},
          {"original", f.candidate.original},
          {"applied", f.candidate.applied},
          {"kind", std::string(pdn::to_string(f.candidate.kind))},
          {"confidence", std::round(f.candidate.confidence * 1000) / 1000},
          {"candidates", candidates_json(f.proposal)},
          {"plies_after", f.candidate.plies_after}};
}

nlohmann::json unrepaired_json(const pdn::Game& g, const pdn::CleanResult& r) {
  const pdn::RepairProposal& p = r.unrepaired;
  return {{"file", g.source},
          {"game", g.number()},
          {"line", p.pos.line},
          {"column", p.pos.column},
          {"ply", p.ply},
          {"token", p.token},
          {"error", std::string(pdn::to_string(p.error))},
          {"message", p.message},
          {"reason", r.unrepaired_reason},
          {"truncated", r.outcome == pdn::CleanOutcome::Truncated},
          {"plies_kept", p.ply > 0 ? p.ply - 1 : 0},
          {"candidates", candidates_json(p)}};
}

/// The options of `damdb clean`.
struct CleanCliOptions {
  std::vector<std::string> files;
  std::string output;
  std::string report;
  double min_confidence = pdn::CleanOptions{}.min_confidence;
  bool dry_run = false;
  bool force = false;
};

/// Throws InputError when the output is missing, or when an output is one of the inputs, names
/// the file of the other or exists without --force (check_output_files).
void check_outputs(const CleanCliOptions& o) {
  if (o.output.empty() && !o.dry_run)
    throw InputError("clean: -o OUT.pdn is required (or --dry-run)");
  std::vector<OutputFile> outputs;
  if (!o.dry_run) outputs.push_back({"-o", o.output});
  if (!o.report.empty()) outputs.push_back({"--report", o.report});
  check_output_files({o.files, ""}, outputs, o.force);
}

/// What the cleaning did, game by game: the fixes and unrepaired errors (JSON, for the report),
/// and the counts of the summary.
struct CleanTally {
  nlohmann::json fixes = nlohmann::json::array(), unrepaired = nlohmann::json::array();
  std::size_t games = 0, unchanged = 0, repaired = 0, truncated = 0, kept = 0, skipped = 0;
  pdn::ValidationSummary read;  // the games as read, by severity and kind

  /// Counts the cleaning `r` of `game` and prints a line for each fix and unrepaired error.
  void add(const pdn::Game& game, const pdn::CleanResult& r) {
    ++games;
    skipped += !game.variant.international;
    read.add(r.as_read);
    for (const auto& f : r.fixes) {
      fixes.push_back(fix_json(game, f));
      std::printf("%s:%u:%u: game %zu, ply %d: %s -> %s (%s, confidence %.2f)\n",
                  game.source.c_str(), f.proposal.pos.line, f.proposal.pos.column, game.number(),
                  f.candidate.ply, f.candidate.original.c_str(),
                  f.candidate.applied.empty() ? "(deleted)" : f.candidate.applied.c_str(),
                  std::string(pdn::to_string(f.candidate.kind)).c_str(), f.candidate.confidence);
    }
    if (r.has_unrepaired) {
      unrepaired.push_back(unrepaired_json(game, r));
      std::printf("%s:%u:%u: game %zu, ply %d: \"%s\" not repaired: %s%s\n",
                  game.source.c_str(), r.unrepaired.pos.line, r.unrepaired.pos.column,
                  game.number(), r.unrepaired.ply, r.unrepaired.token.c_str(),
                  r.unrepaired_reason.c_str(),
                  r.outcome == pdn::CleanOutcome::Truncated ? " (legal prefix kept)" : "");
    }
    switch (r.outcome) {
      case pdn::CleanOutcome::Unchanged: (r.has_unrepaired ? kept : unchanged)++; break;
      case pdn::CleanOutcome::Repaired: ++repaired; break;
      case pdn::CleanOutcome::Truncated: ++truncated; break;
    }
  }

  void print_summary(bool dry_run) const {
    std::fflush(stdout);
    std::printf(
        "cleaned %zu game(s): %zu unchanged, %zu repaired (%zu fixes), %zu truncated, "
        "%zu kept as read with an error that is no illegal move, %zu other variants%s\n",
        games, unchanged, repaired, fixes.size(), truncated, kept, skipped,
        dry_run ? " (dry run: nothing written)" : "");
    std::printf("  as read: %zu valid, %zu with warnings, %zu invalid\n", read.valid,
                read.with_warnings, read.invalid);
    print_kind_counts(read, "  ");
  }
};

/// Cleans every game of the input files into `out` (none with --dry-run). Throws InputError for
/// a file that cannot be read.
void clean_files(const CleanCliOptions& o, db::AtomicFile* out, CleanTally& tally) {
  pdn::CleanOptions options;
  options.min_confidence = o.min_confidence;
  std::string text;
  const pdn::TextFlush flush = [out](std::string& written) {
    out->write(written);
    written.clear();
  };
  for (const auto& file : o.files) {
    try {
      pdn::GameReader reader(file);
      pdn::Game game;
      while (reader.next(game)) {
        // The game moves into the result (its file, number and variant stay with it).
        const pdn::CleanResult r = pdn::clean_game(std::move(game), options);
        tally.add(r.game, r);
        if (o.dry_run) continue;
        text.clear();
        if (tally.games > 1) text += '\n';
        // A long game goes to the file as it is written, a megabyte at a time.
        pdn::write_game(r.game, text, kWriteChunkBytes, flush);
        out->write(text);
      }
      tally.read.add_file(reader.file_diagnostics());
    } catch (const pdn::ReadError& e) {
      throw InputError(e.what());
    }
  }
}

/// `damdb clean`: returns the exit code (kOk when no game is left unrepaired). The output and
/// the report are written to temporary files that replace their targets only when both are
/// complete: a failure leaves the files as they were.
int run_clean(const CleanCliOptions& o) {
  check_outputs(o);
  std::optional<db::AtomicFile> out, report;
  if (!o.dry_run) out.emplace(o.output);
  if (!o.report.empty()) report.emplace(o.report);
  CleanTally tally;
  clean_files(o, out ? &*out : nullptr, tally);
  if (report) {
    report->write(nlohmann::json{{"fixes", tally.fixes}, {"unrepaired", tally.unrepaired}}.dump(
        2, ' ', false, nlohmann::json::error_handler_t::replace));
    report->write("\n");
  }
  if (out) out->commit();
  if (report) report->commit();
  tally.print_summary(o.dry_run);
  return tally.unrepaired.empty() ? kOk : kProblems;
}

void setup_clean(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<CleanCliOptions>();
  auto* cmd = app.add_subcommand("clean", "Repair corrupted scoresheets (illegal moves)");
  cmd->add_option("files", opts->files, "PDN files ('-' for standard input)")->required();
  cmd->add_option("-o,--output", opts->output, "Output PDN file (never one of the inputs)");
  cmd->add_option("--report", opts->report, "Write the fixes as JSON to this file");
  cmd->add_option("--min-confidence", opts->min_confidence,
                  "Apply a fix only with at least this confidence (0..1)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--dry-run", opts->dry_run, "Report the fixes, write no output PDN");
  cmd->add_flag("--force", opts->force, "Replace the output PDN and the report if they exist");
  cmd->callback([opts, &exit_code] { exit_code = run_clean(*opts); });
}

const Registration registration{"clean", setup_clean};

}  // namespace
}  // namespace damdb::cli
