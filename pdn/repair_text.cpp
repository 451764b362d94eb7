// A repaired, cut or annotated copy of a game (see repair.hpp), and the elements it gets.
#include "pdn/repair_text.hpp"

#include <array>
#include <cstdio>
#include <span>

#include "pdn/repair.hpp"
#include "rules/mirror.hpp"
#include "rules/notation.hpp"

namespace damdb::pdn {

using rules::Move;
using rules::Position;
using rules::Square;

namespace repair_detail {

std::string format_confidence(double confidence) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.2f", confidence);
  return buffer;
}

TextRange append_text(Game& g, std::string_view text) {
  TextRange r{static_cast<std::uint32_t>(g.text.size()), static_cast<std::uint32_t>(text.size())};
  g.text += text;
  return r;
}

Element comment_element(Game& g, std::string_view text, TextPos at) {
  Element e;
  e.kind = ElementKind::Comment;
  e.text = append_text(g, text);
  e.offset = at.offset;
  return e;
}

}  // namespace repair_detail

using namespace repair_detail;

namespace {

/// A move element holding `squares` (written with `sep`), placed at `at` in the source.
Element make_move(Game& g, std::span<const Square> squares, bool capture, TextPos at,
                  std::string_view strength = {}) {
  std::string text;
  for (std::size_t i = 0; i < squares.size(); ++i) {
    if (i) text += capture ? 'x' : '-';
    text += std::to_string(squares[i]);
  }
  Element e;
  e.kind = ElementKind::Move;
  e.separator = capture ? Separator::Cross : Separator::Dash;
  e.square_count = static_cast<std::uint8_t>(squares.size());
  e.value = static_cast<std::uint32_t>(g.squares.size());
  for (Square sq : squares) g.squares.push_back(static_cast<std::uint8_t>(sq));
  text += strength;
  e.text = append_text(g, text);
  e.set_strength_size(static_cast<std::uint32_t>(strength.size()));
  e.offset = at.offset;
  return e;
}

/// A move element for a legal move in PDN 3.0 notation (full route when start-end is shared).
Element move_element(Game& g, const Position& pos, const Move& m, TextPos at,
                     std::string_view strength = {}) {
  const std::string text = rules::to_pdn(pos, m);
  std::vector<Square> squares;
  rules::Separator sep;
  rules::parse_move_text(text, squares, sep);
  return make_move(g, squares, m.is_capture(), at, strength);
}

}  // namespace

Game apply_repair(const Game& game, const RepairProposal& proposal,
                  const RepairCandidate& candidate) {
  Game g = game;
  const std::uint32_t here = proposal.elements[proposal.error_token];
  const TextPos at = game.pos_of(game.moves[here]);
  std::string note = "damdb: ";
  if (candidate.op == RepairOp::Delete)
    note += candidate.original + " deleted";
  else
    note += candidate.applied + " was " + candidate.original;
  note += ", ";
  note += to_string(candidate.kind);
  if (candidate.op == RepairOp::MirrorRest) note += " (every later move mirrored)";
  note += ", confidence " + format_confidence(candidate.confidence);

  switch (candidate.op) {
    case RepairOp::Replace:
    case RepairOp::MirrorRest: {
      const Element& old = game.moves[here];
      g.moves[here] = move_element(g, proposal.at, candidate.move, at, game.text_of(old.strength()));
      if (candidate.op == RepairOp::MirrorRest) {
        for (int k = proposal.error_token + 1; k < proposal.segment_end; ++k) {
          const Element& e = game.moves[proposal.elements[k]];
          if (e.alphanumeric()) continue;
          std::array<Square, 256> squares{};
          const auto written = game.squares_of(e);
          for (std::size_t i = 0; i < written.size(); ++i)
            squares[i] = rules::mirrored_square(written[i]);
          g.moves[proposal.elements[k]] =
              make_move(g, std::span<const Square>(squares.data(), written.size()),
                        e.separator == Separator::Cross || e.separator == Separator::Colon, game.pos_of(e),
                        game.text_of(e.strength()));
        }
      }
      g.moves.insert(g.moves.begin() + here + 1, comment_element(g, note, at));
      break;
    }
    case RepairOp::Insert: {
      // Before the move numbers that precede the token, so that "13." stays with White's move.
      std::uint32_t where = here;
      while (where > 0 && g.moves[where - 1].kind == ElementKind::MoveNumber) --where;
      const Element inserted = move_element(g, proposal.at, candidate.move, at);
      const Element comment = comment_element(g, note, at);
      g.moves.insert(g.moves.begin() + where, {inserted, comment});
      break;
    }
    case RepairOp::Delete: {
      const std::uint32_t gone = proposal.elements[candidate.token];
      g.moves[gone] = comment_element(g, note, game.pos_of(game.moves[gone]));
      break;
    }
    case RepairOp::Swap: {
      const std::uint32_t a = proposal.elements[candidate.token];
      const std::uint32_t b = proposal.elements[candidate.token + 1];
      std::swap(g.moves[a], g.moves[b]);
      g.moves.insert(g.moves.begin() + b + 1, comment_element(g, note, game.pos_of(game.moves[b])));
      break;
    }
  }
  return g;
}

Game truncate_game(const Game& game, const RepairProposal& proposal, std::string_view why) {
  Game g = game;
  const std::uint32_t here = proposal.elements[proposal.error_token];
  const Element* terminator = game.result();
  const std::uint32_t begin = game.moves[here].offset;
  const std::uint32_t end = terminator ? terminator->offset
                                       : static_cast<std::uint32_t>(game.text.size());
  std::string rest;
  bool space = false;
  for (std::uint32_t i = begin; i < end && i < game.text.size(); ++i) {
    char ch = game.text[i];
    if (ch == '{') ch = '(';
    if (ch == '}') ch = ')';
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      space = !rest.empty();
      continue;
    }
    if (space) rest += ' ';
    space = false;
    rest += ch;
  }
  std::string note = "damdb: not repaired (";
  note += why;
  note += "); unreplayable rest: ";
  note += rest;
  g.moves.resize(here);
  g.moves.push_back(comment_element(g, note, game.pos_of(game.moves[here])));
  if (terminator) g.moves.push_back(*terminator);
  return g;
}

Game annotate_game(const Game& game, std::string_view note) {
  Game g = game;
  std::string text(note);
  for (char& ch : text) {
    if (ch == '{') ch = '(';
    if (ch == '}') ch = ')';
  }
  const Element comment = comment_element(g, text, g.moves.empty() ? TextPos{} : g.pos_of(g.moves.back()));
  auto where = g.moves.end();
  if (!g.moves.empty() && g.moves.back().kind == ElementKind::Result) --where;
  g.moves.insert(where, comment);
  return g;
}

}  // namespace damdb::pdn
