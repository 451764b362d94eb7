// Replay validation (see replay.hpp).
#include "pdn/replay.hpp"

#include <array>
#include <span>

#include "pdn/enum_names.hpp"
#include "pdn/written_move.hpp"
#include "rules/fen.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::pdn {
namespace {

using rules::Color;
using rules::Move;
using rules::MoveList;
using rules::Position;
using rules::Square;

const char* side_name(Color c) { return c == Color::White ? "White" : "Black"; }

/// The legal moves of `pos` in PDN notation, sorted canonically.
std::vector<std::string> legal_strings(const Position& pos, const MoveList& legal) {
  MoveList sorted = legal;
  rules::sort_moves(sorted);
  std::vector<std::string> out;
  out.reserve(sorted.size());
  for (const Move& m : sorted) out.push_back(rules::to_pdn(pos, m, legal));
  return out;
}

std::string full_route(const Position& pos, const Move& m) {
  std::string out;
  for (Square sq : rules::route(pos, m).path) {
    if (!out.empty()) out += m.is_capture() ? 'x' : '-';
    out += std::to_string(sq);
  }
  return out;
}

/// Every square a capture visits: the start, each square crossed or captured, each landing
/// square (bitboard).
rules::Bitboard squares_visited(const Position& pos, const Move& m) {
  const rules::Route r = rules::route(pos, m);
  rules::Bitboard visited = 0;
  for (std::size_t k = 0; k + 1 < r.path.size(); ++k) {
    const int a = rules::square_to_bit(r.path[k]), b = rules::square_to_bit(r.path[k + 1]);
    // Walk the diagonal from a towards b (the direction whose repeated steps reach b).
    for (int d : rules::kDirections) {
      rules::Bitboard walk = rules::Bitboard{1} << a, seen = walk;
      while (walk && !(walk & (rules::Bitboard{1} << b))) {
        walk = rules::shift(walk, d);
        seen |= walk;
      }
      if (walk) {
        visited |= seen;
        break;
      }
    }
  }
  return visited;
}

/// Old engine logs (DAM 2.x style) write captures as the start, the end and other squares of
/// the route in their own order ("24x15x29x47" for 47x15 over 33 and 20). Returns the only
/// legal capture whose start and end are among the written squares and whose route visits
/// every written square, or nullptr when there is none or more than one.
const Move* nonstandard_capture(const Position& pos, const MoveList& legal,
                                std::span<const Square> written) {
  if (written.size() < 3 || legal.empty() || !legal[0].is_capture()) return nullptr;
  const Move* found = nullptr;
  for (const Move& m : legal) {
    bool has_from = false, has_to = false;
    for (Square sq : written) {
      has_from |= sq == m.from_square();
      has_to |= sq == m.to_square();
    }
    if (!has_from || !has_to) continue;
    const rules::Bitboard visited = squares_visited(pos, m);
    bool all_on_route = true;
    for (Square sq : written) all_on_route &= (visited & rules::square_bb(sq)) != 0;
    if (!all_on_route) continue;
    if (found) return nullptr;
    found = &m;
  }
  return found;
}

/// Explains why written squares match no legal move: picks the most specific IssueKind.
IssueKind explain_illegal(const Position& pos, const MoveList& legal, const WrittenMove& w,
                          std::string& message) {
  const Square from = w.squares[0], to = w.squares[w.count - 1];
  const Color side = pos.side_to_move();
  const rules::Piece piece = pos.piece_on(from);
  if (piece == rules::Piece::Empty) {
    message = "no piece on square " + std::to_string(from);
    return IssueKind::NoPiece;
  }
  const bool white_piece = piece == rules::Piece::WhiteMan || piece == rules::Piece::WhiteKing;
  if (white_piece != (side == Color::White)) {
    message = std::string("the piece on ") + std::to_string(from) + " is " +
              (white_piece ? "White's" : "Black's") + ", but " + side_name(side) + " is to move";
    return IssueKind::WrongSide;
  }
  const bool must_capture = !legal.empty() && legal[0].is_capture();
  const int maximum = must_capture ? legal[0].capture_count() : 0;
  // The written start and end match a legal capture, but the route does not.
  std::string routes;
  for (const Move& m : legal)
    if (m.from_square() == from && m.to_square() == to) {
      if (!routes.empty()) routes += ", ";
      routes += full_route(pos, m);
    }
  if (!routes.empty()) {
    message = "the route written does not match the legal capture(s) from " + std::to_string(from) +
              " to " + std::to_string(to) + ": " + routes;
    return IssueKind::IllegalMove;
  }
  MoveList all;
  rules::generate_all_captures(pos, all);
  for (const Move& m : all) {
    if (m.from_square() == from && m.to_square() == to && m.capture_count() < maximum) {
      message = "this capture takes " + std::to_string(m.capture_count()) +
                " piece(s), but a capture of " + std::to_string(maximum) +
                " is compulsory (majority rule)";
      return IssueKind::NotMaximum;
    }
  }
  if (must_capture) {
    message = std::string("a capture is compulsory for ") + side_name(side) + " (" +
              std::to_string(legal[0].capture_count()) + " piece(s))";
    return IssueKind::CaptureRequired;
  }
  message =
      "not a legal move for the " +
      std::string(piece == rules::Piece::WhiteKing || piece == rules::Piece::BlackKing ? "king"
                                                                                         : "man") +
      " on " + std::to_string(from);
  return IssueKind::IllegalMove;
}

class Replayer {
 public:
  Replayer(const Game& game, const ReplayOptions& options, Replay& out)
      : game_(game), options_(options), out_(out) {}

