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

#include "cli/command.hpp"
#include "cli/kind_counts.hpp"
#include "cli/number_checks.hpp"
#include "cli/output_files.hpp"
#include "db/atomic_file.hpp"
#include "json/clean.hpp"
#include "json/text.hpp"
#include "pdn/clean_files.hpp"
#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/validate.hpp"
#include "pdn/writer.hpp"

namespace damdb::cli {
namespace {

/// The most canonical text `clean` holds before writing it to the output file.
constexpr std::size_t kWriteChunkBytes = std::size_t{1} << 20;

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
  for (const std::string* file : {&o.output, &o.report})
    if (*file == "-")
      throw InputError("clean: the fixes are printed on standard output; give -o and --report "
                       "a file name, not '-'");
  std::vector<OutputFile> outputs;
  if (!o.dry_run) outputs.push_back({"-o", o.output});
  if (!o.report.empty()) outputs.push_back({"--report", o.report});
  check_output_files({o.files, ""}, outputs, o.force);
}

/// Prints a line for each fix and for the error left of the cleaning `r`.
void print_fixes(const pdn::CleanResult& r) {
  const pdn::Game& game = r.game;
  for (const auto& f : r.fixes)
    std::printf("%s:%u:%u: game %zu, ply %d: %s -> %s (%s, confidence %.2f)\n",
                game.source.c_str(), f.proposal.pos.line, f.proposal.pos.column, game.number(),
                f.candidate.ply, f.candidate.original.c_str(),
                f.candidate.applied.empty() ? "(deleted)" : f.candidate.applied.c_str(),
                std::string(pdn::to_string(f.candidate.kind)).c_str(), f.candidate.confidence);
  if (r.has_unrepaired)
    std::printf("%s:%u:%u: game %zu, ply %d: \"%s\" not repaired: %s%s\n", game.source.c_str(),
                r.unrepaired.pos.line, r.unrepaired.pos.column, game.number(), r.unrepaired.ply,
                r.unrepaired.token.c_str(), r.unrepaired_reason.c_str(),
                r.outcome == pdn::CleanOutcome::Truncated ? " (legal prefix kept)" : "");
}

void print_summary(const pdn::CleanTally& t, bool dry_run) {
  std::fflush(stdout);
  std::printf(
      "cleaned %zu game(s): %zu unchanged, %zu repaired (%zu fixes), %zu truncated, "
      "%zu kept as read with an error that is no illegal move, %zu other variants%s\n",
      t.games, t.unchanged, t.repaired, t.fixes, t.truncated, t.kept, t.skipped,
      dry_run ? " (dry run: nothing written)" : "");
  std::printf("  as read: %zu valid, %zu with warnings, %zu invalid\n", t.read.valid,
              t.read.with_warnings, t.read.invalid);
  print_kind_counts(t.read, "  ");
}

/// Writes the canonical text of the game cleaned into `out`, a blank line before every game but
/// the first; a long game goes to the file as it is written, a megabyte at a time.
void write_cleaned(const pdn::CleanResult& r, bool first, std::string& text, db::AtomicFile& out) {
  const pdn::TextFlush flush = [&out](std::string& written) {
    out.write(written);
    written.clear();
  };
  text.clear();
  if (!first) text += '\n';
  pdn::write_game(r.game, text, kWriteChunkBytes, flush);
  out.write(text);
}

/// `damdb clean`: returns the exit code (kOk when no game is left unrepaired). The output and
/// the report are written to temporary files that replace their targets only when both are
/// complete: a failure leaves the files as they were.
int run_clean(const CleanCliOptions& o) {
  check_outputs(o);
  std::optional<db::AtomicFile> out, report;
  if (!o.dry_run) out.emplace(o.output);
  if (!o.report.empty()) report.emplace(o.report);
  pdn::CleanOptions options;
  options.min_confidence = o.min_confidence;
  pdn::CleanTally tally;
  json::CleanReport fixes;
  std::string text;
  try {
    pdn::clean_files(o.files, options, tally, [&](const pdn::CleanResult& r) {
      print_fixes(r);
      if (report) fixes.add(r);
      if (out) write_cleaned(r, tally.games == 1, text, *out);
    });
  } catch (const pdn::ReadError& e) {
    throw InputError(e.what());
  }
  if (report) {
    report->write(json::to_indented_text(fixes.json()));
    report->write("\n");
  }
  if (out) out->commit();
  if (report) report->commit();
  print_summary(tally, o.dry_run);
  return tally.unrepaired == 0 ? kOk : kProblems;
}

void setup_clean(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<CleanCliOptions>();
  auto* cmd = app.add_subcommand("clean", "Repair corrupted scoresheets (illegal moves)");
  cmd->add_option("files", opts->files, "PDN files ('-' for standard input)")->required();
  cmd->add_option("-o,--output", opts->output, "Output PDN file (never one of the inputs)");
  cmd->add_option("--report", opts->report, "Write the fixes as JSON to this file");
  cmd->add_option("--min-confidence", opts->min_confidence,
                  "Apply a fix only with at least this confidence (0..1)")
      ->check(number_from_to(0.0, 1.0));
  cmd->add_flag("--dry-run", opts->dry_run, "Report the fixes, write no output PDN");
  cmd->add_flag("--force", opts->force, "Replace the output PDN and the report if they exist");
  cmd->callback([opts, &exit_code] { exit_code = run_clean(*opts); });
}

const Registration registration{"clean", setup_clean};

}  // namespace
}  // namespace damdb::cli
