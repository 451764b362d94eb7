// Validating whole PDN sources: read every game (streaming) and replay it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "pdn/parallel_reader.hpp"
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"

namespace damdb::pdn {

/// Counts over the games validated.
struct ValidationSummary {
  std::size_t files = 0;
  std::size_t games = 0;
  std::uint64_t plies = 0;        ///< legal main-line plies replayed
  std::size_t valid = 0;          ///< status Valid
  std::size_t with_warnings = 0;  ///< status Warnings
  std::size_t invalid = 0;        ///< status Invalid
  std::size_t skipped = 0;        ///< other variants
  /// Issue kind -> number of games having it (a game counts once per kind), over errors,
  /// warnings and notes, plus the files with text outside any game (StrayText).
  std::map<IssueKind, std::size_t> kinds;
  /// Per file, the text outside any game that the reader skipped (GameReader::file_diagnostics).
  std::vector<Diagnostic> outside_games;

  /// Adds one replayed game to the counts.
  void add(const Replay& replay);
  /// Adds a file's diagnostics outside any game.
  void add_file(const std::vector<Diagnostic>& diagnostics);
  /// The counts of one severity by kind, most frequent first, as "export line-end text 268,
  /// missing terminator 9" (labels of pdn::label); empty when there is none.
  std::string by_kind(Severity severity) const;
};

/// Reads every game of `path` ("-" for standard input), replays it and calls
/// visit(const Game&, const Replay&), in file order on the calling thread; a large file is read
/// by parts on the other processors meanwhile (ParallelGameReader with `threads`: 0 one per
/// processor, 1 the calling thread only). Adds to `summary`. Throws ReadError when the source
/// cannot be read; bad game content never throws.
template <class Visitor>
void validate_source(const std::string& path, ValidationSummary& summary, Visitor&& visit,
                     const ReplayOptions& options = {}, unsigned threads = 0) {
  ParallelReaderOptions reading;
  reading.threads = threads;
  ParallelGameReader reader(path, reading);
  ++summary.files;
  reader.visit([&](Game& game) {
    const Replay replay = pdn::replay(game, options);
    summary.add(replay);
    visit(static_cast<const Game&>(game), replay);
  });
  summary.add_file(reader.file_diagnostics());
}

}  // namespace damdb::pdn