  void run() {
    for (const Diagnostic& d : game_.diagnostics) reader_issue(d);
    if (!game_.variant.international) {
      out_.status = ReplayStatus::Skipped;
      return;
    }
    Position pos = Position::initial();
    if (const Tag* fen = game_.tag("FEN")) {
      try {
        pos = rules::parse_fen(fen->value);
      } catch (const rules::FenError& e) {
        ReplayIssue issue;
        issue.kind = IssueKind::BadFen;
        issue.token = fen->value;
        issue.pos = fen->pos;
        issue.message = e.what();
        out_.errors.push_back(std::move(issue));
        finish(pos, false);
        return;
      }
    }
    out_.start = pos;
    const bool complete = main_line(pos);
    finish(pos, complete);
  }

 private:
  /// A reader diagnostic as an issue of the game, by its severity: an error gets the ply of the
  /// main-line move it stands before; warnings and notes keep their count.
  void reader_issue(const Diagnostic& d) {
    ReplayIssue issue;
    issue.kind = d.kind;
    issue.count = d.count;
    issue.token = d.offending;
    issue.pos = d.pos;
    issue.message = d.message;
    if (!d.expected.empty()) issue.message += " (expected " + d.expected + ")";
    switch (d.severity) {
      case Severity::Error: {
        int ply = 1;
        for (const Element& e : game_.moves)
          if (e.kind == ElementKind::Move && e.offset < d.pos.offset) ++ply;
        issue.ply = ply;
        out_.errors.push_back(std::move(issue));
        break;
      }
      case Severity::Warning: warn(std::move(issue)); break;
      case Severity::Note: out_.notes.push_back(std::move(issue)); break;
    }
  }

  /// Records a warning; a further warning of a kind already recorded only counts.
  void warn(ReplayIssue issue) {
    for (ReplayIssue& w : out_.warnings)
      if (w.kind == issue.kind) {
        w.count += issue.count;
        return;
      }
    out_.warnings.push_back(std::move(issue));
  }

  static constexpr std::size_t kAllPlies = static_cast<std::size_t>(-1);

