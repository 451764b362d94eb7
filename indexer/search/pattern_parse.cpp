#include "indexer/search/pattern_parse.hpp"

#include <charconv>
#include <vector>

namespace damdb::indexer {
namespace {

using rules::Bitboard;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = s.find(sep, start);
    parts.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

/// A whole number, optionally signed; false when `s` is not one.
bool to_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc() && r.ptr == end;
}

int square_of(std::string_view s, std::string_view whole) {
  int sq = 0;
  if (!to_int(s, sq) || !rules::is_square(sq))
    throw PatternError("'" + std::string(s) + "' in '" + std::string(whole) +
                       "' is not a square (1..50)");
  return sq;
}

/// "27" or "31-35" as a set of squares.
Bitboard squares_of(std::string_view item, std::string_view whole) {
  const std::size_t dash = item.find('-');
  const int first = square_of(item.substr(0, dash), whole);
  const int last = dash == std::string_view::npos ? first : square_of(item.substr(dash + 1), whole);
  if (last < first)
    throw PatternError("range '" + std::string(item) + "' in '" + std::string(whole) +
                       "' is backwards");
  Bitboard b = 0;
  for (int sq = first; sq <= last; ++sq) b |= rules::square_bb(sq);
  return b;
}

/// One colour's list "W27,K45,?12" into men / kings / any of that colour.
void parse_colour(std::string_view list, bool every_square_allowed, std::string_view whole,
                  Bitboard& men, Bitboard& kings, Bitboard& any) {
  list.remove_prefix(1);  // the colour letter
  if (trim(list).empty()) return;
  for (std::string_view item : split(list, ',')) {
    item = trim(item);
    Bitboard* target = &men;
    if (!item.empty() && (item.front() == 'K' || item.front() == '?')) {
      target = item.front() == 'K' ? &kings : &any;
      item.remove_prefix(1);
      if (item.empty()) {
        if (!every_square_allowed)
          throw PatternError("a bare 'K' or '?' (every square) in '" + std::string(whole) +
                             "' is allowed only in not and any-of");
        *target |= rules::kBoard;
        continue;
      }
    }
    *target |= squares_of(item, whole);
  }
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

void merge_side(Pattern& p, SideToMove side, std::string_view clause) {
  if (side == SideToMove::Either) return;
  if (p.side != SideToMove::Either && p.side != side)
    throw PatternError(std::string(clause) + ": its side to move contradicts an earlier part");
  p.side = side;
}

void add_pieces(PieceSet& to, const PieceSet& from) {
  to.white_men |= from.white_men;
  to.white_kings |= from.white_kings;
  to.white_any |= from.white_any;
  to.black_men |= from.black_men;
  to.black_kings |= from.black_kings;
  to.black_any |= from.black_any;
}

int count_of(std::string_view arg, std::string_view clause, int min) {
  int n = 0;
  if (!to_int(arg, n) || n < min)
    throw PatternError(std::string(clause) + ": " + quoted(arg) + " is not a whole number >= " +
                       std::to_string(min));
  return n;
}

IntRange* count_range(Pattern& p, std::string_view keyword) {
  if (keyword == "white-men") return &p.white_men;
  if (keyword == "white-kings") return &p.white_kings;
  if (keyword == "black-men") return &p.black_men;
  if (keyword == "black-kings") return &p.black_kings;
  if (keyword == "pieces") return &p.pieces;
  return nullptr;
}

std::string* filter_field(FilterSpec& f, std::string_view keyword) {
  if (keyword == "player") return &f.player;
  if (keyword == "white") return &f.white;
  if (keyword == "black") return &f.black;
  if (keyword == "event") return &f.event;
  if (keyword == "since") return &f.since;
  if (keyword == "until") return &f.until;
  if (keyword == "result") return &f.result;
  return nullptr;
}

}  // namespace

PiecePattern parse_piece_pattern(std::string_view text, bool every_square_allowed) {
  const std::string_view whole = trim(text);
  PiecePattern out;
  std::vector<std::string_view> parts = split(whole, ':');
  std::size_t first = 0;
  if (parts[0] == "W" || parts[0] == "B" || parts[0] == "?") {
    out.side = parts[0] == "W" ? SideToMove::White
               : parts[0] == "B" ? SideToMove::Black
                                 : SideToMove::Either;
    first = 1;
  }
  if (whole.empty())
    throw PatternError("empty piece list (expected e.g. 'W:W27,28:B22,23')");
  for (std::size_t i = first; i < parts.size(); ++i) {
    const std::string_view part = trim(parts[i]);
    if (part.empty()) continue;
    PieceSet& s = out.pieces;
    if (part.front() == 'W')
      parse_colour(part, every_square_allowed, whole, s.white_men, s.white_kings, s.white_any);
    else if (part.front() == 'B')
      parse_colour(part, every_square_allowed, whole, s.black_men, s.black_kings, s.black_any);
    else
      throw PatternError(quoted(part) + " in " + quoted(whole) +
                         " does not start with W or B (expected e.g. 'W:W27,28:B22,23'; the "
                         "side to move W, B or ? comes first)");
  }
  return out;
}

Bitboard parse_squares(std::string_view text) {
  const std::string_view whole = trim(text);
  if (whole.empty()) throw PatternError("empty list of squares (expected e.g. '33,38-40')");
  Bitboard b = 0;
  for (std::string_view item : split(whole, ',')) b |= squares_of(trim(item), whole);
  return b;
}

IntRange parse_range(std::string_view text, bool allow_negative) {
  const std::string_view t = trim(text);
  std::string_view lo, hi;
  bool two = true;
  if (const std::size_t dots = t.find(".."); dots != std::string_view::npos) {
    lo = t.substr(0, dots);
    hi = t.substr(dots + 2);
  } else {
    // The separator is the first '-' after the first character when numbers may be negative
    // (a leading '-' is then a sign), the first '-' otherwise.
    const std::size_t dash = t.find('-', allow_negative ? 1 : 0);
    two = dash != std::string_view::npos;
    lo = t.substr(0, dash);
    if (two) hi = t.substr(dash + 1);
  }
  IntRange r;
  r.lo = allow_negative ? INT_MIN : 0;
  auto number = [&](std::string_view s, int& out) {
    if (!to_int(s, out) || (!allow_negative && out < 0))
      throw PatternError("bad range " + quoted(t) + " (expected e.g. '2-5', '20-', '-4'" +
                         (allow_negative ? ", '-2..1'" : "") + ")");
  };
  if (!two) {
    number(t, r.lo);
    r.hi = r.lo;
  } else {
    if (lo.empty() && hi.empty()) number(lo, r.lo);  // "-" or "..": throws
    if (!lo.empty()) number(lo, r.lo);
    if (!hi.empty()) number(hi, r.hi);
  }
  if (r.hi < r.lo) throw PatternError("range " + quoted(t) + " is empty (backwards)");
  return r;
}

void apply_clause(SearchSpec& spec, std::string_view keyword, std::string_view argument) {
  Pattern& p = spec.query.pattern;
  const std::string clause = std::string(keyword) + (argument.empty() ? "" : " ") +
                             std::string(argument);
  try {
    if (keyword == "must" || keyword == "not" || keyword == "any-of") {
      const PiecePattern pp = parse_piece_pattern(argument, keyword != "must");
      merge_side(p, pp.side, clause);
      if (keyword == "must") add_pieces(p.must, pp.pieces);
      else if (keyword == "not") add_pieces(p.must_not, pp.pieces);
      else p.any_of.push_back(AnyOfGroup{pp.pieces, 1});
    } else if (keyword == "at-least") {
      if (p.any_of.empty()) throw PatternError("at-least needs an any-of before it");
      p.any_of.back().at_least = count_of(trim(argument), keyword, 1);
    } else if (keyword == "empty") {
      p.empty |= parse_squares(argument);
    } else if (IntRange* r = count_range(p, keyword)) {
      *r = parse_range(argument);
    } else if (keyword == "balance") {
      p.balance = parse_range(argument, true);
    } else if (keyword == "plies") {
      spec.query.plies = parse_range(argument);
    } else if (keyword == "hold") {
      spec.query.hold = count_of(trim(argument), keyword, 1);
    } else if (keyword == "mirror") {
      if (!trim(argument).empty()) throw PatternError("mirror takes no argument");
      spec.query.mirror = true;
    } else if (std::string* field = filter_field(spec.filter, keyword)) {
      *field = std::string(trim(argument));
    } else {
      throw PatternError("unknown clause " + quoted(keyword) +
                         " (expected must, empty, not, any-of, at-least, white-men, "
                         "white-kings, black-men, black-kings, pieces, balance, plies, hold, "
                         "mirror, player, white, black, event, since, until, result)");
    }
  } catch (const PatternError& e) {
    const std::string what = e.what();
    if (what.starts_with(clause)) throw;
    throw PatternError(clause + ": " + what);
  }
}

SearchSpec parse_search(std::string_view text) {
  SearchSpec spec;
  for (std::string_view clause : split(text, ';')) {
    clause = trim(clause);
    if (clause.empty()) continue;
    const std::size_t space = clause.find_first_of(" \t");
    const std::string_view keyword = clause.substr(0, space);
    std::string_view argument =
        space == std::string_view::npos ? std::string_view() : trim(clause.substr(space));
    if (keyword == "any-of") {
      const std::size_t at = argument.find("at-least");
      if (at != std::string_view::npos) {
        apply_clause(spec, keyword, trim(argument.substr(0, at)));
        apply_clause(spec, "at-least", trim(argument.substr(at + 8)));
        continue;
      }
    }
    apply_clause(spec, keyword, argument);
  }
  return spec;
}

void override_filters(SearchSpec& spec, const FilterSpec& given) {
  for (auto field : {&FilterSpec::player, &FilterSpec::white, &FilterSpec::black,
                     &FilterSpec::event, &FilterSpec::since, &FilterSpec::until,
                     &FilterSpec::result, &FilterSpec::blunder_by})
    if (!(given.*field).empty()) spec.filter.*field = given.*field;
  spec.filter.regex = spec.filter.regex || given.regex;
  spec.filter.missed_win = spec.filter.missed_win || given.missed_win;
  if (given.eval_swing > 0) spec.filter.eval_swing = given.eval_swing;
}

}  // namespace damdb::indexer
