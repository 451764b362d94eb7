// Checks of tag values that have a grammar of their own (PDN 3.0 "Tag pairs": Date, Round,
// Result, GameType, TimeControl, FEN), with RE2 patterns. Values are never changed: when the
// intent is clear, the canonical form goes to Tag::normalized; problems become diagnostics.
#pragma once

#include "pdn/game.hpp"
#include "pdn/result.hpp"  // is_standard_result, the results check_result accepts

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace damdb::pdn {

/// Result of checking one tag value.
struct TagValueCheck {
  bool valid = true;           ///< the value follows the tag's grammar (or the tag has none)
  std::string normalized;      ///< canonical value when it differs from the input and is clear
  /// What an invalid value is: a normalisation note (DateNormalized, ...), TagFormat (not
  /// understood, kept as written) or BadFen (an error).
  IssueKind kind = IssueKind::TagFormat;
  std::string expected;        ///< the grammar, for the diagnostic ("YYYY.MM.DD, ? for unknown")
};

/// Checks `value` of the tag `name`. Date: YYYY.MM.DD with '?' parts; normalises 2024-12-14,
/// 14-12-2024, 14.12.2024, 14/12/2024 (day first), "17 april 2009" (English or Dutch month
/// names), "1950." and "2004" (year only); zero parts are unknown ("0000.00.00", "0000-00-00",
/// "00.00.0000" -> "????.??.??", "2004.00.00" -> "2004.??.??"). Round: digits with optional ".n"
/// parts, '?' or '-'; normalises "ronde 12" / "round 3". Result: the PDN results; normalises
/// spaced "1 - 1", surrounding spaces, "½-½" and "0.5-0.5" (-> "1-1"), and "-", "?", "" (-> "*").
/// GameType: number with the optional long form "20,W,10,10,N2,0". TimeControl: "?", "-",
/// "moves/seconds", "seconds+increment", "*seconds", joined by ':'. FEN: [WB?]:[WB]squares:[WB]
/// squares; normalises white space or line breaks inside the value and a stray final '.'
/// (Warnings: both occur in the PDN standard's own "succeed" test set).
TagValueCheck check_tag_value(std::string_view name, std::string_view value);

/// The most bytes of a tag value that the database indexes and answers with (the players,
/// event, site, date ... of its game rows, the tags of a stored game): a longer value stays
/// whole in the game's text (what export and clean write), and the index keeps its first
/// bytes, as indexed_tag_value gives them. The longest value in the corpus has 125 bytes; a
/// value of megabytes (an export that wrote a document into a tag) otherwise filled the
/// database and every answer about its game.
inline constexpr std::size_t kMaxIndexedTagBytes = 1000;

/// `value` cut to at most kMaxIndexedTagBytes bytes, before the UTF-8 character the bound would
/// split (up to 3 bytes fewer); `value` itself when it fits.
std::string_view indexed_tag_value(std::string_view value);

/// Runs check_tag_value on every tag of `game`, fills Tag::normalized and adds diagnostics; a
/// tag name or value longer than kMaxIndexedTagBytes gets a TagValueTooLong warning (the index
/// keeps the first bytes of both).
void check_tag_values(Game& game);

/// The number at the start of a GameType value ("20" or "20,W,10,10,N2,0"), if any.
std::optional<int> game_type_number(std::string_view value);

}  // namespace damdb::pdn
