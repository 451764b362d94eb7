// The evaluations `damdb analyze --db` keeps by position, against tests/fake_hub_engine.py
// (whose answers are logged): every stored score is the engine's answer turned to White's side;
// a second run sends the engine no position already stored (the `pos` lines of its log); a run
// whose engine exits half-way, resumed, searches only the rest; stored games as input. Then the
// filters judged from stored evaluations (--blunder-by, --missed-win, --eval-swing) and the
// evaluations shown by `damdb query opening`, on a database whose evaluations are written here
// so that every figure is known.
#include <gtest/gtest.h>

#include <set>

#include "db/database.hpp"
#include "indexer/explorer/query.hpp"
#include "rules/fen.hpp"
#include "rules/notation.hpp"
#include "tests/damdb_command.hpp"
#include "tests/fake_engine_log.hpp"
#include "tests/games_fixture.hpp"

namespace damdb::test {
namespace {

namespace fs = std::filesystem;

/// The fake engine's command line, logging to `log` in `folder`, with `args`.
std::string fake_engine(const TempFolder& folder, const std::string& log, const std::string& args = "") {
  return std::string("python3 ") + DAMDB_SOURCE_DIR + "/tests/fake_hub_engine.py --log " +
         (folder.path() / log).string() + " " + args;
}

/// `damdb analyze ARGS --engine "ENGINE" --json` in `folder`; fails the test when JSON is not printed.
nlohmann::json analyze_json(const TempFolder& folder, const std::string& args, const std::string& engine,
                            int expected_exit = 0) {
  const CommandRun run = run_damdb("analyze " + args + " --engine \"" + engine + "\" --json", folder.path());
  EXPECT_EQ(run.exit_code, expected_exit) << run.err;
  return nlohmann::json::parse(run.out.empty() ? "{}" : run.out);
}

/// The lines of the engine's log (one per search), 0 when it does not exist.
std::size_t searches(const TempFolder& folder, const std::string& log) {
  std::ifstream in(folder.path() / log);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) n += !line.empty();
  return n;
}

/// The position of a Hub position string (turned into a FEN here).
rules::Position position_of_hub(const std::string& hub) {
  std::string white, black;
  for (int sq = 1; sq <= 50; ++sq) {
    const char c = hub[static_cast<std::size_t>(sq)];
    if (c == 'e') continue;
    std::string& side = (c == 'w' || c == 'W') ? white : black;
    side += (side.empty() ? "" : ",") + std::string(c == 'W' || c == 'B' ? "K" : "") + std::to_string(sq);
  }
  return rules::parse_fen(std::string(hub[0] == 'W' ? "W" : "B") + ":W" + white + ":B" + black);
}

db::Database open_evaluations(const fs::path& folder) {
  db::OpenOptions o;
  o.mode = db::OpenMode::ReadOnly;
  o.evaluations = true;
  return db::Database::open(folder, o);
}

/// Every answer of the log is stored for its position: the score turned to White's side, the
/// depth, the engine and the budget; returns the number of positions checked.
std::size_t check_stored(const fs::path& database, const fs::path& log, std::uint64_t depth) {
  const db::Database db = open_evaluations(database);
  std::size_t n = 0;
  for (const auto& [hub, answer] : read_log(log)) {
    const rules::Position pos = position_of_hub(hub);
    const auto stored = db.evaluation({pos.key(), pos.check_key()});
    EXPECT_TRUE(stored) << hub;
    if (!stored) continue;
    const double white = hub[0] == 'W' ? answer.score : -answer.score;
    EXPECT_EQ(stored->centi_score, static_cast<std::int32_t>(std::lround(white * 100))) << hub;
    EXPECT_EQ(stored->win, std::abs(answer.score) >= 89) << hub;
    EXPECT_EQ(stored->depth, static_cast<std::uint32_t>(answer.depth)) << hub;
    EXPECT_EQ(stored->engine, "fake 1.0");
    EXPECT_EQ(stored->budget, (db::EvalBudget{db::BudgetKind::Depth, depth}));
    ++n;
  }
  return n;
}

TEST(CliEvaluations, StoredScoresAreTheEngineAnswersAndNoPositionIsSentTwice) {
  TempFolder folder("evals-cache");
  write_text(folder.path() / "in.pdn", std::string(kGamesPdn) + "\n" + kKingGames);
  const std::string in = (folder.path() / "in.pdn").string(), db = (folder.path() / "db").string();
  const nlohmann::json first = analyze_json(folder, in + " --db " + db + " --depth 3", fake_engine(folder, "log1"));
  // Every position searched once: the games share their openings, the log has no position twice.
  const std::size_t sent = searches(folder, "log1");
  EXPECT_EQ(read_log(folder.path() / "log1").size(), sent);
  EXPECT_EQ(first["cache"]["searched"].get<std::size_t>(), sent);
  EXPECT_GT(first["cache"]["found_stored"].get<std::size_t>(), 0u);
  EXPECT_EQ(check_stored(db, folder.path() / "log1", 3), sent);
  // Again, and at a smaller budget: nothing sent, the same report.
  const nlohmann::json second = analyze_json(folder, in + " --db " + db + " --depth 3", fake_engine(folder, "log2"));
  EXPECT_EQ(searches(folder, "log2"), 0u);
  EXPECT_EQ(second["games"], first["games"]);
  EXPECT_EQ(second["cache"]["found_stored"], first["cache"]["positions"]);
  EXPECT_EQ(second["cache"]["hit_rate"].get<double>(), 1.0);
  analyze_json(folder, in + " --db " + db + " --depth 2", fake_engine(folder, "log3"));
  EXPECT_EQ(searches(folder, "log3"), 0u);
  // A larger budget searches every position again, and stores it.
  analyze_json(folder, in + " --db " + db + " --depth 4", fake_engine(folder, "log4"));
  EXPECT_EQ(searches(folder, "log4"), sent);
  EXPECT_EQ(check_stored(db, folder.path() / "log4", 4), sent);
}

// Engines side by side never search one position twice: three games share their first three
// positions and three engines start at once, each search lasting 0.2 s (the fake engine answers
// 0.2 s after `stop`), yet the searches are those of one engine.
TEST(CliEvaluations, EnginesSideBySideNeverSearchAPositionTwice) {
  TempFolder folder("evals-engines");
  write_text(folder.path() / "in.pdn",
             "[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 18-23 2. 37-32 12-18 *\n\n"
             "[White \"C\"]\n[Black \"D\"]\n\n1. 32-28 18-23 2. 38-32 12-18 *\n\n"
             "[White \"E\"]\n[Black \"F\"]\n\n1. 32-28 18-23 2. 31-27 12-18 *\n");
  const std::string in = (folder.path() / "in.pdn").string(), budget = " --move-time 0.01";
  const nlohmann::json one =
      analyze_json(folder, in + " --db " + (folder.path() / "db1").string() + budget,
                   fake_engine(folder, "log1", "--modes slow-stop"));
  const nlohmann::json three =
      analyze_json(folder, in + " --db " + (folder.path() / "db3").string() + budget + " --engines 3",
                   fake_engine(folder, "log3", "--modes slow-stop"));
  const std::size_t sent = searches(folder, "log1");
  EXPECT_EQ(searches(folder, "log3"), sent);
  EXPECT_EQ(read_log(folder.path() / "log3").size(), sent);
  EXPECT_EQ(three["cache"]["searched"], one["cache"]["searched"]);
  EXPECT_EQ(three["cache"]["found_stored"], one["cache"]["found_stored"]);
  EXPECT_EQ(three["games"], one["games"]);
}

TEST(CliEvaluations, AnAnalysisStoppedHalfWayGoesOnWhereItStopped) {
  TempFolder folder("evals-resume");
  // The engine exits in the middle of the search of the position after 32-28 18-23 (game 1,
  // ply 3), on its first and its second start: game 1 and the games through that position fail.
  rules::Position trigger = rules::Position::initial();
  for (const char* m : {"32-28", "18-23"}) trigger.play(rules::resolve(trigger, m).move);
  write_text(folder.path() / "in.pdn", std::string(kGamesPdn) + "\n" + kKingGames);
  const std::string in = (folder.path() / "in.pdn").string(), db = (folder.path() / "db").string();
  const nlohmann::json first = analyze_json(folder, in + " --db " + db + " --depth 2 --no-only-moves",
                                            fake_engine(folder, "log1", "--on " + hub_string(trigger) + " --do exit"), 1);
  EXPECT_FALSE(first["games"][0]["analysed"].get<bool>());
  const auto log1 = read_log(folder.path() / "log1");
  ASSERT_GT(log1.size(), 0u);
  const nlohmann::json second =
      analyze_json(folder, in + " --db " + db + " --depth 2 --no-only-moves", fake_engine(folder, "log2"));
  const auto log2 = read_log(folder.path() / "log2");
  // The second run searched only what the first did not answer, the trigger among them.
  for (const auto& [hub, answer] : log2) EXPECT_EQ(log1.count(hub), 0u) << hub;
  EXPECT_EQ(log2.count(hub_string(trigger)), 1u);
  EXPECT_EQ(second["cache"]["found_stored"].get<std::size_t>() + log2.size(),
            second["cache"]["positions"].get<std::size_t>());
  EXPECT_EQ(searches(folder, "log2"), log2.size());
  EXPECT_TRUE(second["games"][0]["analysed"].get<bool>());
  EXPECT_EQ(check_stored(db, folder.path() / "log1", 2) + check_stored(db, folder.path() / "log2", 2),
            log1.size() + log2.size());
}

// A depth search the timeout stopped (the engine ignores its budget and answers 0.5 s after
// `stop`, within the 1.5 s given for it) is used for the game but not stored as a search of that
// depth, nor counted as searched; a position the engine fails on is neither.
TEST(CliEvaluations, APositionNotAnsweredWithinItsBudgetIsNotStoredNorCountedAsSearched) {
  TempFolder folder("evals-unanswered");
  write_text(folder.path() / "one.pdn", "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. 32-28 *\n");
  const std::string in = (folder.path() / "one.pdn").string(), db = (folder.path() / "db").string();
  const nlohmann::json cut = analyze_json(folder, in + " --db " + db + " --depth 2 --no-only-moves --engine-timeout 1.5",
                                          fake_engine(folder, "log1", "--modes slow-stop"));
  EXPECT_TRUE(cut["games"][0]["analysed"].get<bool>());
  EXPECT_EQ(cut["cache"]["positions"], 2);
  EXPECT_EQ(cut["cache"]["searched"], 0);
  EXPECT_EQ(cut["cache"]["not_answered"], 2);
  EXPECT_FALSE(open_evaluations(db).has_evaluations());
  // The engine exits on the position after 32-28: the first position is kept, that one is not.
  rules::Position after = rules::Position::initial();
  after.play(rules::resolve(after, "32-28").move);
  const nlohmann::json failed = analyze_json(folder, in + " --db " + db + " --depth 2 --no-only-moves",
                                             fake_engine(folder, "log2", "--on " + hub_string(after) + " --do exit"), 1);
  EXPECT_FALSE(failed["games"][0]["analysed"].get<bool>());
  EXPECT_EQ(failed["cache"]["searched"], 1);
  EXPECT_EQ(failed["cache"]["not_answered"], 1);
  const db::Database stored = open_evaluations(db);
  EXPECT_TRUE(stored.evaluation({rules::Position::initial().key(), rules::Position::initial().check_key()}));
  EXPECT_FALSE(stored.evaluation({after.key(), after.check_key()}));
}

TEST(CliEvaluations, StoredGamesByIdOrByFilter) {
  TempFolder folder("evals-stored");
  write_text(folder.path() / "in.pdn", kGamesPdn);
  const std::string db = (folder.path() / "db").string();
  ASSERT_EQ(run_damdb("import --db " + db + " " + (folder.path() / "in.pdn").string(), folder.path()).exit_code, 0);
  const nlohmann::json by_id = analyze_json(folder, "--db " + db + " 3 1 --depth 1 --no-only-moves", fake_engine(folder, "log1"));
  ASSERT_EQ(by_id["games"].size(), 2u);
  EXPECT_EQ(by_id["games"][0]["game"].get<int>(), 1);
  EXPECT_EQ(by_id["games"][0]["white"].get<std::string>(), "Sijbrands, T.");
  EXPECT_EQ(by_id["games"][1]["game"].get<int>(), 3);
  EXPECT_EQ(by_id["games"][1]["black"].get<std::string>(), "Gérard Jansen");
  // Games 1 (8 plies) and 3 (6 plies): 9 + 7 positions, the initial one shared, none terminal.
  EXPECT_EQ(searches(folder, "log1"), 15u);
  const nlohmann::json by_filter =
      analyze_json(folder, "--db " + db + " --black Clerc --depth 1 --no-only-moves", fake_engine(folder, "log2"));
  ASSERT_EQ(by_filter["games"].size(), 2u);  // games 1 and 4 have Clerc as Black
  EXPECT_EQ(by_filter["games"][1]["game"].get<int>(), 4);
  // Game 1 is stored; game 4 shares its first 7 plies (8 positions) and adds 4 plies.
  EXPECT_EQ(searches(folder, "log2"), 4u);
  const CommandRun none = run_damdb("analyze --engine x", folder.path());
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("give a PDN file, or --db DB"), std::string::npos) << none.err;
}

