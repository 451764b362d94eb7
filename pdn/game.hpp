// The parsed PDN game: tags, movetext tree, source positions and diagnostics (errors as data).
//
// Positions: every TextPos holds a 1-based line number in the source file, a 1-based column
// counted in characters (Unicode code points of the UTF-8 text; a tab counts as one character,
// the CR of a CRLF ending is never counted because it ends the line) and a byte offset into
// Game::text, the game's own text converted to UTF-8. For ASCII and UTF-8 games the offset in
// the source file is Game::byte_begin + offset; for Latin-1 / Windows-1252, UTF-16 / UTF-32 and
// full-width games offsets refer to the converted text only. Game::byte_begin and byte_end always
// name bytes of the source file as it is on disk, whatever its encoding (pdn/source_map.hpp).
//
// Source: PDN 3.0 (pdn.fmjd.org), sections "Tag pairs", "Movetext", "Game termination".
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pdn/issue.hpp"

namespace damdb::pdn {

/// The deepest nesting of variations kept (PDN 3.0 puts no limit; real games nest a few levels):
/// the reader skips the text of variations nested deeper, with a warning, so that every
/// recursive walk of a game (writer, comparison, replay, variant scan) stays this shallow.
inline constexpr int kMaxVariationDepth = 256;

/// A place in the source: 1-based line and column (characters), byte offset into Game::text.
struct TextPos {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::uint32_t offset = 0;
  friend bool operator==(const TextPos&, const TextPos&) = default;
};

/// A byte range [begin, begin + size) of Game::text.
struct TextRange {
  std::uint32_t begin = 0;
  std::uint32_t size = 0;
};

/// The encoding the reader assumed for a game's bytes; the text is always stored as UTF-8.
/// Utf16Le .. Utf32Be: the file was UTF-16 or UTF-32 (by its byte-order mark, else by its zero
/// bytes) and was read converted to UTF-8.
enum class Encoding : std::uint8_t { Ascii, Utf8, Latin1, Windows1252, Utf16Le, Utf16Be, Utf32Le, Utf32Be };
/// "ascii", "utf-8", "latin-1", "windows-1252", "utf-16le", "utf-16be", "utf-32le", "utf-32be".
std::string_view to_string(Encoding encoding);

/// One problem found while reading: its kind (severity_of(kind) in `severity`), file, game index,
/// position, offending text and what was expected there. `message` is a short English sentence
/// for people; callers decide by `kind`. Warnings and notes of one kind in one game are reported
/// once: `count` says how often, `pos` is the first place.
struct Diagnostic {
  IssueKind kind = IssueKind::StrayText;
  Severity severity = Severity::Warning;
  std::uint32_t count = 1;     ///< occurrences of this kind in the game (warnings and notes)
  std::string file;            ///< source name as given to the reader ("-" for stdin)
  std::size_t game_index = 0;  ///< 0-based index of the game in its file; kNoGame: outside any
  static constexpr std::size_t kNoGame = static_cast<std::size_t>(-1);
  TextPos pos;                 ///< where the offending text starts
  std::string offending;       ///< the offending text (at most 40 characters, UTF-8)
  std::string expected;        ///< what the grammar expected instead (may be empty)
  std::string message;         ///< what went wrong
  /// "file:line:column: error: game 3: message: 'offending' (expected ...) [kind]"; " (N times)"
  /// after the message when count > 1.
  std::string to_string() const;
  /// Appends to_string() to `out`, without a string of its own.
  void append_to(std::string& out) const;
};

/// A tag pair `[Name "value"]`. The value is unescaped (`\"` -> `"`, `\\` -> `\`); `normalized`
/// holds the canonical form when the value checker rewrote it (see tag_values.hpp), else empty.
struct Tag {
  std::string name;
  std::string value;       ///< as written (unescaped), UTF-8
  std::string normalized;  ///< canonical value when it differs from `value`; empty otherwise
  TextPos pos;             ///< position of the '['
};

/// The normalised meaning of a game terminator.
enum class Outcome : std::uint8_t {
  WhiteWin,    ///< 2-0, 1-0
  BlackWin,    ///< 0-2, 0-1
  Draw,        ///< 1-1, 1/2-1/2
  Unknown,     ///< '*' (result unknown or game in progress), or a non-standard score such as 4-6
  Unfinished,  ///< 0-0 (game not finished: live broadcast, adjourned)
};
std::string_view to_string(Outcome outcome);

/// Kinds of movetext elements.
enum class ElementKind : std::uint8_t {
  MoveNumber,   ///< `12.` (value 12) or `12...` (black_form); zero padding allowed (`01.`)
  Move,         ///< `32-28`, `19x28`, `28x19x10`, `32-28!?`, `a3-b4` (alphanumeric)
  Nag,          ///< `$n` (value n)
  Comment,      ///< `{ text }`; text() is the inner text, braces excluded
  LineComment,  ///< `% text` up to the end of the line; text() excludes the '%'
  Setup,        ///< `/FEN "W:W31:B1"/`; value indexes Game::setups
  Variation,    ///< `( ... )`; value indexes Game::variations; follows the move it replaces
  Result,       ///< game terminator as written (`2-0`, `1 - 1`, `*`); outcome is its meaning
};
std::string_view to_string(ElementKind kind);

/// Separator written between the squares of a move.
enum class Separator : std::uint8_t { None = 0, Dash = '-', Cross = 'x', Colon = ':' };

/// One movetext element: a small value type (20 bytes; a long game holds millions of them) whose
/// texts and square lists live in the Game. Its line and column come from Game::pos_of(offset).
struct Element {
  ElementKind kind = ElementKind::Comment;
  Separator separator = Separator::None;  ///< Move: first separator written
  std::uint8_t square_count = 0;          ///< Move: number of squares written (0: alphanumeric)
  /// By kind: MoveNumber 1 when written with "..."; Result the Outcome; Move the bytes of its
  /// strength marks (the end of `text`, at most kMaxStrengthBytes). Read it with the accessors.
  std::uint8_t detail = 0;
  std::uint32_t offset = 0;  ///< byte offset of the element's first character in Game::text
  TextRange text;     ///< whole token as written (Move incl. strength); inner text of comments
  /// MoveNumber: the number; Nag: n; Move: index of the first square in Game::squares;
  /// Variation: index in Game::variations; Setup: index in Game::setups.
  std::uint32_t value = 0;

