// libFuzzer target for the scoresheet cleaner: clean_game on every game read from any bytes,
// then the cleaned game written; no crash, hang or sanitizer report.
#include <cstdint>
#include <string>
#include <string_view>

#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string written;
  for (const damdb::pdn::Game& game : damdb::pdn::read_games(text, "fuzz")) {
    const damdb::pdn::CleanResult cleaned = damdb::pdn::clean_game(game);
    damdb::pdn::write_game(cleaned.game, written);
  }
  return 0;
}
