// Cleaning whole files (`damdb clean`): every game of the files read, repaired (clean_game) and
// counted by outcome; the caller writes or reports each result.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "pdn/repair.hpp"
#include "pdn/validate.hpp"

namespace damdb::pdn {

/// The counts of a cleaning, game by game.
struct CleanTally {
  std::size_t games = 0;
  std::size_t unchanged = 0;   ///< valid as read (nothing to repair)
  std::size_t repaired = 0;    ///< every error fixed
  std::size_t fixes = 0;       ///< fixes applied in all
  std::size_t truncated = 0;   ///< cut to their legal prefix
  std::size_t kept = 0;        ///< kept as read with an error that is no illegal move
  std::size_t unrepaired = 0;  ///< games left with an error (CleanResult::has_unrepaired)
  std::size_t skipped = 0;     ///< other variants
  ValidationSummary read;      ///< the games as read, by severity and kind

  /// Counts the cleaning `r` of the game r.game.
  void add(const CleanResult& r);
};

/// Reads every game of `files` in turn, cleans it (clean_game with `options`), counts it in
/// `tally`, then calls visit(result). Throws ReadError for a file that cannot be read (the
/// games before it have been visited), and what `visit` throws.
void clean_files(const std::vector<std::string>& files, const CleanOptions& options,
                 CleanTally& tally, const std::function<void(const CleanResult&)>& visit);

}  // namespace damdb::pdn
