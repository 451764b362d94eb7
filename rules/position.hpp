// A position of International Draughts: men and kings of both colours and the side to move.
#pragma once

#include <cassert>
#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/move.hpp"
#include "rules/zobrist_tables.hpp"

namespace damdb::rules {

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color opposite(Color c) { return c == Color::White ? Color::Black : Color::White; }

/// What stands on a square.
enum class Piece : std::uint8_t { Empty, WhiteMan, BlackMan, WhiteKing, BlackKing };

/// A position: bitboards of white pieces, black pieces and kings (of either colour), the side to
/// move, and the 64-bit Zobrist key kept up to date by play(). A small value type: copy it freely.
class Position {
 public:
  /// The empty board, White to move.
  Position() = default;

  /// The FMJD initial position: Black men on 1..20, White men on 31..50, White to move.
  static Position initial();

  /// A position from raw bitboards (bit layout of bitboard.hpp). Pieces must not overlap and
  /// `kings` must be a subset of white|black; the key is computed from scratch.
  static Position from_bitboards(Bitboard white, Bitboard black, Bitboard kings, Color to_move);

  Bitboard white() const { return white_; }
  Bitboard black() const { return black_; }
  Bitboard kings() const { return kings_; }
  Bitboard men() const { return (white_ | black_) & ~kings_; }
  Bitboard occupied() const { return white_ | black_; }
  Bitboard empty() const { return kBoard & ~occupied(); }
  Bitboard pieces(Color c) const { return c == Color::White ? white_ : black_; }
  Color side_to_move() const { return side_; }

  /// The piece on square 1..50.
  Piece piece_on(Square sq) const;

  /// 64-bit Zobrist key of pieces and side to move (see zobrist.hpp).
  std::uint64_t key() const { return key_; }
  /// An independent 32-bit key (different random tables) used to detect Zobrist collisions.
  std::uint32_t check_key() const;

  /// Plays a legal move (from generate_moves) for the side to move: moves the piece, removes the
  /// captured pieces, crowns a man that ends on the far row, switches the side and updates key().
  void play(const Move& m) {
    // Zobrist table rows: white man, black man, white king, black king (see zobrist.hpp).
    const auto& rows = zobrist::detail::kMain.pieces;
    const int own = side_ == Color::White ? 0 : 1;
    std::uint64_t key = key_ ^ zobrist::detail::kMain.black_to_move ^
                        rows[static_cast<std::size_t>(own + 2 * ((kings_ >> m.from) & 1))][m.from];
    for (Bitboard c = m.captures; c; c &= c - 1) {
      const int bit = lowest_bit(c);
      key ^= rows[static_cast<std::size_t>(1 - own + 2 * ((kings_ >> bit) & 1))]
                 [static_cast<std::size_t>(bit)];
    }
    play_unkeyed(m);
    key_ = key ^ rows[static_cast<std::size_t>(own + 2 * ((kings_ >> m.to) & 1))][m.to];
  }

  /// Like play() but leaves key() stale: for searches that never read keys (perft). Inline and
  /// branch-free: a few bitboard operations.
  void play_unkeyed(const Move& m) {
    const bool white_moves = side_ == Color::White;
    Bitboard& own = white_moves ? white_ : black_;
    Bitboard& opp = white_moves ? black_ : white_;
    const Bitboard from = Bitboard{1} << m.from;
    const Bitboard to = Bitboard{1} << m.to;
    assert(own & from);
    assert((m.captures & ~opp) == 0);
    // The piece ends as a king if it was one or if it is a man ending on the far row (FMJD
    // art. 3.7: only the end square of a capture counts).
    const Bitboard crown_row = white_moves ? kWhitePromotionRow : kBlackPromotionRow;
    const Bitboard was_king = Bitboard{0} - ((kings_ >> m.from) & 1);  // all ones or zero
    const Bitboard king_to = to & (crown_row | was_king);
    own = (own & ~from) | to;
    opp &= ~m.captures;
    kings_ = (kings_ & ~(from | m.captures)) | king_to;
    side_ = opposite(side_);
  }

  /// The colour-reversed position: square n <-> 51 - n, colours swapped, side to move swapped
  /// (defined in mirror.cpp with the other mirroring functions of mirror.hpp).
  Position mirrored() const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.white_ == b.white_ && a.black_ == b.black_ && a.kings_ == b.kings_ &&
           a.side_ == b.side_;
  }

 private:
  Bitboard white_ = 0;
  Bitboard black_ = 0;
  Bitboard kings_ = 0;
  Color side_ = Color::White;
  std::uint64_t key_ = 0;
};

}  // namespace damdb::rules