  /// The most bytes of strength marks a move keeps ("!?", "(?)"); the reader skips more.
  static constexpr std::uint32_t kMaxStrengthBytes = 255;

  /// MoveNumber written with "..." (black to move).
  bool black_form() const { return kind == ElementKind::MoveNumber && detail != 0; }
  void set_black_form(bool black) { detail = black ? 1 : 0; }
  /// Move written in a1..j10 coordinates (its squares are not in Game::squares).
  bool alphanumeric() const { return kind == ElementKind::Move && square_count == 0; }
  /// Result: the meaning of the terminator (Unknown for other kinds).
  Outcome outcome() const {
    return kind == ElementKind::Result ? static_cast<Outcome>(detail) : Outcome::Unknown;
  }
  void set_outcome(Outcome o) { detail = static_cast<std::uint8_t>(o); }
  /// Move: its strength marks as written ("!?", "(?)", "*"), the end of `text`; empty if none.
  TextRange strength() const {
    const std::uint32_t n = kind == ElementKind::Move ? detail : 0;
    return {text.begin + text.size - n, n};
  }
  /// Move: the last `bytes` (<= kMaxStrengthBytes) of `text` are strength marks.
  void set_strength_size(std::uint32_t bytes) { detail = static_cast<std::uint8_t>(bytes); }
};
static_assert(sizeof(Element) == 20, "a long game holds millions of elements");

/// Whether the game is International draughts (10x10, GameType 20) and why we think so.
struct VariantCheck {
  bool international = true;  ///< false: another variant; never replay it on a 10x10 board
  int game_type = 0;          ///< number from the GameType tag, 0 when absent or unreadable
  std::string reason;         ///< human-readable evidence ("GameType 21 (English draughts)")
};

/// One game as read from a PDN source. Everything the source held is kept.
struct Game {
  std::size_t index = 0;            ///< 0-based index of the game in its source
  std::string source;               ///< file name as given to the reader; "-" for stdin
  std::uint64_t byte_begin = 0;     ///< first byte of the game in the source (after whitespace)
  std::uint64_t byte_end = 0;       ///< one past the last byte (end of the terminator)
  std::uint32_t first_line = 0;     ///< 1-based line of byte_begin
  std::uint32_t last_line = 0;      ///< 1-based line of the last byte
  std::uint32_t first_column = 1;   ///< 1-based column (characters) of byte_begin
  Encoding encoding = Encoding::Ascii;
  std::string text;                 ///< the game's source text converted to UTF-8, byte-faithful
  std::vector<Tag> tags;            ///< in input order
  std::vector<Element> moves;       ///< the main line: all movetext elements in order
  std::vector<std::vector<Element>> variations;  ///< bodies of Variation elements
  std::vector<std::uint8_t> squares;             ///< square pool of all moves, written order
  std::vector<std::string> setups;               ///< unescaped values of /FEN "..."/ commands
  std::vector<Diagnostic> diagnostics;           ///< errors and warnings, in text order
  VariantCheck variant;
  /// Offsets in `text` of the lines after the first: each follows a line end (LF, CRLF or a lone
  /// CR, each one line end). Filled by the reader; pos_of reads it.
  std::vector<std::uint32_t> line_starts;
  /// Non-ASCII text only: characters (UTF-8 lead bytes) in text[0, k * kColumnBlock), k >= 1,
  /// so that a column on a very long line costs at most one block's scan.
  std::vector<std::uint32_t> block_chars;
  static constexpr std::uint32_t kColumnBlock = 4096;

