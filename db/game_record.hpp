#pragma once
// GameRecord: everything stored about one game: the value of the games column family
// (key = GameId, 4 bytes big-endian).
//
// Value layout (format 3; format 2, still read, has no PdnTextForm byte):
//   byte   format version (2)
//   byte   ValidationStatus     byte GameResult
//   varint plies_replayed
//   16     content hash (ContentHash layout)
//   string start_fen            (string = varint length + bytes)
//   string status_message
//   varint issue_kinds          (bit k set: the replay reported an issue of kind k)
//   byte   first_error_kind     (kNoIssue when none)      varint first_error_ply
//   varint number of tags, then per tag: string name, string value (file order)
//   string moves                (one byte a ply: move code, see position_stats.hpp)
//   varint number of sources, then per source: string path, varint game_number,
//          varint first_line, varint last_line, varint byte_offset, byte ValidationStatus,
//          varint number of differing tags, then per tag: string name, byte present,
//          [string value if present]
//   byte   PdnTextForm          (format 3 only; format 2 values are Verbatim)
//   string pdn_text             (the game's original PDN text, UTF-8, in that form)

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/content_hash.hpp"
#include "db/game_result.hpp"

namespace damdb::db {

/// Outcome of replay validation (the validator in pdn/ decides; the database stores it).
enum class ValidationStatus : std::uint8_t {
  Valid = 0,     ///< every move legal, no remarks
  Warnings = 1,  ///< every move legal, with remarks (e.g. result tag disagrees with the board)
  Invalid = 2,   ///< an illegal or unreadable move; only the legal prefix is in `moves`
};

/// A tag of a source whose value differs from the stored copy's (value nullopt: the source
/// has no such tag, the stored copy has).
struct SourceTag {
  std::string name;
  std::optional<std::string> value;
  friend bool operator==(const SourceTag&, const SourceTag&) = default;
};

/// Where a copy of a game was read from. A game read several times (the same game in several
/// files, or a clean and a damaged copy) has several; the first is the stored copy.
struct GameSource {
  std::string path;               ///< file path as given to the import ("-" = standard input)
  std::uint32_t game_number = 0;  ///< 1-based number of the game in its file (0 = unknown)
  std::uint32_t first_line = 0;   ///< 1-based line of the game's first byte
  std::uint32_t last_line = 0;    ///< 1-based line of the game's last byte
  std::uint64_t byte_offset = 0;  ///< offset of the game's first byte in the file
  ValidationStatus status = ValidationStatus::Valid;  ///< the verdict on this copy
  std::vector<SourceTag> differing_tags{};  ///< this copy's tags that differ from the stored copy
  friend bool operator==(const GameSource&, const GameSource&) = default;
};

/// How GameRecord::pdn_text holds the original text.
enum class PdnTextForm : std::uint8_t {
  Verbatim = 0,  ///< byte for byte as read
  /// As read, except the main-line moves and move numbers that the stored move codes write
  /// again (byte for byte) are marks: the byte layout and its expansion are the indexer's
  /// (indexer/records/game_text.hpp), which replays the codes; db/ stores the bytes.
  MovesElided = 1,
};

/// first_error_kind of a game without error.
inline constexpr std::uint8_t kNoIssue = 0xFF;

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  ///< PDN tag pairs, file order
  std::string start_fen;            ///< "" = initial position
  std::vector<std::uint8_t> moves;  ///< move codes of the legal prefix, one a ply
  ValidationStatus status = ValidationStatus::Valid;
  std::string status_message;       ///< first validation remark or error, "" if none
  /// Bit k set when the replay reported an issue of kind k (pdn::IssueKind numeric values,
  /// kept generic here: db/ does not know pdn/).
  std::uint64_t issue_kinds = 0;
  std::uint8_t first_error_kind = kNoIssue;  ///< kind of the first error, kNoIssue if none
  std::uint32_t first_error_ply = 0;         ///< its 1-based ply (0: about the whole game)
  std::uint32_t plies_replayed = 0; ///< plies the validator replayed
  GameResult result = GameResult::Unknown;
  std::vector<GameSource> sources;  ///< at least one once stored
  std::string pdn_text;             ///< original PDN text, comments and variations included
  PdnTextForm text_form = PdnTextForm::Verbatim;  ///< how pdn_text holds it
  ContentHash content_hash;         ///< ContentHash::of(start_fen, moves), set by the caller

  /// The value of tag `name` (exact match), or "" if absent.
  std::string_view tag(std::string_view name) const noexcept;

  /// Appends the value form to out.
  void encode(std::string& out) const;
  std::string encode() const {
    std::string s;
    encode(s);
    return s;
  }
  /// Raises Error(Corruption) on a malformed value or an unknown format version.
  static GameRecord decode(std::string_view bytes);

  /// Appends `sources` to out in the layout of a sources operand: each source as in the
  /// record's value, one after the other, no count (so two operands concatenated are one).
  static void encode_sources(std::span<const GameSource> sources, std::string& out);
  /// Appends the sources of an operand written by encode_sources to `sources`; raises
  /// Error(Corruption) on a malformed operand.
  void append_sources(std::string_view operand);

  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

}  // namespace damdb::db
