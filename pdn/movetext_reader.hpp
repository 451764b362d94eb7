// The body of one PDN game: movetext (move numbers, numeric and alphanumeric moves, comments,
// variations, NAGs, setup commands, the terminator) and where the game ends, with the tag pairs
// handed to a TagReader. Hot path: runs of plain tokens are read in one tight loop
// (plain_token.hpp); elements are small value types whose texts are offsets into the game's text.
// Source: PDN 3.0 "Movetext" plus the dialects of real files (see reader.hpp).
#pragma once

#include "pdn/game.hpp"
#include "pdn/parse_cursor.hpp"
#include "pdn/plain_token.hpp"
#include "pdn/tag_reader.hpp"
#include "pdn/variation_stack.hpp"
#include "pdn/variant.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace damdb::pdn {

/// Reads one game from a ParseCursor standing on its first byte into `game` (moves,
/// variations, squares, setups; tags through `tags`; problems through the cursor).
class MovetextReader {
 public:
  MovetextReader(ParseCursor& in, TagReader& tags, Game& game)
      : in_(in), tags_(tags), game_(game), variations_(game) {}

  /// Reads the game up to its end: its terminator, the next game's tags or movetext, or the
  /// end of the input. Returns the byte after the game's last byte. Throws NeedMoreInput when
  /// the buffer ends inside the game and more may follow.
  std::size_t read_game();

  /// The game is read again (converted encoding) after the next game's tags ended it: the end
  /// of the input is then the next game's tags.
  void set_eof_is_next_tag(bool value) { eof_is_next_tag_ = value; }
  /// True when the next game's tags (or movetext) ended the game read.
  bool ended_by_next_tag() const { return ended_by_next_tag_; }
  /// True when a move or setup was read (in any line).
  bool move_seen() const { return move_seen_; }
  /// Variant evidence of the alphanumeric moves read (check_variant); the numeric part comes
  /// from the game once read (add_numeric_evidence). Not valid when a move was read again as
  /// a result after the fact.
  const MoveEvidence& evidence() const { return evidence_; }
  bool evidence_valid() const { return evidence_valid_; }

 private:
  enum class EndReason { Terminator, NextTag, Eof };

  EndReason read_body();
  void finish(EndReason reason);

  std::vector<Element>& current_line() { return variations_.line(); }
  void push(const Element& e);

  // Tokens.
  bool read_star();
  bool add_result(std::size_t start, std::size_t end, TextPos pos, Outcome outcome);
  void read_comment();
  void read_line_comment();
  void push_comment(ElementKind kind, TextPos pos, std::size_t from, std::size_t to);
  bool read_number_token();
  void read_plain_movetext();
  void append_batch(std::vector<Element>& line, unsigned char* next, std::uint8_t* next_square,
                    std::size_t at);
  void push_move_number(std::size_t start, std::size_t digits_end, std::size_t end, TextPos pos,
                        bool black);
  bool spaced_separator_at(std::size_t q) const;
  bool move_number_end(std::size_t q) const;
  bool square_ends_as_number(std::size_t q) const;
  bool move_follows(std::size_t q) const;
  bool move_read() const;
  bool new_game_at(std::size_t q) const;
  void read_numeric_move(std::size_t start, TextPos pos);
  void read_alphanumeric_move();
  void read_ellipsis();
  void read_nag();
  void read_setup();
  void skip_stray_string();
  void lone_bracket();
  void read_backslash();
  bool read_placeholder_terminator();
  bool read_half_draw();
  void skip_unexpected();

  ParseCursor& in_;
  TagReader& tags_;
  Game& game_;
  std::size_t last_end_ = 0;    // one past the last token read
  bool movetext_ = false;       // a movetext token was read
  bool comment_cut_ = false;    // an unclosed comment was ended before the next game's tags
  bool eof_is_next_tag_ = false;
  bool ended_by_next_tag_ = false;
  bool bare_tag_repeats_ = false;  // a tag without its '[' repeats a name: next game
  bool move_seen_ = false;
  MoveEvidence evidence_;
  bool evidence_valid_ = true;
  VariationStack variations_;
  PlainBatch batch_;  // read_plain_movetext's elements before they join their line
};

}  // namespace damdb::pdn
