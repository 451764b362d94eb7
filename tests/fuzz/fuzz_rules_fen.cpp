// libFuzzer target for FEN parsing: any text is either refused with FenError or gives a position
// whose FEN reads back as the same position, with legal moves that can all be played.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  damdb::rules::Position pos;
  try {
    pos = damdb::rules::parse_fen(text);
  } catch (const damdb::rules::FenError&) {
    return 0;
  }
  if (!(damdb::rules::parse_fen(damdb::rules::to_fen(pos)) == pos)) std::abort();
  damdb::rules::MoveList moves;
  damdb::rules::generate_moves(pos, moves);
  if (damdb::rules::count_moves(pos) != moves.size()) std::abort();
  for (const damdb::rules::Move& m : moves) {
    damdb::rules::Position next = pos;
    next.play(m);
  }
  return 0;
}
