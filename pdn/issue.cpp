#include "pdn/issue.hpp"

namespace damdb::pdn {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

namespace {
struct KindNames {
  std::string_view name;
  std::string_view label;
};

constexpr KindNames names(IssueKind kind) {
  switch (kind) {
    case IssueKind::MoveToken: return {"move_token", "unreadable move"};
    case IssueKind::BadFen: return {"bad_fen", "bad FEN"};
    case IssueKind::GameCut: return {"game_cut", "game cut by the size limit"};
    case IssueKind::BadSquare: return {"bad_square", "square off the board"};
    case IssueKind::NoPiece: return {"no_piece", "no piece on the start square"};
    case IssueKind::WrongSide: return {"wrong_side", "piece of the side not to move"};
    case IssueKind::CaptureRequired: return {"capture_required", "capture required"};
    case IssueKind::NotMaximum: return {"not_maximum", "capture not maximal"};
    case IssueKind::Ambiguous: return {"ambiguous", "ambiguous capture"};
    case IssueKind::IllegalMove: return {"illegal_move", "illegal move"};
    case IssueKind::LineEndText: return {"line_end_text", "export line-end text"};
    case IssueKind::StrayText: return {"stray_text", "stray text"};
    case IssueKind::MalformedTag: return {"malformed_tag", "malformed tag line"};
    case IssueKind::UnclosedComment: return {"unclosed_comment", "comment never closed"};
    case IssueKind::UnclosedVariation: return {"unclosed_variation", "variation never closed"};
    case IssueKind::MissingTerminator: return {"missing_terminator", "missing terminator"};
    case IssueKind::NoMovetext: return {"no_movetext", "tags without movetext"};
    case IssueKind::NonStandardResult: return {"nonstandard_result", "non-standard result"};
    case IssueKind::PlaceholderTerminator:
      return {"placeholder_terminator", "'-' as terminator"};
    case IssueKind::TooManyProblems: return {"too_many_problems", "too many problems"};
    case IssueKind::NestedTooDeep: return {"nested_too_deep", "variations nested too deep"};
    case IssueKind::MoveNumber: return {"move_number", "move number"};
    case IssueKind::CaptureWrittenAsQuiet:
      return {"capture_written_as_quiet", "capture written with '-'"};
    case IssueKind::QuietWrittenAsCapture:
      return {"quiet_written_as_capture", "quiet move written with 'x'"};
    case IssueKind::AmbiguousResolved:
      return {"ambiguous_resolved", "ambiguous capture resolved"};
    case IssueKind::SuperfluousSquares: return {"superfluous_squares", "superfluous squares"};
    case IssueKind::ResultMismatch: return {"result_mismatch", "Result tag vs terminator"};
    case IssueKind::ResultContradicted:
      return {"result_contradicted", "result contradicts the final position"};
    case IssueKind::DrawByRule: return {"draw_by_rule", "draw by rule before the end"};
    case IssueKind::VariationError: return {"variation_error", "illegal move in a variation"};
    case IssueKind::NonStandardNotation:
      return {"nonstandard_notation", "capture squares out of order"};
    case IssueKind::DateNormalized: return {"date_normalized", "date"};
    case IssueKind::RoundNormalized: return {"round_normalized", "round"};
    case IssueKind::ResultNormalized: return {"result_normalized", "result"};
    case IssueKind::FenNormalized: return {"fen_normalized", "FEN form"};
    case IssueKind::TagFormat: return {"tag_format", "tag value format"};
    case IssueKind::TagNameMapped: return {"tag_name_mapped", "foreign tag name"};
    case IssueKind::EntityDecoded: return {"entity_decoded", "character entity"};
    case IssueKind::EscapeNormalized: return {"escape_normalized", "over-escaped quote"};
    case IssueKind::TagValueTooLong: return {"tag_value_too_long", "tag value cut in the index"};
    case IssueKind::RepeatedTag: return {"repeated_tag", "repeated tag"};
  }
  return {"illegal_move", "illegal move"};
}
}  // namespace

std::string_view to_string(IssueKind kind) { return names(kind).name; }
std::string_view label(IssueKind kind) { return names(kind).label; }

}  // namespace damdb::pdn
