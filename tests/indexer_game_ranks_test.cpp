// GameRanks (the date, result, status and length of every game, held in memory) let the
// explorer order the games of a position without reading their headers: the answers must be
// those of the header reads, hand-checked on a few games and compared on random databases
// (shared openings, partial and unknown dates, every result, games with an illegal move,
// marked near-duplicate members).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "db/duplicate_mark.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/explorer/query.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

std::vector<std::uint32_t> ids_of(const std::vector<indexer::GameRow>& rows) {
  std::vector<std::uint32_t> ids;
  for (const indexer::GameRow& r : rows) ids.push_back(r.id.value);
  return ids;
}

TEST(GameRanks, RankOfAHeaderReadsTheNormalisedDate) {
  db::GameHeader h;
  h.date = "2003.05.14";
  h.plies = 70000;  // more than a game stores: saturated
  h.result = db::GameResult::Draw;
  h.status = db::ValidationStatus::Invalid;
  const indexer::GameRank r = indexer::GameRank::of(h);
  EXPECT_EQ(r.date, 20030514u);
  EXPECT_EQ(r.plies, 65535u);
  EXPECT_EQ(r.result, db::GameResult::Draw);
  EXPECT_EQ(r.status, db::ValidationStatus::Invalid);
  h.date = "2003.??.??";
  EXPECT_EQ(indexer::GameRank::of(h).date, 20030000u);
  h.date = "????.05.14";
  EXPECT_EQ(indexer::GameRank::of(h).date, 0u);
  h.date = "";
  EXPECT_EQ(indexer::GameRank::of(h).date, 0u);
}

// Five games after 32-28, hand-ordered. Newest first: 2003.05.14 (ids 5, then 2), 2003 (4),
// 1983 (1), unknown (3). Top games: every move replays before the invalid game 4; decisive
// (1, 3, 5) before draws (2); then longer (5 has 4 plies, 1 and 3 have 2); then later date (1:
// 1983 before 3: unknown).
TEST(GameRanks, HandCheckedOrdersWithAndWithoutRanks) {
  std::string text = test::pdn_game("P1", "1983.01.10", "2-0", "1. 32-28 18-23") +
                     test::pdn_game("P2", "2003.05.14", "1-1", "1. 32-28 18-23") +
                     test::pdn_game("P3", "", "0-2", "1. 32-28 18-23") +
                     test::pdn_game("P4", "2003", "2-0", "1. 32-28 18-23 2. 1-2") +
                     test::pdn_game("P5", "2003.05.14", "0-2", "1. 32-28 18-23 2. 37-32 12-18");
  test::TempFolder folder("game-ranks");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto ranks = indexer::GameRanks::read(database);
  ASSERT_EQ(ranks->size(), 5u);
  EXPECT_EQ(ranks->find(db::GameId{4})->status, db::ValidationStatus::Invalid);
  EXPECT_FALSE(ranks->find(db::GameId{6}).has_value());
  EXPECT_FALSE(ranks->find(db::GameId{0}).has_value());

  const rules::Position after = indexer::position_after("32-28");
  const indexer::GameFilter all;
  for (const indexer::GameRanks* with : {static_cast<const indexer::GameRanks*>(nullptr), ranks.get()}) {
    indexer::PositionQuery q;
    q.ranks = with;
    EXPECT_EQ(ids_of(indexer::query_position(database, after, all, q).rows),
              (std::vector<std::uint32_t>{5, 2, 4, 1, 3}));
    EXPECT_EQ(ids_of(indexer::top_games(database, after, all, 5, with)),
              (std::vector<std::uint32_t>{5, 1, 3, 2, 4}));
    const auto opening = indexer::query_opening(database, rules::Position::initial(), all, false,
                                                true, with);
    ASSERT_EQ(opening.moves.size(), 1u);
    ASSERT_TRUE(opening.moves[0].recent);
    EXPECT_EQ(opening.moves[0].recent->id.value, 5u);
  }
}

/// Every field of a rank as text ("-" for no game).
std::string rank_text(const std::optional<indexer::GameRank>& r) {
  if (!r) return "-";
  return std::to_string(r->date) + " " + std::to_string(r->plies) + " " +
         std::to_string(static_cast<int>(r->result)) + " " +
         std::to_string(static_cast<int>(r->status));
}

