// The variations open while a game's movetext is read: which line a token joins (the main line
// or the innermost open variation), and the regions nested deeper than kMaxVariationDepth, read
// into a scratch line and dropped with one warning. Source: PDN 3.0 "Movetext" (recursive
// annotation variations).
#pragma once

#include "pdn/game.hpp"
#include "pdn/parse_cursor.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace damdb::pdn {

/// The open variations of one game being read (indices into Game::variations).
class VariationStack {
 public:
  explicit VariationStack(Game& game) : game_(game), open_line_(&game.moves) {}

  /// The line being read: the main line, the innermost open variation, or the scratch line of
  /// a region nested too deep.
  std::vector<Element>& line() { return *open_line_; }
  /// True when the main line is being read (no variation open, none nested too deep counts).
  bool empty() const { return stack_.empty(); }

  /// Opens a variation at the '(' under the cursor (a Variation element in the line read) and
  /// steps past it; deeper than kMaxVariationDepth the region is skipped.
  void open(ParseCursor& in);
  /// Closes the innermost variation at the ')' under the cursor and steps past it; a ')'
  /// without a variation is stray text.
  void close(ParseCursor& in);
  /// At the game's end (byte `end`): ends a region nested too deep, then reports each
  /// variation never closed (UnclosedVariation) and closes it.
  void close_all(ParseCursor& in, std::size_t end);

 private:
  void update_line();
  void end_too_deep(ParseCursor& in, std::size_t end);

  Game& game_;
  std::vector<std::uint32_t> stack_;
  // open_line_ caches line() and is reset whenever stack_ changes (game_.variations grows only
  // just before a push).
  std::vector<Element>* open_line_;
  std::vector<std::uint32_t> open_pos_;  // offsets of the open variations' '('
  // Variations opened beyond kMaxVariationDepth and not yet closed, where the first of them
  // began, and the scratch line their elements go to.
  std::uint32_t too_deep_ = 0;
  std::size_t too_deep_begin_ = 0;
  TextPos too_deep_pos_;
  std::vector<Element> too_deep_line_;
};

}  // namespace damdb::pdn
