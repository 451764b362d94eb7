// damdb::db::Database on real RocksDB folders in a temporary directory: import batches, reads,
// collisions, duplicates, sources, occurrence paging (merges, commit methods, atomicity and
// readers beside a writer: db_database_commit_test.cpp).
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
namespace fs = std::filesystem;
using damdb::db::test::TempDir;
using damdb::db::test::TestGame;
using damdb::db::test::make_game;
using damdb::db::test::opts;
using damdb::db::test::players;
using damdb::db::test::kind_of;

TEST(DbDatabase, MissingFolderForReadingIsNotFound) {
  TempDir dir;
  EXPECT_EQ(kind_of([&] { Database::open(dir.path(), opts(OpenMode::ReadOnly)); }),
            ErrorKind::NotFound);
  EXPECT_EQ(kind_of([&] { Database::open(dir.path(), opts(OpenMode::Secondary)); }),
            ErrorKind::NotFound);
  EXPECT_FALSE(fs::exists(dir.path()));
}

TEST(DbDatabase, StoresAndReadsBackAGame) {
  TempDir dir;
  PositionKey p0{100, 1}, p1{200, 2}, p2{300, 3};
  auto g = make_game({p0, p1, p2, p1}, GameResult::BlackWin, "a.pdn");  // p1 at plies 1 and 3
  {
    auto db = Database::open(dir.path());
    EXPECT_EQ(db.meta().schema_version, kSchemaVersion);
    auto batch = db.begin_import();
    auto r = batch.add_game(g.record, g.plies, IndexTexts{{"smith", "jones"}, {"open"}, {"2024.01.02"}});
    EXPECT_EQ(r.id, GameId{1});
    EXPECT_FALSE(r.duplicate);
    SourceInfo source;
    source.path = "a.pdn";
    source.size = 10;
    source.games_read = 1;
    batch.set_source(source);
    db.commit(batch);
  }
  auto db = Database::open(dir.path(), opts(OpenMode::ReadOnly));
  auto stored = db.game(GameId{1});
  ASSERT_TRUE(stored);
  EXPECT_EQ(*stored, g.record);
  EXPECT_FALSE(db.game(GameId{2}));
  EXPECT_EQ(db.find_games(g.record.content_hash), std::vector<GameId>{GameId{1}});
  // The header is stored beside the record, read alone or in a batch (missing ids: nullopt).
  EXPECT_EQ(db.game_header(GameId{1}), GameHeader::of(g.record));
  EXPECT_EQ(db.game_header(GameId{1})->white, "W");
  EXPECT_EQ(db.game_header(GameId{1})->plies, 3u);
  EXPECT_FALSE(db.game_header(GameId{2}));
  const std::vector<GameId> ids{GameId{2}, GameId{1}, GameId{1}};
  const auto headers = db.game_headers(ids);
  ASSERT_EQ(headers.size(), 3u);
  EXPECT_FALSE(headers[0]);
  EXPECT_EQ(headers[1], GameHeader::of(g.record));
  EXPECT_EQ(headers[2], GameHeader::of(g.record));
  EXPECT_TRUE(db.game_headers({}).empty());

  auto occ = db.occurrences(p1);
  ASSERT_EQ(occ.rows.size(), 1u);
  EXPECT_EQ(occ.rows[0], (Occurrence{GameId{1}, {1, 3}}));
  EXPECT_FALSE(occ.more);
  EXPECT_EQ(db.count_occurrences(p1), 1u);

  // p1 counts once, with the move of its first ply (ply 1: move code 1).
  auto s1 = db.position_stats(p1);
  ASSERT_TRUE(s1);
  ASSERT_EQ(s1->moves.size(), 1u);
  EXPECT_EQ(s1->moves[0], (MoveStats{.move = 1, .counts = {.black_wins = 1}}));
  EXPECT_FALSE(db.position_stats(PositionKey{999, 9}));

  auto m = db.meta();
  EXPECT_EQ(m.next_game_id, 2u);
  EXPECT_EQ(m.counts.games, 1u);
  EXPECT_EQ(m.counts.valid, 1u);
  EXPECT_EQ(m.counts.indexed_positions, 4u);
  EXPECT_EQ(m.counts.occurrence_entries, 3u);
  ASSERT_EQ(m.sources.size(), 1u);
  EXPECT_EQ(m.sources[0].path, "a.pdn");
  EXPECT_EQ(m.sources[0].size, 10u);

  std::vector<std::string> players;
  db.scan_index(TextIndex::Players, "", [&](const TextIndexKey& k) {
    players.push_back(k.text);
    EXPECT_EQ(k.game, GameId{1});
    return true;
  });
  EXPECT_EQ(players, (std::vector<std::string>{"jones", "smith"}));
  int dates = 0;
  db.scan_index(TextIndex::Dates, "2024.01", [&](const TextIndexKey&) { return ++dates, true; });
  EXPECT_EQ(dates, 1);
  db.scan_index(TextIndex::Dates, "2023", [&](const TextIndexKey&) { return ++dates, true; });
  EXPECT_EQ(dates, 1);

  auto info = db.info();
  EXPECT_EQ(info.counts.games, 1u);
  EXPECT_GT(info.bytes_on_disk, 0u);
  EXPECT_EQ(kind_of([&] { db.begin_import(); }), ErrorKind::InvalidArgument);
}

