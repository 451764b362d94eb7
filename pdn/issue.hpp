// What a problem found in a game is: one kind for every reader diagnostic and every replay issue,
// each with a fixed severity. The README's table "Diagnostic kinds" lists them all.
//
// Severity: an Error means the moves cannot be trusted (an illegal, ambiguous or unreadable move,
// a bad FEN, a game cut by the size limit) and makes the game invalid; a Warning is text the
// reader skipped or mended, or a notation or result problem around legal moves (the game stays
// valid, "with warnings"); a Note records a normalisation (a date, round, result or FEN form, a
// decoded character entity, a foreign tag name) and changes no verdict.
// Sources: PDN 3.0 (pdn.fmjd.org) "Tag pairs", "Movetext", "Game termination"; FMJD rules
// articles 3-6 for the move errors.
#pragma once

#include <cstdint>
#include <string_view>

namespace damdb::pdn {

/// How serious a problem is (see the top of this file); ordered Note < Warning < Error.
enum class Severity : std::uint8_t { Note, Warning, Error };
/// "note", "warning" or "error".
std::string_view to_string(Severity severity);

/// What is wrong: errors, then warnings, then notes, then the kinds added later.
enum class IssueKind : std::uint8_t {
  // Errors: the moves cannot be trusted; the game is invalid.
  MoveToken,        ///< an unreadable move token ("32-", "3z", a number that is no move)
  BadFen,           ///< the FEN tag or a /FEN/ setup is not a valid 10x10 position
  GameCut,          ///< the game is longer than the reader's size limit and was cut
  BadSquare,        ///< a move names a square outside 1..50 or uses coordinates
  NoPiece,          ///< no piece stands on the start square
  WrongSide,        ///< the piece on the start square belongs to the side not to move
  CaptureRequired,  ///< a capture is compulsory (FMJD art. 4.1) but a non-capture was written
  NotMaximum,       ///< a capture taking fewer pieces than the maximum (majority rule, art. 4.13)
  Ambiguous,        ///< two or more legal moves match the text and the game does not tell which
  IllegalMove,      ///< no legal move matches (none of the reasons above)
  // Warnings: text skipped or mended by the reader, with its line:column.
  LineEndText,        ///< a line end written as the text `\r`, `\n` or `\r\n` (export artefact)
  StrayText,          ///< text that is no PDN element, skipped (in movetext or between games)
  MalformedTag,       ///< a tag line with a missing '[', ']' or quote, `[[`, `[Name]`, a lone '['
  UnclosedComment,    ///< a '{' comment never closed (it ends at the end of the game)
  UnclosedVariation,  ///< a '(' variation never closed (it ends at the end of the game)
  MissingTerminator,  ///< moves end without a game terminator (next game's tags or end of file)
  NoMovetext,         ///< a game with tags but no movetext
  NonStandardResult,  ///< a terminator such as 4-6 (kept as text, outcome unknown)
  PlaceholderTerminator,  ///< a '-' or '?' where the terminator belongs, read as '*'
  TooManyProblems,        ///< further problems of the game not reported
  NestedTooDeep,          ///< variations nested deeper than the reader's limit, text skipped
  // Warnings from the replay: the moves are legal.
  MoveNumber,             ///< the move number disagrees with the ply
  CaptureWrittenAsQuiet,  ///< a capture written with '-' (PDN 3.0: captures use 'x')
  QuietWrittenAsCapture,  ///< a non-capture written with 'x'
  AmbiguousResolved,      ///< start-end capture with several routes, told apart by the next moves
  SuperfluousSquares,     ///< intermediate squares where start and end suffice (PDN 3.0)
  ResultMismatch,         ///< the Result tag and the movetext terminator disagree
  ResultContradicted,     ///< the final position has no legal move, and the result says otherwise
  DrawByRule,             ///< a draw by rule (FMJD art. 6) was reached before the recorded end
  VariationError,         ///< an illegal move inside a variation (the main line is unaffected)
  NonStandardNotation,    ///< a capture written with its squares out of route order (old logs)
  // Notes: normalisations.
  DateNormalized,     ///< a Date read in another form ("2024-12-14", "0000.00.00" = unknown)
  RoundNormalized,    ///< a Round read in another form ("ronde 12")
  ResultNormalized,   ///< a Result tag read in another form ("1 - 1", "½-½", "-" = unknown)
  FenNormalized,      ///< a FEN with white space or a final '.'
  TagFormat,          ///< a tag value that does not follow its format, kept as written
  TagNameMapped,      ///< a French, Dutch, German or Polish tag name read as the PDN name
  EntityDecoded,      ///< character entities (&#x00e9; &#233; &eacute;) decoded
  EscapeNormalized,   ///< over-escaped quotes (\' \\' \\") read as the quote
  // Kinds added later, whatever their severity: databases store the kinds by number
  // (db/SCHEMA.md), so a new kind goes at the end and severity_of names it.
  TagValueTooLong,  ///< warning: a tag value longer than the index keeps (kMaxIndexedTagBytes)
  RepeatedTag,      ///< warning: a tag name repeated in one block of tag lines (first value kept)
};

static_assert(static_cast<unsigned>(IssueKind::RepeatedTag) < 64, "kinds fit a 64-bit set");

/// The bit of `kind` in a set of kinds kept as 64 bits (db::GameRecord::issue_kinds).
constexpr std::uint64_t kind_bit(IssueKind kind) {
  return std::uint64_t{1} << static_cast<unsigned>(kind);
}

/// snake_case name used in JSON and in the summaries' keys: "no_piece", "line_end_text", ...
std::string_view to_string(IssueKind kind);
/// Short English label for summaries: "illegal move", "export line-end text", ...
std::string_view label(IssueKind kind);
/// The fixed severity of a kind.
constexpr Severity severity_of(IssueKind kind) {
  if (kind == IssueKind::TagValueTooLong || kind == IssueKind::RepeatedTag)
    return Severity::Warning;
  if (kind <= IssueKind::IllegalMove) return Severity::Error;
  if (kind <= IssueKind::NonStandardNotation) return Severity::Warning;
  return Severity::Note;
}
/// True for the kinds that make a game invalid.
constexpr bool is_error(IssueKind kind) { return severity_of(kind) == Severity::Error; }
/// True for the errors that are a move the rules refuse (a square off the board, no piece,
/// the wrong side, a required or larger capture not taken, ambiguous, illegal); false for an
/// unreadable token, a bad FEN or a cut game. FMJD rules articles 3-5.
constexpr bool is_move_error(IssueKind kind) {
  return kind >= IssueKind::BadSquare && kind <= IssueKind::IllegalMove;
}

}  // namespace damdb::pdn
