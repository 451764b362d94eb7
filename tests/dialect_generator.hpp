// A generator of PDN dialects for testing the reader: it takes games whose content is known (tags,
// moves, result) and writes them as other exporters would, by combinations of transformations
// derived from the grammar of PDN 3.0 and of the FMJD rules' notation (article 8: squares
// joined by a dash for a move, a cross for a capture; article 9: marks after moves), not from
// a list of files seen. Each transformation is one dimension with numbered choices; choice 0 is
// plain PDN 3.0, so a Dialect with every choice 0 is the canonical writing.
//
// Writing works on Unicode code points (std::u32string) and encodes the file at the end
// (UTF-8 with or without a byte-order mark, UTF-16 and UTF-32 in both byte orders, or
// Windows-1252 when every character has a byte there).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace damdb::testing::dialect {

/// A game as the generator writes it: tags in order, each ply in PDN notation as damdb writes
/// it (`32-28`, `19x28`, `27x38x49x16`), and a terminator (`2-0`, `1-1`, `0-2`, `0-0`, `*`).
struct GameContent {
  std::vector<std::pair<std::string, std::string>> tags;  ///< UTF-8 names and values
  std::vector<std::string> plies;
  /// For each ply, another legal move from the same position (PDN notation), or "" when there
  /// is none: a variation replacing that ply is then itself legal.
  std::vector<std::string> alternatives;
  std::string terminator;
  bool from_setup = false;  ///< starts from a [FEN] position (never written without tags)
  bool black_first = false; ///< the first ply is Black's (a [FEN] with Black to move)
  int first_move_number = 1;
};

/// The dimensions of a dialect. Each has its choices listed in dimension_choices().
enum class Dimension : int {
  QuietSeparator,   ///< '-' or another Unicode dash, hyphen or minus
  CaptureSeparator, ///< 'x', 'X', ':' or a multiplication sign
  SeparatorSpacing, ///< spaces around a separator: `31 - 26`
  TokenSpace,       ///< what separates tokens: space, tab, NBSP, thin, ideographic, zero-width
  MoveNumbers,      ///< `1.`, `1. ` glued, `1)`, zero-padded `01.`, none
  BlackNumbers,     ///< Black's number `1...` before a Black move, or not
  Marks,            ///< FMJD article 9 marks after some moves
  Comments,         ///< `{...}`, `; ...` to the line end, `%` lines, legal variations
  LineLayout,       ///< one line, wrapped at a width, a move per line
  LineEnd,          ///< LF, CRLF, CR
  GameGap,          ///< blank lines between games
  TagLayout,        ///< a tag per line, all on one line, spaces inside the brackets
  TagOrder,         ///< as read, shuffled
  ExtraTags,        ///< tags named with spaces and entities (a localising exporter)
  Terminator,       ///< written, or left out
  FullWidth,        ///< full-width digits and punctuation in the movetext
  Encoding,         ///< UTF-8, BOM, UTF-16/32 LE/BE, Windows-1252
  Tags,             ///< with tag sections, or movetext only
  TrailingSpace,    ///< spaces (and tabs, NBSP) left at the end of every line
  RepeatedTags,     ///< a random tag line of random games written twice in place
  kCount
};
inline constexpr int kDimensions = static_cast<int>(Dimension::kCount);

/// Name of a dimension ("QuietSeparator").
std::string_view dimension_name(Dimension d);
/// Names of the choices of a dimension, choice 0 first.
const std::vector<std::string_view>& dimension_choices(Dimension d);

/// A choice per dimension, and the seed of the dialect's own random details (wrap width, which
/// moves get marks or comments, the tag order).
struct Dialect {
  std::array<int, kDimensions> choice{};
  std::uint64_t detail_seed = 0;

  int operator[](Dimension d) const { return choice[static_cast<int>(d)]; }
  int& operator[](Dimension d) { return choice[static_cast<int>(d)]; }
  /// "QuietSeparator=en-dash CaptureSeparator=times ..." for the dimensions not at choice 0.
  std::string describe() const;
  /// A dialect with a random choice in every dimension.
  static Dialect random(std::mt19937_64& rng);
};

/// Whether the reader may report warnings on a game written in this dialect that the canonical
/// writing does not have: only where the dialect leaves out what PDN 3.0 asks for (no
/// terminator, no move numbers) or repeats a tag line (a warning that names it). Every other transformation is grammar and must read as
/// cleanly as the canonical writing.
bool may_add_warnings(const Dialect& dialect);

/// The tags the dialect adds to every game it writes with tags (ExtraTags), as the reader must
/// return them: names with entities decoded.
std::vector<std::pair<std::string, std::string>> added_tags(const Dialect& dialect);

/// Writes `games` as one file in `dialect`, encoded. Games that start from a setup are written
/// with their tags whatever the Tags dimension says (a tagless file cannot hold a setup).
std::string write_file(const std::vector<GameContent>& games, const Dialect& dialect);

/// The file's text before encoding, as UTF-8 (to show a file written in UTF-16 or UTF-32).
std::string write_text(const std::vector<GameContent>& games, const Dialect& dialect);

/// The file's bytes as printable text: ASCII as is, other bytes as \xNN, line ends kept.
std::string escaped(std::string_view bytes);

}  // namespace damdb::testing::dialect
