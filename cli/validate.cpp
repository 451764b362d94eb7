// `damdb validate FILE... [--json] [--quiet] [--warnings]`: replays every game against the FMJD
// rules and reports illegal moves with file, game, line:column, move and reason.
// Exit code 0 when every game is valid, 1 when any has errors, 2 for unusable input.
#include "pdn/validate.hpp"

#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/kind_counts.hpp"
#include "cli/table.hpp"
#include "json/replay.hpp"

namespace damdb::cli {
namespace {

void print_issue(const pdn::ReplayIssue& i, bool with_position) {
  std::printf("  %u:%u", i.pos.line, i.pos.column);
  if (i.ply > 0)
    std::printf("  move %d%s", i.move_number, i.side == rules::Color::White ? "." : "...");
  if (!i.token.empty()) std::printf("  \"%s\"", i.token.c_str());
  std::printf(": %s", i.message.c_str());
  if (i.count > 1) std::printf(" (%u times)", i.count);
  std::printf(" [%s]\n", std::string(pdn::to_string(i.kind)).c_str());
  if (!with_position) return;
  if (!i.fen.empty()) std::printf("    position: %s\n", i.fen.c_str());
  if (!i.legal.empty()) {
    std::string list;
    for (const auto& m : i.legal) {
      if (!list.empty()) list += " ";
      list += m;
    }
    std::printf("    legal moves: %s\n", list.c_str());
  }
}

void print_game(const pdn::Game& g, const pdn::Replay& r, bool warnings) {
  std::printf("%s: game %zu (%s - %s, round %s), line %u: %s after %d plies\n", g.source.c_str(),
              g.number(), g.tag_value_or("White", "?").c_str(), g.tag_value_or("Black", "?").c_str(),
              g.tag_value_or("Round", "?").c_str(), g.first_line,
              std::string(pdn::to_string(r.status)).c_str(), r.plies);
  for (const auto& e : r.errors) print_issue(e, true);
  if (warnings)
    for (const auto& w : r.warnings) print_issue(w, false);
}

void print_summary(const pdn::ValidationSummary& s) {
  std::printf(
      "validated %zu file(s), %zu game(s), %llu plies: %zu valid, %zu with warnings, "
      "%zu invalid, %zu other variants skipped\n",
      s.files, s.games, static_cast<unsigned long long>(s.plies), s.valid, s.with_warnings,
      s.invalid, s.skipped);
  print_kind_counts(s, "  ");
}

/// The options of `damdb validate`.
struct ValidateCliOptions {
  std::vector<std::string> files;
  bool json = false;
  bool quiet = false;
  bool warnings = false;
  unsigned threads = 0;
};

/// Validates `file` into `summary`, printing each game as `o` asks and then (with --warnings)
/// the text outside any game that this file added, from summary.outside_games[printed_outside]
/// on. Throws pdn::ReadError when the file cannot be read.
void validate_file(const std::string& file, const ValidateCliOptions& o,
                   pdn::ValidationSummary& summary, std::size_t& printed_outside) {
  pdn::validate_source(file, summary, [&](const pdn::Game& g, const pdn::Replay& r) {
    if (o.json) {
      print_json(std::cout, json::game_json(g, r));
    } else if (!o.quiet && (r.status == pdn::ReplayStatus::Invalid ||
                            (o.warnings && r.status == pdn::ReplayStatus::Warnings))) {
      std::fflush(stdout);
      print_game(g, r, o.warnings);
    }
  }, {}, o.threads);
  // Text outside any game (not a game: skipped), one warning per file.
  if (!o.json && !o.quiet && o.warnings)
    for (std::size_t i = printed_outside; i < summary.outside_games.size(); ++i)
      std::printf("%s\n", summary.outside_games[i].to_string().c_str());
  printed_outside = summary.outside_games.size();
}

/// `damdb validate`: returns the exit code.
int run_validate(const ValidateCliOptions& o) {
  pdn::ValidationSummary summary;
  std::size_t unreadable = 0, printed_outside = 0;
  for (const auto& file : o.files) {
    // An unreadable file (missing, a directory, a read error) is reported and skipped; the
    // others are still validated, and the exit code is 2 at the end.
    try {
      validate_file(file, o, summary, printed_outside);
    } catch (const pdn::ReadError& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "damdb: %s\n", e.what());
      ++unreadable;
    }
  }
  std::fflush(stdout);
  // Per file: games, encodings, text the reader could not place (standard error with --json).
  const std::size_t empty_files = print_file_lines(summary, o.json ? stderr : stdout);
  if (o.json) {
    std::cout.flush();
    // The summary goes to standard error so that standard output stays pure JSON Lines.
    std::fprintf(stderr,
                 "validated %zu file(s), %zu game(s): %zu valid, %zu with warnings, "
                 "%zu invalid, %zu skipped\n",
                 summary.files, summary.games, summary.valid, summary.with_warnings,
                 summary.invalid, summary.skipped);
  } else {
    print_summary(summary);
  }
  if (unreadable > 0)
    std::fprintf(stderr, "damdb: %zu file(s) could not be read (see above)\n", unreadable);
  return unreadable + empty_files > 0 ? kBadInput : summary.invalid > 0 ? kProblems : kOk;
}

void setup_validate(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ValidateCliOptions>();
  auto* cmd = app.add_subcommand("validate", "Replay every game against the FMJD rules");
  cmd->add_option("files", opts->files, "PDN files ('-' for standard input)")->required();
  cmd->add_flag("--json", opts->json, "One JSON object per game on standard output (JSON Lines)");
  cmd->add_flag("--quiet", opts->quiet, "Print only the summary");
  cmd->add_flag("--warnings", opts->warnings, "Also list the warnings of each game");
  cmd->add_option("--threads", opts->threads,
                  "threads reading a file while its games are replayed (0: one per processor; "
                  "1: the replaying thread only)")
      ->check(CLI::Range(0u, 64u));
  cmd->callback([opts, &exit_code] { exit_code = run_validate(*opts); });
}

const Registration registration{"validate", setup_validate};

}  // namespace
}  // namespace damdb::cli
