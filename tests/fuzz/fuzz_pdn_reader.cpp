// libFuzzer target for the PDN reader: any bytes must parse without a crash, hang or sanitizer
// report, every game must keep consistent spans and positions, and the canonical writer's
// output must read back.
#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // Small chunks exercise the buffer refill and re-parse paths.
  std::istringstream in(text);
  damdb::pdn::ReaderOptions options;
  options.chunk_bytes = 1 + (size % 61);
  damdb::pdn::GameReader reader(in, "fuzz", options);
  damdb::pdn::Game game;
  std::uint64_t last_end = 0;
  std::string written;
  while (reader.next(game)) {
    if (game.byte_begin < last_end || game.byte_end > size || game.byte_end <= game.byte_begin)
      std::abort();
    last_end = game.byte_end;
    for (const auto& d : game.diagnostics)
      if (d.pos.line < game.first_line || d.pos.offset > game.text.size()) std::abort();
    for (const auto& e : game.moves)
      if (e.text.begin + e.text.size > game.text.size()) std::abort();
    damdb::pdn::write_game(game, written);
    written += '\n';
  }
  auto again = damdb::pdn::read_games(written, "fuzz-written");
  (void)again;
  return 0;
}
