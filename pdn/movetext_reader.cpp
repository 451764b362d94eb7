// The body of one PDN game (see movetext_reader.hpp).
#include "pdn/movetext_reader.hpp"

#include "pdn/projected_capacity.hpp"
#include "pdn/result.hpp"
#include "pdn/result_scan.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

namespace damdb::pdn {

// ---- game structure -----------------------------------------------------------------------

std::size_t MovetextReader::read_game() {
  EndReason reason = read_body();
  if (reason == EndReason::Eof && eof_is_next_tag_) reason = EndReason::NextTag;
  ended_by_next_tag_ = reason == EndReason::NextTag;
  // A game never ends between the CR and the LF of a CRLF (which is one line end, then
  // between the games): a token read to its line's end (an unquoted or unclosed tag value)
  // holds the CR of a CRLF, and the game ends before that CR.
  if (last_end_ > in_.game_begin() && in_.at(last_end_ - 1) == '\r' && in_.peek(last_end_) == '\n')
    --last_end_;
  const std::size_t end = reason == EndReason::Terminator ? in_.pos() : last_end_;
  variations_.close_all(in_, end);
  finish(reason);
  return end;
}

// The game's tokens up to its end, and what ended it.
MovetextReader::EndReason MovetextReader::read_body() {
  last_end_ = in_.pos();
  while (true) {
    if (!in_.skip_space()) throw NeedMoreInput{};
    // Most movetext is plain tokens: read them in their own loop.
    const std::size_t p = in_.pos();
    if (p + kPlainWindow <= in_.size() &&
        (in_.at(p) == '{' || static_cast<unsigned>(in_.at(p) - '0') < 10)) {
      read_plain_movetext();
      if (!in_.skip_space()) throw NeedMoreInput{};
    }
    if (in_.at_end()) return EndReason::Eof;
    switch (lead(in_.at(in_.pos()))) {
      case Lead::Digit:
        if (variations_.empty() && move_seen_ && new_game_at(in_.pos()))
          return EndReason::NextTag;  // a new game's movetext, without tags
        if (read_number_token()) return EndReason::Terminator;
        break;
      case Lead::Tag:
        if (!tags_.tag_start_at(in_.pos())) {
          lone_bracket();
          break;
        }
        if (movetext_ || comment_cut_) return EndReason::NextTag;
        if (!tags_.repeated_tag_name())
          tags_.read_tag();
        else if (tags_.repeat_is_same_game(in_.pos()))
          tags_.read_repeated_tag();  // the same game: a tag written twice
        else
          return EndReason::NextTag;  // a tag-only game has ended
        break;
      case Lead::Comment: read_comment(); break;
      case Lead::LineComment: read_line_comment(); break;
      case Lead::Star:
        if (read_star()) return EndReason::Terminator;
        break;
      case Lead::Open:
        variations_.open(in_);
        movetext_ = true;
        break;
      case Lead::Close: variations_.close(in_); break;
      case Lead::Nag: read_nag(); break;
      case Lead::Setup: read_setup(); break;
      case Lead::File: read_alphanumeric_move(); break;
      case Lead::Dot: read_ellipsis(); break;
      case Lead::Quote: skip_stray_string(); break;
      case Lead::Backslash: read_backslash(); break;
      case Lead::Placeholder:
        if (read_placeholder_terminator()) return EndReason::Terminator;
        break;
      default:
        if (read_half_draw()) return EndReason::Terminator;
        skip_unexpected();
        break;
    }
    if (bare_tag_repeats_) {  // `Name "value"]` naming a tag this tag-only game has
      bare_tag_repeats_ = false;
      return EndReason::NextTag;
    }
    last_end_ = in_.pos();
  }
}

// The problems of a game's end: a missing terminator or movetext.
void MovetextReader::finish(EndReason reason) {
  if (reason == EndReason::Terminator) return;
  bool has_moves = false;
  for (const Element& e : game_.moves)
    if (e.kind != ElementKind::Comment && e.kind != ElementKind::LineComment) has_moves = true;
  if (read_last_move_as_result(game_, in_)) {
    evidence_valid_ = false;  // the move no longer counts: check_variant walks the moves
    return;
  }
  const TextPos pos = in_.pos_at(last_end_);
  if (has_moves) {
    in_.diagnose(IssueKind::MissingTerminator, pos, last_end_, last_end_,
                 "a game terminator (2-0, 1-1, 0-2, *)",
                 reason == EndReason::NextTag
                     ? "game ends without a terminator before the next game's tags"
                     : "game ends without a terminator at the end of the input");
  } else {
    in_.diagnose(IssueKind::NoMovetext, pos, last_end_, last_end_,
                 "movetext and a game terminator", "game has tags but no movetext");
  }
}

void MovetextReader::push(const Element& e) {
  in_.make_room(current_line(), 1, in_.pos());
  current_line().push_back(e);
}

// ---- terminators ----------------------------------------------------------------------------

// A '*' at the cursor: the terminator '*' (returns true when it ends the game). A '*' glued to
// a number is a mark of the move before (FMJD article 9), read here only where that move was
// not read (a Windows-1252 `14\xD7\xA023*` before its conversion): never the game's end.
bool MovetextReader::read_star() {
  const std::size_t start = in_.pos();
  if (!star_is_terminator(in_, start)) {
    skip_unexpected();
    return false;
  }
  const TextPos pos = in_.pos_at(start);
  in_.advance();
  return add_result(start, start + 1, pos, Outcome::Unknown);
}

// Adds a Result element; returns true when it ends the game (main line).
bool MovetextReader::add_result(std::size_t start, std::size_t end, TextPos pos,
                                Outcome outcome) {
  Element e;
  e.kind = ElementKind::Result;
  e.offset = pos.offset;
  e.text = in_.range(start, end);
  e.set_outcome(outcome);
  push(e);
  movetext_ = true;
  in_.set_pos(end);
  return variations_.empty();
}

// A '-', '--' or '?' standing where the terminator belongs: the game ends with the unknown
// result, with a PlaceholderTerminator warning. Elsewhere it is stray text. Returns true when
// it ends the game.
bool MovetextReader::read_placeholder_terminator() {
  const std::size_t start = in_.pos();
  const std::size_t q = placeholder_terminator_end(in_, start);
  if (!variations_.empty() || q == kNoPosition) {
    skip_unexpected();
    return false;
  }
  const TextPos pos = in_.pos_at(start);
  in_.diagnose(IssueKind::PlaceholderTerminator, pos, start, q,
               "a game terminator (2-0, 1-1, 0-2, *)",
               "'" + std::string(in_.text(start, q)) + "' where the terminator belongs, read as '*'");
  return add_result(start, q, pos, Outcome::Unknown);
}

// The draw written `½-½`: a terminator.
bool MovetextReader::read_half_draw() {
  const std::size_t start = in_.pos();
  const std::size_t end = half_draw_end(in_, start);
  if (end == kNoPosition) return false;
  return add_result(start, end, in_.pos_at(start), Outcome::Draw);
}

// ---- comments -------------------------------------------------------------------------------

// A comment runs to the next '}'. A comment that is never closed would swallow the games after
// it, so it also ends where a new game's tag section begins inside it: a line that starts
// (after blanks) with a complete tag pair `[Name "value"]` and either follows an empty line or
// is followed by another such line (a tag section of two or more lines). Embedded commands
// (`[%eval 0.1]`) and brackets inside the text of a line never match. The game then ends
// before those tags (error: comment never closed) and the next game starts there.
void MovetextReader::read_comment() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  const std::size_t n = in_.size();
  const void* close = std::memchr(in_.data() + start + 1, '}', n - start - 1);
  const std::size_t limit =
      close ? static_cast<std::size_t>(static_cast<const char*>(close) - in_.data()) : n;
  const std::size_t cut = tags_.tag_section_in(start, limit);
  // "comment opened at line:column is never closed" (column in characters; start lies on
  // the current line), built only for an error.
  auto unclosed = [&](bool before_tags) {
    const LineColumn at = in_.position_at(start);
    std::string m = "comment opened at " + std::to_string(at.line) + ":" +
                    std::to_string(at.column) + " is never closed";
    if (before_tags) m += "; it ends before the next game's tags";
    return m;
  };
  std::size_t end;
  if (cut != kNoPosition) {
    end = cut;
    in_.report(IssueKind::UnclosedComment, start, end, "'}' closing the comment", unclosed(true));
    comment_cut_ = true;
  } else if (!close) {
    if (!in_.at_eof()) throw NeedMoreInput{};
    end = n;
    // A re-read (converted encoding) of a game whose comment was cut ends at the cut.
    in_.report(IssueKind::UnclosedComment, start, end, "'}' closing the comment",
               unclosed(eof_is_next_tag_));
  } else {
    end = limit;
  }
  push_comment(ElementKind::Comment, pos, start + 1, end);
  in_.set_pos(end);
  if (cut == kNoPosition && end < n) in_.advance();  // the '}'
}

