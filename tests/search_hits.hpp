// The hits of a pattern search as a map that tests compare: game id -> first ply, plies held and
// whether the colour-reversed pattern matched; the positions of a stored game, ply by ply.
#pragma once

#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/search/search.hpp"
#include "rules/position.hpp"

#include <gtest/gtest.h>

namespace damdb::test {

using indexer::PatternQuery;

inline std::vector<rules::Position> positions_of(const db::GameRecord& game) {
  std::vector<rules::Position> out;
  const auto plies = indexer::decode_moves(game);
  for (const auto& p : plies) out.push_back(p.before);
  out.push_back(indexer::position_at(game, game.moves.size()));
  return out;
}

struct Expected {
  int ply, held;
  bool mirrored;
  friend bool operator==(const Expected&, const Expected&) = default;
};
using HitMap = std::map<std::uint32_t, Expected>;

inline HitMap search_all(const db::Database& db, const PatternQuery& q,
                  const indexer::FilterSpec& spec = {}) {
  indexer::SearchOptions o;
  o.limit = 1u << 30;
  const auto a = indexer::search_games(db, q, indexer::GameFilter(spec), o);
  HitMap m;
  for (const auto& r : a.rows) m[r.game.id.value] = {r.game.ply, r.held, r.game.mirrored};
  EXPECT_EQ(a.games, m.size());
  indexer::SearchOptions c;
  c.count_only = true;
  EXPECT_EQ(indexer::search_games(db, q, indexer::GameFilter(spec), c).games, m.size());
  return m;
}

inline std::string describe(const HitMap& m) {
  std::ostringstream s;
  for (const auto& [id, e] : m)
    s << id << "@" << e.ply << "+" << e.held << (e.mirrored ? "m " : " ");
  return s.str();
}

}  // namespace damdb::test
