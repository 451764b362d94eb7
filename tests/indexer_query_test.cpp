// Position and opening queries on a small database of hand-made games (results worked out by
// hand), and on real files: games reaching the position after 32-28 equal the distinct games
// whose first move is 32-28, counted independently from the PDN text.
#include "tests/corpus_required.hpp"
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "db/database.hpp"
#include "indexer/import/importer.hpp"
#include "indexer/explorer/query.hpp"
#include "pdn/reader.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "tests/games_fixture.hpp"

using namespace damdb;
namespace fs = std::filesystem;

namespace {

// G1 and G2 transpose: after 32-28 17-21 33-29 (G1) or 33-29 17-21 32-28 (G2) the position is
// the same (no capture anywhere on the way), and both continue 12-17. G3 starts 32-28 too. G4
// starts from the initial position with Black to move and plays 19-23, the colour-reversed image of
// 32-28.
const char* kGames = R"([Event "Test Open"]
[Date "1990.05.01"]
[White "Sijbrands, T."]
[Black "Clerc, J."]
[Result "2-0"]

1. 32-28 17-21 2. 33-29 12-17 2-0

[Event "Test Open"]
[Date "1991.06.02"]
[White "Clerc, J."]
[Black "T. Sijbrands"]
[Result "0-2"]

1. 33-29 17-21 2. 32-28 12-17 0-2

[Event "Club"]
[Date "1992.07.03"]
[White "Wiersma, H."]
[Black "Gantwarg, A."]
[Result "1-1"]

1. 32-28 17-22 2. 28x17 11x22 1-1

[Event "Mirror"]
[Date "1993.08.04"]
[White "Baliakin, A."]
[Black "Schwarzman, A."]
[FEN "B:W31-50:B1-20"]
[Result "2-0"]

1... 19-23 2. 32-28 2-0
)";

class QueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("damdb-query-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const fs::path pdn = dir_ / "games.pdn";
    std::ofstream(pdn) << kGames;
    db_ = std::make_unique<db::Database>(db::Database::open(dir_ / "db"));
    const auto s = indexer::import_files(*db_, {pdn.string()});
    ASSERT_EQ(s.games_stored, 4u);
    ASSERT_EQ(s.invalid, 0u);
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(dir_);
  }
  fs::path dir_;
  std::unique_ptr<db::Database> db_;
};

}  // namespace

TEST_F(QueryTest, PositionAfter3228) {
  const auto pos = indexer::position_after("32-28");
  const auto a = indexer::query_position(*db_, pos, indexer::GameFilter{});
  EXPECT_EQ(a.games, 2u);  // G1 and G3
  ASSERT_EQ(a.rows.size(), 2u);
  EXPECT_EQ(a.rows[0].white, "Wiersma, H.");  // newest (last imported) first
  EXPECT_EQ(a.rows[1].white, "Sijbrands, T.");
  EXPECT_EQ(a.rows[0].ply, 1);
}

TEST_F(QueryTest, TranspositionsCountByPosition) {
  const auto pos = indexer::position_after("32-28 17-21 33-29");
  EXPECT_EQ(pos, indexer::position_after("1. 33-29 17-21 2. 32-28"));
  const auto a = indexer::query_position(*db_, pos, indexer::GameFilter{});
  EXPECT_EQ(a.games, 2u);  // G1 and G2
  const auto o = indexer::query_opening(*db_, pos, indexer::GameFilter{});
  EXPECT_EQ(o.games, 2u);
  ASSERT_EQ(o.moves.size(), 1u);
  EXPECT_EQ(o.moves[0].notation, "12-17");
  EXPECT_EQ(o.moves[0].counts.white_wins, 1u);  // G1 2-0
  EXPECT_EQ(o.moves[0].counts.black_wins, 1u);  // G2 0-2
  EXPECT_DOUBLE_EQ(o.moves[0].score(rules::Color::Black), 50.0);
}

TEST_F(QueryTest, OpeningExplorerAtTheStart) {
  const auto o = indexer::query_opening(*db_, rules::Position::initial(), indexer::GameFilter{});
  EXPECT_EQ(o.games, 3u);  // G4 starts with Black to move: another position
  ASSERT_EQ(o.moves.size(), 2u);
  EXPECT_EQ(o.moves[0].notation, "32-28");
  EXPECT_EQ(o.moves[0].counts.games(), 2u);
  EXPECT_EQ(o.moves[0].counts.white_wins, 1u);
  EXPECT_EQ(o.moves[0].counts.draws, 1u);
  EXPECT_DOUBLE_EQ(o.moves[0].score(rules::Color::White), 75.0);  // (2 + 1) / 4
  ASSERT_TRUE(o.moves[0].recent.has_value());
  EXPECT_EQ(o.moves[0].recent->white, "Wiersma, H.");
  EXPECT_EQ(o.moves[1].notation, "33-29");
  EXPECT_EQ(o.moves[1].counts.black_wins, 1u);
}

