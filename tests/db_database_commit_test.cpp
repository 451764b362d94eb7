// damdb::db::Database commits on real RocksDB folders: the merge operator through flushes and
// compactions, the commit methods giving the same database, bulk position runs, batches left
// uncommitted or stale, atomicity under kill -9, read-only and secondary instances beside a
// writer.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "db_database_support.hpp"

using namespace damdb::db;
using damdb::db::test::TempDir;
using damdb::db::test::TestGame;
using damdb::db::test::make_game;
using damdb::db::test::opts;
using damdb::db::test::players;
using damdb::db::test::kind_of;
namespace fs = std::filesystem;

TEST(DbDatabase, MergeOperatorSumsAcrossFlushesAndCompaction) {
  TempDir dir;
  PositionKey start{7, 7};
  std::uint64_t expected[3] = {0, 0, 0};  // white wins, draws, black wins of move code 0
  auto db = Database::open(dir.path());
  int serial = 0;
  for (int round = 0; round < 6; ++round) {
    auto batch = db.begin_import();
    for (int i = 0; i <= round; ++i) {
      auto result = static_cast<GameResult>((round + i) % 3);
      ++expected[static_cast<int>(result)];
      ++serial;
      auto g = make_game({start, {static_cast<std::uint64_t>(5000 + serial), 3}}, result, "m",
                         serial, static_cast<std::uint8_t>(serial));
      g.plies[0].move = 0;
      batch.add_game(g.record, g.plies);
    }
    db.commit(batch);
    if (round % 2 == 0) db.flush();
  }
  auto check = [&] {
    auto s = db.position_stats(start);
    ASSERT_TRUE(s);
    ASSERT_EQ(s->moves.size(), 1u);
    EXPECT_EQ(s->moves[0].counts.white_wins, expected[0]);
    EXPECT_EQ(s->moves[0].counts.draws, expected[1]);
    EXPECT_EQ(s->moves[0].counts.black_wins, expected[2]);
    EXPECT_EQ(s->games(), 21u);
    // The posting lists of the six operands join into one list, newest first, pageable.
    EXPECT_EQ(db.count_occurrences(start), 21u);
    std::vector<std::uint32_t> newest, oldest;
    OccurrenceQuery q{.limit = 4, .descending = true};
    for (OccurrencePage p; (p = db.occurrences(start, q)).rows.size() > 0; q.after = p.rows.back().game)
      for (auto& r : p.rows) newest.push_back(r.game.value);
    q = OccurrenceQuery{.limit = 5};
    for (OccurrencePage p; (p = db.occurrences(start, q)).rows.size() > 0; q.after = p.rows.back().game)
      for (auto& r : p.rows) oldest.push_back(r.game.value);
    std::vector<std::uint32_t> expected_ids;
    for (std::uint32_t id = 21; id >= 1; --id) expected_ids.push_back(id);
    EXPECT_EQ(newest, expected_ids);
    std::reverse(expected_ids.begin(), expected_ids.end());
    EXPECT_EQ(oldest, expected_ids);
  };
  check();
  db.compact();
  check();
}

// `n` games from the seed: each from a shared start (Zobrist key 1, check 1) through 7 random
// positions among 2 * `zobrists` (Zobrist 0 .. zobrists - 1, check 0 or 1), game i with result
// i % 4 and move code i + 1.
namespace {
std::vector<TestGame> random_games(std::uint64_t seed, int n, std::uint64_t zobrists = 50) {
  std::mt19937_64 rng(seed);
  std::vector<TestGame> games;
  for (int gi = 0; gi < n; ++gi) {
    std::vector<PositionKey> keys{{1, 1}};
    for (int ply = 1; ply < 8; ++ply)
      keys.push_back({rng() % zobrists, static_cast<std::uint32_t>(rng() % 2)});
    games.push_back(make_game(keys, static_cast<GameResult>(gi % 4), "f", gi,
                              static_cast<std::uint8_t>(gi + 1)));
  }
  return games;
}
}  // namespace

