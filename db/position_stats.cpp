#include "db/position_stats.hpp"

#include <algorithm>

#include "db/error.hpp"
#include "db/detail/entry_codec.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void MoveStats::add(GameResult result) noexcept {
  switch (result) {
    case GameResult::WhiteWin: ++white_wins; break;
    case GameResult::Draw: ++draws; break;
    case GameResult::BlackWin: ++black_wins; break;
    case GameResult::Unknown: ++unknown; break;
  }
}

bool MoveStats::change(GameResult from, GameResult to) noexcept {
  auto count = [this](GameResult r) -> std::uint64_t& {
    switch (r) {
      case GameResult::WhiteWin: return white_wins;
      case GameResult::Draw: return draws;
      case GameResult::BlackWin: return black_wins;
      case GameResult::Unknown: break;
    }
    return unknown;
  };
  if (count(from) == 0) return false;
  --count(from);
  ++count(to);
  return true;
}

bool PositionStats::apply(const ResultCorrection& c) noexcept {
  for (MoveStats& m : moves)
    if (m.move == c.move) return m.change(c.from, c.to);
  return false;
}

std::uint64_t PositionStats::games() const noexcept {
  std::uint64_t n = 0;
  for (const auto& m : moves) n += m.games();
  return n;
}

const MoveStats* PositionStats::find(std::uint8_t move) const noexcept {
  auto it = std::lower_bound(moves.begin(), moves.end(), move,
                             [](const MoveStats& m, std::uint8_t code) { return m.move < code; });
  return it != moves.end() && it->move == move ? &*it : nullptr;
}

void PositionStats::add(std::uint8_t move, GameResult result) {
  auto it = std::lower_bound(moves.begin(), moves.end(), move,
                             [](const MoveStats& m, std::uint8_t code) { return m.move < code; });
  if (it == moves.end() || it->move != move) it = moves.insert(it, MoveStats{.move = move});
  it->add(result);
}

void PositionStats::merge(const PositionStats& other) {
  // In place, from the back: no allocation once `moves` has the room (merges of many
  // operands reuse one PositionStats).
  if (&other == this) {
    const PositionStats copy = other;
    merge(copy);
    return;
  }
  std::size_t added = 0;
  auto a = moves.cbegin();
  for (auto b = other.moves.cbegin(); b != other.moves.cend();) {
    if (a != moves.cend() && a->move < b->move) {
      ++a;
    } else {
      if (a == moves.cend() || b->move < a->move) ++added;
      else ++a;
      ++b;
    }
  }
  std::size_t i = moves.size(), j = other.moves.size();
  moves.resize(moves.size() + added);
  for (std::size_t out = moves.size(); j > 0;) {
    const MoveStats& b = other.moves[j - 1];
    if (i > 0 && moves[i - 1].move > b.move) {
      moves[--out] = moves[--i];
    } else if (i > 0 && moves[i - 1].move == b.move) {
      MoveStats m = moves[--i];
      m.white_wins += b.white_wins;
      m.draws += b.draws;
      m.black_wins += b.black_wins;
      m.unknown += b.unknown;
      moves[--out] = m;
      --j;
    } else {
      moves[--out] = b;
      --j;
    }
  }
}

void PositionStats::encode(std::string& out) const {
  put_varint(out, moves.size());
  for (const auto& m : moves) {
    const std::uint64_t counts[4] = {m.white_wins, m.draws, m.black_wins, m.unknown};
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
    std::uint64_t* counts[4] = {&m.white_wins, &m.draws, &m.black_wins, &m.unknown};
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
