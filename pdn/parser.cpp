// Parsing one PDN game (see parser.hpp): a ParseCursor over the buffer, the TagReader and the
// MovetextReader read the game; then its text is kept (converted to UTF-8 when it is not), its
// positions resolved to lines and columns and its tags and variant checked.
#include "pdn/parser.hpp"

#include "pdn/encoding.hpp"
#include "pdn/movetext_reader.hpp"
#include "pdn/parse_cursor.hpp"
#include "pdn/projected_capacity.hpp"
#include "pdn/tag_reader.hpp"
#include "pdn/tag_text.hpp"
#include "pdn/tag_values.hpp"
#include "pdn/variant.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

namespace damdb::pdn {

namespace {

// What one reading of a game's text found beyond the game itself.
struct GameRead {
  bool ended_by_next_tag = false;
  bool move_seen = false;
  MoveEvidence evidence;
  bool evidence_valid = true;
};

// Reads the next game of `buffer` into `game` (see parse_game): fills `step` (status, begin,
// end, begin_at) and returns what the movetext reader found. `eof_is_next_tag`: the game is
// read again after the next game's tags ended it.
GameRead read_game(std::string_view buffer, bool at_eof, LineColumn start, Game& game,
                   ParseStep& step, bool eof_is_next_tag = false) {
  ParseCursor in(buffer, at_eof, start, game.diagnostics);
  GameRead read;
  if (!in.start_game(step)) return read;
  TagReader tags(in, game);
  MovetextReader movetext(in, tags, game);
  movetext.set_eof_is_next_tag(eof_is_next_tag);
  try {
    step.end = movetext.read_game();
  } catch (const NeedMoreInput&) {
    step.status = ParseStep::NeedMore;
    return read;
  }
  step.status = ParseStep::GameRead;
  read.ended_by_next_tag = movetext.ended_by_next_tag();
  read.move_seen = movetext.move_seen();
  read.evidence = movetext.evidence();
  read.evidence_valid = movetext.evidence_valid();
  return read;
}

// Adds to `evidence` (MoveEvidence: the parser gathers that of alphanumeric moves) what the
// numeric moves of `game` say: their largest square, and the first square of the main line's
// first move when that move is numeric.
void add_numeric_evidence(const Game& game, MoveEvidence& evidence) {
  std::uint8_t max_square = 0;  // a byte-wide maximum: the compiler vectorises the loop
  for (const std::uint8_t square : game.squares) max_square = std::max(max_square, square);
  evidence.max_square = std::max<int>(evidence.max_square, max_square);
  for (const Element& e : game.moves) {
    if (e.kind != ElementKind::Move) continue;
    evidence.any_move = true;
    if (!e.alphanumeric()) evidence.first_from = game.squares[e.value];
    break;
  }
}

// Turns the offsets recorded while parsing (tags, diagnostics) into lines and columns.
void resolve_positions(Game& game) {
  for (Tag& t : game.tags) t.pos = game.pos_of(t.pos.offset);
  for (Diagnostic& d : game.diagnostics) d.pos = game.pos_of(d.pos.offset);
}

// Moves the game's bytes [step.begin, step.end) of the view of `source` into `text` without
// copying them, and leaves `source` holding the view's bytes after the game.
void take_text(TextSource& source, const ParseStep& step, std::string& text) {
  std::string& bytes = *source.bytes;
  const std::size_t from = source.view_begin + step.begin;
  const std::size_t to = source.view_begin + step.end;
  std::string rest(bytes, to, source.view_begin + source.view_bytes - to);
  text.swap(bytes);
  text.resize(to);
  text.erase(0, from);
  bytes = std::move(rest);
}

// Storage kept from one game (or one attempt at a game) to the next: more, a long game's, is
// given back, so that it is not held through the games after it, and so that a game read again
// with more bytes (ParseStep::NeedMore) grows its vectors anew to the size projected for them.
constexpr std::size_t kKeepBytes = std::size_t{1} << 20;

// Empties `game` for the next parse, keeping storage of up to kKeepBytes a vector.
void reset(Game& game) {
  if (game.text.capacity() > kKeepBytes)
    std::string().swap(game.text);
  else
    game.text.clear();
  game.tags.clear();
  clear_releasing(game.moves, kKeepBytes);
  game.variations.clear();
  clear_releasing(game.squares, kKeepBytes);
  game.setups.clear();
  game.diagnostics.clear();
  game.variant = {};
  game.encoding = Encoding::Ascii;
  clear_releasing(game.line_starts, kKeepBytes);
  clear_releasing(game.block_chars, kKeepBytes);
}

}  // namespace

ParseStep parse_game(std::string_view buffer, bool at_eof, LineColumn start, Game& game,
                     TextSource* source) {
  reset(game);
  ParseStep step;
  const GameRead read = read_game(buffer, at_eof, start, game, step);
  if (step.status != ParseStep::GameRead) {
    reset(game);  // what was read is read again with more bytes: its storage goes first
    return step;
  }
  if (game.tags.empty() && !read.move_seen) {
    step.not_a_game = true;
    step.end_at = ParseCursor::advance_position(step.begin_at, buffer.data() + step.begin,
                                           buffer.data() + step.end,
                                           buffer.data() + buffer.size());
    return step;
  }
  MoveEvidence evidence = read.evidence;
  bool evidence_valid = read.evidence_valid;
  std::string_view bytes = buffer.substr(step.begin, step.end - step.begin);
  game.encoding = detect_encoding(bytes);
  const bool single_byte = game.encoding == Encoding::Latin1 || game.encoding == Encoding::Windows1252;
  if (single_byte || (game.encoding == Encoding::Utf8 && has_full_width(bytes))) {
    // Re-read the converted text (Latin-1 or Windows-1252 as UTF-8; the full-width forms of the
    // movetext folded, `１２－１７`) so that values, offsets and columns refer to it.
    std::string converted;
    if (single_byte)
      append_as_utf8(bytes, game.encoding, converted);
    else
      converted = fold_full_width(bytes);
    const Encoding encoding = game.encoding;
    reset(game);
    ParseStep again;
    const GameRead reread =
        read_game(converted, true, step.begin_at, game, again, read.ended_by_next_tag);
    evidence = reread.evidence;
    evidence_valid = reread.evidence_valid;
    game.encoding = encoding;
    game.text = std::move(converted);
  } else if (source != nullptr && bytes.size() > source->min_take_bytes) {
    take_text(*source, step, game.text);
    step.text_taken = true;
  } else {
    game.text.assign(bytes);
  }
  game.first_line = step.begin_at.line;
  game.first_column = step.begin_at.column;
  index_positions(game);
  resolve_positions(game);
  const TextPos end = game.pos_of(static_cast<std::uint32_t>(game.text.size()));
  step.end_at = {end.line, end.column};
  game.last_line = end.line;
  normalize_tag_text(game);
  check_tag_values(game);
  if (evidence_valid) {
    add_numeric_evidence(game, evidence);
    check_variant(game, evidence);
  }
  else
    check_variant(game);
  std::stable_sort(game.diagnostics.begin(), game.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.pos.offset < b.pos.offset;
                   });
  return step;
}

}  // namespace damdb::pdn