  /// Replays the main line from `pos` (updated); returns true when every move was legal.
  bool main_line(Position& pos) {
    const std::vector<Element>& elements = game_.moves;
    rules::DrawTracker draws(pos);
    Position before = pos;  // position before the last move played (for variations)
    int move_number = 1;
    bool numbered = false;  // the first move number of the game has been seen
    int ply = 0;
    MoveList legal;
    // Only recorded plies need the Zobrist key of each position.
    const bool keyed = options_.record_plies;
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const Element& e = elements[i];
      switch (e.kind) {
        case ElementKind::MoveNumber:
          check_number(e, pos.side_to_move(), move_number, numbered, ply);
          break;
        case ElementKind::Setup:
          if (!setup(e, pos)) return false;
          if (options_.max_recorded_plies != kAllPlies) out_.plies_played.clear();
          before = pos;
          draws = rules::DrawTracker(pos);
          break;
        case ElementKind::Variation:
          if (options_.replay_variations && ply > 0) variation(game_.variation_of(e), before, 0);
          break;
        case ElementKind::Move: {
          Move m{};
          // Fast lanes: a plain "a-b" quiet move when no capture is possible needs no move list,
          // a plain "axb" capture that is the only legal move between its squares no resolution.
          const bool listed = !fast_quiet_move(e, pos, m);
          if (listed) {
            rules::generate_moves(pos, legal);
            if (!fast_capture(e, legal, m) &&
                !resolve_move(e, pos, legal, i, elements, ply + 1, move_number, false, m))
              return false;
          }
          if (options_.record_plies && out_.plies_played.size() < options_.max_recorded_plies)
            out_.plies_played.push_back(
                {pos, m,
                 static_cast<std::uint32_t>(listed ? rules::encode_move_code(legal, m)
                                                   : rules::encode_move_code(pos, m))});
          before = pos;
          if (keyed)
            pos.play(m);
          else
            pos.play_unkeyed(m);  // the key is computed once, at the end (finish)
          ++ply;
          out_.plies = ply;
          draws.push(before, m, pos);
          if (out_.draw == rules::DrawReason::None && draws.draw() != rules::DrawReason::None) {
            out_.draw = draws.draw();
            out_.draw_ply = ply;
          }
          if (pos.side_to_move() == Color::White) ++move_number;
          break;
        }
        default:
          break;
      }
    }
    return true;
  }

  /// The written quiet move `e` (two squares, '-') when no capture is possible and it is legal:
  /// what resolve_move finds then, without a notation warning to give.
  bool fast_quiet_move(const Element& e, const Position& pos, Move& m) const {
    int from = 0, to = 0;
    return plain_move_bits(e, Separator::Dash, from, to) &&
           rules::find_legal_quiet_move(pos, from, to, m);
  }

  /// The bits of the two squares of `e` when it is a plain move of two squares on the board
  /// written with `separator`; false otherwise.
  bool plain_move_bits(const Element& e, Separator separator, int& from, int& to) const {
    if (e.square_count != 2 || e.separator != separator) return false;
    const auto sq = game_.squares_of(e);
    if (!rules::is_square(sq[0]) || !rules::is_square(sq[1])) return false;
    from = rules::square_to_bit(sq[0]);
    to = rules::square_to_bit(sq[1]);
    return true;
  }

  /// The written capture `e` (two squares, 'x') when exactly one legal move goes from its first
  /// to its last square and that move is a capture: what resolve_move finds then, without a
  /// notation warning to give.
  bool fast_capture(const Element& e, const MoveList& legal, Move& m) const {
    int from = 0, to = 0;
    if (!plain_move_bits(e, Separator::Cross, from, to)) return false;
    const Move* found = nullptr;
    for (const Move& c : legal)
      if (c.from == from && c.to == to) {
        if (found) return false;  // two routes: resolve_move tells them apart
        found = &c;
      }
    if (found == nullptr || !found->is_capture()) return false;
    m = *found;
    return true;
  }

