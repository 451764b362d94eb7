#include "db/position_stats.hpp"

#include <algorithm>

namespace damdb::db {

bool PositionStats::apply(const ResultCorrection& c) noexcept {
  for (MoveStats& m : moves)
    if (m.move == c.move) return m.counts.change(c.from, c.to);
  return false;
}

std::uint64_t PositionStats::games() const noexcept {
  std::uint64_t n = 0;
  for (const auto& m : moves) n += m.counts.games();
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
  if (it == moves.end() || it->move != move)
    it = moves.insert(it, MoveStats{.move = move, .counts = {}});
  it->counts.add(result);
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
      m.counts += b.counts;
      moves[--out] = m;
      --j;
    } else {
      moves[--out] = b;
      --j;
    }
  }
}

}  // namespace damdb::db
