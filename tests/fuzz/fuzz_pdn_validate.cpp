// libFuzzer target for the validate path: any bytes are read as PDN and every game is replayed
// against the FMJD rules (main line, variations, recorded plies) without a crash, hang or
// sanitizer report, and the replay's counts stay consistent.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  damdb::pdn::ReplayOptions options;
  options.record_plies = true;
  for (const damdb::pdn::Game& game : damdb::pdn::read_games(text, "fuzz")) {
    const damdb::pdn::Replay r = damdb::pdn::replay(game, options);
    if (r.status == damdb::pdn::ReplayStatus::Skipped) continue;
    if (r.plies < 0 || static_cast<std::size_t>(r.plies) != r.plies_played.size()) std::abort();
    if ((r.status == damdb::pdn::ReplayStatus::Invalid) == r.errors.empty()) std::abort();
  }
  return 0;
}