TEST_F(QueryTest, MirrorFindsTheColourReversedPosition) {
  const auto pos = indexer::position_after("32-28");
  indexer::PositionQuery q;
  q.mirror = true;
  const auto a = indexer::query_position(*db_, pos, indexer::GameFilter{}, q);
  EXPECT_EQ(a.games, 2u);
  EXPECT_EQ(a.mirrored_games, 1u);  // G4 after 19-23
  ASSERT_EQ(a.mirrored_rows.size(), 1u);
  EXPECT_EQ(a.mirrored_rows[0].white, "Baliakin, A.");
  // In the opening explorer at the start (White to move), G4's first move 19-23 is the mirror
  // of 32-28, and its white win is a win of the side in Black's role here.
  const auto o =
      indexer::query_opening(*db_, rules::Position::initial(), indexer::GameFilter{}, true);
  EXPECT_EQ(o.games, 4u);
  EXPECT_EQ(o.mirrored_games, 1u);
  EXPECT_EQ(o.moves[0].notation, "32-28");
  EXPECT_EQ(o.moves[0].counts.games(), 3u);
  EXPECT_EQ(o.moves[0].mirrored_games, 1u);
  EXPECT_EQ(o.moves[0].counts.black_wins, 1u);
  // After 32-28, 19-23 was played only in G4's colour-reversed form (1... 19-23 2. 32-28): its
  // most recent game is G4, flagged mirrored.
  const auto after =
      indexer::query_opening(*db_, indexer::position_after("32-28"), indexer::GameFilter{}, true);
  const auto it = std::find_if(after.moves.begin(), after.moves.end(),
                               [](const indexer::MoveRow& m) { return m.notation == "19-23"; });
  ASSERT_NE(it, after.moves.end());
  EXPECT_EQ(it->counts.games(), 1u);
  EXPECT_EQ(it->mirrored_games, 1u);
  ASSERT_TRUE(it->recent.has_value());
  EXPECT_EQ(it->recent->white, "Baliakin, A.");
  EXPECT_TRUE(it->recent->mirrored);
}

TEST_F(QueryTest, Filters) {
  indexer::FilterSpec spec;
  spec.player = "sijbrands";
  const auto o =
      indexer::query_opening(*db_, rules::Position::initial(), indexer::GameFilter(spec));
  EXPECT_EQ(o.games, 2u);  // G1 ("Sijbrands, T.") and G2 ("T. Sijbrands")
  spec = {};
  spec.since = "1991";
  spec.until = "1992.06";
  const auto a = indexer::query_position(*db_, indexer::position_after("32-28 17-21 33-29"),
                                         indexer::GameFilter(spec));
  EXPECT_EQ(a.games, 1u);  // G2 (1991.06.02); G1 is from 1990
  spec = {};
  spec.result = "1-1";
  EXPECT_EQ(
      indexer::query_position(*db_, indexer::position_after("32-28"), indexer::GameFilter(spec))
          .games,
      1u);
  spec = {};
  spec.event = "^test";
  spec.regex = true;
  EXPECT_EQ(
      indexer::query_opening(*db_, rules::Position::initial(), indexer::GameFilter(spec)).games,
      2u);
  spec.event = "(";
  EXPECT_THROW(indexer::GameFilter{spec}, indexer::FilterError);
}

