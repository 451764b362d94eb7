// The popular positions (reached by more than 5,000 games) of popular.cache: the file an import
// leaves holds the statistics and the newest postings that the positions family gives, and the
// explorer's answers with it equal the answers without it. A file of another state is not used.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "indexer/text/cache_file.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/explorer/popular_positions.hpp"
#include "indexer/records/position_key.hpp"
#include "indexer/explorer/query.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

/// The record of the moves `moves` (PDN, from the initial position).
db::GameRecord record_of(const std::vector<std::string>& moves) {
  db::GameRecord game;
  rules::Position pos = rules::Position::initial();
  for (const std::string& text : moves) {
    rules::MoveList legal;
    rules::generate_moves(pos, legal);
    rules::sort_moves(legal);
    for (int i = 0; i < legal.size(); ++i)
      if (rules::to_pdn(pos, legal[i], legal) == text) {
        game.moves.push_back(static_cast<std::uint8_t>(i));
        pos.play(legal[i]);
        break;
      }
  }
  EXPECT_EQ(game.moves.size(), moves.size());
  return game;
}

/// The first `n` postings of `key` as the positions family gives them (game, first ply).
std::vector<indexer::NewestGame> newest_postings(const db::Database& db, const db::PositionKey& key,
                                                 std::size_t n) {
  std::vector<indexer::NewestGame> games;
  db.for_each_occurrence(key, [&](const db::Occurrence& o) {
    games.push_back({o.game, o.plies.front()});
    return games.size() < n;
  });
  return games;
}

/// Every field of the explorer's answers at `pos`, as text.
std::string answer_text(const db::Database& db, const rules::Position& pos,
                        const indexer::GameRanks* ranks, const indexer::PopularPositions* popular) {
  const indexer::GameFilter all;
  std::ostringstream out;
  const auto opening = indexer::query_opening(db, pos, all, true, true, ranks, popular);
  out << "games " << opening.games << " mirrored " << opening.mirrored_games << " ended "
      << opening.ended_here << "\n";
  for (const indexer::MoveRow& m : opening.moves) {
    out << m.notation << " " << m.counts.games() << " " << m.counts.white_wins << "/"
        << m.counts.draws << "/" << m.counts.black_wins << "/" << m.counts.unknown;
    if (m.recent) out << " recent " << m.recent->id.value << "@" << m.recent->ply;
    out << "\n";
  }
  // (offset, limit): within the kept games, past them, and a limit that overflows offset + limit.
  const std::pair<std::size_t, std::size_t> pages[] = {
      {0, 50}, {30, 50}, {60, 50}, {5590, 50}, {1, SIZE_MAX}};
  for (const auto& [offset, limit] : pages) {
    indexer::PositionQuery q;
    q.offset = offset;
    q.limit = limit;
    q.mirror = true;
    q.ranks = ranks;
    q.popular = popular;
    const auto page = indexer::query_position(db, pos, all, q);
    out << "rows " << page.games << " " << page.mirrored_games << ":";
    for (const auto* rows : {&page.rows, &page.mirrored_rows})
      for (const indexer::GameRow& r : *rows) out << " " << r.id.value << "@" << r.ply;
    out << "\n";
  }
  return out.str();
}

/// Checks that the answers at each of `asked` are the same with and without `popular` (with
/// and without the games' ranks).
void expect_same_answers(const db::Database& database, const std::vector<rules::Position>& asked,
                         const indexer::PopularPositions& popular) {
  const auto ranks = indexer::GameRanks::read(database);
  for (const rules::Position& pos : asked)
    for (const indexer::GameRanks* with : {static_cast<const indexer::GameRanks*>(nullptr), ranks.get()})
      EXPECT_EQ(answer_text(database, pos, with, &popular), answer_text(database, pos, with, nullptr))
          << rules::to_fen(pos);
}