TEST(DbDatabase, CommitMethodsGiveTheSameDatabase) {
  const std::vector<TestGame> games = random_games(7, 40);
  auto build = [&](const fs::path& path, CommitMethod method) {
    auto db = Database::open(path);
    for (int part = 0; part < 2; ++part) {
      auto batch = db.begin_import();
      for (int gi = part * 20; gi < part * 20 + 20; ++gi)
        batch.add_game(games[gi].record, games[gi].plies, players({std::string(1, 'p').append(std::to_string(gi % 3))}));
      db.commit(batch, method);
    }
    db.compact();
    return db;
  };
  TempDir a, b, c;
  auto sorted = build(a.path(), CommitMethod::SortedWriteBatch);
  auto unsorted = build(b.path(), CommitMethod::UnsortedWriteBatch);
  auto ingested = build(c.path(), CommitMethod::SstIngestion);
  for (auto* db : {&unsorted, &ingested}) {
    EXPECT_EQ(db->meta().counts, sorted.meta().counts);
    for (std::uint64_t z = 0; z < 50; ++z)
      for (std::uint32_t ck = 0; ck < 2; ++ck) {
        EXPECT_EQ(db->position_stats({z, ck}), sorted.position_stats({z, ck}));
        EXPECT_EQ(db->occurrences({z, ck}, {.limit = 100}).rows,
                  sorted.occurrences({z, ck}, {.limit = 100}).rows);
      }
    EXPECT_EQ(db->position_stats({1, 1})->games(), 40u);
    for (std::uint32_t id = 1; id <= 40; ++id) {
      EXPECT_EQ(db->game(GameId{id}), sorted.game(GameId{id}));
      ASSERT_TRUE(db->game_header(GameId{id}));
      EXPECT_EQ(db->game_header(GameId{id}), GameHeader::of(*sorted.game(GameId{id})));
    }
    std::uint32_t next = 1;
    db->for_each_game_header([&](GameId id, const GameHeader& h) {
      EXPECT_EQ(id, GameId{next++});
      EXPECT_EQ(h.plies, 7u);
      return true;
    });
    EXPECT_EQ(next, 41u);
    int n = 0;
    db->scan_index(TextIndex::Players, std::string_view("p1\0", 3), [&](const TextIndexKey&) { return ++n, true; });
    EXPECT_EQ(n, 13);
  }
}

// A bulk import stages each ingested batch's positions as a run: queries join the runs to the
// positions family (also read-only, and after the writer closed without compacting, as a
// killed import leaves it); compact() merges them, written once into an empty positions
// family, as merge operands into a filled one. The answers are always those of a database
// written batch by batch through write batches.
TEST(DbDatabase, BulkPositionRunsAreQueriedAndMergedOnce) {
  const std::vector<TestGame> games = random_games(11, 100);
  auto add_part = [&](Database& db, int part, CommitMethod method) {
    auto batch = db.begin_import();
    for (int gi = part * 10; gi < part * 10 + 10; ++gi) batch.add_game(games[gi].record, games[gi].plies);
    db.commit(batch, method);
  };
  auto expect_same = [](const Database& db, const Database& reference, const char* stage) {
    for (std::uint64_t z = 0; z < 50; ++z)
      for (std::uint32_t ck = 0; ck < 2; ++ck) {
        EXPECT_EQ(db.position_stats({z, ck}), reference.position_stats({z, ck})) << stage << z;
        EXPECT_EQ(db.occurrences({z, ck}, {.limit = 100}).rows,
                  reference.occurrences({z, ck}, {.limit = 100}).rows) << stage << z;
        EXPECT_EQ(db.count_occurrences({z, ck}), reference.count_occurrences({z, ck})) << stage;
      }
  };
  TempDir a, b;
  auto reference = Database::open(a.path());
  OpenOptions bulk;
  bulk.bulk_load = true;
  {
    auto db = Database::open(b.path(), bulk);
    for (int part = 0; part < 7; ++part) {  // 7 runs: a tree of 8 leaves, one of them empty
      add_part(db, part, CommitMethod::SstIngestion);
      add_part(reference, part, CommitMethod::SortedWriteBatch);
    }
    expect_same(db, reference, "runs ");
    EXPECT_GT(db.uncompacted_share(), 0.0);
    EXPECT_EQ(db.position_stats({1, 1})->games(), 70u);
  }  // closed without compacting, as a killed import leaves it
  OpenOptions read_only;
  read_only.mode = OpenMode::ReadOnly;
  expect_same(Database::open(b.path(), read_only), reference, "read-only ");
  auto db = Database::open(b.path(), bulk);
  db.compact();
  EXPECT_EQ(db.uncompacted_share(), 0.0);  // every file in the bottom level, the runs gone
  expect_same(db, reference, "merged once ");
  for (int part = 7; part < 10; ++part) {
    add_part(db, part, CommitMethod::SstIngestion);
    add_part(reference, part, CommitMethod::SortedWriteBatch);
  }
  expect_same(db, reference, "positions and runs ");
  db.compact();
  EXPECT_EQ(db.uncompacted_share(), 0.0);
  expect_same(db, reference, "merged into stored ");
  EXPECT_EQ(db.position_stats({1, 1})->games(), 100u);
}