TEST_F(QueryTest, PagesWithAndWithoutFilter) {
  // At the start: G3, G2, G1 newest first (G4 starts from another position).
  indexer::PositionQuery q;
  q.limit = 1;
  q.offset = 1;
  auto a = indexer::query_position(*db_, rules::Position::initial(), indexer::GameFilter{}, q);
  EXPECT_EQ(a.games, 3u);
  ASSERT_EQ(a.rows.size(), 1u);
  EXPECT_EQ(a.rows[0].white, "Clerc, J.");  // G2
  EXPECT_EQ(a.rows[0].date, "1991.06.02");
  EXPECT_EQ(a.rows[0].result, db::GameResult::BlackWin);
  q.offset = 3;
  EXPECT_TRUE(indexer::query_position(*db_, rules::Position::initial(), indexer::GameFilter{}, q).rows.empty());
  q.limit = 0;
  q.offset = 0;
  EXPECT_TRUE(indexer::query_position(*db_, rules::Position::initial(), indexer::GameFilter{}, q).rows.empty());

  indexer::FilterSpec spec;
  spec.player = "sijbrands";  // G2 and G1
  q.limit = 1;
  q.offset = 1;
  a = indexer::query_position(*db_, rules::Position::initial(), indexer::GameFilter(spec), q);
  EXPECT_EQ(a.games, 2u);
  ASSERT_EQ(a.rows.size(), 1u);
  EXPECT_EQ(a.rows[0].white, "Sijbrands, T.");  // G1

  // The most recent game per move honours the filter: with Clerc, 32-28 is G1 (not G3).
  spec.player = "clerc";
  const auto o =
      indexer::query_opening(*db_, rules::Position::initial(), indexer::GameFilter(spec));
  ASSERT_EQ(o.moves.size(), 2u);
  ASSERT_TRUE(o.moves[0].recent && o.moves[1].recent);
  EXPECT_EQ(o.moves[0].recent->black, "Clerc, J.");
  EXPECT_EQ(o.moves[1].recent->white, "Clerc, J.");
}

TEST(QueryMoves, IllegalMoveListNamesTheMove) {
  try {
    indexer::position_after("32-28 18-23 29-24");
    FAIL() << "no exception";
  } catch (const indexer::MoveListError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("move 3 \"29-24\""), std::string::npos) << what;
    EXPECT_NE(what.find("33-29"), std::string::npos) << what;  // a legal move is listed
  }
}

/// The explorer rows of `pos` under `filter`, as text: "move games white/draw/black/unknown"
/// per row by notation, then the total and the games that ended there.
std::string filtered_rows(const db::Database& db, const rules::Position& pos,
                          const indexer::FilterSpec& spec) {
  const auto o = indexer::query_opening(db, pos, indexer::GameFilter(spec), false, false);
  std::map<std::string, std::string> rows;
  for (const indexer::MoveRow& m : o.moves) {
    const db::ResultCounts& c = m.counts;
    rows[m.notation] = std::to_string(c.games()) + " " + std::to_string(c.white_wins) + "/" +
                       std::to_string(c.draws) + "/" + std::to_string(c.black_wins) + "/" +
                       std::to_string(c.unknown);
  }
  std::string out;
  for (const auto& [move, row] : rows) out += move + " " + row + "\n";
  return out + "games " + std::to_string(o.games) + " ended " + std::to_string(o.ended_here);
}

/// The same rows counted by replaying the record of every stored game whose header `spec`
/// matches (the first ply at which each game reached `pos`).
std::string replayed_rows(const db::Database& db, const rules::Position& pos,
                          const indexer::FilterSpec& spec) {
  const indexer::GameFilter filter(spec);
  std::map<std::string, std::array<std::uint64_t, 5>> rows;  // games, white, draw, black, *
  std::uint64_t games = 0, ended = 0;
  db.for_each_game([&](db::GameId id, const db::GameRecord& game) {
    const auto header = db.game_header(id);
    if (!header || !filter.matches(*header)) return true;
    rules::Position at = rules::Position::initial();
    for (std::size_t ply = 0; ply <= game.moves.size(); ++ply) {
      rules::MoveList legal;
      rules::generate_moves(at, legal);
      rules::sort_moves(legal);
      if (at == pos) {
        ++games;
        if (ply == game.moves.size()) {
          ++ended;
          break;
        }
        auto& row = rows[rules::to_pdn(at, legal[game.moves[ply]], legal)];
        ++row[0];
        ++row[game.result == db::GameResult::WhiteWin ? 1
                  : game.result == db::GameResult::Draw   ? 2
                  : game.result == db::GameResult::BlackWin ? 3
                                                            : 4];
        break;
      }
      if (ply == game.moves.size()) break;
      at.play(legal[game.moves[ply]]);
    }
    return true;
  });
  std::string out;
  for (const auto& [move, r] : rows)
    out += move + " " + std::to_string(r[0]) + " " + std::to_string(r[1]) + "/" +
           std::to_string(r[2]) + "/" + std::to_string(r[3]) + "/" + std::to_string(r[4]) + "\n";
  return out + "games " + std::to_string(games) + " ended " + std::to_string(ended);
}

