// Position::mirrored() beside the other mirroring functions (mirror.hpp).
#include "rules/mirror.hpp"

#include "rules/position.hpp"

namespace damdb::rules {

Position Position::mirrored() const {
  return from_bitboards(mirrored_squares(black_), mirrored_squares(white_),
                        mirrored_squares(kings_), opposite(side_));
}

}  // namespace damdb::rules
