// Diagonal rays on the ghost-bit board of bitboard.hpp, for the flying king (FMJD art. 3.9, 4.3):
// a table of the squares beyond each square in each direction, the nearest piece on a ray found
// with one bit scan, and the squares a set of kings slides over computed by doubling shifts, with
// no loop over squares.
#pragma once

#include <array>
#include <bit>

#include "rules/bitboard.hpp"

namespace damdb::rules {

/// Index 0..3 of a direction in kDirections.
template <int D>
constexpr int direction_index() {
  return D == kUpLeft ? 0 : D == kUpRight ? 1 : D == kDownLeft ? 2 : 3;
}

/// The bit that stands for "no square" in ray look-ups: never a board square, and its ray is
/// empty.
inline constexpr int kNoBit = 63;

/// kRays[direction_index][bit]: every board square beyond `bit` along the direction (the square
/// itself excluded); empty for ghost bits and for kNoBit.
inline constexpr auto kRays = [] {
  std::array<std::array<Bitboard, 64>, 4> rays{};
  for (int i = 0; i < 4; ++i)
    for (Square sq = 1; sq <= kSquares; ++sq) {
      Bitboard& ray = rays[static_cast<std::size_t>(i)][static_cast<std::size_t>(square_to_bit(sq))];
      for (Bitboard b = shift(square_bb(sq), kDirections[static_cast<std::size_t>(i)]); b;
           b = shift(b, kDirections[static_cast<std::size_t>(i)]))
        ray |= b;
    }
  return rays;
}();

/// The squares beyond bit `b` along D.
template <int D>
constexpr Bitboard ray(int b) {
  return kRays[direction_index<D>()][static_cast<std::size_t>(b)];
}

/// The square of `set` met first when walking along D (bits grow along kDownLeft/kDownRight and
/// shrink along kUpLeft/kUpRight), or kNoBit when `set` is empty.
template <int D>
constexpr int nearest(Bitboard set) {
  if constexpr (D > 0) return std::countr_zero(set | (Bitboard{1} << kNoBit));
  return set ? 63 - std::countl_zero(set) : kNoBit;
}

/// The squares from bit `b` along D before the first square of `occupied` (b excluded): where a
/// king on `b` may slide, or land behind a piece it jumps on `b`.
template <int D>
constexpr Bitboard free_run(int b, Bitboard occupied) {
  const Bitboard beyond = ray<D>(b);
  const int stop = nearest<D>(beyond & occupied);
  return beyond & ~(ray<D>(stop) | (Bitboard{1} << stop));
}

/// Every square a king on bit `b` may slide to (all four directions).
constexpr Bitboard king_slides(int b, Bitboard occupied) {
  return free_run<kUpLeft>(b, occupied) | free_run<kUpRight>(b, occupied) |
         free_run<kDownLeft>(b, occupied) | free_run<kDownRight>(b, occupied);
}

/// The squares the kings of `kings` slide over along D: the empty squares reached before the
/// first occupied one (`empty` holds real squares only). Occluded fill by doubling shifts.
template <int D>
constexpr Bitboard slide_fill(Bitboard kings, Bitboard empty) {
  Bitboard reach = kings;
  Bitboard open = empty;
  reach |= open & step<D>(reach);
  open &= step<D>(open);
  reach |= open & step<2 * D>(reach);
  open &= step<2 * D>(open);
  reach |= open & step<4 * D>(reach);
  open &= step<4 * D>(open);
  reach |= open & step<8 * D>(reach);
  return reach & empty;
}

}  // namespace damdb::rules
