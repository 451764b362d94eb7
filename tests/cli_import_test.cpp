// `damdb import` as a user runs it: idempotence, duplicates across files, and the crash test:
// kill -9 at random moments, run again, and the database ends identical to an uninterrupted
// import (same games, sources, counts and query answers).
#include "tests/corpus_required.hpp"
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
#include <thread>
#include <utility>

#include "db/database.hpp"
#include "indexer/explorer/query.hpp"

using namespace damdb;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = DAMDB_CORPUS_DIR;

std::vector<std::string> import_files() {
  return {(kCorpus / "rhalbersma_horizon/BoomstraDam/pdn files/oud/wk2003.pdn").string(),
          (kCorpus / "wiegerw_pdn/games/succeed/wk2003.pdn").string(),  // an extract: duplicates
          (kCorpus / "rhalbersma_horizon/BoomstraDam/pdn files/oud/nk2003-amsterdam.pdn").string(),
          (kCorpus / "rhalbersma_mobydam/book/games/babasy1.pdn").string()};
}

/// Runs `damdb import --db DIR FILES... --batch-games N` in a child; returns its pid.
pid_t start_import(const fs::path& db, int batch_games) {
  std::vector<std::string> args = {DAMDB_BINARY, "import",        "--db",
                                   db.string(),  "--batch-games", std::to_string(batch_games)};
  for (const auto& f : import_files()) args.push_back(f);
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

/// Everything a user can observe of a database, in a comparable form.
struct Snapshot {
  db::Counts counts;
  std::map<std::string, std::vector<std::string>> games;  // content hash -> sources
  std::string opening;                                    // explorer answers, as text
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const fs::path& dir) {
  db::OpenOptions o;
  o.mode = db::OpenMode::ReadOnly;
  const db::Database db = db::Database::open(dir, o);
  Snapshot s;
  s.counts = db.meta().counts;
  db.for_each_game([&](db::GameId, const db::GameRecord& g) {
    auto& sources = s.games[g.content_hash.hex()];
    for (const auto& src : g.sources)
      sources.push_back(src.path + ":" + std::to_string(src.byte_offset));
    std::sort(sources.begin(), sources.end());
    return true;
  });
  for (const char* moves : {"", "32-28", "32-28 18-23", "33-28 18-22", "34-29 19-23"}) {
    const auto a = indexer::query_opening(db, indexer::position_after(moves), indexer::GameFilter{},
                                          false, false);
    s.opening += std::string(moves) + ": " + std::to_string(a.games) + "\n";
    for (const auto& m : a.moves)
      s.opening += m.notation + " " + std::to_string(m.counts.games()) + " " +
                   std::to_string(m.counts.white_wins) + "/" + std::to_string(m.counts.draws) + "/" +
                   std::to_string(m.counts.black_wins) + "\n";
  }
  return s;
}

/// A database folder under the temporary directory, removed when the test leaves its scope
/// (also when an assertion fails and returns early).
class ScopedDir {
 public:
  explicit ScopedDir(fs::path path) : path_(std::move(path)) { fs::remove_all(path_); }
  ScopedDir(const ScopedDir&) = delete;
  ScopedDir& operator=(const ScopedDir&) = delete;
  ~ScopedDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  operator const fs::path&() const { return path_; }

 private:
  fs::path path_;
};

fs::path dir_path(const std::string& name) {
  return fs::temp_directory_path() /
         ("damdb-cli-import-" + std::to_string(getpid()) + "-" + name);
}

}  // namespace

TEST(ImportCommand, IdempotentAndDuplicatesStoredOnce) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const ScopedDir db(dir_path("idem"));
  ASSERT_EQ(wait_for(start_import(db, 20000)), 0);
  const Snapshot first = snapshot(db);
  // wk2003 (190 games) + its 23-game extract + nk2003 (91) + babasy1 (43).
  EXPECT_GE(first.counts.duplicates, 23u);
  EXPECT_EQ(first.counts.games, first.games.size());
  // Every game of the extract is stored once, with both sources.
  std::size_t two_sources = 0;
  for (const auto& [hash, sources] : first.games) two_sources += sources.size() >= 2;
  EXPECT_GE(two_sources, 23u);
  ASSERT_EQ(wait_for(start_import(db, 20000)), 0);
  EXPECT_EQ(snapshot(db), first);  // the second import adds nothing
}

TEST(ImportCommand, KillNineAndRerunGivesTheSameDatabase) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const ScopedDir reference(dir_path("reference"));
  const auto started = std::chrono::steady_clock::now();
  ASSERT_EQ(wait_for(start_import(reference, 25)), 0);
  // Kill moments are drawn within the reference import's own duration (Release or sanitizer
  // build, idle or loaded machine), so that kills land between commits in every build.
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started).count();
  const unsigned span = static_cast<unsigned>(std::max<long long>(took * 8 / 10, 50));
  const Snapshot expected = snapshot(reference);
  ASSERT_GT(expected.counts.games, 250u);

  std::mt19937 rng(20261129);
  int partial = 0;  // kills that left some committed batches, not all
  int landed = 0;   // kills that stopped a running import
  // At least 4 attempts; more (up to 16) until a kill has landed between two commits and
  // three have stopped a running import: on a loaded machine the moments of the commits
  // within an import vary from run to run.
  for (int attempt = 0; attempt < 16 && (attempt < 4 || partial == 0 || landed <= 2);
       ++attempt) {
    const ScopedDir db(dir_path("killed-" + std::to_string(attempt)));
    // Kill it one, two or three times at random moments, then let it finish.
    for (int kills = 0; kills <= attempt % 3; ++kills) {
      const pid_t pid = start_import(db, 25);
      std::this_thread::sleep_for(std::chrono::milliseconds(span / 20 + rng() % span));
      kill(pid, SIGKILL);
      const int status = wait_for(pid);
      // A kill that came after the import ended on its own (a resumed import has less to do;
      // the machine's speed varies) tests nothing: counted apart.
      landed += WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
      try {
        const std::uint64_t games = snapshot(db).counts.games;
        partial += games > 0 && games < expected.counts.games;
      } catch (const std::exception&) {
        // Killed before the database was created: nothing committed yet.
      }
    }
    ASSERT_EQ(wait_for(start_import(db, 25)), 0);
    EXPECT_EQ(snapshot(db), expected) << "attempt " << attempt;
  }
  EXPECT_GT(landed, 2) << "the imports ended before most kills";
  EXPECT_GT(partial, 0) << "no kill landed between two commits";
}
