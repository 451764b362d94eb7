// PDN move notation (PDN 3.0 "Move notation"): writing moves and resolving written moves.
#include "rules/notation.hpp"

#include <cctype>

#include "rules/movegen.hpp"

namespace damdb::rules {
namespace {

constexpr Bitboard bit(int b) { return Bitboard{1} << b; }

/// Enumerates every capture route of the piece on `from` that takes exactly the pieces of
/// `target` and ends on `to`, calling visit(route) with the landing squares as bit indices
/// (the start excluded); stops early when visit returns true. Every landing square is tried
/// (not only the first beyond a captured piece), so any written intermediate square is found.
class RouteSearch {
 public:
  RouteSearch(const Position& pos, const Move& m) : move_(m) {
    const Color side = pos.side_to_move();
    opponents_ = pos.pieces(opposite(side));
    empty_ = pos.empty() | bit(m.from);
    king_ = (pos.kings() & bit(m.from)) != 0;
  }

  template <class Visit>
  bool run(Visit&& visit) {
    landing_.clear();
    taken_.clear();
    return search(move_.from, 0, visit);
  }

 private:
  template <class Visit>
  bool search(int sq, Bitboard captured, Visit& visit) {
    if (captured == move_.captures) return sq == move_.to && visit(landing_);
    for (int d : kDirections) {
      Bitboard b = shift(bit(sq), d);
      if (king_)
        while (b & empty_) b = shift(b, d);
      if (!(b & move_.captures & ~captured)) continue;
      for (Bitboard land = shift(b, d) & empty_; land; land = shift(land, d) & empty_) {
        landing_.push_back(lowest_bit(land));
        taken_.push_back(lowest_bit(b));
        if (search(lowest_bit(land), captured | b, visit)) return true;
        landing_.pop_back();
        taken_.pop_back();
        if (!king_) break;
      }
    }
    return false;
  }

  Move move_;
  Bitboard opponents_ = 0;
  Bitboard empty_ = 0;
  bool king_ = false;
  std::vector<int> landing_;

 public:
  std::vector<int> taken_;  ///< captured pieces (bit indices) along the current route
};

/// True when `wanted` (squares) is an ordered subsequence of `landing` (bit indices).
bool is_subsequence(std::span<const Square> wanted, const std::vector<int>& landing) {
  std::size_t i = 0;
  for (int b : landing)
    if (i < wanted.size() && bit_to_square(b) == wanted[i]) ++i;
  return i == wanted.size();
}

}  // namespace

Route route(const Position& pos, const Move& m) {
  Route out;
  out.path.push_back(m.from_square());
  if (!m.is_capture()) {
    out.path.push_back(m.to_square());
    return out;
  }
  // The first route the search meets tries the nearest landing square first, so a straight
  // continuation lands right behind the captured piece, as PDN 3.0 writes it.
  RouteSearch search(pos, m);
  search.run([&](const std::vector<int>& landing) {
    for (int b : landing) out.path.push_back(bit_to_square(b));
    for (int b : search.taken_) out.captured.push_back(bit_to_square(b));
    return true;
  });
  if (out.path.size() == 1) out.path.push_back(m.to_square());  // not a capture of pos
  return out;
}

std::string to_pdn(const Position& pos, const Move& m, const MoveList& legal) {
  const char sep = m.is_capture() ? 'x' : '-';
  bool shared_ends = false;
  for (const Move& other : legal)
    if (!(other == m) && other.from == m.from && other.to == m.to) shared_ends = true;
  std::string out;
  if (!shared_ends) {
    out = std::to_string(m.from_square());
    out += sep;
    out += std::to_string(m.to_square());
    return out;
  }
  for (Square sq : route(pos, m).path) {
    if (!out.empty()) out += sep;
    out += std::to_string(sq);
  }
  return out;
}

std::string to_pdn(const Position& pos, const Move& m) {
  MoveList legal;
  generate_moves(pos, legal);
  return to_pdn(pos, m, legal);
}

bool parse_move_text(std::string_view text, std::vector<Square>& squares, Separator& sep) {
  squares.clear();
  sep = Separator::Unknown;
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (true) {
    while (i < n && text[i] == ' ') ++i;  // "1- 7" style padding
    if (i >= n || !std::isdigit(static_cast<unsigned char>(text[i]))) return false;
    int value = 0;
    while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) {
      if (value < 1000) value = value * 10 + (text[i] - '0');
      ++i;
    }
    squares.push_back(value);
    while (i < n && text[i] == ' ') ++i;
    if (i >= n) break;
    const char c = text[i];
    if (c == '-') {
      if (sep == Separator::Unknown) sep = Separator::Quiet;
    } else if (c == 'x' || c == 'X' || c == ':') {
      sep = Separator::Capture;
    } else {
      break;
    }
    ++i;
  }
  for (; i < n; ++i)  // trailing strength marks only
    if (text[i] != '!' && text[i] != '?' && text[i] != '*' && text[i] != '(' && text[i] != ')' &&
        text[i] != ' ')
      return false;
  return squares.size() >= 2;
}

Resolution resolve(const Position& pos, const MoveList& legal, std::span<const Square> squares,
                   Separator sep) {
  Resolution r;
  if (squares.size() < 2) return r;
  for (Square sq : squares)
    if (!is_square(sq)) return r;  // ResolveStatus::Syntax: not a square
  const int from = square_to_bit(squares.front()), to = square_to_bit(squares.back());
  const std::span<const Square> middle = squares.subspan(1, squares.size() - 2);
  for (const Move& m : legal) {
    if (m.from != from || m.to != to) continue;
    bool match = middle.empty();
    if (!match && m.is_capture()) {
      RouteSearch search(pos, m);
      match = search.run(
          [&](const std::vector<int>& landing) { return is_subsequence(middle, landing); });
    }
    if (match) r.candidates.push_back(m);
  }
  if (r.candidates.empty()) {
    r.status = ResolveStatus::Illegal;
    return r;
  }
  if (r.candidates.size() > 1) {
    r.status = ResolveStatus::Ambiguous;
    return r;
  }
  r.status = ResolveStatus::Ok;
  r.move = r.candidates[0];
  r.candidates.clear();
  r.capture_written_as_quiet = r.move.is_capture() && sep == Separator::Quiet;
  r.quiet_written_as_capture = !r.move.is_capture() && sep == Separator::Capture;
  return r;
}

Resolution resolve(const Position& pos, std::string_view text) {
  std::vector<Square> squares;
  Separator sep;
  if (!parse_move_text(text, squares, sep)) return Resolution{};
  MoveList legal;
  generate_moves(pos, legal);
  return resolve(pos, legal, squares, sep);
}

}  // namespace damdb::rules