  /// Line, column (characters) and offset of byte `offset` (<= text.size()) of `text`, from
  /// first_line, first_column and line_starts (see index_positions).
  TextPos pos_of(std::uint32_t offset) const;
  /// Where an element starts in the source.
  TextPos pos_of(const Element& e) const { return pos_of(e.offset); }
  /// 1-based game number (index + 1).
  std::size_t number() const { return index + 1; }
  std::string_view text_of(TextRange range) const {
    return std::string_view(text).substr(range.begin, range.size);
  }
  /// Text of an element: move token, comment inner text, result as written, ...
  std::string_view text_of(const Element& e) const { return text_of(e.text); }
  /// Squares of a Move element (1..50 on a 10x10 board), in written order.
  std::span<const std::uint8_t> squares_of(const Element& e) const {
    return {squares.data() + e.value, e.square_count};
  }
  /// The body of a Variation element.
  const std::vector<Element>& variation_of(const Element& e) const { return variations[e.value]; }
  /// First tag with this name (case-sensitive), or nullptr.
  const Tag* tag(std::string_view name) const;
  /// The value of the first tag with this name, or `fallback` when there is none or it is empty.
  std::string tag_value_or(std::string_view name, std::string_view fallback) const;
  /// The main line's terminator, or nullptr when the game ended without one.
  const Element* result() const;
  /// True when at least one diagnostic is an Error.
  bool has_errors() const;
  /// True when writing the game from its elements would lose text of the source: an error, or
  /// text the reader skipped (stray text, a malformed tag line, an unclosed comment or variation,
  /// a non-standard result, problems not reported). Such a game is best copied as read.
  bool needs_verbatim_copy() const;
};

/// Fills game.line_starts and game.block_chars from game.text: a line ends at LF, at CRLF and at
/// a CR that no LF follows (old Mac files), each counted once.
void index_positions(Game& game);

/// When a diagnostic of one kind absorbs another with a different message, its message becomes
/// "<label of the kind> (first: <first message>)".
void merge_message(Diagnostic& into, std::string_view other_message);

/// Appends `text` to `out` with control characters written as \xNN (NUL bytes, stray CRs), so
/// that a diagnostic's offending text prints on one line.
void append_printable(std::string_view text, std::string& out);

/// Adds `d` to game.diagnostics; a warning or note of a kind the game already has only adds its
/// count to that one (the first place is kept).
void add_diagnostic(Game& game, Diagnostic d);

/// An embedded command inside a comment, e.g. `[%clock w 1:20:00]` -> name "clock", args
/// "w 1:20:00". Views point into the comment text. Source: PDN 3.0 "Embedded commands".
struct EmbeddedCommand {
  std::string_view name;
  std::string_view args;
};
/// All `[%name args]` commands in a comment text, in order.
std::vector<EmbeddedCommand> embedded_commands(std::string_view comment);

/// Content equality used for round trips: tags (name, value) in canonical writer order, and all
/// movetext elements except move numbers (the writer regenerates those) compared by meaning:
/// squares, separator, strength marks, alphanumeric text, NAG values, comment texts, setups,
/// variations recursively, and the terminator (a missing terminator and a non-standard score
/// such as 4-6 equal '*', as the writer writes them).
/// Returns true when equal; otherwise false and, if `why` is given, the first difference.
bool same_content(const Game& a, const Game& b, std::string* why = nullptr);

}  // namespace damdb::pdn
