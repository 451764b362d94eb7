// The capture search that gathers the squares it reads. Kept out of movegen.cpp: a second
// instantiation of the search there takes from that file's inlining budget and slows its
// common paths.
#include "rules/capture_search.hpp"

namespace damdb::rules::detail {

int count_captures_reading(Bitboard men, Bitboard kings, Bitboard opp, Bitboard empty,
                           Bitboard& reads) {
  const ManJumps jumps(men, opp, empty);
  MoveList moves;
  const int found = search_captures<true>(jumps.capturers() | kings, kings, opp, empty, moves,
                                          CaptureKeep::LegalCount, &reads);
  reads |= step<kUpLeft>(men) | step<kUpRight>(men) | step<kDownLeft>(men) | step<kDownRight>(men) |
           step<2 * kUpLeft>(men) | step<2 * kUpRight>(men) | step<2 * kDownLeft>(men) |
           step<2 * kDownRight>(men);
  return found;
}

}  // namespace damdb::rules::detail
