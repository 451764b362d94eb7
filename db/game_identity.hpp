#pragma once
// GameIdentity: what, besides the start position and the main line (the content hash), makes
// two stored records the same game: the two players (folded name keys, one per colour), the
// result and the date. SameMovesGames: the value of the game_hashes column family, every stored
// game with one content hash and its identity (two different games may share a main line: a
// short opening line, a 1-ply game).
//
// Key of game_hashes: ContentHash (16 bytes), then 8 bytes naming the pair of player keys
// (same_moves_key); a database written before holds 16-byte keys listing every player pair.
// Value layout of game_hashes:
//   varint n (>= 1), then n x: varint game id, string white, string black, string date,
//                              byte GameResult          (ascending game ids)

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/content_hash.hpp"
#include "db/game_id.hpp"
#include "db/game_result.hpp"
#include "db/game_terms.hpp"

namespace damdb::db {

/// The header fields that tell two games with the same moves apart. The caller normalises:
/// white/black are player keys (the folding `stats players` groups by; "" = unknown), date is
/// "YYYY.MM.DD" with "??" for unknown parts ("" = unknown), read only through GameTerms.
struct GameIdentity {
  std::string white;
  std::string black;
  std::string date;
  GameResult result = GameResult::Unknown;

  /// True when both can be one game: the same players (an unknown name only equals an unknown
  /// name), the same result where both are known, dates that fit (terms.dates_fit: for the
  /// indexer, the same year, month and day where both know them, "2003.??.??" fits
  /// "2003.05.14"). Equal player keys are required: an import batch looks only at the stored
  /// games with the keys of the game it adds (SameMovesGames::decode_players).
  bool compatible(const GameIdentity& other, const GameTerms& terms) const;
  /// The identity of the game that both copies are (precondition: compatible): the known
  /// result, and the date both know (terms.merged_date).
  GameIdentity merged(const GameIdentity& other, const GameTerms& terms) const;

  friend bool operator==(const GameIdentity&, const GameIdentity&) = default;
};

/// The stored games sharing one content hash, with their identities.
struct SameMovesGames {
  std::vector<std::pair<GameId, GameIdentity>> games;  ///< ascending ids

  /// Applies `changes` (entries of games new or whose identity changed, ascending ids): an
  /// entry replaces the entry of its game, or joins the list in id order. The value a
  /// game_hashes merge operand holds (Database: an import writes only what changed).
  void update(const SameMovesGames& changes);

  void encode(std::string& out) const;
  /// Raises Error(Corruption) on a malformed value.
  static SameMovesGames decode(std::string_view bytes);
  /// decode() keeping only the games whose player keys are `white` and `black`: the only
  /// ones GameIdentity::compatible accepts for an identity with those keys (a line copied
  /// under many players' names lists hundreds of others). Checks the whole value as decode().
  static SameMovesGames decode_players(std::string_view bytes, std::string_view white,
                                       std::string_view black);
  friend bool operator==(const SameMovesGames&, const SameMovesGames&) = default;
};

/// The game_hashes key of the games of content hash `hash` whose player keys are `white` and
/// `black`: the hash's 16 bytes (ContentHash::encode), then FNV-1a 64 (offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3) over white | 0x00 | black, 8 bytes big-endian.
/// One value per player pair: a main line copied under thousands of players' names is not one
/// value that every new game reads whole (an import grew with the square of such games). Two
/// pairs whose 64-bit hashes collide share a value; the identities in it tell them apart.
std::string same_moves_key(const ContentHash& hash, std::string_view white,
                           std::string_view black);

}  // namespace damdb::db
