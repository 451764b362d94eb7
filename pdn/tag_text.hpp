// Tag names and values as real exports write them, read as PDN 3.0 tags: character entities
// decoded, over-escaped quotes unescaped, French, Dutch, German and Polish tag names (and the
// PDN names in another letter case) read as the PDN names. The README lists the mapped names.
// Source: PDN 3.0 "Tag pairs" (the Seven Tag Roster names); HTML 4 character entities.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pdn/game.hpp"

namespace damdb::pdn {

/// Decodes `&#x00e9;`, `&#233;` and named entities (`&eacute;`, `&amp;`, ...) in `text` to UTF-8;
/// text that is no entity stays. Returns true when something was decoded.
bool decode_entities(std::string& text);

/// Removes the backslashes written before a quote or an apostrophe (`D\'Almeida`, `\\'`, `\\"`
/// after the reader's own unescaping). Returns true when something was removed.
bool unescape_quotes(std::string& text);

/// The PDN name a foreign or miscased tag name stands for ("Blanc" -> "White", "Uitslag" ->
/// "Result", "RESULT" -> "Result"); nullopt when the name is not one of them or is already the
/// PDN name.
std::optional<std::string_view> standard_tag_name(std::string_view name);

/// Applies the three above to every tag of `game`, each change noted once per game and kind
/// (EntityDecoded, EscapeNormalized, TagNameMapped). A foreign name is not mapped when the game
/// already has the PDN tag.
void normalize_tag_text(Game& game);

}  // namespace damdb::pdn
