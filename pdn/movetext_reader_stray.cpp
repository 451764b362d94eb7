// The parts of a game's body that are no moves: setup commands (`/FEN "..."/`) and the text the
// reader skips with a warning (stray strings, lone brackets, line ends written as text, bare
// tags, unexpected words). Members of MovetextReader (movetext_reader.hpp).
#include "pdn/movetext_reader.hpp"

#include <string>
#include <utility>

namespace damdb::pdn {

// Setup command `/FEN "W:W31:B1"/` (the name may be missing: `/"..."/`).
void MovetextReader::read_setup() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  std::size_t q = in_.skip_blanks(start + 1);
  while (is_name_char(in_.peek(q))) ++q;
  q = in_.skip_blanks(q);
  if (in_.peek(q) != '"') {
    in_.report(IssueKind::StrayText, start, q + 1, "/FEN \"...\"/ setup command",
               "'/' does not start a setup");
    in_.set_pos(start + 1);
    return;
  }
  in_.set_pos(q + 1);
  std::string value;
  if (!tags_.read_string(value)) {
    in_.diagnose(IssueKind::BadFen, pos, start, in_.pos(), "'\"' closing the setup value",
                 "setup value is never closed");
    return;
  }
  in_.set_pos(in_.skip_blanks(in_.pos()));
  if (in_.peek(in_.pos()) == '/') {
    in_.advance();
  } else {
    in_.report(IssueKind::StrayText, in_.pos(), in_.pos() + 1, "'/' closing the setup command",
               "setup command is not closed");
  }
  Element e;
  e.kind = ElementKind::Setup;
  e.offset = pos.offset;
  e.text = in_.range(start, in_.pos());
  e.value = static_cast<std::uint32_t>(game_.setups.size());
  game_.setups.push_back(std::move(value));
  push(e);
  movetext_ = move_seen_ = true;
}

void MovetextReader::skip_stray_string() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  in_.advance();
  std::string ignored;
  tags_.read_string(ignored);
  in_.diagnose(IssueKind::StrayText, pos, start, in_.pos(), "a move, comment or game terminator",
               "string outside a tag pair (skipped)");
}

// A '[' that starts no tag pair (a lone '[' line): skipped to the end of its line or ']'.
void MovetextReader::lone_bracket() {
  const std::size_t start = in_.pos();
  in_.advance();
  tags_.skip_to_tag_end();
  in_.report(IssueKind::MalformedTag, start, in_.pos(), "a tag pair [Name \"value\"]",
             "'[' without a tag (skipped)");
}

// Export artefact: line ends written as the text `\r`, `\n` or `\r\n` (possibly repeated),
// read as white space with a LineEndText warning; a letter may not follow (`\rnd` is text).
// Any other backslash is stray text.
void MovetextReader::read_backslash() {
  const std::size_t p = in_.pos();
  std::size_t q = p;
  while (in_.peek(q) == '\\' && (in_.peek(q + 1) == 'r' || in_.peek(q + 1) == 'n')) q += 2;
  const char next = q < in_.size() || !in_.at_eof() ? in_.peek(q) : ' ';
  const bool letter = (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
  if (q == p || letter) {
    skip_unexpected();
    return;
  }
  in_.report(IssueKind::LineEndText, p, q, "a line end", "line end written as the text '\\r'");
  in_.set_pos(q);
}

void MovetextReader::skip_unexpected() {
  const std::size_t start = in_.pos();
  if (!movetext_ && tags_.bare_tag_at(start)) {
    if (!tags_.repeated_tag_name(false))
      tags_.read_tag(false);
    else if (tags_.repeat_is_same_game(start))
      tags_.read_repeated_tag(false);
    else
      bare_tag_repeats_ = true;  // read by the next game
    return;
  }
  if (in_.peek(start) == '\xEF' && in_.peek(start + 1) == '\xBB' && in_.peek(start + 2) == '\xBF') {
    in_.advance(3);  // a byte-order mark inside the input (files joined): white space
    return;
  }
  std::size_t q = start + 1;
  const std::size_t n = in_.size();
  while (q < n && (static_cast<unsigned char>(in_.at(q)) & 0xC0) == 0x80) ++q;
  const char c = in_.at(start);
  if (is_name_char(c) || c == '!' || c == '?')
    while (!in_.at_end_or_delimiter(q) && q < n) ++q;
  in_.report(IssueKind::StrayText, start, q,
             "a move, move number, comment, variation or game terminator",
             "unexpected text in movetext (skipped)");
  in_.set_pos(q);
}

}  // namespace damdb::pdn
