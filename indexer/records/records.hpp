// From a replayed game to database records: the stage "replay (pdn over rules) -> records".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "db/game_record.hpp"
#include "db/game_signature.hpp"
#include "db/import_batch.hpp"
#include "pdn/game.hpp"
#include "pdn/replay.hpp"

namespace damdb::indexer {

/// The most plies a stored game indexes: positions are numbered 0..65535 (db::PlyPosition::ply).
inline constexpr std::size_t kMaxStoredPlies = 65535;

/// Everything the database needs about one game.
struct GameRecords {
  db::GameRecord record;               ///< tags, start FEN, move codes, status, source, text
  std::vector<db::PlyPosition> plies;  ///< every indexed position with the move played there
  db::IndexTexts texts;                ///< folded player / event / date keys
  db::GameIdentity identity;           ///< players, result, date: which copies are one game
  db::GameSignature signature;  ///< signature_of(record) from the replay's positions, date 0
  /// The index in the replay's plies_played of the position at ply 0 of the record (after the
  /// last /FEN/ setup of the main line): where add_positions starts.
  std::size_t first_indexed = 0;
};

/// The identity of a game's header: player_key of White and Black, date_key of the Date tag
/// as the reader normalised it, the result (result_of).
db::GameIdentity identity_of(const pdn::Game& game);

/// The game's words db compares and writes on import (db::GameTerms): identity dates fit and
/// merge as pdn::date_keys_fit and pdn::merged_date_key say, and a learned result's Result tag
/// is pdn::result_text of it.
db::GameTerms game_terms();

/// The Date tag's value as PDN 3.0 writes it ("YYYY.MM.DD", "??" for unknown parts; date_key
/// of the reader's normalised value when there is one), or "????.??.??" when nothing of it is
/// known: the form the export writes and the hash of a game without moves reads.
std::string canonical_date(const pdn::Tag& date);

/// The database result of a PDN outcome (the movetext terminator, else the Result tag).
db::GameResult result_of(const pdn::Game& game);

/// Builds the records of a game replayed with ReplayOptions::record_plies. The indexed positions
/// are those of the legal prefix (every ply, then the final position with db::kGameEnd); for a
/// game whose movetext holds a /FEN/ setup, the positions and moves from the last setup on.
/// The content hash covers the start FEN and the moves (with the identity, duplicate
/// detection); a game without moves also hashes its tags (as the reader normalised them, with
/// the stored result for the Result tag: the forms an export writes), so that unrelated empty
/// games are not merged; an invalid game whose main line stopped at an error hashes its main line as
/// written (see make_records), one whose whole main line replayed (an error outside the moves)
/// hashes like a valid game, so that it joins the clean copy of the same game.
/// The record gets the replay's issue kinds (a bit per pdn::IssueKind value) and first error;
/// the signature is gathered from the indexed positions (the date is the caller's to set).
/// The text is stored with its moves elided where it can be (game_text.hpp; read it with
/// original_text).
/// Precondition: replay.status != Skipped.
GameRecords make_records(const pdn::Game& game, const pdn::Replay& replay);
/// make_records, moving game.text into the record instead of copying it (a long game is then
/// held once); game.text is left empty. Without `with_positions`, the plies and the signature
/// are left empty (add_positions fills them): a copy of a stored game needs neither.
GameRecords take_records(pdn::Game& game, const pdn::Replay& replay, bool with_positions = true);
/// make_records without the game's text (record.pdn_text empty); the plies and the signature
/// only `with_positions`.
GameRecords records_without_text(const pdn::Game& game, const pdn::Replay& replay,
                                 bool with_positions = true);
/// Fills out.plies and out.signature (date 0) from the positions of `replay`, the one `out` was
/// made from, at the record's plies (first_indexed on).
void add_positions(GameRecords& out, const pdn::Replay& replay);

}  // namespace damdb::indexer
