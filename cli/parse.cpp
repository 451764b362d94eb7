// `damdb parse FILE... [--json] [--quiet]`: reads PDN files and reports, per file, the games read, the
// errors with their positions, and the encodings and variants seen. Exit code 0 when no game
// has errors, 1 when some have, 2 when a file cannot be read (see command.hpp).
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "pdn/parallel_reader.hpp"
#include "pdn/reader.hpp"
#include "pdn/variant.hpp"

namespace damdb::cli {
namespace {

struct FileReport {
  std::string file;
  std::size_t games = 0;
  std::size_t games_with_errors = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t notes = 0;
  std::map<std::string, std::size_t> encodings;
  std::map<std::string, std::size_t> variants;
  std::vector<pdn::Diagnostic> diagnostics;  // for JSON
  std::string diagnostic_lines;              // for text: "  " + Diagnostic::to_string + "\n" each
  std::vector<std::pair<std::size_t, std::string>> not_international;  // game index, reason
};

/// The name a report gives the variant of a game: its GameType's, else whether it is
/// International draughts.
std::string variant_name(bool international, int game_type) {
  if (international) return "International draughts";
  return game_type ? std::string(pdn::game_type_name(game_type)) : "not International draughts";
}

/// How a report keeps the diagnostics it lists.
enum class Listing { None, Text, Json };

/// Keeps `d` in `r` as `listing` says.
void list(pdn::Diagnostic&& d, Listing listing, FileReport& r) {
  if (listing == Listing::Json) {
    r.diagnostics.push_back(std::move(d));
  } else if (listing == Listing::Text) {
    r.diagnostic_lines += "  ";
    d.append_to(r.diagnostic_lines);
    r.diagnostic_lines += '\n';
  }
}

/// Reads one file with `threads` threads (ParallelGameReader), keeping its diagnostics for
/// JSON or as text lines (written while the other threads read on); with `quiet`, the
/// diagnostics of games are counted, not kept (memory stays bounded by the largest game
/// whatever the file holds).
FileReport parse_file(const std::string& path, bool quiet, bool json, unsigned threads) {
  const Listing listing = json ? Listing::Json : Listing::Text;
  FileReport r;
  r.file = path;
  pdn::ParallelReaderOptions options;
  options.threads = threads;
  pdn::ParallelGameReader reader(path, options);
  // Games by encoding, and by GameType number (0: International or not, from variant.international).
  std::map<pdn::Encoding, std::size_t> encodings;
  std::map<std::pair<bool, int>, std::size_t> variants;
  reader.visit([&](pdn::Game& g) {
    ++r.games;
    ++encodings[g.encoding];
    ++variants[{g.variant.international, g.variant.game_type}];
    if (!g.variant.international) r.not_international.emplace_back(g.index, g.variant.reason);
    bool has_error = false;
    for (pdn::Diagnostic& d : g.diagnostics) {
      if (d.severity == pdn::Severity::Error) {
        ++r.errors;
        has_error = true;
      } else if (d.severity == pdn::Severity::Warning) {
        ++r.warnings;
      } else {
        ++r.notes;
      }
      list(std::move(d), quiet ? Listing::None : listing, r);
    }
    if (has_error) ++r.games_with_errors;
  });
  for (const auto& [encoding, n] : encodings) r.encodings[std::string(pdn::to_string(encoding))] += n;
  for (const auto& [variant, n] : variants) r.variants[variant_name(variant.first, variant.second)] += n;
  for (pdn::Diagnostic d : reader.file_diagnostics()) {
    ++r.warnings;
    list(std::move(d), listing, r);
  }
  return r;
}

nlohmann::json to_json(const FileReport& r) {
  nlohmann::json j;
  j["file"] = r.file;
  j["games"] = r.games;
  j["games_with_errors"] = r.games_with_errors;
  j["errors"] = r.errors;
  j["warnings"] = r.warnings;
  j["notes"] = r.notes;
  j["encodings"] = r.encodings;
  j["variants"] = r.variants;
  nlohmann::json ni = nlohmann::json::array();
  for (const auto& [index, reason] : r.not_international)
    ni.push_back({{"game", index + 1}, {"reason", reason}});
  j["not_international"] = ni;
  nlohmann::json diags = nlohmann::json::array();
  for (const pdn::Diagnostic& d : r.diagnostics)
    diags.push_back({{"severity", std::string(pdn::to_string(d.severity))},
                     {"kind", std::string(pdn::to_string(d.kind))},
                     {"count", d.count},
                     {"game", d.game_index + 1},
                     {"line", d.pos.line},
                     {"column", d.pos.column},
                     {"offending", d.offending},
                     {"expected", d.expected},
                     {"message", d.message}});
  j["diagnostics"] = diags;
  return j;
}

void print_text(const FileReport& r) {
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

void setup(CLI::App& app, int& exit_code) {
  auto* cmd =
      app.add_subcommand("parse", "Read PDN files and report games, errors, encodings, variants");
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  auto quiet = std::make_shared<bool>(false);
  auto threads = std::make_shared<unsigned>(0);
  cmd->add_option("files", *files, "PDN files ('-' reads standard input)")->required();
  cmd->add_flag("--json", *json, "print one JSON document instead of text");
  cmd->add_flag("--quiet", *quiet, "counts only: no list of errors and warnings");
  cmd->add_option("--threads", *threads,
                  "threads reading a file (0: one per processor; 1: the calling thread only)")
      ->check(CLI::Range(0u, 64u));
  cmd->callback([files, json, quiet, threads, &exit_code] {
    std::vector<FileReport> reports;
    std::size_t unreadable = 0;
    for (const std::string& f : *files) {
      // An unreadable file is reported and skipped; the others are still read (exit code 2).
      try {
        reports.push_back(parse_file(f, *quiet, *json, *threads));
      } catch (const pdn::ReadError& e) {
        std::fprintf(stderr, "damdb: %s\n", e.what());
        ++unreadable;
      }
    }
    bool errors = false;
    for (const FileReport& r : reports) errors = errors || r.errors > 0;
    if (*json) {
      nlohmann::json j = nlohmann::json::array();
      for (const FileReport& r : reports) j.push_back(to_json(r));
      std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
      for (const FileReport& r : reports) print_text(r);
    }
    exit_code = unreadable > 0 ? kBadInput : errors ? kProblems : kOk;
  });
}

static Registration reg{"parse", setup};

}  // namespace
}  // namespace damdb::cli
