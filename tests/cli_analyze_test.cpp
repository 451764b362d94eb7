// `damdb analyze` against tests/fake_hub_engine.py, whose answers are logged: every score, depth,
// mark, loss and [%eval] comment damdb reports must be what the fake engine answered for that
// position, turned to White's side, with the marks recomputed here from the README's thresholds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "rules/movegen.hpp"
#include "tests/damdb_command.hpp"
#include "tests/fake_engine_log.hpp"
#include "tests/games_fixture.hpp"

namespace damdb::test {
namespace {

/// True when the Hub move text names `m` (start, end, and the captured squares when given).
bool names_move(const std::string& hub, const rules::Move& m) {
  std::vector<int> n;
  for (std::size_t i = 0; i < hub.size();) {
    std::size_t used = 0;
    n.push_back(std::stoi(hub.substr(i), &used));
    i += used + 1;
  }
  if (n.size() < 2 || n[0] != m.from_square() || n[1] != m.to_square()) return false;
  if (n.size() == 2) return true;
  rules::Bitboard captured = 0;
  for (std::size_t k = 2; k < n.size(); ++k) captured |= rules::square_bb(n[k]);
  return captured == m.captures;
}

/// The mark of ply `p` (position `before`, White's values `v0` before and `v1` after).
std::string expected_mark(const pdn::ReplayedPly& p, const Expected& before, double v0, double v1,
                          const std::map<std::string, Answer>& log) {
  const double sign = p.before.side_to_move() == rules::Color::White ? 1 : -1;
  const double loss = std::max(0.0, sign * (v0 - v1));
  if (loss >= 1.5) return "??";
  if (loss >= 0.7) return "?";
  if (loss >= 0.3) return "?!";
  rules::MoveList legal;
  rules::generate_moves(p.before, legal);
  if (!names_move(before.best, p.move) || legal.size() < 2 || legal.size() > 8) return "";
  for (const rules::Move& m : legal) {
    if (m == p.move) continue;
    rules::Position next = p.before;
    next.play(m);
    if (sign * (v1 - value_of(expected_at(next, log))) < 0.7) return "";
  }
  return "!";
}

/// Checks one analysed game of the JSON and of the annotated PDN against the log.
void check_game(const pdn::Game& game, const nlohmann::json& j, const pdn::Game& annotated,
                const std::map<std::string, Answer>& log) {
  pdn::ReplayOptions options;
  options.record_plies = true;
  const pdn::Replay replay = pdn::replay(game, options);
  std::vector<Expected> expected;
  for (const auto& p : replay.plies_played) expected.push_back(expected_at(p.before, log));
  expected.push_back(expected_at(replay.final_position, log));
  ASSERT_TRUE(j["analysed"].get<bool>()) << j.dump();
  ASSERT_EQ(j["plies"].size(), replay.plies_played.size());
  std::vector<std::string> comments;
  for (std::size_t k = 0; k <= replay.plies_played.size(); ++k) {
    const nlohmann::json& e = k < replay.plies_played.size() ? j["plies"][k]["before"] : j["final"];
    EXPECT_NEAR(e["score"].get<double>(), std::round(expected[k].white * 100) / 100, 1e-9) << "position " << k;
    EXPECT_EQ(e["win"].get<bool>(), expected[k].win) << "position " << k;
    EXPECT_EQ(e["depth"].get<int>(), expected[k].depth) << "position " << k;
    if (k == replay.plies_played.size()) break;
    const std::string mark = expected_mark(replay.plies_played[k], expected[k], value_of(expected[k]),
                                           value_of(expected[k + 1]), log);
    EXPECT_EQ(j["plies"][k]["mark"].get<std::string>(), mark) << "ply " << k + 1;
    const double sign = replay.plies_played[k].before.side_to_move() == rules::Color::White ? 1 : -1;
    const double loss = std::max(0.0, sign * (value_of(expected[k]) - value_of(expected[k + 1])));
    EXPECT_NEAR(j["plies"][k]["loss"].get<double>(), std::round(loss * 100) / 100, 1e-9) << "ply " << k + 1;
    char text[64];
    std::snprintf(text, sizeof text, "[%%eval %.2f,%d]", expected[k + 1].white, expected[k + 1].depth);
    comments.push_back((mark.empty() ? "" : mark + " ") + text);
  }
  // The annotated game: after each main-line move, the mark's NAG, then the [%eval] comment.
  std::vector<std::string> written;
  const auto& line = annotated.moves;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i].kind != pdn::ElementKind::Move) continue;
    std::string w;
    std::size_t n = i + 1;
    if (n < line.size() && line[n].kind == pdn::ElementKind::Nag) {
      const std::map<std::uint32_t, std::string> marks{{1, "!"}, {2, "?"}, {4, "??"}, {6, "?!"}};
      w = marks.at(line[n].value) + " ";
      ++n;
    }
    if (n < line.size() && line[n].kind == pdn::ElementKind::Comment) w += annotated.text_of(line[n]);
    written.push_back(w);
  }
  EXPECT_EQ(written, comments);
}