void MovetextReader::read_line_comment() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  const char* s = in_.data();
  // The comment ends at the line end: LF, CRLF or a lone CR.
  const void* nl = std::memchr(s + start, '\n', in_.size() - start);
  const std::size_t lf =
      nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s) : in_.size();
  const void* cr = std::memchr(s + start, '\r', lf - start);
  if (!nl && !cr && !in_.at_eof()) throw NeedMoreInput{};
  const std::size_t text_end = cr ? static_cast<std::size_t>(static_cast<const char*>(cr) - s) : lf;
  push_comment(ElementKind::LineComment, pos, start + 1, text_end);
  in_.set_pos(text_end);
}

// Adds a comment element of `kind` at `pos` whose text is the bytes [from, to).
void MovetextReader::push_comment(ElementKind kind, TextPos pos, std::size_t from,
                                  std::size_t to) {
  Element e;
  e.kind = kind;
  e.offset = pos.offset;
  e.text = in_.range(from, to);
  push(e);
}

// ---- numbers and moves ---------------------------------------------------------------------

// A token starting with a digit: result, move number or move. Returns true at a terminator.
// (read_body first reads plain tokens with read_plain_movetext; this is the general,
// diagnosing path.)
[[gnu::noinline]] bool MovetextReader::read_number_token() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  std::size_t end;
  Outcome outcome;
  if (match_result(in_, start, end, outcome)) {
    if (in_.text(start, end).find(':') != std::string_view::npos)
      in_.report(IssueKind::ResultNormalized, start, end, standard_results_text(),
                 "game result written with ':' (read as with '-')");
    return add_result(start, end, pos, outcome);
  }
  const std::size_t q = in_.read_digits(start);
  const char c = in_.peek(q);
  if (move_number_end(q) && c == ')') {  // `12)`: a move number (in a variation: a move follows)
    push_move_number(start, q, q + 1, pos, false);
    return false;
  }
  std::size_t length = 0;
  if (in_.separator_at(q, length) != Separator::None || spaced_separator_at(q)) {
    read_numeric_move(start, pos);
    return false;
  }
  if (c == '.') {
    std::size_t dots = q;
    while (in_.peek(dots) == '.') ++dots;
    Element e;
    e.kind = ElementKind::MoveNumber;
    e.offset = pos.offset;
    e.text = in_.range(start, dots);
    e.value = in_.parse_uint(start, q);
    e.set_black_form((dots - q) >= 2);
    push(e);
    movetext_ = true;
    in_.set_pos(dots);
    return false;
  }
  if (move_follows(q)) {  // `12 32-28`: a move number written without its '.'
    push_move_number(start, q, q, pos, false);
    return false;
  }
  in_.report(IssueKind::MoveToken, start, q, "'.' after a move number, or a move such as 32-28",
             "number is neither a move number nor a move");
  in_.set_pos(q);
  return false;
}

