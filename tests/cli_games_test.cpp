// Whole commands through the built damdb binary: games, show, export and stats on the
// hand-made database of games_fixture.hpp (expected figures counted by hand from kGamesPdn),
// and their errors (exit code 2 with a clear message).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

struct CommandRun {
  int exit_code = -1;
  std::string out;  ///< standard output
  std::string err;  ///< standard error
};

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class CliGamesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("cli-games");
    test::write_text(folder_->path() / "games.pdn", test::kGamesPdn);
    test::import_into(folder_->path() / "db", folder_->path() / "games.pdn");
  }
  static void TearDownTestSuite() { delete folder_; }

  static std::filesystem::path path(const std::string& name) { return folder_->path() / name; }

  /// Runs `damdb ARGS --db <fixture db>` (unless `with_db` is false).
  static CommandRun damdb(const std::string& args, bool with_db = true) {
    const std::filesystem::path err = path("stderr.txt");
    std::string command = std::string("'") + DAMDB_BINARY + "' " + args;
    if (with_db) command += " --db '" + path("db").string() + "'";
    command += " 2>'" + err.string() + "'";
    CommandRun run;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return run;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = read_all(err);
    return run;
  }
  static nlohmann::json json(const std::string& args) {
    const CommandRun run = damdb(args + " --json");
    EXPECT_EQ(run.exit_code, 0) << args << ": " << run.err;
    return nlohmann::json::parse(run.out);
  }

  static test::TempFolder* folder_;
};
test::TempFolder* CliGamesTest::folder_ = nullptr;

TEST_F(CliGamesTest, GamesTableAndJson) {
  const CommandRun table = damdb("games --limit 2");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  std::istringstream lines(table.out);
  std::string header, rule, first, second, total;
  std::getline(lines, header);
  std::getline(lines, rule);
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, total);
  EXPECT_EQ(header.rfind("id  white  ", 0), 0u) << header;
  EXPECT_NE(first.find("Sijbrands, T."), std::string::npos);
  EXPECT_NE(first.find("2003.05.10"), std::string::npos);
  EXPECT_NE(second.find("T. Sijbrands"), std::string::npos);
  EXPECT_EQ(total, "7 games, showing 1-2");

  const nlohmann::json all = json("games");
  EXPECT_EQ(all["games"], 7);
  ASSERT_EQ(all["results"].size(), 7u);
  const nlohmann::json& g3 = all["results"][2];
  EXPECT_EQ(g3["id"], 3);
  EXPECT_EQ(g3["white"], "T.  SIJBRANDS");
  EXPECT_EQ(g3["black"], "Gérard Jansen");
  EXPECT_EQ(g3["event"], "WK 2003");
  EXPECT_EQ(g3["date"], "2003.05.12");
  EXPECT_EQ(g3["round"], "3");
  EXPECT_EQ(g3["result"], "0-2");
  EXPECT_EQ(g3["plies"], 6);
  EXPECT_EQ(g3["status"], "valid");
  EXPECT_EQ(all["results"][6]["status"], "invalid");

  const nlohmann::json page = json("games --player SIJBRANDS --limit 2 --offset 2");
  EXPECT_EQ(page["games"], 4);  // games 1, 2, 3, 6
  ASSERT_EQ(page["results"].size(), 2u);
  EXPECT_EQ(page["results"][0]["id"], 3);
  EXPECT_EQ(page["results"][1]["id"], 6);

  // Regular expressions search the folded names: only game 3 writes the initial first, and
  // that spelling names the player who is White in games 1, 3 and 6.
  const nlohmann::json re = json("games --regex --white '^t sij'");
  ASSERT_EQ(re["games"], 3);
  EXPECT_EQ(re["results"][0]["id"], 1);
  EXPECT_EQ(re["results"][1]["id"], 3);
  EXPECT_EQ(re["results"][2]["id"], 6);
  EXPECT_EQ(json("games --regex --white '^t sij$'")["games"], 0);  // no spelling is that
  EXPECT_EQ(json("games --event dutch --result draw")["games"], 0);
  EXPECT_EQ(json("games --since 2003.05.11 --until 2003")["games"], 2);
}

