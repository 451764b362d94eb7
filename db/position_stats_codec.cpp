// The value layout of PositionStats (see position_stats.hpp): encoding, decoding, and the
// streaming read the position entries share (detail/entry_codec.hpp).
#include "db/position_stats.hpp"

#include "db/detail/entry_codec.hpp"
#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void PositionStats::encode(std::string& out) const {
  put_varint(out, moves.size());
  for (const auto& m : moves) {
    const ResultCounts& c = m.counts;
    const std::uint64_t counts[4] = {c.white_wins, c.draws, c.black_wins, c.unknown};
    std::uint8_t mask = 0;
    bool all_one = true;
    for (int i = 0; i < 4; ++i) {
      if (counts[i] != 0) mask |= static_cast<std::uint8_t>(1u << i);
      if (counts[i] > 1) all_one = false;
    }
    if (all_one && mask != 0) mask |= 0x10;
    out.push_back(static_cast<char>(m.move));
    out.push_back(static_cast<char>(mask));
    if (!(mask & 0x10))
      for (int i = 0; i < 4; ++i)
        if (counts[i] != 0) put_varint(out, counts[i]);
  }
}

namespace detail {

PositionStats read_stats(Reader& r) {
  PositionStats s;
  read_stats_into(r, s);
  return s;
}

void read_stats_into(Reader& r, PositionStats& s) {
  auto n = r.varint_max(256);
  s.moves.clear();
  s.moves.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    MoveStats m;
    m.move = r.byte();
    if (!s.moves.empty() && m.move <= s.moves.back().move) r.fail("move codes not ascending");
    std::uint8_t mask = r.byte();
    if (mask & 0xe0) r.fail("bad count mask");
    ResultCounts& c = m.counts;
    std::uint64_t* counts[4] = {&c.white_wins, &c.draws, &c.black_wins, &c.unknown};
    for (int k = 0; k < 4; ++k)
      if (mask & (1u << k)) *counts[k] = (mask & 0x10) ? 1 : r.varint();
    s.moves.push_back(m);
  }
}

}  // namespace detail

PositionStats PositionStats::decode(std::string_view bytes) {
  Reader r(bytes, "position stats value");
  PositionStats s = detail::read_stats(r);
  r.expect_end();
  return s;
}

void PositionStats::merge_encoded(std::string_view a, std::string_view b, std::string& out) {
  PositionStats s = decode(a);
  s.merge(decode(b));
  out.clear();
  s.encode(out);
}

}  // namespace damdb::db