std::vector<pdn::Game> read_games(const std::filesystem::path& path) {
  std::vector<pdn::Game> games;
  pdn::GameReader reader(path.string());
  while (auto g = reader.next()) games.push_back(std::move(*g));
  return games;
}

/// Runs damdb analyze on `pdn` with the fake engine (`engine_args` its switches); returns the run.
CommandRun analyze(const TempFolder& folder, const std::string& pdn, const std::string& engine_args,
                   const std::string& options) {
  write_text(folder.path() / "in.pdn", pdn);
  std::filesystem::remove(folder.path() / "log.jsonl");
  std::filesystem::remove(folder.path() / "out.pdn");
  const std::string engine = std::string("python3 ") + DAMDB_SOURCE_DIR + "/tests/fake_hub_engine.py --log " +
                             (folder.path() / "log.jsonl").string() + " " + engine_args;
  return run_damdb("analyze " + (folder.path() / "in.pdn").string() + " --engine \"" + engine + "\" --json -o " +
                       (folder.path() / "out.pdn").string() + " " + options,
                   folder.path());
}

/// Checks every game of the run that `analysed` lists (game numbers, 1-based).
void check_run(const TempFolder& folder, const CommandRun& run, const std::vector<std::size_t>& analysed) {
  const auto j = nlohmann::json::parse(run.out);
  const auto games = read_games(folder.path() / "in.pdn");
  const auto annotated = read_games(folder.path() / "out.pdn");
  const auto log = read_log(folder.path() / "log.jsonl");
  ASSERT_EQ(annotated.size(), games.size());
  for (const std::size_t n : analysed) {
    SCOPED_TRACE("game " + std::to_string(n));
    check_game(games[n - 1], j["games"][n - 1], annotated[n - 1], log);
  }
}

/// The games of all_games() that replay (game 7 of kGamesPdn has an illegal capture).
const std::vector<std::size_t> kAnalysed = {1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13};

std::string all_games() { return std::string(kGamesPdn) + "\n" + kKingGames; }

TEST(CliAnalyze, ScoresMarksAndCommentsAreTheEngineAnswersFromWhitesSide) {
  TempFolder folder("analyze");
  const CommandRun run = analyze(folder, all_games(), "", "--depth 3");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  check_run(folder, run, kAnalysed);
  // The king moves reached the engine as the history of the position searched.
  const std::string log = read_text(folder.path() / "log.jsonl");
  EXPECT_NE(log.find("\"moves\": \"47-41 2-7 41-47 7-2\""), std::string::npos);
  // The final position of the capture game has no move: never sent, a loss for Black to move.
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_TRUE(j["games"][8]["final"]["terminal"].get<bool>());
  EXPECT_EQ(j["games"][8]["decided_ply"].get<int>(), 1);
  EXPECT_EQ(j["engine"].get<std::string>(), "fake 1.0");
  EXPECT_EQ(j["games"][6]["skipped"].get<std::string>(), "its moves do not all replay");
  EXPECT_EQ(j["games"][10]["plies"][0]["mark"].get<std::string>(), "!");
  EXPECT_EQ(j["games"][11]["plies"][0]["mark"].get<std::string>(), "?");
  EXPECT_EQ(j["games"][12]["plies"][0]["mark"].get<std::string>(), "??");
  EXPECT_NE(run.out.find("\"mark\": \"?!\""), std::string::npos);
  // The player who blundered: one move, one ??, its loss as his average.
  for (const auto& player : j["players"]) {
    if (player["name"] != "Blunder A") continue;
    EXPECT_EQ(player["moves"].get<int>(), 1);
    EXPECT_EQ(player["blunders"].get<int>(), 1);
    EXPECT_EQ(player["average_loss"], j["games"][12]["plies"][0]["loss"]);
  }
}

