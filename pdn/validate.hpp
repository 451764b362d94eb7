// Validating whole PDN sources: read every game (streaming) and replay it.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"

namespace damdb::pdn {

/// Counts over the games validated.
struct ValidationSummary {
  std::size_t files = 0;
  std::size_t games = 0;
  std::uint64_t plies = 0;                           ///< legal main-line plies replayed
  std::size_t valid = 0;                             ///< status Valid
  std::size_t with_warnings = 0;                     ///< status Warnings
  std::size_t invalid = 0;                           ///< status Invalid
  std::size_t skipped = 0;                           ///< other variants
  std::map<std::string, std::size_t> error_kinds;    ///< IssueKind name -> count
  std::map<std::string, std::size_t> warning_kinds;  ///< IssueKind name -> count
  std::size_t notes = 0;  ///< tolerated dialect noted by the reader (dates, rounds normalised)

  /// Adds one replayed game to the counts.
  void add(const Replay& replay);
};

/// Reads every game of `path` ("-" for standard input), replays it and calls
/// visit(const Game&, const Replay&). Adds to `summary`. Throws ReadError when the source
/// cannot be read; bad game content never throws.
template <class Visitor>
void validate_source(const std::string& path, ValidationSummary& summary, Visitor&& visit,
                     const ReplayOptions& options = {}) {
  GameReader reader(path);
  ++summary.files;
  Game game;
  while (reader.next(game)) {
    const Replay replay = pdn::replay(game, options);
    summary.add(replay);
    visit(static_cast<const Game&>(game), replay);
  }
}

}  // namespace damdb::pdn