/// The position after `moves` from the initial position.
db::PositionKey key_after(const std::string& moves) {
  const rules::Position pos = indexer::position_after(moves);
  return {pos.key(), pos.check_key()};
}

db::PositionEvaluation eval_of(double white, bool win = false) {
  db::PositionEvaluation e;
  e.engine = "test 1";
  e.budget = {db::BudgetKind::Depth, 10};
  e.centi_score = db::centi_men(white);
  e.win = win;
  e.depth = 10;
  return e;
}

/// kGamesPdn imported (ids 1..7 in order), and evaluations chosen so that every answer is known:
///   ply 3 of games 1, 2, 4 (37-32): 0.00 -> -2.00, White loses 2.00 (a blunder);
///   ply 8 of game 4 (2-7): -2.00 -> +1.50, Black loses 3.50 (a blunder);
///   ply 2 of games 3, 5 (18-22): +0.50 -> win for White, Black loses 9.50 (a blunder);
///   ply 3 of games 3, 5 (39-33): win for White -> +0.20, White misses the win (loses 9.80);
///   ply 2 of game 6 (19-23): +0.10 -> +0.40 (Black loses 0.30: a swing of 0.30, no blunder).
class EvaluatedDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(folder_.path() / "in.pdn", kGamesPdn);
    ASSERT_EQ(run_damdb("import --db " + db() + " " + (folder_.path() / "in.pdn").string(), folder_.path()).exit_code, 0);
    db::Database database = db::Database::open(db());
    const std::string g1 = "32-28 18-23 37-32 12-18 41-37 7-12 46-41";
    const std::vector<std::pair<db::PositionKey, db::PositionEvaluation>> put{
        {key_after("32-28 18-23"), eval_of(0)},      {key_after("32-28 18-23 37-32"), eval_of(-2)},
        {key_after(g1), eval_of(-2)},                 {key_after(g1 + " 2-7"), eval_of(1.5)},
        {key_after("33-28"), eval_of(0.5)},          {key_after("33-28 18-22"), eval_of(89.5, true)},
        {key_after("33-28 18-22 39-33"), eval_of(0.2)}, {key_after("31-26"), eval_of(0.1)},
        {key_after("31-26 19-23"), eval_of(0.4)}};
    database.put_evaluations(put);
  }
  std::string db() const { return (folder_.path() / "db").string(); }

  /// The ids `damdb games FILTERS --json` lists.
  std::vector<int> games(const std::string& filters) {
    const CommandRun run = run_damdb("games --db " + db() + " --json " + filters, folder_.path());
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::vector<int> ids;
    const nlohmann::json listed = nlohmann::json::parse(run.out);
    for (const auto& row : listed["results"]) ids.push_back(row["id"].get<int>());
    return ids;
  }
  TempFolder folder_{"evals-filters"};
};