// Runs of several chunks (some 600 entries of 20-30 bytes a run, chunks of 4 KB): every
// position is found in the chunk that holds it, before and after the merge. 255 games (move
// salts 1..255: no two share a content hash), 3 runs of 85.
TEST(DbDatabase, BulkRunsOfManyChunksAreQueriedAndMerged) {
  constexpr std::uint64_t kZobrists = 3000;
  const std::vector<TestGame> games = random_games(13, 255, kZobrists);
  TempDir a, b;
  auto reference = Database::open(a.path());
  OpenOptions bulk;
  bulk.bulk_load = true;
  auto db = Database::open(b.path(), bulk);
  for (int part = 0; part < 3; ++part) {
    for (auto [d, method] : {std::pair{&db, CommitMethod::SstIngestion},
                             std::pair{&reference, CommitMethod::SortedWriteBatch}}) {
      auto batch = d->begin_import();
      for (int gi = part * 85; gi < part * 85 + 85; ++gi)
        batch.add_game(games[gi].record, games[gi].plies);
      d->commit(batch, method);
    }
  }
  auto expect_same = [&](const char* stage) {
    std::size_t found = 0;
    for (std::uint64_t z = 0; z < kZobrists + 2; ++z)
      for (std::uint32_t ck = 0; ck < 2; ++ck) {
        const auto stats = db.position_stats({z, ck});
        ASSERT_EQ(stats, reference.position_stats({z, ck})) << stage << z;
        ASSERT_EQ(db.occurrences({z, ck}, {.limit = 20}).rows,
                  reference.occurrences({z, ck}, {.limit = 20}).rows) << stage << z;
        found += stats.has_value();
      }
    // 1,785 random draws among 6,000 (position, check) pairs reach about 1,540 of them.
    EXPECT_GT(found, 1000u) << stage;
  };
  expect_same("runs ");
  db.compact();
  EXPECT_EQ(db.uncompacted_share(), 0.0);
  expect_same("merged ");
}

