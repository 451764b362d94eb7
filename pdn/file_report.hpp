// What reading one PDN file found (`damdb parse`): the games, their errors, warnings and notes,
// the encodings and variants seen, the games that are not International draughts. Its JSON:
// json/file_report.hpp.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pdn/game.hpp"

namespace damdb::pdn {

/// How a FileReport keeps the diagnostics it lists.
enum class DiagnosticListing {
  Text,     ///< as text lines, FileReport::diagnostic_lines
  Records,  ///< as Diagnostic values, FileReport::diagnostics
};

/// How report_file reads and what it keeps.
struct FileReportOptions {
  DiagnosticListing listing = DiagnosticListing::Text;
  /// false: the games' diagnostics are counted, not kept (memory stays bounded by the largest
  /// game whatever the file holds); the text outside any game is listed either way.
  bool list_game_diagnostics = true;
  unsigned threads = 0;  ///< threads reading the file (ParallelGameReader; 0: one per processor)
};

/// The report of one file.
struct FileReport {
  std::string file;
  std::size_t games = 0;
  std::size_t games_with_errors = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;  ///< text outside any game included
  std::size_t notes = 0;
  std::map<std::string, std::size_t> encodings;  ///< encoding name -> games
  std::map<std::string, std::size_t> variants;   ///< variant name -> games
  std::vector<Diagnostic> diagnostics;  ///< DiagnosticListing::Records
  /// DiagnosticListing::Text: "  " + Diagnostic::append_to's text + "\n" for each.
  std::string diagnostic_lines;
  std::vector<std::pair<std::size_t, std::string>> not_international;  ///< game index, reason
};

/// Reads `path` (ParallelGameReader) and counts what it finds, keeping the diagnostics as
/// `options` says (text lines are made while the other threads read on). Throws ReadError when
/// the file cannot be read.
FileReport report_file(const std::string& path, const FileReportOptions& options);

}  // namespace damdb::pdn
