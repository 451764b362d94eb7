// libFuzzer target for move notation: the first byte picks a position (the initial one, or one
// after a few plies chosen by the next bytes), the rest is move text resolved against its legal
// moves; a resolved move must be legal and its PDN text must resolve to it again.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/fen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace damdb::rules;
  Position pos = data[0] & 1 ? parse_fen("W:WK1,K5,K15,K45,K46,K47:B6,9,10,11,13,17,18,24,27,28,31,33,39,40,41,42")
                             : Position::initial();
  const std::size_t plies = std::min<std::size_t>(data[0] >> 1, size - 1);
  MoveList legal;
  for (std::size_t i = 1; i <= plies; ++i) {
    generate_moves(pos, legal);
    if (legal.empty()) break;
    pos.play(legal[data[i] % legal.size()]);
  }
  const std::string_view text(reinterpret_cast<const char*>(data) + 1 + plies, size - 1 - plies);
  const Resolution r = resolve(pos, text);
  if (r.status != ResolveStatus::Ok) return 0;
  generate_moves(pos, legal);
  if (std::find(legal.begin(), legal.end(), r.move) == legal.end()) std::abort();
  const Resolution again = resolve(pos, to_pdn(pos, r.move, legal));
  if (again.status != ResolveStatus::Ok || !(again.move == r.move)) std::abort();
  return 0;
}
