// Games the database cannot store in full: more than 65535 plies, or a move whose code does not
// fit the one-byte move code. They are stored invalid (legal prefix up to the limit) with a clear
// message, and the other games of the import are stored as usual.
#include <gtest/gtest.h>

#include "db/position_stats.hpp"
#include "indexer/records/records.hpp"
#include "pdn/reader.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

/// A legal king shuffle of `plies` plies: 46-41 1-6 41-46 6-1, again and again.
std::string king_shuffle(int plies) {
  std::string text = "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n\n";
  const char* cycle[4] = {"46-41", "1-6", "41-46", "6-1"};
  for (int ply = 0; ply < plies; ++ply) {
    if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
    text += cycle[ply % 4];
    text += ply % 10 == 9 ? '\n' : ' ';
  }
  return text + "*\n\n";
}

}  // namespace

TEST(Limits, GameLongerThan65535PliesIsStoredInvalidAndTheImportGoesOn) {
  test::TempFolder folder("limits");
  test::write_text(folder.path() / "long.pdn",
                   king_shuffle(70000) + "[Event \"short\"]\n\n1. 32-28 19-23 *\n");
  const indexer::ImportSummary s =
      test::import_into(folder.path() / "db", folder.path() / "long.pdn");
  EXPECT_EQ(s.games_read, 2u);
  EXPECT_EQ(s.games_stored, 2u);
  EXPECT_EQ(s.invalid, 1u);
  // 65535 plies plus the last position of the shuffle, then 2 plies plus the final position.
  EXPECT_EQ(s.positions, 65536u + 3u);

  const db::Database db = test::open_read_only(folder.path() / "db");
  int seen = 0;
  db.for_each_game([&](db::GameId, const db::GameRecord& g) {
    ++seen;
    if (g.moves.size() == 2) {
      EXPECT_EQ(g.status, db::ValidationStatus::Valid);
    } else {
      EXPECT_EQ(g.moves.size(), 65535u);
      EXPECT_EQ(g.status, db::ValidationStatus::Invalid);
      EXPECT_NE(g.status_message.find("more than 65535 plies"), std::string::npos)
          << g.status_message;
      EXPECT_EQ(g.plies_replayed, 70000u);
    }
    return true;
  });
  EXPECT_EQ(seen, 2);
}

// A legal move whose canonical index is 255 or more (a position with that many captures) cannot
// be written as a one-byte move code without meeting db::kGameEnd: the game is cut before it.
TEST(Limits, MoveCodeBeyond254EndsTheStoredPrefix) {
  const std::vector<pdn::Game> games = pdn::read_games("1. 32-28 19-23 2. 28x19 14x23 *\n");
  ASSERT_EQ(games.size(), 1u);
  pdn::ReplayOptions options;
  options.record_plies = true;
  pdn::Replay replay = pdn::replay(games[0], options);
  ASSERT_EQ(replay.plies_played.size(), 4u);
  replay.plies_played[2].code = 300;  // as if 28x19 were the 301st legal move
  const indexer::GameRecords r = indexer::make_records(games[0], replay);
  EXPECT_EQ(r.record.status, db::ValidationStatus::Invalid);
  EXPECT_NE(r.record.status_message.find("ply 3"), std::string::npos) << r.record.status_message;
  ASSERT_EQ(r.record.moves.size(), 2u);
  ASSERT_EQ(r.plies.size(), 3u);
  EXPECT_EQ(r.plies[2].move, db::kGameEnd);
  EXPECT_EQ(r.plies[2].ply, 2);
  EXPECT_EQ(r.plies[2].position.zobrist, replay.plies_played[2].before.key());
  for (const db::PlyPosition& p : r.plies) EXPECT_LE(p.move, db::kGameEnd);
}
}  // namespace damdb