/// The first id below `end` whose rank differs between `a` and `b`, with both ranks; "" if none.
std::string first_difference(const indexer::GameRanks& a, const indexer::GameRanks& b,
                             std::uint32_t end) {
  for (std::uint32_t id = 0; id < end; ++id) {
    const std::string ta = rank_text(a.find(db::GameId{id})), tb = rank_text(b.find(db::GameId{id}));
    if (ta != tb) return "id " + std::to_string(id) + ": " + ta + " / " + tb;
  }
  return "";
}

// The cache file an import leaves: the ranks it maps equal the ranks read from the headers,
// after a first import (written from the headers) and after a second one that adds games and
// replaces a stored game of the first block of ids by a better copy (a Date and an Event tag
// more): its new date must be read again (the block is not the import's tail). A file of
// another state (the first import's), a truncated one and garbage are not used.
TEST(GameRanks, ImportKeepsTheCacheFileOfTheRanks) {
  const std::uint32_t first_games = indexer::ChangedRanks::kRankBlockGames + 200;
  std::string text;
  for (std::uint32_t i = 0; i < first_games; ++i)
    text += test::pdn_game("W" + std::to_string(i), i % 3 == 0 ? "" : "1990.02.0" + std::to_string(i % 9 + 1),
                     i % 2 ? "2-0" : "1-1", test::moves_text(test::random_record("", 8, 7000 + i)));
  test::TempFolder folder("game-ranks-cache");
  test::write_text(folder.path() / "a.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  const std::filesystem::path file = folder.path() / "db" / indexer::GameRanks::kCacheFileName;
  const std::string first_file = test::read_text(file);
  {
    const db::Database database = test::open_read_only(folder.path() / "db");
    const auto stored = indexer::GameRanks::read_stored(database);
    ASSERT_NE(stored, nullptr);
    EXPECT_EQ(stored->size(), first_games);
    EXPECT_EQ(first_difference(*stored, *indexer::GameRanks::read_headers(database), first_games + 2),
              "");
  }
  // Game 10 (id 10, "W9": no date) again with a date and an event; and two new games.
  const std::string copy = "[Event \"Open\"]\n[Date \"2001.03.04\"]\n" +
                           test::pdn_game("W9", "", "2-0", test::moves_text(test::random_record("", 8, 7009)));
  test::write_text(folder.path() / "b.pdn",
                   copy + test::pdn_game("N1", "2020.01.01", "0-2", "1. 32-28 19-23") +
                       test::pdn_game("N2", "", "*", "1. 31-27 16-21"));
  // The temporary files of writers killed earlier (db::AtomicFile's, and the ".tmp.<pid>" of
  // the writers before it) are removed by the next import; another file is kept.
  std::filesystem::path stale = file, older = file;
  older += ".tmp.99999999";
  stale.replace_filename("." + file.filename().string() + ".damdb-AbC123");
  std::filesystem::path other = file;
  other += ".mine";
  for (const auto& f : {stale, older, other}) test::write_text(f, "partial");
  {
    db::Database database = db::Database::open(folder.path() / "db");
    indexer::ImportOptions options;
    options.compact_at_end = false;
    const auto summary = indexer::import_files(database, {(folder.path() / "b.pdn").string()}, options);
    EXPECT_EQ(summary.replaced, 1u);
    EXPECT_EQ(summary.games_stored, 2u);
  }
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_FALSE(std::filesystem::exists(older));
  EXPECT_EQ(test::read_text(other), "partial");
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto stored = indexer::GameRanks::read_stored(database);
  ASSERT_NE(stored, nullptr);
  EXPECT_EQ(stored->size(), first_games + 2);
  EXPECT_EQ(stored->find(db::GameId{10})->date, 20010304u);
  EXPECT_EQ(stored->find(db::GameId{first_games + 1})->date, 20200101u);
  EXPECT_EQ(first_difference(*stored, *indexer::GameRanks::read_headers(database), first_games + 4),
            "");

  // read() keeps its own copy of the file: a server is not affected by a later change of it.
  const auto owned = indexer::GameRanks::read(database);
  for (const std::string& other : {first_file, test::read_text(file).substr(0, first_file.size() - 1),
                                   std::string(4096, 'x')}) {
    test::write_text(file, other);
    EXPECT_EQ(indexer::GameRanks::read_stored(database), nullptr);
    EXPECT_EQ(indexer::GameRanks::read(database)->find(db::GameId{10})->date, 20010304u);
  }
  EXPECT_EQ(owned->find(db::GameId{10})->date, 20010304u);
  EXPECT_EQ(first_difference(*owned, *indexer::GameRanks::read_headers(database), first_games + 4),
            "");

  // Another database in the first one's state (the same file imported: equal counts, first and
  // last games) does not take the first one's file: the stamp holds the database's identity.
  test::import_into(folder.path() / "db2", folder.path() / "a.pdn");
  const std::filesystem::path file2 = folder.path() / "db2" / indexer::GameRanks::kCacheFileName;
  const db::Database second = test::open_read_only(folder.path() / "db2");
  EXPECT_NE(indexer::GameRanks::read_stored(second), nullptr);
  test::write_text(file2, first_file);
  EXPECT_EQ(indexer::GameRanks::read_stored(second), nullptr);
}

/// Every field of an explorer answer that the ranks decide, as text.
std::string answer_text(const db::Database& db, const rules::Position& pos,
                        const indexer::GameFilter& filter, const indexer::GameRanks* ranks) {
  std::ostringstream out;
  const auto opening = indexer::query_opening(db, pos, filter, true, true, ranks);
  out << "games " << opening.games << " mirrored " << opening.mirrored_games << "\n";
  for (const indexer::MoveRow& m : opening.moves) {
    out << m.notation << " " << m.counts.games() << " " << m.counts.white_wins << "/"
        << m.counts.draws << "/" << m.counts.black_wins;
    if (m.recent) out << " recent " << m.recent->id.value << "@" << m.recent->ply
                      << (m.recent->mirrored ? "m" : "");
    out << "\n";
  }
  for (const std::size_t offset : {0, 7}) {
    indexer::PositionQuery q;
    q.limit = 7;
    q.offset = offset;
    q.mirror = true;
    q.ranks = ranks;
    const auto page = indexer::query_position(db, pos, filter, q);
    out << "rows " << page.games << ":";
    for (const auto* rows : {&page.rows, &page.mirrored_rows})
      for (const indexer::GameRow& r : *rows) out << " " << r.id.value << "@" << r.ply;
    out << "\n";
  }
  out << "top:";
  for (const indexer::GameRow& r : indexer::top_games(db, pos, filter, 6, ranks))
    out << " " << r.id.value << "@" << r.ply;
  return out.str();
}

/// 400 games branching from 6 shared openings (so that positions have tens of games), random
/// dates (full, partial, unknown), results and lengths, every tenth ending in an illegal move,
/// White "W<i>" and Black "Q" in every game; imported into `folder`/db, then 15 random
/// near-duplicate clusters marked. Returns the games' records.
std::vector<db::GameRecord> random_database(const std::filesystem::path& folder) {
  std::mt19937_64 rng(20261202);
  const char* dates[] = {"", "2003", "2003.05.??", "2003.05.14", "2003.05.15", "1999.12.31",
                         "????.05.14", "2010.01.01", "1983"};
  const char* results[] = {"2-0", "1-1", "0-2", "*"};
  std::vector<db::GameRecord> openings;
  for (int i = 0; i < 6; ++i) openings.push_back(test::random_record("", 6, 100 + i));
  std::string text;
  std::vector<db::GameRecord> games;
  for (int i = 0; i < 400; ++i) {
    db::GameRecord game = test::random_record("", 10 + static_cast<int>(rng() % 30), rng());
    const db::GameRecord& opening = openings[rng() % openings.size()];
    // Keep the opening's moves, then the random game's codes where they are legal.
    db::GameRecord line = opening;
    rules::Position pos = rules::Position::initial();
    for (const std::uint8_t code : line.moves) test::play_code(pos, code);
    for (std::size_t ply = line.moves.size(); ply < game.moves.size(); ++ply) {
      rules::MoveList legal;
      rules::generate_moves(pos, legal);
      if (legal.empty()) break;
      rules::sort_moves(legal);
      const int code = game.moves[ply] % legal.size();
      line.moves.push_back(static_cast<std::uint8_t>(code));
      pos.play(legal[code]);
    }
    games.push_back(line);
    const std::string illegal = i % 10 == 9 ? "1-2" : "";  // never a legal move
    text += test::pdn_game("W" + std::to_string(i), dates[rng() % std::size(dates)],
                     results[rng() % std::size(results)], test::moves_text(line) + illegal);
  }
  test::write_text(folder / "a.pdn", text);
  test::import_into(folder / "db", folder / "a.pdn");
  db::Database writable = db::Database::open(folder / "db");
  std::vector<db::DuplicateMark> marks;
  for (std::uint32_t c = 0; c < 15; ++c)
    marks.push_back({db::GameId{1 + c * 26}, 1, {db::GameId{2 + c * 26}, db::GameId{3 + c * 26}}});
  writable.write_duplicate_marks(marks, {});
  return games;
}

// At every position of the first plies of 40 games of random_database: the answers with ranks
// equal the answers from the headers.
TEST(GameRanks, RandomDatabasesGiveTheAnswersOfTheHeaders) {
  test::TempFolder folder("game-ranks-random");
  const std::vector<db::GameRecord> games = random_database(folder.path());
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto ranks = indexer::GameRanks::read(database);
  ASSERT_EQ(ranks->size(), 400u);
  const indexer::GameFilter all;
  int positions = 0, popular = 0;
  for (std::size_t g = 0; g < 40; ++g) {
    rules::Position pos = rules::Position::initial();
    for (std::size_t ply = 0; ply <= 12 && ply <= games[g].moves.size(); ++ply) {
      const std::string expected = answer_text(database, pos, all, nullptr);
      ASSERT_EQ(answer_text(database, pos, all, ranks.get()), expected) << "game " << g + 1
                                                                        << " ply " << ply;
      ++positions;
      if (indexer::query_position(database, pos, all).games >= 20) ++popular;
      if (ply == games[g].moves.size()) break;
      test::play_code(pos, games[g].moves[ply]);
    }
  }
  EXPECT_GT(positions, 400);
  EXPECT_GT(popular, 100);  // the comparison ordered many games, not one or two
}

// `--player Q` (every game's Black) takes its games from the players index without a header
// read (its candidates are exact), with or without ranks; `--black Q` selects the same games
// through the headers. Their answers are equal at every position of the first plies of 20
// games, and so are those of `--player W7` and `--white W7` (one game).
TEST(GameRanks, ExactPlayerCandidatesGiveTheAnswersOfTheHeaders) {
  test::TempFolder folder("game-ranks-player");
  const std::vector<db::GameRecord> games = random_database(folder.path());
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto ranks = indexer::GameRanks::read(database);
  auto filter = [&](const char* player, const char* black, const char* white = "") {
    indexer::FilterSpec spec;
    spec.player = player;
    spec.black = black;
    spec.white = white;
    indexer::GameFilter f(spec);
    f.resolve_names(database);
    return f;
  };
  const indexer::GameFilter player_q = filter("Q", ""), black_q = filter("", "Q");
  const indexer::GameFilter player_w7 = filter("W7", ""), white_w7 = filter("", "", "W7");
  ASSERT_TRUE(player_q.candidates(database)->exact);
  ASSERT_FALSE(black_q.candidates(database)->exact);
  ASSERT_TRUE(player_w7.candidates(database)->exact);
  int positions = 0;
  for (std::size_t g = 0; g < 20; ++g) {
    rules::Position pos = rules::Position::initial();
    for (std::size_t ply = 0; ply <= 10 && ply <= games[g].moves.size(); ++ply) {
      const std::string expected = answer_text(database, pos, black_q, nullptr);
      EXPECT_EQ(answer_text(database, pos, player_q, nullptr), expected) << g << " " << ply;
      EXPECT_EQ(answer_text(database, pos, player_q, ranks.get()), expected) << g << " " << ply;
      const std::string one = answer_text(database, pos, white_w7, nullptr);
      EXPECT_EQ(answer_text(database, pos, player_w7, nullptr), one) << g << " " << ply;
      EXPECT_EQ(answer_text(database, pos, player_w7, ranks.get()), one) << g << " " << ply;
      ++positions;
      if (ply == games[g].moves.size()) break;
      test::play_code(pos, games[g].moves[ply]);
    }
  }
  EXPECT_GT(positions, 200);
}

}  // namespace
}  // namespace damdb
