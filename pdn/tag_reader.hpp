// The tag section of a PDN game: tag pairs `[Name "value"]` and the malformed lines real files
// hold, read as far as they can be, and the quoted strings of PDN (tag values, setup commands).
// Source: PDN 3.0 "Tag pairs" plus the dialects of real files (see reader.hpp).
#pragma once

#include "pdn/game.hpp"
#include "pdn/parse_cursor.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace damdb::pdn {

/// Reads the tag pairs of one game through a ParseCursor into the game's tags. Malformed lines
/// get a MalformedTag warning: `[[Name "v"]`, `Name "v"]` (no '['), `[Name]` and `[Name value]`
/// (no quotes), a quote inside the value, a missing ']' or closing quote, a lone '['. Tag names
/// may hold character entities and non-ASCII letters (`R&#x00e9;sultat`, `Résultat`);
/// normalize_tag_text (tag_text.hpp) decodes and maps them after the game is read.
class TagReader {
 public:
  TagReader(ParseCursor& in, Game& game) : in_(in), game_(game) {}

  /// Reads the tag pair at the cursor (`bracketed` false: `Name "value"]`, without its '[')
  /// into a new tag of the game, with its closing ']'.
  void read_tag(bool bracketed = true);

  /// True when the '[' at q starts a tag pair (a name follows, perhaps after blanks or another
  /// '['), not a lone bracket.
  bool tag_start_at(std::size_t q);
  /// True when a tag pair without its '[' starts at q, first on its line: `Name "value"]`.
  bool bare_tag_at(std::size_t q);
  /// True when a complete tag pair `[Name "value"]` (escapes \" and \\ in the value) starts at
  /// q, on one line.
  bool tag_pair_at(std::size_t q) const;
  /// Where a comment opened at `open` must end because a new game's tag section begins on a
  /// line inside it, before `limit` (its '}' or the end of the buffer): a line that starts
  /// (after blanks) with a complete tag pair and either follows an empty line or is followed by
  /// another such line. Returns the end of the comment's text (trailing white space excluded),
  /// or kNoPosition when no such line exists.
  std::size_t tag_section_in(std::size_t open, std::size_t limit) const;
  /// True when the tag at the cursor (`[Name`, `[[Name`, or `Name` without its '[' when
  /// `bracketed` is false) repeats a name already in this game: a tag-only game has ended.
  bool repeated_tag_name(bool bracketed = true);
  /// True when only blanks and at most one line break stand between the end of the game's
  /// last tag pair and q: the tag at q is on the same block of tag lines (no empty line, no
  /// other text between).
  bool follows_last_tag(std::size_t q) const;
  /// After repeated_tag_name found a repeat at q: true when the tag there belongs to this game,
  /// a tag written twice: it follows the last tag in the same block (follows_last_tag) and
  /// either repeats the last tag's name (a line written twice) or not the game's first tag's
  /// name. A block that starts again with the game's first tag name (`[White "a"] [Black "b"]`
  /// then `[White "a"]`) is the next game's header, after a game of tags only.
  bool repeat_is_same_game(std::size_t q) const;
  /// Reads the tag pair at the cursor like read_tag, when its name repeats one of the game's
  /// tags in the same block of tag lines: the game keeps the first value, and a RepeatedTag
  /// warning at the repeated tag names it and quotes the value not kept.
  void read_repeated_tag(bool bracketed = true);

  /// Moves the cursor to after the next ']' on this line, or to the end of the line.
  void skip_to_tag_end();

  /// Reads a quoted string body from the cursor (after the opening quote) into `out` (escapes
  /// \" and \\). A line break ends an unterminated string (returns false, cursor at the break)
  /// when the next line starts with '[' or when no '"' closes the string before such a line:
  /// the text after it is read as the game's (a terminator, the next game's tags), not
  /// swallowed; so does the end of the input.
  bool read_string(std::string& out);

 private:
  static bool is_tag_name_char(char c);
  void skip_blanks_here() { in_.set_pos(in_.skip_blanks(in_.pos())); }
  std::size_t tag_name_end(std::size_t q);
  void assign_tag_name(std::size_t from, std::size_t to, std::string& name) const;
  void read_tag_value(std::size_t start, Tag& tag);
  std::size_t quoted_value_end(std::size_t q) const;
  void read_unquoted_value(Tag& tag);
  bool quote_ahead(std::size_t from);

  ParseCursor& in_;
  Game& game_;
  bool spaced_name_ = false;     // the last tag name read (tag_name_end) holds blanks
  std::size_t quote_ahead_ = 0;  // a '"' quote_ahead found (0: none yet)
  std::size_t last_tag_end_ = kNoPosition;  // where the last tag pair read ends
  std::string repeated_name_;  // the name repeated_tag_name last found repeated
  // Names of game_.tags[0, indexed_tags_) for repeated_tag_name once a game has many tags.
  // Transparent hashing: looked up by string_view without building a std::string.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view v) const { return std::hash<std::string_view>{}(v); }
  };
  static constexpr std::size_t kLinearTagScan = 32;
  std::unordered_set<std::string, NameHash, std::equal_to<>> tag_names_;
  std::size_t indexed_tags_ = 0;
};

}  // namespace damdb::pdn