// "T. Sijbrands" is written as such in game 2 only (and "T.  SIJBRANDS" in game 3), but is one
// player with "Sijbrands, T." (games 1 and 6): every command that filters finds the four games.
// "Jansen, Gerard" as Black: games 5 and 6, and game 3 as "Gérard Jansen".
TEST_F(CliGamesTest, PlayerFiltersFindEverySpellingOfThePlayer) {
  EXPECT_EQ(json("games --player 'T. Sijbrands'").at("games"), 4);
  EXPECT_EQ(json("games --black 'Jansen, Gerard'").at("games"), 3);
  EXPECT_EQ(json("games --white 'Jansen, Gerard'").at("games"), 1);  // game 4
  EXPECT_EQ(json("stats results --player 'T. Sijbrands'").at("games"), 4);
  EXPECT_EQ(json("query position --player 'T. Sijbrands'").at("games"), 4);
  EXPECT_EQ(json("query opening --player 'T. Sijbrands'").at("games"), 4);
  // 32-28 18-23 is played in games 1, 2 and 4; Sijbrands plays in 1 and 2.
  EXPECT_EQ(json("search 'must W:W28:B23' --player 'T. Sijbrands'").at("games"), 2);
  EXPECT_EQ(json("duplicates --player 'T. Sijbrands'").at("games"), 4);
}

// The fixture's two players written several ways, each merge with its rule; a `same` line of
// player-overrides.txt makes Clerc and Jansen one player; a bad line is exit code 2.
TEST_F(CliGamesTest, StatsPlayersMergesListEveryMergeAndObeyTheOverrides) {
  const CommandRun merges = damdb("stats players --merges");
  ASSERT_EQ(merges.exit_code, 0) << merges.err;
  EXPECT_NE(merges.out.find("2 players written several ways (3 players in 7 games)"),
            std::string::npos) << merges.out;
  EXPECT_NE(merges.out.find("\"Jansen, Gerard\" -> \"Gérard Jansen\": same name"),
            std::string::npos) << merges.out;
  const std::filesystem::path overrides = path("db") / "player-overrides.txt";
  test::write_text(overrides, "same Clerc, R. = Gérard Jansen\n");
  const nlohmann::json two = json("stats players");
  EXPECT_EQ(two.at("players"), 2);
  const CommandRun listed = damdb("stats players --merges");
  EXPECT_NE(listed.out.find("\"Clerc, R.\" -> \"Gérard Jansen\": override (line 1 of "),
            std::string::npos) << listed.out;
  // Clerc plays games 1, 2, 4, 5; Jansen 3, 4, 5, 6: one player in games 1 to 6.
  EXPECT_EQ(json("games --player 'Jansen, G'").at("games"), 6);
  test::write_text(overrides, "join Clerc = Jansen\n");
  const CommandRun bad = damdb("games --player clerc");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("line 1"), std::string::npos) << bad.err;
  std::filesystem::remove(overrides);
}

TEST_F(CliGamesTest, ShowGameAtPly) {
  const CommandRun final4 = damdb("show 4");
  ASSERT_EQ(final4.exit_code, 0) << final4.err;
  EXPECT_NE(final4.out.find("[White \"Jansen, Gerard\"]"), std::string::npos);
  // The movetext is wrapped at 80 characters.
  std::string flat = final4.out;
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_NE(flat.find(" 1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12 4. 46-41 2-7 5. 34-29 "
                      "23x34 6. 40x29 2-0 "),
            std::string::npos)
      << final4.out;
  EXPECT_NE(final4.out.find("position after ply 11 of 11, after 6. 40x29:"), std::string::npos);
  EXPECT_NE(final4.out.find("Black to move"), std::string::npos);

  const nlohmann::json at3 = json("show 4 --ply 3");
  EXPECT_EQ(at3["id"], 4);
  EXPECT_EQ(at3["ply"], 3);
  EXPECT_EQ(at3["plies"], 11);
  EXPECT_EQ(at3["moves"][9], "23x34");
  EXPECT_EQ(at3["result"], "2-0");
  // After 1. 32-28 18-23 2. 37-32: white 37 went to 32 and 32 to 28.
  EXPECT_EQ(at3["fen"],
            "B:W28,31,32,33,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:"
            "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19,20,23");
  EXPECT_EQ(at3["side_to_move"], "black");

  const CommandRun start = damdb("show 1 --ply 0 --numbers");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  EXPECT_NE(start.out.find("position after ply 0 of 8:\n"), std::string::npos);
  EXPECT_NE(start.out.find("   21    22    23    24    25\n"), std::string::npos) << start.out;
}