// Reads the run of plain tokens (plain_token.hpp: move numbers, numeric moves, one-line
// comments) and the white space between them that starts at the cursor, while a token lies
// wholly inside the buffer's kPlainWindow; stops before any other token, which the general code
// reads. A function of its own (noinline) with few values live, so that its loop keeps them
// in registers: positions counted from the game's first byte (an element's offset as is), a
// move's first square index as the address of its squares in the batch plus a bias, and the
// kinds read found from what was added once the loop ends. Its elements go through a
// PlainBatch. Aligned to a cache line, so that the alignment of its loop (worth a few percent
// of the reading time) does not depend on the size of unrelated code linked before it.
[[gnu::noinline, gnu::aligned(64)]] void MovetextReader::read_plain_movetext() {
  const std::size_t begin = in_.game_begin();
  const unsigned char* g = in_.bytes(begin);  // the game's bytes
  const std::size_t limit = in_.size() - kPlainWindow - begin;  // a token starting up to here fits
  std::size_t p = in_.pos() - begin;
  std::vector<Element>& line = current_line();
  const std::size_t line_size = line.size();
  const std::size_t squares_size = game_.squares.size();
  unsigned char* next = batch_.begin();
  std::uint8_t* next_square = batch_.squares;
  // Index in the game's squares of the square written at address a of the batch: a + bias.
  std::uintptr_t bias = squares_size - reinterpret_cast<std::uintptr_t>(batch_.squares);
  while (p <= limit) {
    const PlainLead lead = kPlainLead[g[p]];
    if (lead == PlainLead::Space) {
      ++p;
      continue;
    }
    if (next == batch_.end()) {
      bias += static_cast<std::uintptr_t>(next_square - batch_.squares);
      append_batch(line, next, next_square, begin + p);
      next = batch_.begin();
      next_square = batch_.squares;
    }
    const auto offset = static_cast<std::uint32_t>(p);
    std::size_t length = 0;
    if (lead == PlainLead::Digit) {
      const auto square =
          static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(next_square) + bias);
      length = add_plain_number(g + p, offset, square, next, next_square);
    } else if (lead == PlainLead::Comment) {
      length = plain_comment_end(g + p) + 1;
      if (length == 1) break;
      PlainBatch::add(next, ElementKind::Comment, Separator::None, 0, 0, offset,
                      TextRange{offset + 1, static_cast<std::uint32_t>(length - 2)}, 0);
    }
    if (length == 0) break;
    p += length;
    p += g[p] == ' ';  // the blank that mostly follows a token, without a turn of the loop
  }
  append_batch(line, next, next_square, begin + p);
  in_.set_pos(begin + p);
  if (line.size() == line_size) return;
  // The last token read ends where the white space before p begins (no plain token ends in
  // white space).
  while (kPlainLead[g[p - 1]] == PlainLead::Space) --p;
  last_end_ = begin + p;
  if (game_.squares.size() != squares_size) {
    movetext_ = move_seen_ = true;
    return;
  }
  for (std::size_t i = line_size; i < line.size(); ++i)
    if (line[i].kind == ElementKind::MoveNumber) movetext_ = true;
}