// 5,600 games: 95% open 32-28 18-23, 5% 32-28 then anything, 5% anything, then random moves
// to 12 plies. Positions of more than 5,000 games: the initial one, after 32-28 (>= 5,320) and
// after 32-28 18-23 (>= 5,040); no other (the random moves split the games at once).
TEST(PopularPositions, ImportKeepsTheHeadsOfThePopularPositions) {
  constexpr int kGames = 5600;
  const db::GameRecord main_line = record_of({"32-28", "18-23"}), side_line = record_of({"32-28"});
  const char* results[] = {"2-0", "1-1", "0-2", "*"};
  std::string text;
  for (int i = 0; i < kGames; ++i) {
    const db::GameRecord opening = i % 20 == 0 ? db::GameRecord{} : i % 20 == 1 ? side_line : main_line;
    text += test::pdn_game("W" + std::to_string(i), "2001.01." + std::to_string(10 + i % 20),
                           results[i % 4],
                           test::moves_text(test::random_continuation(opening, 12, 9000 + i)));
  }
  test::TempFolder folder("popular-positions");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const std::filesystem::path file = folder.path() / "db" / indexer::PopularPositions::kCacheFileName;
  const std::string first_file = test::read_text(file);
  const std::vector<rules::Position> popular_positions = {
      rules::Position::initial(), indexer::position_after("32-28"),
      indexer::position_after("32-28 18-23")};
  {
    const db::Database database = test::open_read_only(folder.path() / "db");
    const std::uint32_t last = database.meta().next_game_id - 1;
    ASSERT_GT(last, 5500u);  // a few random games may be copies of others
    const auto popular = indexer::PopularPositions::read_stored(database, indexer::database_stamp(database));
    ASSERT_NE(popular, nullptr);
    EXPECT_EQ(popular->size(), 3u);
    for (const rules::Position& pos : popular_positions) {
      const db::PositionKey key = indexer::position_key(pos);
      const auto kept = popular->find(key);
      ASSERT_TRUE(kept.has_value()) << rules::to_fen(pos);
      EXPECT_EQ(kept->stats, *database.position_stats(key));
      EXPECT_EQ(kept->newest, newest_postings(database, key, 64));
    }
    // Every game reached the initial position at ply 0, the newest imported first.
    const auto initial = popular->find(indexer::position_key(rules::Position::initial()));
    EXPECT_EQ(initial->stats.games(), last);
    ASSERT_EQ(initial->newest.size(), 64u);
    EXPECT_EQ(initial->newest.front(), (indexer::NewestGame{db::GameId{last}, 0}));
    EXPECT_EQ(initial->newest.back(), (indexer::NewestGame{db::GameId{last - 63}, 0}));
    EXPECT_FALSE(popular->find(indexer::position_key(indexer::position_after("33-28"))));

    std::vector<rules::Position> asked = popular_positions;
    asked.push_back(indexer::position_after("32-28 18-23 37-32"));
    asked.push_back(indexer::position_after("33-28"));
    expect_same_answers(database, asked, *popular);
  }
  // A later import writes the file again; the first import's file no longer counts.
  test::write_text(folder.path() / "b.pdn", test::pdn_game("N", "2020.01.01", "2-0", "1. 32-28 18-23 2. 37-32"));
  {
    db::Database database = db::Database::open(folder.path() / "db");
    indexer::import_files(database, {(folder.path() / "b.pdn").string()});
  }
  const db::Database database = test::open_read_only(folder.path() / "db");
  const std::uint32_t last = database.meta().next_game_id - 1;
  const auto popular = indexer::PopularPositions::read_stored(database, indexer::database_stamp(database));
  ASSERT_NE(popular, nullptr);
  const auto after = popular->find(indexer::position_key(popular_positions[2]));
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->newest.front(), (indexer::NewestGame{db::GameId{last}, 2}));
  EXPECT_EQ(after->stats, *database.position_stats(indexer::position_key(popular_positions[2])));
  // A file of the earlier state, garbage, an empty file, and the file with one bit of its body
  // flipped (its checksum then fails) are not used.
  const std::string good = test::read_text(file);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 1;
  for (const std::string& other : {first_file, std::string(4096, 'x'), std::string(), flipped}) {
    test::write_text(file, other);
    EXPECT_EQ(indexer::PopularPositions::read_stored(database, indexer::database_stamp(database)), nullptr);
  }
  // An import that stores nothing writes a damaged file again.
  test::write_text(folder.path() / "none.pdn", "");
  {
    db::Database writable = db::Database::open(folder.path() / "db");
    indexer::import_files(writable, {(folder.path() / "none.pdn").string()});
  }
  EXPECT_EQ(test::read_text(file), good);
}

}  // namespace
}  // namespace damdb