// A reader opens the families it knows without listing the folder's: every family's data,
// the optional signature families included, is read back by a read-only and a secondary open.
TEST(DbDatabase, ReadersSeeEveryFamily) {
  TempDir dir;
  const PositionKey p0{100, 1}, p1{200, 2};
  const auto g = make_game({p0, p1}, GameResult::Draw, "a.pdn");
  {
    auto db = Database::open(dir.path());
    auto batch = db.begin_import();
    batch.add_game(g.record, g.plies,
                   IndexTexts{{"smith", "jones"}, {"open"}, {"2024.01.02"}});
    db.commit(batch);
    GameSignature sig;
    sig.plies = 1;
    sig.date = 20240102;
    const std::string moves(1, '\x03');
    const GameMoves kept{GameResult::Draw, "", moves, {}};
    db.append_signatures(std::span(&sig, 1), std::span(&kept, 1));
    db.flush();
  }
  for (const OpenMode mode : {OpenMode::ReadOnly, OpenMode::Secondary}) {
    const auto db = Database::open(dir.path(), opts(mode));
    EXPECT_EQ(db.game(GameId{1}), g.record);
    EXPECT_EQ(db.game_header(GameId{1}), GameHeader::of(g.record));
    EXPECT_EQ(db.position_stats(p1)->games(), 1u);
    EXPECT_EQ(db.find_games(g.record.content_hash), std::vector<GameId>{GameId{1}});
    for (const auto& [index, text] : {std::pair{TextIndex::Players, "smith"},
                                      {TextIndex::Events, "open"}, {TextIndex::Dates, "2024"}}) {
      std::vector<GameId> games;
      db.scan_index(index, text, [&](const TextIndexKey& k) { return games.push_back(k.game), true; });
      EXPECT_EQ(games, std::vector<GameId>{GameId{1}}) << text;
    }
    EXPECT_EQ(db.meta().counts.games, 1u);
    EXPECT_EQ(db.signatures_end(), GameId{2});
    std::string read_moves;
    const GameId ids[] = {GameId{1}};
    EXPECT_TRUE(db.for_each_moves_of(ids, [&](GameId, const GameMoves& m) {
      return read_moves = m.moves, true;
    }));
    EXPECT_EQ(read_moves, std::string(1, '\x03'));
    // Every family but `default` holds a table file.
    std::vector<std::string> families;
    for (const auto& [name, bytes] : db.info().column_family_bytes)
      if (bytes > 0) families.push_back(name);
    EXPECT_EQ(families, (std::vector<std::string>{"games", "game_headers", "positions",
                                                  "game_hashes", "players", "events", "dates",
                                                  "meta", "signatures", "signature_moves"}));
  }
}