// Appends the batch (elements before `next`, squares before `next_square`, read up to byte
// `at`) to `line` and the game's squares, each grown as make_room grows it. Out of line:
// the loop of read_plain_movetext keeps its registers.
[[gnu::noinline]] void MovetextReader::append_batch(std::vector<Element>& line,
                                                    unsigned char* next,
                                                    std::uint8_t* next_square, std::size_t at) {
  const std::size_t begin = in_.game_begin();
  batch_.append_to(line, game_.squares, next, next_square, at - begin, in_.size() - begin);
}

// Adds the move number written as digits [start, digits_end), its token ending at `end`.
void MovetextReader::push_move_number(std::size_t start, std::size_t digits_end, std::size_t end,
                                      TextPos pos, bool black) {
  Element e;
  e.kind = ElementKind::MoveNumber;
  e.offset = pos.offset;
  e.text = in_.range(start, end);
  e.value = in_.parse_uint(start, digits_end);
  e.set_black_form(black);
  push(e);
  movetext_ = true;
  in_.set_pos(end);
}

// True when, after the square ending at q, blanks, a separator and blanks lead to a square:
// `31 - 26`, `31 x 22` (a square followed by '.' or ')' is a move number, not a square).
bool MovetextReader::spaced_separator_at(std::size_t q) const {
  const std::size_t k = in_.skip_line_blanks(q);
  if (k == q) return false;
  std::size_t length = 0;
  if (in_.separator_at(k, length) == Separator::None) return false;
  const std::size_t m = in_.skip_line_blanks(k + length);
  if (!is_digit(in_.peek(m))) return false;
  return !square_ends_as_number(in_.read_digits(m));
}

// True when the character at q ends a move number: '.', or ')' outside variations.
bool MovetextReader::move_number_end(std::size_t q) const {
  const char c = in_.peek(q);
  return c == '.' || (c == ')' && (variations_.empty() || move_follows(q + 1)));
}

