// libFuzzer target for the writer: every game read without an error, written in canonical PDN
// and read again, is one game with the same content (tags, moves, comments, variations).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const damdb::pdn::Game& game : damdb::pdn::read_games(text, "fuzz")) {
    const std::string written = damdb::pdn::to_pdn(game);
    const auto again = damdb::pdn::read_games(written, "fuzz-written");
    if (game.has_errors()) continue;  // a broken game is written as well as it can be
    if (again.size() != 1 || !damdb::pdn::same_content(game, again[0])) std::abort();
  }
  return 0;
}
