// Game signatures for pattern search: what a db::GameSignature (squares ever held by each kind
// of piece, squares ever empty, the piece counts at every ply) proves about a pattern query.
// Every test is exact, never a guess: pieces never come back onto the board and counts only
// change at the plies recorded, so a rejected game has no hit.
#pragma once

#include "db/database.hpp"
#include "db/game_signature.hpp"
#include "indexer/search/pattern.hpp"

namespace damdb::indexer {

/// The signature of a stored game (replays its move codes). Throws GameDecodeError for a
/// record that cannot be replayed.
db::GameSignature signature_of(const db::GameRecord& game);

/// The game's date as yyyymmdd (unknown month or day as 00; 0 when the year is unknown), from
/// game_date(): the order of search answers.
std::uint32_t date_number(const db::GameRecord& game);
/// date_number of a stored game's header (the same number as for its record).
std::uint32_t date_number(const db::GameHeader& game);

/// What a signature says about one form (direct or mirrored) of a query.
struct SignatureVerdict {
  bool possible = false;  ///< false: the form never holds in the game (exact)
  /// When possible: the plies a replay must look at (every hit lies in [first, last] and its
  /// held plies too); outside them the piece counts rule the pattern out.
  int first = 0, last = 0;
  /// When the pattern has no square condition (only counts and side to move), the signature
  /// alone gives the exact hit (PatternHit::found() false when none).
  bool exact = false;
  PatternHit hit;
};

/// Every segment of a game (db::kSignatureSegments bits).
inline constexpr std::uint32_t kEverySegment = (1u << db::kSignatureSegments) - 1;

/// False when a square condition of `pattern` asks for a piece that never stood there or an
/// empty square that was never empty (exact: the condition would need it at a hit); reads only
/// the square sets. True for an opaque signature.
bool squares_possible(const db::GameSignature& sig, const Pattern& pattern);

/// Tests `pattern` (one form of a query with the query's ply window and hold) against `sig`.
SignatureVerdict test_signature(const db::GameSignature& sig, const Pattern& pattern,
                                const IntRange& plies, int hold);

/// The plies of the query window `plies` inside the game and inside `segments` (those in which
/// every `must` piece stood; test_counts() below): where a hit can lie before the material is
/// read (empty when lo > hi). Reads only plies and flags of `sig`.
IntRange segment_window(const db::GameSignature& sig, const IntRange& plies,
                        std::uint32_t segments);

/// Whether the material of a signature is worth reading for `pattern`: it asks for piece counts
/// or has no square condition (then the counts give the exact hit). Otherwise the counts its
/// pieces imply rarely narrow the plies a replay looks at.
bool counts_narrow(const Pattern& pattern);

/// The second half of test_signature(), for a game whose square sets allow `pattern`: reads
/// plies, flags and material of `sig` only (no material entry: the counts were not read, every
/// ply may hold); `segments` are those in which every `must` piece stood (the AND of their
/// masks; kEverySegment for a pattern without `must`).
SignatureVerdict test_counts(const db::GameSignature& sig, const Pattern& pattern,
                             const IntRange& plies, int hold, std::uint32_t segments);

}  // namespace damdb::indexer