// A reader opened for explorer queries only reads the positions, games, headers and meta as
// any reader does; the families it did not open are refused by name, not read as empty.
TEST(DbDatabase, ExplorerOnlyReaderOpensItsFamilies) {
  TempDir dir;
  const PositionKey p0{100, 1}, p1{200, 2};
  const auto g = make_game({p0, p1}, GameResult::Draw, "a.pdn");
  {
    auto db = Database::open(dir.path());
    auto batch = db.begin_import();
    batch.add_game(g.record, g.plies, IndexTexts{{"smith"}, {"open"}, {"2024.01.02"}});
    db.commit(batch);
  }
  OpenOptions o = opts(OpenMode::ReadOnly);
  o.explorer_only = true;
  const auto db = Database::open(dir.path(), o);
  EXPECT_EQ(db.game(GameId{1}), g.record);
  EXPECT_EQ(db.game_header(GameId{1}), GameHeader::of(g.record));
  EXPECT_EQ(db.position_stats(p1)->games(), 1u);
  EXPECT_EQ(db.count_occurrences(p0), 1u);
  EXPECT_EQ(db.meta().counts.games, 1u);
  EXPECT_EQ(kind_of([&] { db.find_games(g.record.content_hash); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(kind_of([&] {
              db.scan_index(TextIndex::Players, "smith", [](const TextIndexKey&) { return true; });
            }),
            ErrorKind::InvalidArgument);
  std::vector<std::string> families;
  for (const auto& [name, bytes] : db.info().column_family_bytes) families.push_back(name);
  EXPECT_EQ(families, (std::vector<std::string>{"games", "game_headers", "positions", "meta"}));
}

// The size of the MANIFEST file that the folder's CURRENT names.
std::uintmax_t manifest_size(const fs::path& dir) {
  std::ifstream current(dir / "CURRENT");
  std::string name;
  std::getline(current, name);
  return fs::file_size(dir / name);
}

// A writer leaves its folder so that readers open it quickly: nothing in a log to replay, and a
// MANIFEST that lists the live table files instead of every flush of the session.
TEST(DbDatabase, WriterLeavesNoLogAndAShortManifest) {
  TempDir dir;
  constexpr int kCommits = 40;
  {
    auto db = Database::open(dir.path());
    for (int i = 0; i < kCommits; ++i) {
      auto batch = db.begin_import();
      const auto g = make_game({{1, 1}, {static_cast<std::uint64_t>(100 + i), 2}},
                               GameResult::Draw, "s", static_cast<std::uint64_t>(i),
                               static_cast<std::uint8_t>(i));
      batch.add_game(g.record, g.plies, IndexTexts{{"p" + std::to_string(i)}, {}, {}});
      db.commit(batch);
      db.flush();  // one MANIFEST edit per family holding data
    }
    // Every flush recorded its table files (about 1 KB each): more than a MANIFEST is let grow.
    EXPECT_GT(manifest_size(dir.path()), 32u << 10);
    auto last = db.begin_import();
    const auto g = make_game({{1, 1}, {99, 2}}, GameResult::WhiteWin, "last", 0, 250);
    last.add_game(g.record, g.plies);
    db.commit(last);  // in the log and the memtables only
  }
  EXPECT_LE(manifest_size(dir.path()), 32u << 10);
  for (const auto& entry : fs::directory_iterator(dir.path()))
    if (entry.path().extension() == ".log") {
      EXPECT_EQ(entry.file_size(), 0u) << entry.path();
    }
  const auto db = Database::open(dir.path(), opts(OpenMode::ReadOnly));
  EXPECT_EQ(db.meta().counts.games, kCommits + 1u);
  EXPECT_EQ(db.position_stats({1, 1})->games(), kCommits + 1u);
  EXPECT_EQ(db.game_header(GameId{kCommits + 1})->white, "W");
}

// Zobrist keys forced into a space of 4 values: every lookup must still return exactly the
// games of its own position (same zobrist, different check key = different position).
TEST(DbDatabase, ZobristCollisionsNeverMixPositions) {
  TempDir dir;
  std::mt19937_64 rng(12345);
  std::map<PositionKey, std::set<std::uint32_t>> games_at;     // model: position -> game ids
  std::map<PositionKey, std::uint64_t> game_count;
  auto db = Database::open(dir.path());
  auto batch = db.begin_import();
  for (int gi = 0; gi < 60; ++gi) {
    std::vector<PositionKey> keys;
    for (int ply = 0; ply < 6; ++ply)
      keys.push_back(PositionKey{rng() % 4, static_cast<std::uint32_t>(rng() % 5)});
    // Keys may repeat within a game (like a repeated position): allowed, counted once.
    auto g = make_game(keys, GameResult::Draw, "c.pdn", gi, static_cast<std::uint8_t>(gi + 1));
    auto r = batch.add_game(g.record, g.plies);
    ASSERT_FALSE(r.duplicate);
    for (auto& k : keys)
      if (games_at[k].insert(r.id.value).second) ++game_count[k];
    if (gi == 30) {
      db.commit(batch);
      batch = db.begin_import();
    }
  }
  db.commit(batch);
  ASSERT_GT(games_at.size(), 4u);  // more positions than zobrist values: collisions happened
  for (const auto& [key, ids] : games_at) {
    auto page = db.occurrences(key, {.limit = 1000});
    std::set<std::uint32_t> got;
    for (auto& row : page.rows) got.insert(row.game.value);
    EXPECT_EQ(got, ids) << "zobrist " << key.zobrist << " check " << key.check;
    auto stats = db.position_stats(key);
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->games(), game_count[key]);
  }
  // A position never reached whose zobrist collides with reached ones.
  EXPECT_TRUE(db.occurrences(PositionKey{1, 77}).rows.empty());
  EXPECT_FALSE(db.position_stats(PositionKey{1, 77}));
}

TEST(DbDatabase, ReAddingAGameByContentHashIsIdempotent) {
  TempDir dir;
  auto g = make_game({{1, 1}, {2, 2}, {3, 3}}, GameResult::WhiteWin, "a.pdn", 0);
  auto db = Database::open(dir.path());
  auto batch = db.begin_import();
  EXPECT_FALSE(batch.add_game(g.record, g.plies).duplicate);
  auto again = batch.add_game(g.record, g.plies);  // same batch, same source
  EXPECT_TRUE(again.duplicate);
  EXPECT_FALSE(again.source_added);
  db.commit(batch);
  const auto counts = db.meta().counts;
  const auto stats = db.position_stats({2, 2});

  batch = db.begin_import();  // same game again: re-import of the same file
  auto r = batch.add_game(g.record, g.plies);
  EXPECT_EQ(r.id, GameId{1});
  EXPECT_TRUE(r.duplicate);
  EXPECT_FALSE(r.source_added);
  db.commit(batch);
  EXPECT_EQ(db.meta().counts, counts);
  EXPECT_EQ(db.position_stats({2, 2}), stats);
  EXPECT_EQ(db.meta().next_game_id, 2u);

  // Same moves found in another file (players spelled differently): stored once, source added.
  auto other = g;
  other.record.tags = {{"White", "w."}};
  other.record.sources = {GameSource{.path = "b.pdn", .first_line = 7, .last_line = 9,
                                      .byte_offset = 300}};
  batch = db.begin_import();
  r = batch.add_game(other.record, other.plies);
  EXPECT_TRUE(r.duplicate);
  EXPECT_TRUE(r.source_added);
  db.commit(batch);
  auto stored = db.game(GameId{1});
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->sources.size(), 2u);
  EXPECT_EQ(stored->sources[1].path, "b.pdn");
  EXPECT_EQ(stored->tag("White"), "W");  // the first spelling is kept
  EXPECT_EQ(db.meta().counts.games, 1u);
  EXPECT_EQ(db.meta().counts.duplicates, 1u);
  EXPECT_EQ(db.position_stats({2, 2}), stats);
  EXPECT_EQ(db.occurrences({2, 2}).rows.size(), 1u);
}

// A better copy of game 1 (one more tag) after a plain copy in the same batch: the stored
// copy is replaced, every source kept (the better one first).
void replace_with_a_better_copy(Database& db, const TestGame& g, const auto& copy_at,
                                CommitMethod method) {
  auto better = copy_at("d.pdn", 0);
  better.record.tags.emplace_back("Event", "E");
  better.record.pdn_text = "[Event \"E\"]\n\x02 \x01";  // its text, in the other form
  better.record.text_form = PdnTextForm::MovesElided;
  auto batch = db.begin_import();
  EXPECT_TRUE(batch.add_game(copy_at("e.pdn", 1).record, g.plies).source_added);
  EXPECT_TRUE(batch.add_game(better.record, g.plies).source_added);
  db.commit(batch, method);
  const auto stored = db.game(GameId{1});
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->sources.size(), 7u);
  EXPECT_EQ(stored->sources[0].path, "d.pdn");
  EXPECT_TRUE(stored->sources[0].differing_tags.empty());
  EXPECT_EQ(stored->sources[1].path, "a.pdn");
  EXPECT_EQ(stored->sources[6].path, "e.pdn");
  EXPECT_EQ(stored->tag("Event"), "E");
  EXPECT_EQ(stored->pdn_text, better.record.pdn_text);
  EXPECT_EQ(stored->text_form, PdnTextForm::MovesElided);
  EXPECT_EQ(db.game_header(GameId{1})->sources, 7u);
  EXPECT_EQ(db.meta().counts.duplicates, 7u);
}

