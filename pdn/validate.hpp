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

/// What one file held, as an archivist scans a folder: games, encodings, text outside games
/// and likely mis-cuts (a game with moves but no players beside a game with players but no
/// moves: one game's tags cut from its moves).
struct FileSummary {
  std::string file;
  std::size_t games = 0;
  std::map<Encoding, std::size_t> encodings;  ///< games by the encoding read
  std::size_t outside_games = 0;              ///< places of text the reader could not place
  std::vector<std::string> mis_cuts;          ///< "games 3 (line 10) and 4 (line 15): ..."
  bool non_blank = false;                     ///< the file holds more than white space
  /// "file: 6 games, utf-8; 0 passages outside games" and the mis-cuts, one per line.
  std::string to_string() const;

  // The previous game's shape, for the mis-cut check.
  bool last_moves = false, last_players = false;
  std::uint32_t last_line = 0;
};

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

  /// Per file, in the order read (begin_file, add_game, add_file).
  std::vector<FileSummary> per_file;

  /// Adds one replayed game to the counts.
  void add(const Replay& replay);
  /// Starts the summary of the file `path`.
  void begin_file(const std::string& path);
  /// Counts `game` in the current file's summary (encoding, mis-cut check with the game before).
  void add_game(const Game& game, const Replay& replay);
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
  summary.begin_file(path);
  reader.visit([&](Game& game) {
    const Replay replay = pdn::replay(game, options);
    summary.add(replay);
    summary.add_game(game, replay);
    visit(static_cast<const Game&>(game), replay);
  });
  summary.add_file(reader.file_diagnostics());
}

}  // namespace damdb::pdn