// After a separator and blanks: true when the digits ending at q are a move number rather
// than the move's square ('.', or ')' where no variation is open to be closed by it).
bool MovetextReader::square_ends_as_number(std::size_t q) const {
  const char c = in_.peek(q);
  return c == '.' || (c == ')' && variations_.empty());
}

// True when a move (digits then a separator) follows the blanks after q.
bool MovetextReader::move_follows(std::size_t q) const {
  const std::size_t k = in_.skip_line_blanks(q);
  if (k == q || !is_digit(in_.peek(k))) return false;
  const std::size_t d = in_.read_digits(k);
  std::size_t length = 0;
  return in_.separator_at(d, length) != Separator::None || spaced_separator_at(d);
}

// True when the main line read so far holds a move.
bool MovetextReader::move_read() const {
  for (const Element& e : game_.moves)
    if (e.kind == ElementKind::Move) return true;
  return false;
}

// True when a new game's movetext, written without tags, starts at q: after a move of this
// game, a White move number 1 (`1.`, `01.`, `1)`) followed by one of the nine first moves of
// the initial position (a numbering that starts again from a later position, as engines'
// logs write it, goes on in the same game; Black's first move written `1.` is no such move).
bool MovetextReader::new_game_at(std::size_t q) const {
  std::size_t k = q;
  while (in_.peek(k) == '0') ++k;
  if (in_.peek(k) != '1' || is_digit(in_.peek(k + 1))) return false;
  const char c = in_.peek(k + 1);
  if (c != ')' && !(c == '.' && in_.peek(k + 2) != '.')) return false;
  if (!move_read()) return false;
  std::size_t from = k + 2;
  while (true) {  // the first move may stand on the next line
    from = in_.skip_line_blanks(from);
    if (in_.peek(from) != '\n' && in_.peek(from) != '\r') break;
    ++from;
  }
  const std::size_t from_end = in_.read_digits(from);
  std::size_t length = 0;
  if (from_end == from) return false;
  std::size_t separator = from_end;
  if (in_.separator_at(separator, length) == Separator::None)
    separator = in_.skip_line_blanks(separator);
  if (in_.separator_at(separator, length) != Separator::Dash) return false;
  const std::size_t to = in_.skip_line_blanks(separator + length);
  const std::size_t to_end = in_.read_digits(to);
  if (to_end == to || is_digit(in_.peek(to_end))) return false;
  const std::uint32_t a = in_.parse_uint(from, from_end), b = in_.parse_uint(to, to_end);
  // White's first moves: 31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30.
  return a >= 31 && a <= 35 && (b == a - 5 || (b == a - 4 && a != 35)) && b >= 26;
}

void MovetextReader::read_numeric_move(std::size_t start, TextPos pos) {
  in_.make_room(current_line(), 1, start);
  Element& e = current_line().emplace_back();  // built in place: no copy in the hot path
  e.kind = ElementKind::Move;
  e.offset = pos.offset;
  e.value = static_cast<std::uint32_t>(game_.squares.size());
  std::size_t q = start;
  int count = 0;
  while (true) {
    std::size_t d_end = in_.read_digits(q);
    std::uint32_t sq = in_.parse_uint(q, d_end);
    if (sq == 0 || sq > 255 || d_end - q > 3) {
      in_.report(IssueKind::BadSquare, q, d_end, "a square number 1..50",
                 "square number out of range");
    }
    if (count < 255) {
      in_.make_room(game_.squares, 1, q);
      game_.squares.push_back(static_cast<std::uint8_t>(sq > 255 ? 0 : sq));
      ++count;
    }
    q = d_end;
    std::size_t length = 0;
    Separator separator = in_.separator_at(q, length);
    if (separator == Separator::None && spaced_separator_at(q)) {  // `31 - 26`
      q = in_.skip_line_blanks(q);
      separator = in_.separator_at(q, length);
    }
    if (separator == Separator::None) break;
    std::size_t after = q + length;
    // Blanks after the separator: right-aligned columns "1- 7", "16x 7", and `31 - 26`.
    if (const std::size_t k = in_.skip_line_blanks(after); k != after) {
      if (is_digit(in_.peek(k)) && !square_ends_as_number(in_.read_digits(k))) after = k;
    }
    if (!is_digit(in_.peek(after))) {
      in_.report(IssueKind::MoveToken, after, after + 1,
                 "a square number after '" + std::string(in_.text(q, q + length)) + "'",
                 "move ends with a separator");
      q = after;
      break;
    }
    if (e.separator == Separator::None) e.separator = separator;
    q = after;
  }
  // Strength marks glued to the move: ! ? * and parenthesised (?) (!?) ... (more than
  // Element::kMaxStrengthBytes of them are glued text).
  std::size_t strength_begin = q;
  const std::size_t strength_limit = strength_begin + Element::kMaxStrengthBytes;
  while (true) {
    char c = in_.peek(q);
    // FMJD rules article 9's marks: ! ? !! ?? !? ?! * + =
    if ((c == '!' || c == '?' || c == '*' || c == '+' || c == '=') && q < strength_limit) {
      ++q;
    } else if (c == '(') {
      std::size_t k = q + 1;
      while (in_.peek(k) == '!' || in_.peek(k) == '?') ++k;
      if (k > q + 1 && in_.peek(k) == ')' && k + 1 <= strength_limit) {
        q = k + 1;
      } else {
        break;
      }
    } else {
      break;
    }
  }
  e.text = in_.range(start, q);
  e.set_strength_size(static_cast<std::uint32_t>(q - strength_begin));
  e.square_count = static_cast<std::uint8_t>(count);
  if (!in_.at_end_or_delimiter(q)) {
    std::size_t k = q;
    while (!in_.at_end_or_delimiter(k)) ++k;
    in_.report(IssueKind::StrayText, q, k, "white space after the move",
               "unexpected text glued to a move (skipped)");
    q = k;
  }
  movetext_ = move_seen_ = true;
  in_.set_pos(q);
}