// With a filter the explorer reads each matching game's move at the position: from the moves
// kept beside the signatures, or from the game records in a database imported without them.
// 300 random games on three shared lines cut at random lengths (so that positions hold many
// games and some games end there), 7 White players, every result: at the first 10 plies of
// 12 games, for a player filter and a result filter, every row equals a count by replaying
// every stored game.
TEST(QueryFilter, FilteredOpeningRowsMatchAReplayOfEveryGame) {
  std::mt19937_64 rng(2026120202);
  const char* results[] = {"2-0", "1-1", "0-2", "*"};
  std::string text;
  std::vector<db::GameRecord> lines;
  for (int i = 0; i < 300; ++i) {
    const std::uint64_t seed = i % 5 < 3 ? static_cast<std::uint64_t>(i % 5) : rng();
    lines.push_back(test::random_record("", 2 + static_cast<int>(rng() % 24), seed));
    text += test::pdn_game("P" + std::to_string(rng() % 7), "", results[rng() % 4],
                           test::moves_text(lines.back()));
  }
  test::TempFolder folder("query-filtered-opening");
  test::write_text(folder.path() / "a.pdn", text);
  for (const bool signatures : {true, false}) {
    const fs::path where = folder.path() / (signatures ? "with" : "without");
    {
      db::Database database = db::Database::open(where);
      indexer::ImportOptions options;
      options.build_signatures = signatures;
      indexer::import_files(database, {(folder.path() / "a.pdn").string()}, options);
    }
    const db::Database database = test::open_read_only(where);
    EXPECT_EQ(database.signatures_end().value > 1, signatures);
    indexer::FilterSpec by_player, by_result;
    by_player.player = "P3";
    by_result.result = "0-2";
    int compared = 0, busy = 0;
    for (std::size_t g = 0; g < 12; ++g) {
      rules::Position pos = rules::Position::initial();
      for (std::size_t ply = 0; ply <= lines[g].moves.size() && ply <= 10; ++ply) {
        for (const auto* spec : {&by_player, &by_result}) {
          const std::string expected = replayed_rows(database, pos, *spec);
          ASSERT_EQ(filtered_rows(database, pos, *spec), expected)
              << (signatures ? "with" : "without") << " signatures, game " << g << " ply " << ply;
          ++compared;
          if (expected.find("games 0 ") == std::string::npos &&
              expected.find("games 1 ") == std::string::npos)
            ++busy;
        }
        if (ply == lines[g].moves.size()) break;
        test::play_code(pos, lines[g].moves[ply]);
      }
    }
    EXPECT_GT(compared, 100);
    EXPECT_GT(busy, 40);  // positions where the filter kept several games
  }
}

TEST(QueryCorpus, GamesAfter3228EqualGamesOpening3228) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const fs::path corpus = DAMDB_CORPUS_DIR;
  const std::vector<std::string> files = {
      (corpus / "rhalbersma_horizon/BoomstraDam/pdn files/oud/wk2003.pdn").string(),
      (corpus / "rhalbersma_horizon/BoomstraDam/pdn files/oud/nk2003-amsterdam.pdn").string(),
      (corpus / "rhalbersma_horizon/BoomstraDam/pdn files/oud/DUTCH96H.PDN").string()};
  // Independent count from the PDN text: distinct main lines (as written squares) of games
  // without a FEN tag whose first move is 32-28.
  std::set<std::vector<int>> lines;
  for (const auto& f : files) {
    pdn::GameReader reader(f);
    while (auto g = reader.next()) {
      if (g->tag("FEN")) continue;
      std::vector<int> line;
      for (const pdn::Element& e : g->moves)
        if (e.kind == pdn::ElementKind::Move) {
          for (std::uint8_t sq : g->squares_of(e)) line.push_back(sq);
          line.push_back(0);
        }
      if (line.size() >= 3 && line[0] == 32 && line[1] == 28 && line[2] == 0) lines.insert(line);
    }
  }
  const fs::path dir = fs::temp_directory_path() / "damdb-query-corpus-test";
  fs::remove_all(dir);
  {
    db::Database db = db::Database::open(dir);
    indexer::import_files(db, files);
    const auto a =
        indexer::query_position(db, indexer::position_after("32-28"), indexer::GameFilter{});
    EXPECT_GT(lines.size(), 100u);
    EXPECT_EQ(a.games, lines.size());
    const auto o =
        indexer::query_opening(db, rules::Position::initial(), indexer::GameFilter{}, false, false);
    EXPECT_EQ(o.moves.at(0).notation, "32-28");
    EXPECT_EQ(o.moves.at(0).counts.games(), lines.size());
  }
  fs::remove_all(dir);
}
