// A move in International Draughts: a quiet step/slide or a capture sequence.
#pragma once

#include <array>
#include <cstdint>

#include "rules/bitboard.hpp"

namespace damdb::rules {

/// A legal move, identified (FMJD art. 4 and PDN 3.0) by its start square, end square and the SET
/// of captured pieces: two capture routes with the same start, end and captured set are one move.
/// Squares are stored as bit indices (see bitboard.hpp); use from_square()/to_square() for 1..50.
/// The route (landing squares) is not stored: rules/notation recovers it when it is written.
/// A trivial type (no default member initializers) so that a MoveList costs nothing to create:
/// write `Move m{}` for a zeroed move.
struct Move {
  Bitboard captures;  ///< captured pieces (bitboard); 0 for a quiet move
  std::uint8_t from;  ///< start, bit index 0..53
  std::uint8_t to;    ///< end, bit index 0..53 (equal to `from` for a king that returns)

  Square from_square() const { return bit_to_square(from); }
  Square to_square() const { return bit_to_square(to); }
  bool is_capture() const { return captures != 0; }
  int capture_count() const { return count(captures); }

  friend bool operator==(const Move&, const Move&) = default;
};

/// A fixed-capacity list of moves (no heap allocation). The largest known number of legal
/// moves in a reachable 10x10 position is far below the capacity.
class MoveList {
 public:
  static constexpr int kCapacity = 256;

  void push_back(const Move& m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }

 private:
  int size_ = 0;
  std::array<Move, kCapacity> moves_;  // left uninitialised beyond size_
};

}  // namespace damdb::rules
