#pragma once
// Internal to db/: the column families of a damdb database (db/SCHEMA.md), in the order of
// their handles, and the keys of the meta family.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "db/game_id.hpp"

namespace damdb::db::detail {

enum Cf : std::size_t {
  kDefault, kGames, kGameHeaders, kPositions, kGameHashes, kPlayers, kEvents, kDates, kMeta,
  kCfCount
};
inline constexpr std::array<const char*, kCfCount> kCfNames = {
    "default", "games", "game_headers", "positions", "game_hashes", "players", "events", "dates",
    "meta"};

/// The optional families, opened after the schema's (a writer creates them when missing; a
/// database written before they existed lacks them): the game signatures, and the moves kept
/// beside them.
inline constexpr const char* kSignaturesName = "signatures";
inline constexpr const char* kSignatureMovesName = "signature_moves";
/// The optional family of position evaluations (db/position_evaluation.hpp): created by the first
/// Database::put_evaluations, opened by a reader only when it asks (OpenOptions::evaluations).
inline constexpr const char* kEvaluationsName = "evaluations";
/// An empty file in the database folder, written when the evaluations family is created: a
/// reader that asks for the evaluations names the family at its first open attempt only when
/// the file is there (a database without it opens in one attempt, as before).
inline constexpr const char* kEvaluationsMarker = "evaluations.present";

inline constexpr std::string_view kMetaSchema = "schema_version";
inline constexpr std::string_view kMetaNextId = "next_game_id";
inline constexpr std::string_view kMetaCounts = "counts";
inline constexpr std::string_view kMetaSourcePrefix = "source:";
inline constexpr std::string_view kMetaMergedEnd = "merged_end";
/// Prefix of the keys "signature_date:" + GameId BE4 (empty values): games whose stored copy an
/// import replaced, whose signature date is to be read again from their header.
inline constexpr std::string_view kMetaSignatureDatePrefix = "signature_date:";

/// The meta key marking the signature date of game `id` to be read again.
inline std::string signature_date_key(GameId id) {
  return std::string(kMetaSignatureDatePrefix) + id.encode();
}

}  // namespace damdb::db::detail