void MovetextReader::read_alphanumeric_move() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  std::size_t q = start;
  int squares = 0;
  Separator sep = Separator::None;
  while (is_lower_file(in_.peek(q)) && is_digit(in_.peek(q + 1))) {
    q = in_.read_digits(q + 1);
    ++squares;
    char c = in_.peek(q);
    if ((c == '-' || c == 'x' || c == ':') && is_lower_file(in_.peek(q + 1))) {
      if (sep == Separator::None) sep = static_cast<Separator>(c);
      ++q;
    }
  }
  if (squares < 2 ||
      !(in_.at_end_or_delimiter(q) || in_.peek(q) == '!' || in_.peek(q) == '?')) {
    skip_unexpected();
    return;
  }
  std::size_t strength_begin = q;
  while ((in_.peek(q) == '!' || in_.peek(q) == '?') &&
         q < strength_begin + Element::kMaxStrengthBytes)
    ++q;
  Element e;
  e.kind = ElementKind::Move;  // alphanumeric: no squares in Game::squares
  e.separator = sep;
  e.offset = pos.offset;
  e.text = in_.range(start, q);
  e.set_strength_size(static_cast<std::uint32_t>(q - strength_begin));
  e.value = static_cast<std::uint32_t>(game_.squares.size());
  push(e);
  add_alphanumeric_evidence(in_.text(start, q), evidence_);
  movetext_ = move_seen_ = true;
  in_.set_pos(q);
}

void MovetextReader::read_ellipsis() {
  const std::size_t start = in_.pos();
  std::size_t q = start;
  while (in_.peek(q) == '.') ++q;
  auto& line = current_line();
  if (q - start >= 2 && !line.empty() && line.back().kind == ElementKind::MoveNumber) {
    line.back().set_black_form(true);  // "12. ..." written with a space
    line.back().text.size = in_.offset_of(q) - line.back().text.begin;
  } else {
    in_.report(IssueKind::StrayText, start, q, "a move number before '...'", "stray dots");
  }
  in_.set_pos(q);
}

void MovetextReader::read_nag() {
  const std::size_t start = in_.pos();
  const TextPos pos = in_.pos_at(start);
  const std::size_t q = in_.read_digits(start + 1);
  if (q == start + 1) {
    in_.report(IssueKind::StrayText, start, start + 1, "digits after '$'",
               "NAG without a number");
    in_.set_pos(q);
    return;
  }
  Element e;
  e.kind = ElementKind::Nag;
  e.offset = pos.offset;
  e.text = in_.range(start, q);
  e.value = in_.parse_uint(start + 1, q);
  push(e);
  movetext_ = true;
  in_.set_pos(q);
}

}  // namespace damdb::pdn
