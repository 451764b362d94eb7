// damdb::db::Database on real RocksDB folders in a temporary directory: import batches,
// reads, collisions, duplicates, merge operator through flushes and compactions, atomicity
// under kill -9, read-only and secondary instances beside a writer.
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

#include "db/database.hpp"
#include "db/error.hpp"

using namespace damdb::db;
namespace fs = std::filesystem;

namespace {

class TempDir {
 public:
  TempDir() {
    static int serial = 0;
    path_ = fs::temp_directory_path() /
            ("damdb-db-test-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::remove_all(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// A synthetic game: `keys` are the positions at plies 0, 1, 2, ...; moves are 0, 1, 2, ...
// (the move code of ply i is i % 7); the content hash follows from moves and `salt`.
struct TestGame {
  GameRecord record;
  std::vector<PlyPosition> plies;
};

TestGame make_game(const std::vector<PositionKey>& keys, GameResult result, std::string source,
                   std::uint64_t offset = 0, std::uint8_t salt = 0) {
  TestGame g;
  for (std::size_t i = 0; i + 1 < keys.size(); ++i)
    g.record.moves.push_back(static_cast<std::uint8_t>((i + salt) % 7));
  g.record.result = result;
  g.record.plies_replayed = static_cast<std::uint32_t>(g.record.moves.size());
  g.record.sources = {GameSource{.path = std::move(source), .first_line = 1, .last_line = 5,
                                  .byte_offset = offset}};
  g.record.tags = {{"White", "W"}, {"Black", "B"}};
  g.record.start_fen = salt ? "W:W" + std::to_string(salt) + ":B1" : "";
  g.record.content_hash = ContentHash::of(g.record.start_fen, g.record.moves);
  for (std::size_t i = 0; i < keys.size(); ++i)
    g.plies.push_back(PlyPosition{keys[i], static_cast<std::uint16_t>(i),
                                  i + 1 < keys.size() ? g.record.moves[i] : kGameEnd});
  return g;
}

OpenOptions opts(OpenMode mode) {
  OpenOptions o;
  o.mode = mode;
  return o;
}

IndexTexts players(std::vector<std::string> names) {
  IndexTexts t;
  t.players = std::move(names);
  return t;
}

ErrorKind kind_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no Error raised";
  return ErrorKind::Io;
}

}  // namespace

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