TEST(DbDatabase, UncommittedOrStaleBatchesLeaveNoTrace) {
  TempDir dir;
  auto db = Database::open(dir.path());
  {
    auto batch = db.begin_import();
    auto g = make_game({{1, 1}, {2, 2}}, GameResult::Draw, "x");
    batch.add_game(g.record, g.plies);
  }  // dropped without commit
  EXPECT_EQ(db.meta().counts.games, 0u);
  EXPECT_FALSE(db.position_stats({1, 1}));
  auto first = db.begin_import();
  auto second = db.begin_import();
  auto g = make_game({{1, 1}, {2, 2}}, GameResult::Draw, "x");
  first.add_game(g.record, g.plies);
  auto h = make_game({{1, 1}, {3, 3}}, GameResult::Draw, "x", 1, 1);
  second.add_game(h.record, h.plies);
  db.commit(first);
  EXPECT_EQ(kind_of([&] { db.commit(second); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(db.meta().counts.games, 1u);
  EXPECT_EQ(db.position_stats({1, 1})->games(), 1u);
}

// A child process imports batches of 25 games (each game: 10 plies at its own positions plus a
// shared start) until it is killed with SIGKILL. Reopened, the database must hold whole
// batches only: the game count a multiple of 25 and every counter consistent with the data.
TEST(DbDatabase, KillMinusNineLeavesOnlyWholeBatches) {
  TempDir dir;
  fs::create_directories(dir.path());
  const PositionKey start{1, 1};
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(ready[0]);
    try {
      auto db = Database::open(dir.path());
      for (std::uint32_t b = 0;; ++b) {
        auto batch = db.begin_import();
        for (std::uint32_t i = 0; i < 25; ++i) {
          std::uint32_t n = b * 25 + i;
          std::vector<PositionKey> keys{start};
          for (std::uint64_t p = 1; p <= 10; ++p) keys.push_back({n * 100 + p, 5});
          GameRecord r;
          auto g = make_game(keys, GameResult::WhiteWin, "k.pdn", n);
          g.record.content_hash = ContentHash{n, 0};
          batch.add_game(g.record, g.plies);
        }
        db.commit(batch);
        if (b == 2) {  // tell the parent that batches are flowing
          char c = 1;
          if (::write(ready[1], &c, 1) != 1) ::_exit(1);
        }
      }
    } catch (...) {
    }
    ::_exit(1);
  }
  ::close(ready[1]);
  char c = 0;
  ASSERT_EQ(::read(ready[0], &c, 1), 1) << "the importer failed before its third batch";
  ::close(ready[0]);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));  // kill mid-stream
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the importer ended before the kill";

  auto db = Database::open(dir.path());
  auto m = db.meta();
  const std::uint64_t games = m.counts.games;
  EXPECT_GE(games, 75u);
  EXPECT_EQ(games % 25, 0u);
  EXPECT_EQ(m.next_game_id, games + 1);
  EXPECT_EQ(m.counts.indexed_positions, games * 11);
  std::uint64_t seen = 0;
  db.for_each_game([&](GameId, const GameRecord&) { return ++seen, true; });
  EXPECT_EQ(seen, games);
  auto s = db.position_stats(start);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->games(), games);
  EXPECT_EQ(db.count_occurrences(start), games);
  // The last stored game's positions are there, the next one's are not.
  EXPECT_EQ(db.count_occurrences({(games - 1) * 100 + 10, 5}), 1u);
  EXPECT_EQ(db.count_occurrences({games * 100 + 1, 5}), 0u);
  // And the writer can continue with the next id.
  auto batch = db.begin_import();
  auto g = make_game({start, {1, 9}}, GameResult::Draw, "after", 0, 3);
  EXPECT_EQ(batch.add_game(g.record, g.plies).id.value, games + 1);
}

TEST(DbDatabase, ReadOnlyAndSecondaryBesideAWriter) {
  TempDir dir;
  const PositionKey start{1, 1};
  auto writer = Database::open(dir.path());
  auto add = [&](int n) {
    auto batch = writer.begin_import();
    for (int i = 0; i < n; ++i) {
      static int serial = 0;
      ++serial;
      auto g = make_game({start, {static_cast<std::uint64_t>(100 + serial), 1}},
                         GameResult::Draw, "s", serial, static_cast<std::uint8_t>(serial));
      batch.add_game(g.record, g.plies);
    }
    writer.commit(batch);
  };
  add(3);
  EXPECT_EQ(kind_of([&] { Database::open(dir.path()); }), ErrorKind::Io);  // one writer only

  auto reader = Database::open(dir.path(), opts(OpenMode::ReadOnly));
  auto secondary = Database::open(dir.path(), opts(OpenMode::Secondary));
  EXPECT_EQ(reader.meta().counts.games, 3u);
  EXPECT_EQ(secondary.position_stats(start)->games(), 3u);

  add(4);
  writer.flush();
  add(2);  // in the writer's memtable and WAL only
  EXPECT_EQ(reader.meta().counts.games, 3u);  // read-only: the state at open
  EXPECT_EQ(secondary.meta().counts.games, 3u);
  secondary.catch_up();
  EXPECT_EQ(secondary.meta().counts.games, 9u);
  EXPECT_EQ(secondary.position_stats(start)->games(), 9u);
  EXPECT_EQ(secondary.count_occurrences(start), 9u);
  EXPECT_EQ(kind_of([&] { secondary.begin_import(); }), ErrorKind::InvalidArgument);
}
