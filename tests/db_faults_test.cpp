// Storage faults: a rocksdb::Env that makes every file write fail with "no space" (as ENOSPC
// does) once a byte budget is spent. Each commit method must turn the failure into a db::Error
// (never an abort), leave no file in ingest/, and leave the database as its last successful
// commit left it, readable and ready for the same import again. A database whose creation was
// cut short is named as such, and finished by the next writer.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <rocksdb/env.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "db/database.hpp"
#include "db/error.hpp"

using namespace damdb::db;
namespace fs = std::filesystem;

namespace {

/// Writes through Env::Default() until `budget` bytes have been appended in all, then every
/// append, flush and sync fails with Status::NoSpace.
class DiskFullEnv : public rocksdb::EnvWrapper {
 public:
  explicit DiskFullEnv(std::int64_t budget) : EnvWrapper(rocksdb::Env::Default()), left_(budget) {}
  const char* Name() const override { return "DiskFullEnv"; }

  rocksdb::Status NewWritableFile(const std::string& name,
                                  std::unique_ptr<rocksdb::WritableFile>* result,
                                  const rocksdb::EnvOptions& options) override {
    std::unique_ptr<rocksdb::WritableFile> file;
    const rocksdb::Status s = EnvWrapper::NewWritableFile(name, &file, options);
    if (s.ok()) *result = std::make_unique<File>(std::move(file), left_);
    return s;
  }
  void set_budget(std::int64_t budget) { left_ = budget; }

 private:
  class File : public rocksdb::WritableFileWrapper {
   public:
    File(std::unique_ptr<rocksdb::WritableFile> f, std::atomic<std::int64_t>& left)
        : WritableFileWrapper(f.get()), owned_(std::move(f)), left_(left) {}
    rocksdb::Status Append(const rocksdb::Slice& data) override {
      if ((left_ -= static_cast<std::int64_t>(data.size())) < 0) return full();
      return WritableFileWrapper::Append(data);
    }
    rocksdb::Status Append(const rocksdb::Slice& data,
                           const rocksdb::DataVerificationInfo&) override {
      return Append(data);
    }
    rocksdb::Status Flush() override { return left_ < 0 ? full() : WritableFileWrapper::Flush(); }
    rocksdb::Status Sync() override { return left_ < 0 ? full() : WritableFileWrapper::Sync(); }

   private:
    static rocksdb::Status full() { return rocksdb::Status::NoSpace("injected: disk full"); }
    std::unique_ptr<rocksdb::WritableFile> owned_;
    std::atomic<std::int64_t>& left_;
  };
  std::atomic<std::int64_t> left_;
};

struct TestGame {
  GameRecord record;
  std::vector<PlyPosition> plies;
};

/// Game `n`: 40 plies through positions unique to it; move code of ply i is i % 7.
TestGame game(std::uint32_t n) {
  TestGame g;
  for (std::uint32_t i = 0; i < 40; ++i) g.record.moves.push_back(static_cast<std::uint8_t>(i % 7));
  g.record.plies_replayed = 40;
  g.record.sources = {GameSource{"faults.pdn", n, n, n}};
  g.record.start_fen = "W:W" + std::to_string(n) + ":B1";
  g.record.content_hash = ContentHash::of(g.record.start_fen, g.record.moves);
  for (std::uint32_t i = 0; i <= 40; ++i)
    g.plies.push_back(PlyPosition{{n * 1000003ull + i, i}, static_cast<std::uint16_t>(i),
                                  i < 40 ? g.record.moves[i] : kGameEnd});
  return g;
}

void add_games(ImportBatch& batch, std::uint32_t first, std::uint32_t count) {
  for (std::uint32_t n = first; n < first + count; ++n) {
    TestGame g = game(n);
    batch.add_game(std::move(g.record), g.plies);
  }
}

void disk_full_during_commit(CommitMethod method, std::int64_t budget) {
  const fs::path dir = fs::temp_directory_path() /
                       ("damdb-faults-" + std::to_string(::getpid()) + "-" +
                        std::to_string(static_cast<int>(method)) + "-" + std::to_string(budget));
  fs::remove_all(dir);
  DiskFullEnv env(std::int64_t{1} << 40);
  {
    OpenOptions o;
    o.env = &env;
    o.bulk_load = true;
    Database db = Database::open(dir, o);
    ImportBatch first = db.begin_import();
    add_games(first, 1, 100);
    db.commit(first, method);
    env.set_budget(budget);
    bool failed = false;
    for (std::uint32_t round = 0; round < 20 && !failed; ++round) {
      ImportBatch next = db.begin_import();
      add_games(next, 101 + round * 200, 200);
      try {
        db.commit(next, method);
        db.flush();
      } catch (const Error& e) {
        failed = true;
        EXPECT_TRUE(e.kind() == ErrorKind::NoSpace || e.kind() == ErrorKind::Io) << e.what();
      }
    }
    EXPECT_TRUE(failed) << "the injected fault never surfaced";
    std::error_code ec;
    EXPECT_TRUE(!fs::exists(dir / "ingest", ec) || fs::is_empty(dir / "ingest", ec));
  }
  {
    // The first commit (at least) is there, whole, and the database takes new commits.
    Database db = Database::open(dir);
    const std::uint64_t games = db.meta().counts.games;
    EXPECT_GE(games, 100u);
    EXPECT_EQ((games - 100) % 200, 0u);
    for (std::uint32_t id = 1; id <= games; ++id) ASSERT_TRUE(db.game(GameId{id})) << id;
    ImportBatch again = db.begin_import();
    add_games(again, 100000, 10);
    db.commit(again, method);
    EXPECT_EQ(db.meta().counts.games, games + 10);
  }
  // Closed first: a background compaction of the open database would write files meanwhile.
  fs::remove_all(dir);
}

}  // namespace

TEST(DbFaults, DiskFullDuringSstIngestionIsAnError) {
  for (std::int64_t budget : {0, 5000, 200000})
    disk_full_during_commit(CommitMethod::SstIngestion, budget);
}

TEST(DbFaults, DiskFullDuringWriteBatchIsAnError) {
  for (std::int64_t budget : {0, 5000, 200000})
    disk_full_during_commit(CommitMethod::SortedWriteBatch, budget);
}

// A writer killed while it created the database (families are created in schema order, meta
// last) leaves a folder without meta: a reader says so, and the next writer finishes it.
TEST(DbFaults, ADatabaseWhoseCreationStoppedIsFinishedByTheNextWriter) {
  const fs::path dir = fs::temp_directory_path() / ("damdb-creation-" + std::to_string(getpid()));
  fs::remove_all(dir);
  {
    rocksdb::Options options;
    options.create_if_missing = true;
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(options, dir.string(), &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    rocksdb::ColumnFamilyHandle* games = nullptr;
    ASSERT_TRUE(db->CreateColumnFamily(rocksdb::ColumnFamilyOptions(), "games", &games).ok());
    ASSERT_TRUE(db->DestroyColumnFamilyHandle(games).ok());
  }
  OpenOptions read_only;
  read_only.mode = OpenMode::ReadOnly;
  try {
    Database::open(dir, read_only);
    ADD_FAILURE() << "opened a database without meta";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not completely created"), std::string::npos) << e.what();
  }
  { Database::open(dir); }
  EXPECT_EQ(Database::open(dir, read_only).meta().counts.games, 0u);
  fs::remove_all(dir);
}