TEST_F(CliGamesTest, ShowFenAndSvg) {
  const std::filesystem::path svg = path("problem.svg");
  const CommandRun fen = damdb("show --fen 'W:W28,K47:B12,13' --numbers --svg '" + svg.string() + "'",
                        false);
  ASSERT_EQ(fen.exit_code, 0) << fen.err;
  EXPECT_NE(fen.out.find("W:W28,K47:B12,13\nWhite to move\n"), std::string::npos);
  const std::string drawing = read_all(svg);
  EXPECT_NE(drawing.find("<svg"), std::string::npos);
  EXPECT_NE(drawing.find("class=\"white king\""), std::string::npos);
  EXPECT_NE(drawing.find(">50</text>"), std::string::npos);

  const std::filesystem::path svg7 = path("game7.svg");
  ASSERT_EQ(damdb("show 7 --svg '" + svg7.string() + "'").exit_code, 0);
  const std::string drawing7 = read_all(svg7);  // W:W22,K47:B12,18
  EXPECT_NE(drawing7.find("class=\"white man\""), std::string::npos);
  EXPECT_EQ(drawing7.find("class=\"number\""), std::string::npos);
}

TEST_F(CliGamesTest, ErrorsExitWithTwo) {
  struct Case {
    std::string args;
    bool with_db;
    std::string message;
  };
  const std::string missing = "--db '" + path("no-such-db").string() + "'";
  const Case cases[] = {
      {"show 99", true, "game 99 not found"},
      {"show abc", true, "bad game id \"abc\""},
      {"show 4 --ply 12", true, "ply 12 is past the end of game 4 (11 plies)"},
      {"show --fen 'X:W1'", false, "bad FEN"},
      {"show 4 --fen W:W31:B1", true, "not both"},
      {"games --since 20x3", true, "bad date"},
      {"games --regex --player '('", true, "bad regular expression"},
      {"games " + missing, false, "not found"},
      {"show 1 " + missing, false, "not found"},
      {"export -o '" + path("x.pdn").string() + "' " + missing, false, "not found"},
      {"stats players " + missing, false, "not found"},
      {"stats openings --plies 0", true, "--plies"},
  };
  for (const Case& c : cases) {
    const CommandRun run = damdb(c.args, c.with_db);
    EXPECT_EQ(run.exit_code, 2) << c.args;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << c.args << ": " << run.err;
    EXPECT_EQ(run.err.rfind("damdb: ", 0), 0u) << c.args << ": " << run.err;
  }
  EXPECT_FALSE(std::filesystem::exists(path("x.pdn")));
}

// validate and parse report an unreadable input (missing file, directory) with its reason and
// go on with the other files; the exit code is 2.
TEST_F(CliGamesTest, UnreadableInputIsReportedAndTheOthersAreRead) {
  std::filesystem::create_directories(path("adir.pdn"));
  const std::string good = "'" + path("games.pdn").string() + "'";
  const std::string files = "'" + path("adir.pdn").string() + "' '" +
                            path("missing.pdn").string() + "' " + good;
  CommandRun run = damdb("validate " + files, false);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("adir.pdn: it is a directory"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("cannot open " + path("missing.pdn").string()), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("2 file(s) could not be read"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("7 game(s)"), std::string::npos) << run.out;  // the good file
  run = damdb("parse --json " + files, false);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("it is a directory"), std::string::npos) << run.err;
  const nlohmann::json j = nlohmann::json::parse(run.out);
  ASSERT_EQ(j.size(), 1u);  // the one readable file
}

// parse and validate read a file of more than two parts (64 KB each) by parts on several
// threads: the same report, text and JSON, as on one thread; --threads is bounded.
TEST_F(CliGamesTest, ParseAndValidateGiveTheSameReportOnSeveralThreads) {
  std::string text;
  while (text.size() < 300000)  // a note per pass (the Date), text outside games (0-0)
    text += std::string(test::kGamesPdn) + "\n0-0\n\n[Date \"12/03/1999\"]\n1. 32-28 *\n\n";
  test::write_text(path("many.pdn"), text);
  const std::string file = " '" + path("many.pdn").string() + "'";
  for (const char* command : {"parse", "parse --json", "validate --warnings", "validate --json"}) {
    const CommandRun one = damdb(std::string(command) + " --threads 1" + file, false);
    ASSERT_GT(one.out.size(), 10000u) << command;
    for (const char* threads : {" --threads 2", " --threads 3", ""}) {
      const CommandRun several = damdb(std::string(command) + threads + file, false);
      EXPECT_EQ(several.exit_code, one.exit_code) << command << threads;
      EXPECT_EQ(several.out, one.out) << command << threads;
    }
  }
  EXPECT_NE(damdb("parse --threads 65" + file, false).exit_code, 0);
}