TEST_F(EvaluatedDatabase, GamesByBlunderMissedWinAndSwing) {
  EXPECT_EQ(games("--blunder-by white"), (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(games("--blunder-by black"), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(games("--blunder-by either"), (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(games("--missed-win"), (std::vector<int>{3, 5}));
  EXPECT_EQ(games("--eval-swing 3"), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(games("--eval-swing 3.6"), (std::vector<int>{3, 5}));
  EXPECT_EQ(games("--eval-swing 0.3"), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(games("--eval-swing 0.31"), (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(games("--missed-win --white Clerc"), (std::vector<int>{5}));
  EXPECT_EQ(games("--blunder-by black --player Sijbrands"), (std::vector<int>{3}));
  const CommandRun bad = run_damdb("games --db " + db() + " --blunder-by nobody", folder_.path());
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("--blunder-by"), std::string::npos) << bad.err;
}

TEST_F(EvaluatedDatabase, ExportAndSearchTakeTheSameFilters) {
  const CommandRun exported =
      run_damdb("export --db " + db() + " --blunder-by black -o " + (folder_.path() / "out.pdn").string(), folder_.path());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.out, "exported 3 games to " + (folder_.path() / "out.pdn").string() + "\n");
  const std::string text = read_text(folder_.path() / "out.pdn");
  EXPECT_NE(text.find("[White \"T.  SIJBRANDS\"]"), std::string::npos);  // game 3
  EXPECT_NE(text.find("[White \"Jansen, Gerard\"]"), std::string::npos);  // game 4
  EXPECT_EQ(text.find("[White \"Sijbrands, T.\"]"), std::string::npos);   // game 1
  const CommandRun search = run_damdb("search --db " + db() + " --missed-win --plies 0- --json", folder_.path());
  ASSERT_EQ(search.exit_code, 0) << search.err;
  std::set<int> ids;
  const nlohmann::json found = nlohmann::json::parse(search.out);
  for (const auto& row : found["results"]) ids.insert(row["id"].get<int>());
  EXPECT_EQ(ids, (std::set<int>{3, 5}));
}

TEST_F(EvaluatedDatabase, QueryOpeningShowsTheStoredEvaluationOfEachMove) {
  const CommandRun run = run_damdb("query opening --db " + db() + " --json", folder_.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::map<std::string, nlohmann::json> moves;
  const nlohmann::json answer = nlohmann::json::parse(run.out);
  for (const auto& m : answer["moves"]) moves[m["move"]] = m;
  ASSERT_EQ(moves.size(), 3u);  // 32-28, 33-28, 31-26 (game 7 starts from a set-up position)
  EXPECT_FALSE(moves["32-28"].contains("evaluation"));
  EXPECT_DOUBLE_EQ(moves["33-28"]["evaluation"]["score"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(moves["31-26"]["evaluation"]["score"].get<double>(), 0.1);
  EXPECT_EQ(moves["31-26"]["evaluation"]["engine"].get<std::string>(), "test 1");
  const CommandRun text = run_damdb("query opening --db " + db() + " --moves \"33-28\"", folder_.path());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("   eval  most recent game"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("   +win  "), std::string::npos) << text.out;  // 18-22: a win for White
}

}  // namespace
}  // namespace damdb::test