// A stored game found again in later batches gains its sources as appended entries: every
// copy listed once, in the order read, across commits, through every commit method, a
// read-only open and a compaction; a better copy later replaces the stored one and keeps
// every source.
TEST(DbDatabase, SourcesOfAStoredGameAreAppendedAcrossCommits) {
  for (const CommitMethod method : {CommitMethod::SortedWriteBatch, CommitMethod::SstIngestion,
                                    CommitMethod::UnsortedWriteBatch}) {
    TempDir dir;
    auto g = make_game({{1, 1}, {2, 2}, {3, 3}}, GameResult::WhiteWin, "a.pdn", 0);
    auto copy_at = [&](std::string path, std::uint64_t offset) {
      auto c = g;
      c.record.sources = {GameSource{.path = std::move(path), .byte_offset = offset}};
      return c;
    };
    {
      auto db = Database::open(dir.path());
      auto batch = db.begin_import();
      batch.add_game(g.record, g.plies);
      db.commit(batch, method);

      batch = db.begin_import();
      EXPECT_TRUE(batch.add_game(copy_at("b.pdn", 10).record, g.plies).source_added);
      auto renamed = copy_at("b.pdn", 20);
      renamed.record.tags = {{"White", "X"}, {"Black", "B"}};
      EXPECT_TRUE(batch.add_game(renamed.record, g.plies, players({"x", "b"})).source_added);
      auto renamed_again = renamed;
      renamed_again.record.sources.front().byte_offset = 25;
      EXPECT_TRUE(batch.add_game(renamed_again.record, g.plies, players({"x", "b"})).source_added);
      EXPECT_FALSE(batch.add_game(copy_at("b.pdn", 20).record, g.plies).source_added);
      auto other = make_game({{1, 1}, {4, 4}}, GameResult::Draw, "b.pdn", 30, 1);
      EXPECT_FALSE(batch.add_game(other.record, other.plies).duplicate);
      db.commit(batch, method);

      batch = db.begin_import();
      EXPECT_FALSE(batch.add_game(copy_at("b.pdn", 10).record, g.plies).source_added);
      EXPECT_FALSE(batch.add_game(copy_at("a.pdn", 0).record, g.plies).source_added);
      EXPECT_TRUE(batch.add_game(copy_at("c.pdn", 5).record, g.plies).source_added);
      auto other_again = other;
      other_again.record.sources.front().path = "c.pdn";
      EXPECT_TRUE(batch.add_game(other_again.record, other.plies).source_added);
      db.commit(batch, method);
      EXPECT_EQ(db.meta().counts.duplicates, 5u);
      EXPECT_EQ(db.meta().counts.games, 2u);
      std::vector<GameId> under_x;
      db.scan_index(TextIndex::Players, "x", [&](const TextIndexKey& k) {
        under_x.push_back(k.game);
        return true;
      });
      EXPECT_EQ(under_x, std::vector<GameId>{GameId{1}});
    }
    auto check_sources = [](const Database& db) {
      const auto stored = db.game(GameId{1});
      ASSERT_TRUE(stored);
      ASSERT_EQ(stored->sources.size(), 5u);
      EXPECT_EQ(stored->sources[0].path, "a.pdn");
      EXPECT_EQ(stored->sources[1].byte_offset, 10u);
      EXPECT_EQ(stored->sources[2].byte_offset, 20u);
      ASSERT_EQ(stored->sources[2].differing_tags.size(), 1u);
      EXPECT_EQ(stored->sources[2].differing_tags[0].value, "X");
      EXPECT_EQ(stored->sources[3].byte_offset, 25u);
      EXPECT_EQ(stored->sources[4].path, "c.pdn");
      EXPECT_EQ(stored->tag("White"), "W");
      EXPECT_EQ(stored->moves.size(), 2u);
      EXPECT_EQ(db.game_header(GameId{1})->sources, 5u);
      EXPECT_EQ(db.game_header(GameId{1})->plies, 2u);
      std::size_t scanned = 0;
      db.for_each_game([&](GameId id, const GameRecord& record) {
        if (id == GameId{1}) {
          EXPECT_EQ(record, *stored);
        }
        ++scanned;
        return true;
      });
      EXPECT_EQ(scanned, 2u);
      EXPECT_EQ(db.game(GameId{2})->sources.size(), 2u);
    };
    check_sources(Database::open(dir.path(), opts(OpenMode::ReadOnly)));
    auto db = Database::open(dir.path());
    db.compact();
    check_sources(db);

    replace_with_a_better_copy(db, g, copy_at, method);
  }
}