// clean, like export, never replaces an existing output or report without --force.
TEST_F(CliGamesTest, CleanRefusesToOverwriteWithoutForce) {
  test::write_text(path("precious.pdn"), "precious");
  test::write_text(path("precious.json"), "precious");
  const std::string input = "'" + path("games.pdn").string() + "'";
  CommandRun run = damdb("clean " + input + " -o '" + path("precious.pdn").string() + "'", false);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("precious.pdn exists: not overwriting it"), std::string::npos) << run.err;
  run = damdb("clean " + input + " -o '" + path("new.pdn").string() + "' --report '" +
                  path("precious.json").string() + "'",
              false);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("precious.json exists"), std::string::npos) << run.err;
  EXPECT_FALSE(std::filesystem::exists(path("new.pdn")));  // refused before writing anything
  EXPECT_EQ(read_all(path("precious.pdn")), "precious");
  EXPECT_EQ(read_all(path("precious.json")), "precious");
  run = damdb("clean " + input + " -o '" + path("precious.pdn").string() + "' --force", false);
  EXPECT_NE(run.exit_code, 2) << run.err;
  EXPECT_NE(read_all(path("precious.pdn")), "precious");
}

// CLI11's own usage errors carry the same "damdb: " prefix and exit with 2; help exits with 0.
TEST_F(CliGamesTest, UsageErrorsHaveThePrefix) {
  const std::string cases[] = {
      "games --no-such-option",        // unknown option
      "query position --limit",        // missing argument
      "games --limit -3",              // bad value (validator)
      "no-such-command",               // unknown subcommand
      "",                              // no subcommand
  };
  for (const std::string& args : cases) {
    const CommandRun run = damdb(args, false);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_EQ(run.err.rfind("damdb: ", 0), 0u) << args << ": " << run.err;
    EXPECT_TRUE(run.out.empty()) << args << ": " << run.out;
  }
  for (const std::string& args : {std::string("--help"), std::string("games --help")}) {
    const CommandRun help = damdb(args, false);
    EXPECT_EQ(help.exit_code, 0) << args;
    EXPECT_NE(help.out.find("Usage:"), std::string::npos) << args << ": " << help.out;
    EXPECT_TRUE(help.err.empty()) << args << ": " << help.err;
  }
  const CommandRun version = damdb("--version", false);
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_TRUE(version.out.starts_with(std::string("damdb ") + DAMDB_VERSION + " (commit "))
      << version.out;  // the whole line: cli_version_test.cpp
}

// Very long tag values are cut to 32 code points ending with "…" in the tables of games,
// query position and stats players/events; JSON keeps them whole.
TEST_F(CliGamesTest, LongTagValuesAreCutInTables) {
  std::string white, event;
  for (int i = 0; i < 20; ++i) white += "\xC5\x81ukasz ";   // "Łukasz ": 7 code points
  for (int i = 0; i < 20; ++i) event += "Tr\xC3\xA8s long tournoi ";  // 18 code points
  while (white.back() == ' ') white.pop_back();
  while (event.back() == ' ') event.pop_back();
  const std::string white_cut =
      "\xC5\x81ukasz \xC5\x81ukasz \xC5\x81ukasz \xC5\x81ukasz \xC5\x81uk\xE2\x80\xA6";
  const std::string event_cut = "Tr\xC3\xA8s long tournoi Tr\xC3\xA8s long tou\xE2\x80\xA6";
  const std::filesystem::path pdn = path("long.pdn");
  test::write_text(pdn, "[Event \"" + event + "\"]\n[White \"" + white +
                            "\"]\n[Black \"Short\"]\n[Result \"2-0\"]\n\n1. 32-28 18-23 2-0\n");
  const std::string db = " --db '" + path("long-db").string() + "'";
  ASSERT_EQ(damdb("import '" + pdn.string() + "'" + db, false).exit_code, 0);
  auto width = [](const std::string& line) {
    std::size_t n = 0;
    for (unsigned char c : line) n += (c & 0xC0) != 0x80;
    return n;
  };
  const std::string commands[] = {"games", "query position", "stats players", "stats events"};
  for (const std::string& command : commands) {
    const CommandRun run = damdb(command + db, false);
    ASSERT_EQ(run.exit_code, 0) << command << ": " << run.err;
    const std::string& cut = command == "stats events" ? event_cut : white_cut;
    EXPECT_NE(run.out.find(cut + "  "), std::string::npos) << command << ":\n" << run.out;
    EXPECT_EQ(run.out.find(command == "stats events" ? event : white), std::string::npos)
        << command;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);)
      EXPECT_LE(width(line), 150u) << command << ": " << line;
  }
  const nlohmann::json games = nlohmann::json::parse(damdb("games --json" + db, false).out);
  EXPECT_EQ(games["results"][0]["white"], white);
  EXPECT_EQ(games["results"][0]["event"], event);
  const nlohmann::json players =
      nlohmann::json::parse(damdb("stats players --json" + db, false).out);
  EXPECT_EQ(players["rows"][0]["name"], white);
}