  /// Replays a variation starting from `pos` (the position before the move it replaces).
  void variation(const std::vector<Element>& elements, Position pos, int depth) {
    if (depth >= kMaxVariationDepth) return;  // the reader keeps no deeper ones
    Position before = pos;
    int ply = 0;
    MoveList legal;
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const Element& e = elements[i];
      if (e.kind == ElementKind::Setup) {
        try {
          pos = rules::parse_fen(game_.setups[e.value]);
        } catch (const rules::FenError&) {
          return;
        }
        before = pos;
      } else if (e.kind == ElementKind::Variation) {
        if (ply > 0) variation(game_.variation_of(e), before, depth + 1);
      } else if (e.kind == ElementKind::Move) {
        Move m{};
        if (!fast_quiet_move(e, pos, m)) {
          rules::generate_moves(pos, legal);
          if (!fast_capture(e, legal, m) &&
              !resolve_move(e, pos, legal, i, elements, ply + 1, 0, true, m))
            return;
        }
        before = pos;
        pos.play_unkeyed(m);  // nothing in a variation reads keys
        ++ply;
      }
    }
  }

  bool setup(const Element& e, Position& pos) {
    try {
      pos = rules::parse_fen(game_.setups[e.value]);
      out_.setup_in_movetext = true;
      return true;
    } catch (const rules::FenError& err) {
      ReplayIssue issue;
      issue.kind = IssueKind::BadFen;
      issue.token = game_.setups[e.value];
      issue.pos = game_.pos_of(e);
      issue.message = err.what();
      out_.errors.push_back(std::move(issue));
      return false;
    }
  }

  void check_number(const Element& e, Color side, int& move_number, bool& numbered, int ply) {
    const int written = static_cast<int>(e.value);
    if (!numbered && ply == 0) {
      // The first number of the game sets the count (games from a FEN often start at 1 anyway).
      numbered = true;
      if (game_.tag("FEN") != nullptr || written == move_number) {
        move_number = written;
        if (e.black_form() == (side == Color::Black)) return;
      }
    }
    numbered = true;
    const bool side_ok = !e.black_form() || side == Color::Black;
    if (written == move_number && side_ok) return;
    if (!e.black_form() && side == Color::Black && written == move_number) return;  // "12. ..."
    ReplayIssue issue;
    issue.kind = IssueKind::MoveNumber;
    issue.ply = ply + 1;
    issue.move_number = move_number;
    issue.side = side;
    issue.token = std::string(game_.text_of(e));
    issue.pos = game_.pos_of(e);
    issue.message = "move number " + std::to_string(written) + (e.black_form() ? "..." : ".") +
                    " where " + std::to_string(move_number) +
                    (side == Color::Black ? "..." : ".") + " was expected";
    warn(std::move(issue));
    move_number = written;  // resynchronise: report a shifted numbering once
  }

  ReplayIssue issue_at(IssueKind kind, const Element& e, const Position& pos, int ply,
                       int move_number, std::string message) const {
    ReplayIssue issue;
    issue.kind = kind;
    issue.ply = ply;
    issue.move_number = move_number;
    issue.side = pos.side_to_move();
    issue.token = std::string(game_.text_of(e));
    issue.pos = game_.pos_of(e);
    issue.message = std::move(message);
    return issue;
  }

  /// Where a move element is resolved: the element, its line and index, the position and its
  /// legal moves, the ply and move number, and whether it is in a variation.
  struct MoveSite {
    const Element& e;
    const Position& pos;
    const MoveList& legal;
    std::size_t i;
    const std::vector<Element>& line;
    int ply;
    int move_number;
    bool in_variation;
  };

  /// Records that the move at `at` cannot be replayed (as a VariationError warning inside
  /// variations); returns false.
  bool fail(const MoveSite& at, IssueKind kind, std::string message,
            const std::vector<std::string>& candidates = {}) {
    ReplayIssue issue = issue_at(kind, at.e, at.pos, at.ply, at.move_number, std::move(message));
    issue.fen = rules::to_fen(at.pos);
    issue.legal = legal_strings(at.pos, at.legal);
    issue.candidates = candidates;
    if (at.in_variation) {
      issue.message = "in a variation: " + issue.message + " [" + std::string(to_string(kind)) + "]";
      issue.kind = IssueKind::VariationError;
      warn(std::move(issue));
    } else {
      out_.errors.push_back(std::move(issue));
    }
    return false;
  }

  /// Resolves the move element `e` (index i of `line`) in `pos`. On success stores the move in
  /// `m` and records notation warnings; on failure records the error (as a VariationError
  /// warning inside variations) and returns false.
  bool resolve_move(const Element& e, const Position& pos, const MoveList& legal, std::size_t i,
                    const std::vector<Element>& line, int ply, int move_number, bool in_variation,
                    Move& m) {
    const MoveSite at{e, pos, legal, i, line, ply, move_number, in_variation};
    if (e.alphanumeric())
      return fail(at, IssueKind::BadSquare, "coordinate notation is not used on the 10x10 board");
    const WrittenMove w = written_move(game_, e);
    for (std::size_t k = 0; k < w.count; ++k)
      if (!rules::is_square(w.squares[k]))
        return fail(at, IssueKind::BadSquare,
                    "square " + std::to_string(w.squares[k]) + " is not on the board (1..50)");
    if (w.count < 2)
      return fail(at, IssueKind::BadSquare, "a move needs a start and an end square");
    if (legal.empty())
      return fail(at, IssueKind::IllegalMove, std::string(side_name(pos.side_to_move())) +
                                                  " has no legal move: the game was already over");
    const rules::Resolution r = rules::resolve(pos, legal, w.span(), w.separator);
    if (r.status == rules::ResolveStatus::Illegal) return resolve_illegal(at, w, m);
    if (r.status == rules::ResolveStatus::Ambiguous) return resolve_ambiguous(at, r, m);
    m = r.move;
    if (!in_variation) notation_warnings(at, r, w, m);
    return true;
  }

  /// A written move that matches no legal move: read in an old engine's square order when that
  /// identifies one capture, else the error explained.
  bool resolve_illegal(const MoveSite& at, const WrittenMove& w, Move& m) {
    if (const Move* dialect = nonstandard_capture(at.pos, at.legal, w.span())) {
      m = *dialect;
      if (!at.in_variation)
        warn(issue_at(IssueKind::NonStandardNotation, at.e, at.pos, at.ply, at.move_number,
                      "capture written in a non-standard square order; read as " +
                          rules::to_pdn(at.pos, m, at.legal) + " (route " +
                          full_route(at.pos, m) + ")"));
      return true;
    }
    std::string message;
    const IssueKind kind = explain_illegal(at.pos, at.legal, w, message);
    if (at.ply == 1 && !at.in_variation && game_.tag("FEN") == nullptr && at.move_number > 1)
      message += " (the game starts at move " + std::to_string(at.move_number) +
                 " without a [FEN] tag: its start position is unknown)";
    return fail(at, kind, message);
  }

  /// The written moves of `line` from index `i` for replayable_plies: it stops at a setup, a
  /// coordinate move or the end of the line.
  auto next_written(const std::vector<Element>& line, std::size_t i) const {
    return [this, &line, i](WrittenMove& w) mutable {
      for (; i < line.size(); ++i) {
        const Element& e = line[i];
        if (e.kind == ElementKind::Setup) return false;
        if (e.kind != ElementKind::Move) continue;
        if (e.alphanumeric()) return false;
        w = written_move(game_, e);
        ++i;
        return true;
      }
      return false;
    };
  }

  /// An ambiguous capture: keeps the only candidate after which the next recorded plies stay
  /// legal the longest, else the error.
  bool resolve_ambiguous(const MoveSite& at, const rules::Resolution& r, Move& m) {
    std::vector<std::string> candidates;
    for (const Move& c : r.candidates) candidates.push_back(full_route(at.pos, c));
    const RouteChoice choice =
        longest_replaying(at.pos, r.candidates, options_.lookahead_plies,
                          [&] { return next_written(at.line, at.i + 1); });
    if (!choice.unique) {
      std::string list;
      for (const auto& c : candidates) {
        if (!list.empty()) list += ", ";
        list += c;
      }
      return fail(at, IssueKind::Ambiguous,
                  "ambiguous: " + std::to_string(candidates.size()) + " legal captures match (" +
                      list +
                      ") and the following moves do not "
                      "tell them apart; write the full route",
                  candidates);
    }
    m = r.candidates[choice.index];
    if (!at.in_variation) {
      ReplayIssue issue = issue_at(IssueKind::AmbiguousResolved, at.e, at.pos, at.ply,
                                   at.move_number,
                                   "ambiguous capture; only " +
                                       candidates[static_cast<std::size_t>(choice.index)] +
                                       " fits the moves that follow (PDN 3.0: write the "
                                       "full route when two captures share start and end)");
      issue.candidates = candidates;
      warn(std::move(issue));
    }
    return true;
  }

  /// Warnings about how the legal move `m` was written: the wrong separator, or intermediate
  /// squares where start and end identify it.
  void notation_warnings(const MoveSite& at, const rules::Resolution& r, const WrittenMove& w,
                         const Move& m) {
    if (r.capture_written_as_quiet)
      warn(issue_at(IssueKind::CaptureWrittenAsQuiet, at.e, at.pos, at.ply, at.move_number,
                    "capture written with '-' (PDN 3.0 writes captures "
                    "with 'x')"));
    if (r.quiet_written_as_capture)
      warn(issue_at(IssueKind::QuietWrittenAsCapture, at.e, at.pos, at.ply, at.move_number,
                    "non-capture written with 'x' (PDN 3.0 writes it with "
                    "'-')"));
    if (w.count > 2) {
      bool shared = false;
      for (const Move& other : at.legal)
        if (!(other == m) && other.from == m.from && other.to == m.to) shared = true;
      if (!shared)
        warn(issue_at(IssueKind::SuperfluousSquares, at.e, at.pos, at.ply, at.move_number,
                      "intermediate squares written where start and end "
                      "identify the move (PDN 3.0)"));
    }
  }

  void finish(const Position& pos, bool complete) {
    // With its key (the main line may have been played without keys).
    out_.final_position = Position::from_bitboards(pos.white(), pos.black(), pos.kings(),
                                                   pos.side_to_move());
    out_.complete = complete;
    if (complete) check_result(pos);
    if (!out_.errors.empty())
      out_.status = ReplayStatus::Invalid;
    else if (!out_.warnings.empty())
      out_.status = ReplayStatus::Warnings;
    else
      out_.status = ReplayStatus::Valid;
  }

  void check_result(const Position& pos) {
    const Element* terminator = game_.result();
    const Tag* tag = game_.tag("Result");
    const RecordedResult said = recorded_result(game_);
    const Outcome played = said.terminator, tagged = said.tag;
    auto game_issue = [&](IssueKind kind, std::string message, TextPos at) {
      ReplayIssue issue;
      issue.kind = kind;
      issue.ply = out_.plies;
      issue.side = pos.side_to_move();
      issue.pos = at;
      issue.message = std::move(message);
      issue.fen = rules::to_fen(pos);
      warn(std::move(issue));
    };
    if (terminator && tag && played != tagged && played != Outcome::Unknown &&
        tagged != Outcome::Unknown)
      game_issue(IssueKind::ResultMismatch,
                 "Result tag \"" + tag->value + "\" disagrees with the terminator \"" +
                     std::string(game_.text_of(*terminator)) + "\"",
                 game_.pos_of(*terminator));
    const Outcome recorded = said.said();
    if (rules::count_moves(pos) == 0 && out_.plies > 0) {
      const Outcome expected =
          pos.side_to_move() == Color::White ? Outcome::BlackWin : Outcome::WhiteWin;
      if (recorded != expected && recorded != Outcome::Unknown && recorded != Outcome::Unfinished)
        game_issue(IssueKind::ResultContradicted,
                   std::string(side_name(pos.side_to_move())) +
                       " has no legal move in the final position and so has lost, but the "
                       "result says " +
                       std::string(to_string(recorded)),
                   terminator ? game_.pos_of(*terminator) : TextPos{});
    }
    if (out_.draw != rules::DrawReason::None && out_.draw_ply < out_.plies)
      game_issue(IssueKind::DrawByRule,
                 std::string("draw by rule reached at ply ") + std::to_string(out_.draw_ply) +
                     ": " + rules::to_string(out_.draw) + ", before the recorded end",
                 terminator ? game_.pos_of(*terminator) : TextPos{});
  }

  const Game& game_;
  const ReplayOptions& options_;
  Replay& out_;
};

}  // namespace

namespace {
constexpr EnumNames<ReplayStatus, 4> kStatusNames{{{
    {ReplayStatus::Valid, "valid"},
    {ReplayStatus::Warnings, "warnings"},
    {ReplayStatus::Invalid, "invalid"},
    {ReplayStatus::Skipped, "skipped"},
}}};
static_assert(kStatusNames.covers(ReplayStatus::Skipped));
}  // namespace

std::string_view to_string(ReplayStatus status) { return kStatusNames(status, "invalid"); }

Replay replay(const Game& game, const ReplayOptions& options) {
  Replay out;
  Replayer(game, options, out).run();
  return out;
}

}  // namespace damdb::pdn