TEST(CliAnalyze, MisbehavingButLegalAnswersGiveTheSameChecks) {
  for (const std::string modes : {"quoted,chatter,crlf", "reorder,missing", "unordered", "fromto", "bare-done", "win"}) {
    SCOPED_TRACE(modes);
    TempFolder folder("analyze-modes");
    const CommandRun run = analyze(folder, all_games(), "--modes " + modes, "--depth 2 --engines 3");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    check_run(folder, run, kAnalysed);
    if (modes == "win") {
      EXPECT_NE(run.out.find("\"win\": true"), std::string::npos);
    }
    // The two-piece capture of game 10 as the engine wrote it.
    const std::string log = read_text(folder.path() / "log.jsonl");
    if (modes == "unordered") {
      EXPECT_NE(log.find("\"best\": \"33x13x29x19\""), std::string::npos);
    }
    if (modes == "fromto") {
      EXPECT_NE(log.find("\"best\": \"33-13\""), std::string::npos);
    }
  }
}

TEST(CliAnalyze, MoveTimeSendsStopAndWaitsForASlowDone) {
  TempFolder folder("analyze-slow");
  const CommandRun run = analyze(folder, kKingGames, "--modes slow-stop", "--move-time 0.05 --no-only-moves");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["games"][0]["plies"].size(), 9u);
  EXPECT_EQ(j["games"][0]["plies"][0]["before"]["depth"].get<int>(), 5);
}

/// The position after the first two plies of the first game of kGamesPdn (32-28 18-23).
std::string trigger_position() {
  rules::Position pos = rules::Position::initial();
  for (const char* m : {"32-28", "18-23"}) pos.play(rules::resolve(pos, m).move);
  return hub_string(pos);
}

TEST(CliAnalyze, EngineFailuresNameTheEngineGameAndPlyAndTheOtherGamesGoOn) {
  const std::string first = std::string(kGamesPdn).substr(0, std::string(kGamesPdn).find("\n\n") + 2);
  for (const std::string action : {"exit", "garbage", "refuse", "badmove", "hang"}) {
    SCOPED_TRACE(action);
    TempFolder folder("analyze-fail");
    const CommandRun run = analyze(folder, first + kKingGames, "--on " + trigger_position() + " --do " + action,
                                   "--depth 2 --engine-timeout 3");
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.err.find("engine 'fake 1.0'"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("game 1 of"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ply 3)"), std::string::npos) << run.err;
    const auto j = nlohmann::json::parse(run.out);
    EXPECT_FALSE(j["games"][0]["analysed"].get<bool>());
    check_run(folder, run, {2, 3, 4, 5, 6, 7});
  }
}

// The timeout holds while an engine writes: one that floods info lines and never answers
// `done`, even after `stop`, fails its game like a silent one (it once kept damdb reading
// forever); the other games go on (3 s: the fake engine's own start, a Python process, must fit
// in the handshake's bound on a loaded machine). An engine silent from the start fails within
// --engine-timeout too (the handshake waited 60 s whatever the option said).
TEST(CliAnalyze, AnEngineThatFloodsOrIsSilentFailsWithinTheTimeout) {
  const std::string first = std::string(kGamesPdn).substr(0, std::string(kGamesPdn).find("\n\n") + 2);
  TempFolder folder("analyze-flood");
  const CommandRun run = analyze(folder, first + kKingGames, "--on " + trigger_position() + " --do flood",
                                 "--depth 2 --engine-timeout 3");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("no 'done' within 3 s of 'stop'"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("ply 3)"), std::string::npos) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_FALSE(j["games"][0]["analysed"].get<bool>());
  check_run(folder, run, {2, 3, 4, 5, 6, 7});

  write_text(folder.path() / "silent.pdn", first);
  const CommandRun silent = run_damdb("analyze " + (folder.path() / "silent.pdn").string() +
                                          " --engine 'sleep 30' --engine-timeout 1",
                                      folder.path());
  EXPECT_EQ(silent.exit_code, 1) << silent.err;
  EXPECT_NE(silent.err.find("no 'wait' within 1 s during the handshake"), std::string::npos) << silent.err;
}

TEST(CliAnalyze, AnEngineThatCannotStartIsNamed) {
  TempFolder folder("analyze-nostart");
  write_text(folder.path() / "in.pdn", kKingGames);
  const CommandRun run = run_damdb("analyze " + (folder.path() / "in.pdn").string() +
                                       " --engine ./no-such-engine --engine-dir " + folder.path().string(),
                                   folder.path());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("engine './no-such-engine'"), std::string::npos) << run.err;
  EXPECT_EQ(run.out.find("not analysed: not analysed"), std::string::npos) << run.out;
  // No command line at all is unusable input (exit 2), before any engine is started.
  const CommandRun empty = run_damdb("analyze " + (folder.path() / "in.pdn").string() + " --engine ' '",
                                     folder.path());
  EXPECT_EQ(empty.exit_code, 2) << empty.err;
  EXPECT_NE(empty.err.find("the command line is empty"), std::string::npos) << empty.err;
}

}  // namespace
}  // namespace damdb::test