TEST_F(CliGamesTest, ExportRoundTripThroughImport) {
  const std::filesystem::path out = path("export.pdn");
  const CommandRun run = damdb("export -o '" + out.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "exported 7 games to " + out.string() + "\n");
  const CommandRun again = damdb("import --db '" + path("again").string() + "' '" + out.string() + "'",
                          false);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  std::vector<db::ContentHash> before, after;
  test::open_read_only(path("db")).for_each_game([&](db::GameId, const db::GameRecord& g) {
    before.push_back(g.content_hash);
    return true;
  });
  test::open_read_only(path("again")).for_each_game([&](db::GameId, const db::GameRecord& g) {
    after.push_back(g.content_hash);
    return true;
  });
  EXPECT_EQ(before.size(), 7u);
  EXPECT_EQ(before, after);

  const CommandRun filtered = damdb("export --player jansen -o - ");
  ASSERT_EQ(filtered.exit_code, 0) << filtered.err;
  EXPECT_EQ(filtered.err, "exported 4 games\n");
  std::size_t tags = 0;
  for (std::size_t at = filtered.out.find("[Event "); at != std::string::npos;
       at = filtered.out.find("[Event ", at + 1))
    ++tags;
  EXPECT_EQ(tags, 4u);
  // Exporting again to the same file is refused (exit 2) and leaves it as it was.
  const std::string exported_text = read_all(out);
  const CommandRun refused = damdb("export -o '" + out.string() + "'");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("exists: not overwriting it"), std::string::npos) << refused.err;
  EXPECT_EQ(read_all(out), exported_text);
  EXPECT_EQ(damdb("export --force -o '" + out.string() + "'").exit_code, 0);
}

TEST_F(CliGamesTest, StatsPlayers) {
  const CommandRun table = damdb("stats players");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("3 players in 7 games\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("  Sijbrands, T.: \"Sijbrands, T.\" (2), \"T. Sijbrands\" (1), "
                           "\"T.  SIJBRANDS\" (1)\n"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("  Jansen, Gerard: \"Jansen, Gerard\" (3), \"Gérard Jansen\" (1)\n"),
            std::string::npos);

  const nlohmann::json j = json("stats players --top 2");
  EXPECT_EQ(j["games"], 7);
  EXPECT_EQ(j["players"], 3);
  ASSERT_EQ(j["rows"].size(), 2u);
  const nlohmann::json& sijbrands = j["rows"][1];
  EXPECT_EQ(sijbrands["name"], "Sijbrands, T.");
  EXPECT_EQ(sijbrands["games"], 4);
  EXPECT_EQ(sijbrands["wins"], 1);
  EXPECT_EQ(sijbrands["draws"], 2);
  EXPECT_EQ(sijbrands["losses"], 1);
  EXPECT_EQ(sijbrands["score"], 50.0);
  EXPECT_EQ(sijbrands["white"]["games"], 3);
  EXPECT_EQ(sijbrands["black"]["draws"], 1);
  EXPECT_EQ(sijbrands["first_date"], "2003.05.10");
  EXPECT_EQ(j["rows"][0]["score"], 83.3);
  ASSERT_EQ(j["merges"].size(), 2u);
  EXPECT_EQ(j["merges"][1]["spellings"][2]["name"], "T.  SIJBRANDS");
}

