#include "pdn/file_report.hpp"

#include "pdn/parallel_reader.hpp"
#include "pdn/variant.hpp"

namespace damdb::pdn {
namespace {

/// The name a report gives the variant of a game: its GameType's, else whether it is
/// International draughts.
std::string variant_name(bool international, int game_type) {
  if (international) return "International draughts";
  return game_type ? std::string(game_type_name(game_type)) : "not International draughts";
}

/// Keeps `d` in `r` as `listing` says.
void list(Diagnostic&& d, DiagnosticListing listing, FileReport& r) {
  if (listing == DiagnosticListing::Records) {
    r.diagnostics.push_back(std::move(d));
  } else {
    r.diagnostic_lines += "  ";
    d.append_to(r.diagnostic_lines);
    r.diagnostic_lines += '\n';
  }
}

/// Counts the diagnostics of `g` in `r`, listing them when `listed`.
void count_game(Game& g, const FileReportOptions& options, FileReport& r) {
  bool has_error = false;
  for (Diagnostic& d : g.diagnostics) {
    if (d.severity == Severity::Error) {
      ++r.errors;
      has_error = true;
    } else if (d.severity == Severity::Warning) {
      ++r.warnings;
    } else {
      ++r.notes;
    }
    if (options.list_game_diagnostics) list(std::move(d), options.listing, r);
  }
  if (has_error) ++r.games_with_errors;
}

}  // namespace

FileReport report_file(const std::string& path, const FileReportOptions& options) {
  FileReport r;
  r.file = path;
  ParallelReaderOptions reading;
  reading.threads = options.threads;
  ParallelGameReader reader(path, reading);
  // Games by encoding, and by GameType number (0: International or not, from variant.international).
  std::map<Encoding, std::size_t> encodings;
  std::map<std::pair<bool, int>, std::size_t> variants;
  reader.visit([&](Game& g) {
    ++r.games;
    ++encodings[g.encoding];
    ++variants[{g.variant.international, g.variant.game_type}];
    if (!g.variant.international) r.not_international.emplace_back(g.index, g.variant.reason);
    count_game(g, options, r);
  });
  for (const auto& [encoding, n] : encodings) r.encodings[std::string(to_string(encoding))] += n;
  for (const auto& [variant, n] : variants) r.variants[variant_name(variant.first, variant.second)] += n;
  for (Diagnostic d : reader.file_diagnostics()) {
    ++r.warnings;
    list(std::move(d), options.listing, r);
  }
  return r;
}

}  // namespace damdb::pdn
