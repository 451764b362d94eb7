// A move in International Draughts: a quiet step/slide or a capture sequence.
#pragma once

#include <algorithm>
#include <cstddef>
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

/// The canonical move order (sort_moves(), move codes in move_code.hpp): start square, end
/// square, then the captured squares compared as ascending lists (bit order is square order).
inline bool canonical_less(const Move& a, const Move& b) {
  if (a.from != b.from) return a.from < b.from;
  if (a.to != b.to) return a.to < b.to;
  Bitboard x = a.captures, y = b.captures;
  while (x && y) {
    const int bx = lowest_bit(x), by = lowest_bit(y);
    if (bx != by) return bx < by;
    x &= x - 1;
    y &= y - 1;
  }
  return x == 0 && y != 0;
}

/// A list of moves that holds the common case without heap allocation and grows when needed.
///
/// Bound: quiet moves never exceed 4 per empty square (each empty square is reached by at most
/// the first piece along each of its 4 diagonals) nor 17 per king (the most squares on the two
/// diagonals of one square), so at most min(17 n, 4 (50 - n)) <= 160 for n own pieces. Captures
/// have no small bound derived from the rules (FMJD art. 4: one move per start, end and captured
/// set; many kings facing many men give hundreds of them), so the first kInlineCapacity moves
/// live in the object and a rare position with more moves spills into a heap buffer (off the
/// hot path: no real game has come close). push_back is checked in every build.
class MoveList {
 public:
  static constexpr int kInlineCapacity = 256;

  MoveList() = default;
  MoveList(const MoveList& other) { assign(other); }
  MoveList& operator=(const MoveList& other) {
    if (this != &other) {
      size_ = 0;
      assign(other);
    }
    return *this;
  }
  ~MoveList() {
    if (data_ != inline_) delete[] data_;
  }

  void push_back(const Move& m) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    data_[size_++] = m;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return data_[i]; }
  Move& operator[](int i) { return data_[i]; }
  const Move* begin() const { return data_; }
  const Move* end() const { return data_ + size_; }
  Move* begin() { return data_; }
  Move* end() { return data_ + size_; }

 private:
  /// Doubles the capacity, moving the moves to a heap buffer.
  [[gnu::noinline]] void grow() { reserve(capacity_ * 2); }
  void reserve(int capacity) {
    if (capacity <= capacity_) return;
    Move* bigger = new Move[static_cast<std::size_t>(capacity)];
    std::copy(data_, data_ + size_, bigger);
    if (data_ != inline_) delete[] data_;
    data_ = bigger;
    capacity_ = capacity;
  }
  void assign(const MoveList& other) {
    reserve(other.size_);
    std::copy(other.begin(), other.end(), data_);
    size_ = other.size_;
  }

  int size_ = 0;
  int capacity_ = kInlineCapacity;
  Move* data_ = inline_;
  // A plain array, so that data_'s initialiser takes its address without calling a member of a
  // field not constructed yet. Left uninitialised beyond size_.
  Move inline_[kInlineCapacity];  // NOLINT(modernize-avoid-c-arrays)
};

}  // namespace damdb::rules