// Over games without a known result a percentage is "-" (JSON null), not 0.0.
TEST_F(CliGamesTest, PercentagesWithoutKnownResultsAreEmpty) {
  const nlohmann::json j = json("stats players --result '*'");  // only Clerc - Jansen, *
  ASSERT_EQ(j["rows"].size(), 2u);
  for (const auto& row : j["rows"]) {
    EXPECT_TRUE(row["score"].is_null()) << row;
    EXPECT_EQ(row["unknown"], 1);
  }
  const CommandRun table = damdb("stats results --result '*'");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("  -\n"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("0.0\n"), std::string::npos) << table.out;
  EXPECT_EQ(json("stats players")["rows"][0]["score"], 83.3);  // known results: a number
}

TEST_F(CliGamesTest, StatsEventsResultsOpenings) {
  const nlohmann::json events = json("stats events");
  ASSERT_EQ(events["events"].size(), 4u);
  EXPECT_EQ(events["events"][1]["name"], "Dutch Ch 2004");
  EXPECT_EQ(events["events"][1]["games"], 2);
  EXPECT_EQ(events["events"][1]["first_date"], "2004.03.01");
  EXPECT_EQ(events["events"][1]["last_date"], "2004.03.02");
  EXPECT_EQ(events["events"][0]["decisive_rate"], 66.7);
  EXPECT_EQ(events["events"][0]["average_moves"], 3.8);  // 23 plies / 2 / 3 games

  const nlohmann::json results = json("stats results --longest 1");
  EXPECT_EQ(results["games"], 7);
  EXPECT_EQ(results["white_wins"], 3);
  EXPECT_EQ(results["white_score"], 66.7);
  EXPECT_EQ(results["average_plies"], 6.6);
  ASSERT_EQ(results["by_year"].size(), 3u);
  EXPECT_EQ(results["by_year"][1]["year"], "2004");
  EXPECT_EQ(results["by_year"][1]["unknown"], 1);
  ASSERT_EQ(results["longest"].size(), 1u);
  EXPECT_EQ(results["longest"][0]["id"], 4);
  EXPECT_EQ(results["longest"][0]["plies"], 11);

  const nlohmann::json openings = json("stats openings --plies 4");
  EXPECT_EQ(openings["games"], 6);
  EXPECT_EQ(openings["from_setup"], 1);
  ASSERT_EQ(openings["openings"].size(), 3u);
  EXPECT_EQ(openings["openings"][0]["movetext"], "1. 32-28 18-23 2. 37-32 12-18");
  EXPECT_EQ(openings["openings"][0]["games"], 3);
  EXPECT_EQ(openings["openings"][0]["white_score"], 83.3);
  EXPECT_EQ(openings["openings"][1]["black_wins"], 1);

  const CommandRun table = damdb("stats openings --plies 6 --top 1");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("1. 32-28 18-23 2. 37-32 12-18 3. 41-37 7-12      3    2    1    0  "
                           "0    83.3\n"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("3 sequences of 6 plies in 5 games, top 1 shown; not counted: 1 "
                           "shorter, 1 from a set-up position\n"),
            std::string::npos)
      << table.out;
}

// Pattern search, counted by hand: White men on 28 and Black on 23 with White to move occur in
// games 1, 2 and 4 after 1. 32-28 18-23 (ply 2) and hold until 23x34 (game 4, ply 10) or the
// end (game 1: 8 plies, game 2: 9); the next move is 37-32 in all three.
TEST_F(CliGamesTest, SearchPattern) {
  const nlohmann::json j = json("search \"must W:W28:B23\"");
  EXPECT_EQ(j["games"], 3);
  ASSERT_EQ(j["results"].size(), 3u);
  const int ids[] = {4, 2, 1}, held[] = {8, 8, 7};  // newest date first
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(j["results"][i]["id"], ids[i]);
    EXPECT_EQ(j["results"][i]["ply"], 2);
    EXPECT_EQ(j["results"][i]["held"], held[i]);
    EXPECT_EQ(j["results"][i]["mirrored"], false);
  }
  ASSERT_EQ(j["next_moves"].size(), 1u);
  EXPECT_EQ(j["next_moves"][0]["move"], "37-32");
  EXPECT_EQ(j["next_moves"][0]["white_wins"], 2);
  EXPECT_EQ(j["next_moves"][0]["draws"], 1);
  EXPECT_EQ(json("search --must W:W28:B23 --white Clerc --count")["games"], 1);
  // Colour-reversed: a White man on 28 by ply 1 (games 1-5), or at the start (game 7).
  const nlohmann::json m = json("search --must ?:B23 --mirror --plies 0-1");
  EXPECT_EQ(m["games"], 6);
  EXPECT_EQ(m["mirrored_games"], 6);
  const CommandRun text = damdb("search --must W:W28:B23 --limit 1");
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("3 game(s)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("... 2 more (use --offset 1)"), std::string::npos) << text.out;
}

