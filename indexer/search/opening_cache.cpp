#include "indexer/search/opening_cache.hpp"

#include <algorithm>

namespace damdb::indexer {

OpeningCache::OpeningCache(int bits)
    : entries_(std::size_t{1} << bits), mask_((std::uint64_t{1} << bits) - 1) {}

std::array<std::uint64_t, OpeningCache::kPlies.size()> OpeningCache::hashes(
    const db::GameRecord& game) {
  std::array<std::uint64_t, kPlies.size()> out{};
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the codes, one value per length
  const int n = static_cast<int>(std::min<std::size_t>(game.moves.size(), kPlies[0]));
  for (int i = 0; i < n; ++i) {
    h ^= game.moves[static_cast<std::size_t>(i)];
    h *= 0x100000001b3ull;
    for (std::size_t k = 0; k < kPlies.size(); ++k)
      if (kPlies[k] == i + 1) out[k] = h ^ (h >> 29);
  }
  return out;
}

bool OpeningCache::matches(const Entry& e, const db::GameRecord& game, int plies,
                           std::uint64_t hash) const {
  return e.length == plies && e.hash == hash &&
         std::equal(game.moves.begin(), game.moves.begin() + plies, e.codes.begin());
}

bool OpeningCache::find(const db::GameRecord& game, int ply, int& at, rules::Position& out) const {
  if (!game.start_fen.empty()) return false;
  const auto h = hashes(game);
  for (const std::uint64_t hash : h) __builtin_prefetch(&entries_[hash & mask_]);  // misses at once
  for (std::size_t k = 0; k < kPlies.size(); ++k) {
    const int plies = kPlies[k];
    if (plies > ply || static_cast<std::size_t>(plies) > game.moves.size()) continue;
    const Entry& e = entries_[h[k] & mask_];
    if (!matches(e, game, plies, h[k])) continue;
    at = plies;
    out = e.position;
    return true;
  }
  return false;
}

void OpeningCache::keep(const db::GameRecord& game, int ply, const rules::Position& pos) {
  const auto k = static_cast<std::size_t>(
      std::find(kPlies.begin(), kPlies.end(), ply) - kPlies.begin());
  if (k == kPlies.size() || !game.start_fen.empty() ||
      static_cast<std::size_t>(ply) > game.moves.size())
    return;
  const std::uint64_t hash = hashes(game)[k];
  Entry& e = entries_[hash & mask_];
  if (matches(e, game, ply, hash)) return;
  e.hash = hash;
  e.length = ply;
  std::copy(game.moves.begin(), game.moves.begin() + ply, e.codes.begin());
  e.position = pos;
}

}  // namespace damdb::indexer
