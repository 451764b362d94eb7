#include "db/signature_moves.hpp"

#include "db/error.hpp"
#include "db/packed_moves.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void put_moves_entry(std::string& block, GameResult result, std::string_view start_fen,
                     std::string_view codes, std::string& scratch) {
  scratch.clear();
  scratch.push_back(static_cast<char>(result));
  put_string(scratch, start_fen);
  put_packed_moves(scratch, codes);
  put_string(block, scratch);
}

MovesEntry read_moves_entry(std::string_view entry) {
  Reader r(entry, "signature moves");
  MovesEntry e;
  const std::uint8_t result = r.byte();
  if (result > 3) r.fail("bad result");
  e.result = static_cast<GameResult>(result);
  e.start_fen = r.string();
  e.packed = r.bytes(r.remaining());
  return e;
}

std::string with_moves_results(std::string_view block,
                               std::span<const std::pair<std::size_t, GameResult>> results) {
  Reader r(block, "signature moves");
  std::string out, entry;
  out.reserve(block.size());
  std::size_t next = 0;
  for (std::size_t g = 0; !r.empty(); ++g) {
    entry.assign(r.string());
    if (entry.empty()) r.fail("empty entry");
    for (; next < results.size() && results[next].first <= g; ++next)
      if (results[next].first == g) entry[0] = static_cast<char>(results[next].second);
    put_string(out, entry);
  }
  return out;
}

}  // namespace damdb::db
