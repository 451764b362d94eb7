// Positions reached by the opening move codes of games already replayed in one search: a search
// replays many games that share an opening, and a game whose first plies have the same move codes
// (from the initial position) reaches the same position, so its replay starts there.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "db/game_record.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

class OpeningCache {
 public:
  /// The opening lengths (plies) kept, longest first.
  static constexpr std::array<int, 4> kPlies = {32, 24, 16, 8};

  /// A table of 2^bits positions (a newer opening replaces an older one of the same slot).
  explicit OpeningCache(int bits = 15);

  /// The position after the longest kept opening of `game` of at most `ply` plies: its length
  /// into `at` and the position into `out`; false when none is kept (or the game has a start
  /// FEN).
  bool find(const db::GameRecord& game, int ply, int& at, rules::Position& out) const;

  /// Keeps `pos`, the position after the first `ply` plies of `game`, when `ply` is one of
  /// kPlies and the game starts from the initial position.
  void keep(const db::GameRecord& game, int ply, const rules::Position& pos);

 private:
  struct Entry {
    std::uint64_t hash = 0;
    int length = 0;  // 0: empty
    std::array<std::uint8_t, 32> codes{};
    rules::Position position;
  };
  /// The hashes of the first kPlies[i] codes of `game` (those it has), in kPlies order.
  static std::array<std::uint64_t, kPlies.size()> hashes(const db::GameRecord& game);
  bool matches(const Entry& e, const db::GameRecord& game, int plies, std::uint64_t hash) const;
  std::vector<Entry> entries_;
  std::uint64_t mask_;
};

}  // namespace damdb::indexer