TEST(DbDatabase, OccurrencePagingBothOrders) {
  TempDir dir;
  PositionKey start{42, 42};
  auto db = Database::open(dir.path());
  auto batch = db.begin_import();
  for (int i = 0; i < 5; ++i) {
    auto g = make_game({start, {static_cast<std::uint64_t>(1000 + i), 1}}, GameResult::Draw, "p",
                       i, static_cast<std::uint8_t>(i + 1));
    batch.add_game(g.record, g.plies);
  }
  db.commit(batch);
  auto ids = [](const OccurrencePage& p) {
    std::vector<std::uint32_t> v;
    for (auto& r : p.rows) v.push_back(r.game.value);
    return v;
  };
  auto p1 = db.occurrences(start, {.limit = 2});
  EXPECT_EQ(ids(p1), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_TRUE(p1.more);
  auto p2 = db.occurrences(start, {.limit = 2, .after = GameId{2}});
  EXPECT_EQ(ids(p2), (std::vector<std::uint32_t>{3, 4}));
  auto p3 = db.occurrences(start, {.limit = 2, .after = GameId{4}});
  EXPECT_EQ(ids(p3), (std::vector<std::uint32_t>{5}));
  EXPECT_FALSE(p3.more);
  auto d1 = db.occurrences(start, {.limit = 3, .descending = true});
  EXPECT_EQ(ids(d1), (std::vector<std::uint32_t>{5, 4, 3}));
  EXPECT_TRUE(d1.more);
  auto d2 = db.occurrences(start, {.limit = 3, .descending = true, .after = GameId{3}});
  EXPECT_EQ(ids(d2), (std::vector<std::uint32_t>{2, 1}));
  EXPECT_FALSE(d2.more);
  EXPECT_EQ(db.count_occurrences(start), 5u);
  std::vector<std::uint32_t> all;
  db.for_each_game([&](GameId id, const GameRecord&) { return all.push_back(id.value), true; });
  EXPECT_EQ(all, (std::vector<std::uint32_t>{1, 2, 3, 4, 5}));
}

// Stats operands of one position spread over several batches, memtables and SST files: the
// merge operator combines them (full merge on read, partial merges in compaction) to the sum.