TEST_F(CliGamesTest, SearchBadQueryNamesThePart) {
  const CommandRun bad = damdb("search --must W:W28,x");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("must W:W28,x: 'x'"), std::string::npos) << bad.err;
  const CommandRun clause = damdb("search \"must W:W28; holds 3\"");
  EXPECT_EQ(clause.exit_code, 2);
  EXPECT_NE(clause.err.find("unknown clause 'holds'"), std::string::npos) << clause.err;
  EXPECT_EQ(damdb("search --plies 9-3").exit_code, 2);
}

}  // namespace
}  // namespace damdb

namespace damdb {
namespace {

TEST_F(CliGamesTest, ShowAndGamesListEverySource) {
  // The same game twice: a broadcast copy (every tag line ending in the characters '\' 'r',
  // another Event) first, then a clean copy, which becomes the stored one.
  const std::string moves = "\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n";
  test::write_text(path("copies.pdn"),
                   "[Event \"Live\"]\\r\n[White \"Alice\"]\\r\n[Black \"Bob\"]\\r\n"
                   "[Result \"2-0\"]\\r\n" + moves +
                   "[Event \"Club\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"2-0\"]\n" +
                   moves);
  const std::string db = " --db '" + path("copies-db").string() + "'";
  ASSERT_EQ(damdb("import '" + path("copies.pdn").string() + "'" + db, false).exit_code, 0);

  const CommandRun games = damdb("games --json" + db, false);
  ASSERT_EQ(games.exit_code, 0) << games.err;
  const nlohmann::json list = nlohmann::json::parse(games.out);
  ASSERT_EQ(list["games"], 1);
  EXPECT_EQ(list["results"][0]["sources"], 2);
  EXPECT_EQ(list["results"][0]["event"], "Club");
  EXPECT_EQ(list["results"][0]["result"], "2-0");

  const CommandRun shown = damdb("show 1 --json" + db, false);
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const nlohmann::json game = nlohmann::json::parse(shown.out);
  ASSERT_EQ(game["sources"].size(), 2u);
  EXPECT_EQ(game["sources"][0]["game"], 2);
  EXPECT_EQ(game["sources"][0]["first_line"], 8);
  EXPECT_EQ(game["sources"][0]["stored"], true);
  EXPECT_EQ(game["sources"][0]["status"], "valid");
  EXPECT_EQ(game["sources"][1]["game"], 1);
  EXPECT_EQ(game["sources"][1]["first_line"], 1);
  EXPECT_EQ(game["sources"][1]["stored"], false);
  EXPECT_EQ(game["sources"][1]["differing_tags"], nlohmann::json({{"Event", "Live"}}));

  const CommandRun text = damdb("show 1" + db, false);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("2 sources (the first is the stored copy):"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("copies.pdn, game 1, line 1-6, "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("     [Event \"Live\"]\n"), std::string::npos) << text.out;
}

TEST_F(CliGamesTest, GamesShowTheNormalisedDate) {
  const nlohmann::json list = json("games --limit 100");
  ASSERT_FALSE(list["results"].empty());
  for (const auto& row : list["results"]) {
    const std::string date = row["date"];
    // "YYYY.MM.DD" with '?' for unknown parts, or "" when nothing of the date is known.
    EXPECT_TRUE(date.empty() || (date.size() == 10 && date[4] == '.' && date[7] == '.'))
        << date << " from " << row["date_tag"];
    EXPECT_EQ(row["sources"], 1);
  }
}

}  // namespace
}  // namespace damdb
