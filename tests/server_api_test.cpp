// The HTTP API served by server::HttpServer on an ephemeral loopback port, asked by an
// in-process cpp-httplib client: every route, every 400 and 404 case, equality with the CLI's
// --json output on the sample database (connections' lifetimes: server_connections_test.cpp).
// Expected numbers of the hand-made database are counted by hand from tests/games_fixture.hpp.
#include <httplib.h>


#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "games_fixture.hpp"
#include "running_server.hpp"
#include "server/api.hpp"
#include "server/http_server.hpp"

namespace damdb {
namespace {

using test::RunningServer;

struct Answer {
  int status = 0;
  std::string content_type;
  std::string body;
  nlohmann::json json() const { return nlohmann::json::parse(body); }
};

Answer get(int port, const std::string& target) {
  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(5);
  client.set_read_timeout(10);
  const httplib::Result r = client.Get(target.c_str());
  if (!r) return {};
  return {r->status, r->get_header_value("Content-Type"), r->body};
}

/// Standard output of `damdb ARGS`.
std::string damdb_output(const std::string& args) {
  const std::string command = std::string("'") + DAMDB_BINARY + "' " + args + " 2>/dev/null";
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  ::pclose(pipe);
  return out;
}

/// The ids of a list of game rows.
std::vector<int> ids_of(const nlohmann::json& rows) {
  std::vector<int> ids;
  for (const auto& r : rows) ids.push_back(r.at("id").get<int>());
  return ids;
}

class ServerApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("server-api");
    test::write_text(folder_->path() / "games.pdn", test::kGamesPdn);
    test::import_into(folder_->path() / "db", folder_->path() / "games.pdn");
    server_ = new RunningServer(folder_->path() / "db");
  }
  static void TearDownTestSuite() {
    delete server_;
    delete folder_;
  }
  static Answer get(const std::string& target) { return damdb::get(server_->port(), target); }
  /// Expects 400 {"error", "parameter": parameter} for `target`.
  static void expect_bad(const std::string& target, const std::string& parameter) {
    const Answer a = get(target);
    ASSERT_EQ(a.status, 400) << target << ": " << a.body;
    EXPECT_EQ(a.content_type, "application/json") << target;
    const nlohmann::json j = a.json();
    EXPECT_FALSE(j.at("error").get<std::string>().empty()) << target;
    EXPECT_EQ(j.value("parameter", ""), parameter) << target;
  }
  static test::TempFolder* folder_;
  static RunningServer* server_;
};
test::TempFolder* ServerApiTest::folder_ = nullptr;
RunningServer* ServerApiTest::server_ = nullptr;

nlohmann::json move_row(const nlohmann::json& explorer, const std::string& move) {
  for (const auto& m : explorer.at("moves"))
    if (m.at("move") == move) return m;
  return nullptr;
}

TEST_F(ServerApiTest, ExplorerAtTheStartCountsTheSixGamesFromTheInitialPosition) {
  const Answer a = get("/api/explorer");
  ASSERT_EQ(a.status, 200) << a.body;
  const nlohmann::json j = a.json();
  EXPECT_EQ(j.at("games"), 6);  // the seventh starts from a set-up position
  EXPECT_EQ(j.at("side_to_move"), "white");
  const nlohmann::json m = move_row(j, "32-28");  // games 1 (2-0), 2 (1-1), 4 (2-0)
  ASSERT_FALSE(m.is_null());
  EXPECT_EQ(m.at("games"), 3);
  EXPECT_EQ(m.at("white_wins"), 2);
  EXPECT_EQ(m.at("draws"), 1);
  EXPECT_EQ(m.at("black_wins"), 0);
  EXPECT_NEAR(m.at("score").get<double>(), 500.0 / 6, 0.01);  // (2 x 2 + 1) of 6 points
  EXPECT_EQ(move_row(j, "33-28").at("games"), 2);  // games 3 (0-2) and 5 (*)
  EXPECT_EQ(move_row(j, "31-26").at("games"), 1);
  ASSERT_EQ(j.at("recent_games").size(), 4u);  // the default number, of the six
  // Newest date first: game 5 (2004.03.02); game 6 has no date and comes last.
  EXPECT_EQ(j.at("recent_games").at(0).at("id"), 5);
}

TEST_F(ServerApiTest, ExplorerAfterPlayedMovesAndWithFilters) {
  const nlohmann::json j = get("/api/explorer?play=32-28,18-23,37-32").json();
  EXPECT_EQ(j.at("games"), 3);
  EXPECT_EQ(j.at("side_to_move"), "black");
  EXPECT_EQ(move_row(j, "12-18").at("games"), 3);
  // The same position by FEN, then one move played from it.
  const std::string fen = j.at("fen");
  const nlohmann::json by_fen = get("/api/explorer?fen=" + fen).json();
  EXPECT_EQ(by_fen.at("games"), 3);
  // Clerc as Black: games 1 and 4 of the three.
  const nlohmann::json filtered = get("/api/explorer?play=32-28&black=clerc").json();
  EXPECT_EQ(filtered.at("games"), 2);
  EXPECT_EQ(get("/api/explorer?play=32-28&since=2004").json().at("games"), 1);
  EXPECT_EQ(get("/api/explorer?moves=1&games=2").json().at("moves").size(), 1u);
  EXPECT_EQ(get("/api/explorer?moves=1&games=2").json().at("recent_games").size(), 2u);
}

// "T. Sijbrands" (games 2 and 3 as written) is one player with "Sijbrands, T." (games 1 and 6).
TEST_F(ServerApiTest, PlayerParametersFindEverySpellingOfThePlayer) {
  const std::string player = "player=T.%20Sijbrands";
  EXPECT_EQ(get("/api/games?" + player).json().at("games"), 4);
  EXPECT_EQ(get("/api/explorer?" + player).json().at("games"), 4);
  EXPECT_EQ(get("/api/positions?" + player).json().at("games"), 4);
  EXPECT_EQ(get("/api/stats/results?" + player).json().at("games"), 4);
  EXPECT_EQ(get("/api/games?black=Jansen,%20Gerard").json().at("games"), 3);  // 3, 5, 6
  EXPECT_EQ(get("/api/search?q=must%20W:W28:B23&" + player).json().at("games"), 2);  // 1, 2
}

TEST_F(ServerApiTest, PositionsGamesAndOneGame) {
  const nlohmann::json p = get("/api/positions?play=33-28%2018-22&limit=1&offset=1").json();
  EXPECT_EQ(p.at("games"), 2);  // games 3 and 5
  ASSERT_EQ(p.at("results").size(), 1u);
  EXPECT_EQ(p.at("results").at(0).at("id"), 3);  // newest first: 5, then 3
  EXPECT_EQ(p.at("results").at(0).at("ply"), 2);

  const nlohmann::json list = get("/api/games?limit=2&offset=1").json();
  EXPECT_EQ(list.at("games"), 7);
  ASSERT_EQ(list.at("results").size(), 2u);
  EXPECT_EQ(list.at("results").at(0).at("id"), 2);
  EXPECT_EQ(get("/api/games?event=dutch").json().at("games"), 2);

  const nlohmann::json g = get("/api/games/7").json();  // the problem: W:W28,K47:B12,13
  EXPECT_EQ(g.at("start_fen"), "W:W28,K47:B12,13");
  EXPECT_EQ(g.at("plies"), 2u);  // 28-22 13-18; then 22x2 is illegal (the man takes 22x13)
  ASSERT_EQ(g.at("fens").size(), 3u);
  EXPECT_EQ(g.at("fens").at(1), "B:W22,K47:B12,13");
  EXPECT_EQ(g.at("fens").at(2), "W:W22,K47:B12,18");
  EXPECT_EQ(g.at("status"), "invalid");
  EXPECT_FALSE(g.at("diagnostics").at("errors").empty());
  ASSERT_EQ(g.at("sources").size(), 1u);
  EXPECT_EQ(g.at("sources").at(0).at("first_line"), 47);  // the seventh game's [Event line

  const Answer pdn = get("/api/games/1.pdn");
  ASSERT_EQ(pdn.status, 200);
  EXPECT_EQ(pdn.content_type, "text/plain; charset=utf-8");
  EXPECT_NE(pdn.body.find("[White \"Sijbrands, T.\"]"), std::string::npos);
  EXPECT_NE(pdn.body.find("1. 32-28 18-23"), std::string::npos);
}

TEST_F(ServerApiTest, BoardMovesStatisticsInfoAndThePage) {
  const Answer svg = get("/api/board.svg?fen=W:W28:B12&numbers=1");
  ASSERT_EQ(svg.status, 200);
  EXPECT_EQ(svg.content_type, "image/svg+xml");
  EXPECT_EQ(svg.body.rfind("<?xml", 0), 0u);

  const nlohmann::json moves = get("/api/moves?fen=W:W28:B23").json();
  ASSERT_EQ(moves.size(), 1u);  // the capture 28x19 is obligatory
  EXPECT_EQ(moves.at(0).at("move"), "28x19");
  EXPECT_EQ(moves.at(0).at("captures"), nlohmann::json::array({23}));

  const nlohmann::json players = get("/api/stats/players?top=1").json();
  EXPECT_EQ(players.at("rows").size(), 1u);
  EXPECT_EQ(get("/api/stats/events").json().at("events").size(), 4u);
  EXPECT_EQ(get("/api/stats/results").json().at("games"), 7);
  EXPECT_EQ(get("/api/stats/openings?plies=2").json().at("games"), 6);
  const nlohmann::json info = get("/api/info").json();
  EXPECT_EQ(info.at("games"), 7);
  EXPECT_EQ(info.at("sources"), 1);
  // Imported by this suite a moment ago: the UTC date of now (or of 10 minutes ago, at midnight).
  auto utc_date = [](std::time_t t) {
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return std::string(text);
  };
  const std::string date = info.at("last_import").get<std::string>().substr(0, 10);
  const std::time_t now = std::time(nullptr);
  EXPECT_TRUE(date == utc_date(now) || date == utc_date(now - 600)) << date;

  const Answer page = get("/");
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<html"), std::string::npos);
  EXPECT_EQ(get("/app.js").content_type, "text/javascript; charset=utf-8");
}

TEST_F(ServerApiTest, EventTableAndItsErrors) {
  // WK 2003 of games_fixture.hpp: Sijbrands (three spellings) beats Clerc, draws Clerc, loses to
  // Jansen: Sijbrands 2 + 1 + 0 = 3, Jansen 2, Clerc 0 + 1 = 1; 3 games, 6 points; one game a
  // round, so in each round one of the three has no game (Jansen in 1 and 2, Clerc in 3).
  const nlohmann::json t = get("/api/event?name=wk%202003").json();
  EXPECT_EQ(t.at("games"), 3);
  EXPECT_EQ(t.at("points"), 6);
  ASSERT_EQ(t.at("standings").size(), 3u);
  EXPECT_EQ(t.at("standings").at(0).at("points"), 3);
  EXPECT_NE(t.at("standings").at(0).at("name").get<std::string>().find("ijbrands"),
            std::string::npos);
  EXPECT_EQ(t.at("standings").at(1).at("points"), 2);
  EXPECT_EQ(t.at("standings").at(2).at("points"), 1);
  EXPECT_EQ(t.at("rounds"), nlohmann::json::array({"1", "2", "3"}));
  EXPECT_EQ(t.at("missing").size(), 3u);
  // The Dutch championship, spelled two ways: game 5 has no result.
  const nlohmann::json dutch = get("/api/event?name=dutch%20ch%202004").json();
  EXPECT_EQ(dutch.at("event").size(), 2u);
  EXPECT_EQ(dutch.at("without_result"), nlohmann::json::array({5}));
  expect_bad("/api/event", "name");
  expect_bad("/api/event?name=%20", "name");
  const Answer none = get("/api/event?name=no%20such%20event");
  EXPECT_EQ(none.status, 404);
  EXPECT_FALSE(none.json().at("error").get<std::string>().empty());
  // "200" is in "WK 2003" and in both spellings of the Dutch championship: two events.
  const Answer several = get("/api/event?name=200");
  ASSERT_EQ(several.status, 400);
  EXPECT_EQ(several.json().at("parameter"), "name");
  EXPECT_EQ(several.json().at("candidates").size(), 2u);
}

TEST_F(ServerApiTest, EveryBadParameterIs400NamingIt) {
  expect_bad("/api/explorer?fen=W:W99", "fen");
  expect_bad("/api/explorer?play=32-29", "play");
  expect_bad("/api/explorer?play=zz", "play");
  expect_bad("/api/explorer?mirror=2", "mirror");
  expect_bad("/api/explorer?moves=-1", "moves");
  expect_bad("/api/explorer?games=1000", "games");
  expect_bad("/api/explorer?since=2003.13", "since");
  expect_bad("/api/explorer?until=yesterday", "until");
  expect_bad("/api/explorer?result=3-0", "result");
  expect_bad("/api/explorer?regex=1&player=(", "player");
  expect_bad("/api/explorer?play=32-28&play=18-23", "play");
  expect_bad("/api/explorer?top=201", "top");
  expect_bad("/api/positions?limit=201", "limit");
  expect_bad("/api/positions?fen=W:W28:B12:X9", "fen");
  expect_bad("/api/positions?play=32-28,32-28", "play");
  expect_bad("/api/positions?mirror=yes", "mirror");
  expect_bad("/api/positions?white=x&since=soon", "since");
  expect_bad("/api/games?result=win", "result");
  expect_bad("/api/games?offset=100000001", "offset");
  expect_bad("/api/games?fen=W:W28:B12", "fen");
  expect_bad("/api/board.svg?fen=W:W51", "fen");
  expect_bad("/api/board.svg?play=31-22", "play");
  expect_bad("/api/moves?play=32-28&play=18-23", "play");
  expect_bad("/api/stats/events?until=never", "until");
  expect_bad("/api/stats/openings?plies=201", "plies");
  expect_bad("/api/stats/players?regex=1&event=[", "event");
  expect_bad("/api/positions?offset=x", "offset");
  expect_bad("/api/games?limit=1.5", "limit");
  expect_bad("/api/board.svg?size=4", "size");
  expect_bad("/api/board.svg?numbers=yes", "numbers");
  expect_bad("/api/moves?fen=nonsense", "fen");
  expect_bad("/api/stats/players?top=x", "top");
  expect_bad("/api/stats/openings?plies=0", "plies");
  expect_bad("/api/stats/results?longest=9999", "longest");
  expect_bad("/api/explorer?event=" + std::string(2100, 'a'), "event");
  std::string long_play = "32-28";  // 301 moves: over the limit before anything is played
  for (int i = 0; i < 300; ++i) long_play += ",18-23";
  expect_bad("/api/explorer?play=" + long_play, "play");
  std::string many;
  for (int i = 0; i < 20; ++i) many += "&p" + std::to_string(i) + "=1";
  expect_bad("/api/explorer?" + many.substr(1), "");
}

TEST_F(ServerApiTest, UnknownParametersAreIgnored) {
  // A page's own state or a cache-busting ?v= must not turn a good request into a 400.
  EXPECT_EQ(get("/?x=1").status, 200);
  EXPECT_EQ(get("/?fen=W:W28:B12&play=x&limit=-1").status, 200);  // the page's own state
  EXPECT_EQ(get("/app.js?v=1").status, 200);
  EXPECT_EQ(get("/api/info?verbose=1").status, 200);
  EXPECT_EQ(get("/api/explorer?colour=white&play=32-28").body, get("/api/explorer?play=32-28").body);
  EXPECT_EQ(get("/api/games/1?ply=3").status, 200);
}

TEST_F(ServerApiTest, BadValuesOfEveryKindAre4xxWithAMessage) {
  const char* targets[] = {
      "/api/explorer?play=32-27,32-27", "/api/explorer?play=31-22",  "/api/moves?play=50-45",
      "/api/explorer?fen=W:W31-50:B1-20:X1", "/api/positions?fen=%FF%FE", "/api/explorer?fen=",
      "/api/explorer?play=%FF", "/api/games?since=2003.02.30x", "/api/games?until=%C3%28",
      "/api/games?limit=-1", "/api/games?limit=99999999999999999999999", "/api/games?offset=-5",
      "/api/positions?limit=1e3", "/api/explorer?moves=%00", "/api/games?player=%FF&regex=1",
      "/api/search?q=%FF", "/api/search?q=", "/api/stats/players?top=-1",
      "/api/games/0", "/api/games/99999", "/api/games/abc", "/api/games/99999.pdn",
      "/api/explorer?play=32-28,32-27", "/api/games?fen=W:W28:B12", "/api/info?limit=3"};
  for (const char* target : targets) {
    const Answer a = get(target);
    EXPECT_GE(a.status, 400) << target << ": " << a.body;
    EXPECT_LT(a.status, 500) << target << ": " << a.body;
    if (a.status < 400 || a.status >= 500) continue;
    EXPECT_FALSE(a.json().at("error").get<std::string>().empty()) << target;
  }
}

TEST_F(ServerApiTest, NonUtf8AndEmptyValuesNameTheirParameter) {
  expect_bad("/api/games?player=%FF", "player");
  expect_bad("/api/explorer?event=%C3%28", "event");
  expect_bad("/api/search?q=must%20W:W%FF", "q");
  expect_bad("/api/explorer?fen=", "fen");
  expect_bad("/api/moves?fen=W:W31-50:B1-20&play=32-28,32-27", "play");  // Black to move
  expect_bad("/api/explorer?games=-1", "games");
  expect_bad("/api/positions?offset=100000001", "offset");
}

TEST_F(ServerApiTest, AMissingGameNamesNoPathOnDisk) {
  for (const char* target : {"/api/games/99999", "/api/games/99999.pdn", "/api/nothing"}) {
    const Answer a = get(target);
    EXPECT_EQ(a.status, 404) << target;
    EXPECT_EQ(a.body.find('/'), std::string::npos) << target << ": " << a.body;
  }
  EXPECT_EQ(get("/api/games/99999").json().at("error"), "game 99999 not found");
}

TEST_F(ServerApiTest, APlayOf120PliesIsTaken) {
  // The page sends a line from its start: two kings going there and back, 120 plies (720 bytes),
  // end where they started; one ply more and they stand on 41 and 1.
  std::string play;
  for (int i = 0; i < 30; ++i) play += std::string(i ? "," : "") + "46-41,1-7,41-46,7-1";
  ASSERT_GT(play.size(), 512u);
  const Answer a = get("/api/explorer?fen=W:WK46:BK1&play=" + play);
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.json().at("fen"), "W:WK46:BK1");
  EXPECT_EQ(get("/api/explorer?fen=W:WK46:BK1&play=" + play + ",46-41").json().at("fen"),
            "B:WK41:BK1");
}

TEST_F(ServerApiTest, ExplorerGivesTheLegalMovesInTheSameAnswer) {
  // One request per explorer step: legal=1 adds /api/moves's answer (28x19 is obligatory).
  const nlohmann::json j = get("/api/explorer?fen=W:W28:B23&legal=1").json();
  EXPECT_EQ(j.at("legal"), get("/api/moves?fen=W:W28:B23").json());
  EXPECT_EQ(j.at("legal").at(0).at("captures"), nlohmann::json::array({23}));
  EXPECT_FALSE(get("/api/explorer?fen=W:W28:B23").json().contains("legal"));
  expect_bad("/api/explorer?legal=2", "legal");
  // With mirror=1 this position's own games come first, unflagged, as without it.
  const nlohmann::json plain = get("/api/explorer?play=32-28&games=10").json();
  const nlohmann::json both = get("/api/explorer?play=32-28&games=10&mirror=1").json();
  ASSERT_GE(both.at("recent_games").size(), plain.at("recent_games").size());
  for (std::size_t i = 0; i < plain.at("recent_games").size(); ++i)
    EXPECT_EQ(both.at("recent_games").at(i), plain.at("recent_games").at(i));
}

TEST_F(ServerApiTest, LidraughtsFenAndAFavicon) {
  EXPECT_EQ(get("/api/moves?fen=W:W31-50:B1-20:H0:F1").body, get("/api/moves").body);
  const Answer icon = get("/favicon.ico");
  EXPECT_EQ(icon.status, 200);
  EXPECT_EQ(icon.content_type, "image/svg+xml");
  EXPECT_EQ(icon.body, get("/favicon.svg").body);
  EXPECT_NE(icon.body.find("<svg"), std::string::npos);
}

TEST_F(ServerApiTest, TopGamesRankDecisiveThenLongerGamesFirst) {
  // From the start: decisive games 4 (2-0, 12 plies), 1 (2-0, 8), 3 (0-2, 6); then the draws
  // 2 (9 plies) and 6 (6); game 5 (*) last.
  EXPECT_EQ(ids_of(get("/api/explorer").json().at("top_games")), (std::vector<int>{4, 1, 3, 2}));
  EXPECT_EQ(ids_of(get("/api/explorer?top=6").json().at("top_games")),
            (std::vector<int>{4, 1, 3, 2, 6, 5}));
  EXPECT_EQ(ids_of(get("/api/explorer?top=1").json().at("top_games")), (std::vector<int>{4}));
  EXPECT_TRUE(get("/api/explorer?top=0").json().at("top_games").empty());
  const nlohmann::json after = get("/api/explorer?play=32-28").json();  // games 1, 2, 4
  EXPECT_EQ(ids_of(after.at("top_games")), (std::vector<int>{4, 1, 2}));
  EXPECT_EQ(after.at("top_games").at(0).at("ply"), 1);
  // Clerc as Black: games 1 and 4; Jansen in any colour: 3, 4, 5, 6.
  EXPECT_EQ(ids_of(get("/api/explorer?black=clerc").json().at("top_games")),
            (std::vector<int>{4, 1}));
  EXPECT_EQ(ids_of(get("/api/explorer?player=jansen").json().at("top_games")),
            (std::vector<int>{4, 3, 6, 5}));
  // The problem position: its only game stops at an illegal move, and is still listed.
  EXPECT_EQ(ids_of(get("/api/explorer?fen=W:W28,K47:B12,13").json().at("top_games")),
            (std::vector<int>{7}));
}

/// W:W28:B23 with White to move: after 1. 32-28 18-23 (ply 2) in games 1, 2 and 4 (games 3
/// and 5 open 33-28 18-22, game 6 has no white man on 28); it holds to the end of games 1 (ply
/// 8) and 2 (ply 9), and in game 4 until 5... 23x34 at ply 10.
TEST_F(ServerApiTest, SearchTakesTheSingleStringFormWithFiltersAndPages) {
  const nlohmann::json all = get("/api/search?q=must%20W:W28:B23").json();
  EXPECT_EQ(all.at("games"), 3);
  EXPECT_EQ(all.at("mirrored_games"), 0);
  ASSERT_EQ(all.at("results").size(), 3u);
  const int ids[] = {4, 2, 1}, held[] = {8, 8, 7};  // newest first by date
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(all["results"][i].at("id"), ids[i]);
    EXPECT_EQ(all["results"][i].at("ply"), 2);
    EXPECT_EQ(all["results"][i].at("held"), held[i]);
  }
  ASSERT_EQ(all.at("next_moves").size(), 1u);  // 2. 37-32 in all three
  EXPECT_EQ(all["next_moves"][0].at("move"), "37-32");
  EXPECT_EQ(all["next_moves"][0].at("games"), 3);
  const nlohmann::json page = get("/api/search?q=must%20W:W28:B23&limit=1&offset=1").json();
  ASSERT_EQ(page.at("results").size(), 1u);
  EXPECT_EQ(page["results"][0].at("id"), 2);
  const nlohmann::json jansen = get("/api/search?q=must%20W:W28:B23&player=jansen").json();
  ASSERT_EQ(jansen.at("games"), 1);
  EXPECT_EQ(jansen["results"][0].at("id"), 4);
  // A filter parameter replaces the same filter of the query.
  EXPECT_EQ(get("/api/search?q=must%20W:W28:B23%3B%20player%20clerc&player=jansen")
                .json().at("games"), 1);
  EXPECT_EQ(get("/api/search?q=must%20W:W28:B23%3B%20player%20clerc").json().at("games"), 3);
  const nlohmann::json count = get("/api/search?q=must%20W:W28:B23%3B%20hold%208&count=1").json();
  EXPECT_EQ(count.at("games"), 2);  // games 2 and 4
  EXPECT_FALSE(count.contains("results"));
}

TEST_F(ServerApiTest, BadSearchQueriesAre400NamingTheWrongPart) {
  expect_bad("/api/search", "q");
  expect_bad("/api/search?q=must%20W:W28%3B%20empty%203x", "q");
  expect_bad("/api/search?q=must%20W:W28%3B%20since%202003.13", "q");
  expect_bad("/api/search?q=must%20W:W28&since=2003.13", "since");
  expect_bad("/api/search?q=must%20W:W28&limit=1000", "limit");
  expect_bad("/api/search?q=must%20W:W28&count=2", "count");
  expect_bad("/api/search?q=must%20W:W28&mirror=1", "mirror");
  const std::string error =
      get("/api/search?q=must%20W:W28%3B%20empty%203x").json().at("error").get<std::string>();
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
  EXPECT_NE(error.find("'3x'"), std::string::npos) << error;
}

TEST_F(ServerApiTest, UnknownRoutesAndGamesAre404AndOtherMethods405) {
  for (const char* target :
       {"/api/nothing", "/api", "/api/games/0", "/api/games/8", "/api/games/x", "/api/games/1.txt",
        "/api/games/99999999999", "/api/games/8.pdn", "/api/games/0.pdn", "/api/games/-1",
        "/api/games/1.pdn.pdn", "/api/stats/nothing", "/api/stats/", "/api/explorer/x", "/index.htm", "/../CMakeLists.txt",
        "/web/index.html", "/api/games/1.pdn/x"}) {
    const Answer a = get(target);
    EXPECT_EQ(a.status, 404) << target << ": " << a.body;
    EXPECT_EQ(a.content_type, "application/json") << target;
  }
  httplib::Client client("127.0.0.1", server_->port());
  const httplib::Result r = client.Post("/api/info", "x", "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 405);
  const Answer too_long = get("/api/explorer?fen=" + std::string(5000, 'W'));
  EXPECT_EQ(too_long.status, 414);
}

// A bad line in the database's player-overrides.txt is the request's fault as far as the
// client can tell: 400 naming the filter that needed the file (or the file), never a 500.
TEST(ServerOverrides, ABadOverridesFileIs400NamingTheParameterThatReadIt) {
  test::TempFolder folder("server-overrides");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  test::write_text(folder.path() / "db" / "player-overrides.txt",
                   "same Sijbrands, T. = Ton Sijbrands\nmerge these two\n");
  RunningServer server(folder.path() / "db");
  const std::pair<std::string, std::string> cases[] = {
      {"/api/games?player=Sijbrands", "player"},
      {"/api/explorer?white=Sijbrands&event=WK", "white"},
      {"/api/games?event=WK", "event"},
      {"/api/search?q=must%20W:W28:B23%3B%20player%20Sijbrands", "q"},
      {"/api/stats/players", "player-overrides.txt"},
  };
  for (const auto& [target, parameter] : cases) {
    const Answer a = get(server.port(), target);
    ASSERT_EQ(a.status, 400) << target << ": " << a.body;
    EXPECT_EQ(a.content_type, "application/json") << target;
    const nlohmann::json j = a.json();
    EXPECT_NE(j.at("error").get<std::string>().find("line 2"), std::string::npos) << a.body;
    EXPECT_EQ(j.value("parameter", ""), parameter) << target;
  }
  // Without a player or event filter the file is not needed.
  EXPECT_EQ(get(server.port(), "/api/games?since=2003").status, 200);
}

TEST_F(ServerApiTest, NoRequestTextInResponseHeaders) {
  httplib::Client client("127.0.0.1", server_->port());
  const httplib::Result r = client.Get("/api/explorer?play=zzmarker&fen=zzmarker");
  ASSERT_TRUE(r);
  for (const auto& [name, value] : r->headers) {
    EXPECT_EQ(name.find("zzmarker"), std::string::npos);
    EXPECT_EQ(value.find("zzmarker"), std::string::npos) << name;
  }
}

/// A server sees games imported into its database while it runs (the writer is another
/// handle in this process, as `damdb import` would be; it closes and reopens the database).
TEST(ServerFollowsImports, NewGamesAppearWithoutARestart) {
  test::TempFolder folder("server-follow");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::write_text(folder.path() / "more.pdn",
                   "[Event \"Open 2005\"]\n[Date \"2005.01.01\"]\n[White \"Baba, A.\"]\n"
                   "[Black \"Valneris, G.\"]\n[Result \"0-2\"]\n1. 32-28 18-23 2. 38-32 0-2\n");
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  server::ServerOptions options;
  options.watch_interval = std::chrono::milliseconds(50);
  RunningServer running(folder.path() / "db", options);
  const int port = running.port();
  const Answer info = get(port, "/api/info");
  ASSERT_EQ(info.status, 200) << info.body;
  EXPECT_EQ(info.json().at("games"), 7);
  const nlohmann::json before = get(port, "/api/explorer?play=32-28").json();  // now kept
  EXPECT_EQ(before.at("games"), 3);
  test::import_into(folder.path() / "db", folder.path() / "more.pdn");
  int games = 7;
  for (int i = 0; i < 400 && games == 7; ++i) {  // up to 20 s on a busy machine
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const Answer now = get(port, "/api/info");
    ASSERT_EQ(now.status, 200) << now.body;
    games = now.json().at("games").get<int>();
  }
  EXPECT_EQ(games, 8);
  const Answer explorer = get(port, "/api/explorer?play=32-28");
  ASSERT_EQ(explorer.status, 200) << explorer.body;
  const nlohmann::json after = explorer.json();
  EXPECT_EQ(after.at("games"), 4);
  const nlohmann::json m = move_row(after, "18-23");  // games 1, 2, 4 and the new 0-2
  EXPECT_EQ(m.at("games"), 4);
  EXPECT_EQ(m.at("black_wins"), 1);
  EXPECT_EQ(after.at("recent_games").at(0).at("id"), 8);  // 2005: the newest date
  EXPECT_EQ(get(port, "/api/games/8").json().at("white"), "Baba, A.");
}

/// The server names the database folder (/api/info) and a game's source files (/api/games/ID)
/// without the folders above them; otherwise its info is the CLI's.
void expect_file_names_without_folders(int port, const std::string& db, const std::string& on) {
  nlohmann::json info = nlohmann::json::parse(damdb_output("info" + on));
  EXPECT_EQ(info.at("database"), db);
  info["database"] = "db";
  EXPECT_EQ(get(port, "/api/info").json(), info);
  const nlohmann::json first_game = get(port, "/api/games/1").json();
  ASSERT_FALSE(first_game.at("sources").empty());
  const std::string source = first_game.at("sources").at(0).at("path");
  EXPECT_TRUE(source == "wk2003.pdn" || source == "nk2003-amsterdam.pdn" ||
              source == "blindfold-2009-round1-board2.pdn")
      << source;
}

/// The API's JSON equals the CLI's --json on the sample database (the explorer adds only
/// side_to_move, recent_games and top_games).
TEST(ServerCliEquality, SameJsonAsTheCommandLineOnTheSamples) {
  test::TempFolder folder("server-samples");
  const std::string db = (folder.path() / "db").string();
  const std::string samples = std::string(DAMDB_SOURCE_DIR) + "/samples";
  damdb_output("import --db '" + db + "' '" + samples + "/wk2003.pdn' '" + samples +
               "/nk2003-amsterdam.pdn' '" + samples + "/blindfold-2009-round1-board2.pdn'");
  RunningServer running(folder.path() / "db");
  const std::string on = " --json --db '" + db + "'";
  const std::pair<std::string, std::string> cases[] = {
      {"/api/positions?play=32-28,19-23&limit=5&mirror=1",
       "query position --moves '32-28 19-23' --limit 5 --mirror"},
      {"/api/games?limit=3&offset=2&player=sijbrands", "games --limit 3 --offset 2 --player sijbrands"},
      {"/api/stats/players?top=5", "stats players --top 5"},
      {"/api/stats/events", "stats events"},
      {"/api/event?name=NK%202003", "event 'NK 2003'"},
      {"/api/stats/results", "stats results"},
      {"/api/stats/openings?plies=4&top=5", "stats openings --plies 4 --top 5"},
      {"/api/search?q=must%20%3F:W28:B23%3B%20mirror&limit=4&offset=1",
       "search 'must ?:W28:B23; mirror' --limit 4 --offset 1"},
      {"/api/search?q=white-men%20-12&count=1", "search 'white-men -12' --count"},
  };
  expect_file_names_without_folders(running.port(), db, on);
  EXPECT_EQ(get(running.port(), "/api/moves?fen=W:W28,32:B23,19,18").json(),
            nlohmann::json::parse(damdb_output("moves --json --fen W:W28,32:B23,19,18")));
  for (const auto& [target, args] : cases) {
    const Answer a = get(running.port(), target);
    ASSERT_EQ(a.status, 200) << target;
    const std::string cli = damdb_output(args + on);
    ASSERT_FALSE(cli.empty()) << args;
    EXPECT_EQ(a.json(), nlohmann::json::parse(cli)) << target;
  }
  for (const char* mirror : {"0", "1"}) {
    nlohmann::json api =
        get(running.port(), std::string("/api/explorer?play=32-28&mirror=") + mirror).json();
    EXPECT_FALSE(api.at("recent_games").empty());
    api.erase("recent_games");
    api.erase("side_to_move");
    api.erase("top_games");
    const std::string cli =
        damdb_output(std::string("query opening --moves 32-28") +
                     (mirror[0] == '1' ? " --mirror" : "") + on);
    EXPECT_EQ(api, nlohmann::json::parse(cli)) << "mirror " << mirror;
  }
  // Once the games' ranks are read, the explorer orders games without their headers: the
  // answers stay the CLI's.
  {
    const db::Database database = test::open_read_only(folder.path() / "db");
    const server::Api api(database);
    ASSERT_TRUE(api.wait_for_ranks());
    for (const char* mirror : {"0", "1"}) {
      const server::Response r = api.get("/api/explorer", {{"play", "32-28"}, {"mirror", mirror}});
      nlohmann::json explorer = nlohmann::json::parse(r.body);
      EXPECT_EQ(explorer.at("recent_games"),
                get(running.port(), std::string("/api/explorer?play=32-28&mirror=") + mirror)
                    .json()
                    .at("recent_games"));
      for (const char* extra : {"recent_games", "side_to_move", "top_games"}) explorer.erase(extra);
      EXPECT_EQ(explorer, nlohmann::json::parse(damdb_output(
                              std::string("query opening --moves 32-28") +
                              (mirror[0] == '1' ? " --mirror" : "") + on)));
    }
    const server::Response page =
        api.get("/api/positions", {{"play", "32-28"}, {"limit", "7"}, {"offset", "3"}});
    EXPECT_EQ(nlohmann::json::parse(page.body),
              nlohmann::json::parse(damdb_output("query position --moves 32-28 --limit 7 "
                                                 "--offset 3" + on)));
  }
  nlohmann::json game = get(running.port(), "/api/games/5").json();
  for (const char* extra : {"fens", "diagnostics"}) game.erase(extra);
  nlohmann::json show = nlohmann::json::parse(damdb_output("show 5" + on));
  for (const char* position_only : {"fen", "side_to_move", "diagram"}) show.erase(position_only);
  for (nlohmann::json& s : show.at("sources")) {
    const std::string path = s.at("path");
    s["path"] = path.substr(path.rfind('/') + 1);
  }
  EXPECT_EQ(game, show);
}

}  // namespace
}  // namespace damdb

namespace damdb {
namespace {

// Game 4 (2004.03.01) follows game 1 (2003.05.10) for seven plies, then plays 2-7 where game 1
// played 1-7: no earlier game reached that position (tests/games_fixture.hpp).
TEST_F(ServerApiTest, NoveltyOfAGameMatchesTheCommandLine) {
  const Answer a = get("/api/games/4/novelty");
  ASSERT_EQ(a.status, 200) << a.body;
  const nlohmann::json n = a.json();
  EXPECT_EQ(n.at("game").at("id"), 4);
  EXPECT_EQ(n.at("novelty").at("ply"), 8);
  EXPECT_EQ(n.at("novelty").at("move"), "2-7");
  EXPECT_EQ(n.at("known").at("ply"), 7);
  EXPECT_EQ(n.at("known").at("predecessors"), 1);
  ASSERT_EQ(n.at("known").at("games").size(), 1u);
  EXPECT_EQ(n.at("known").at("games").at(0).at("id"), 1);
  EXPECT_EQ(n.at("known").at("games").at(0).at("ply"), 7);
  ASSERT_EQ(n.at("line").size(), 8u);
  // From the initial position: games 1 to 6; 32-28 in games 1, 2 and 4 (2-0, 1-1, 2-0).
  EXPECT_EQ(n.at("line").at(0).at("position_games"), 6);
  EXPECT_EQ(n.at("line").at(0).at("games"), 3);
  EXPECT_NEAR(n.at("line").at(0).at("score").get<double>(), 100.0 * 5 / 6, 1e-9);
  EXPECT_EQ(n.at("line").at(7).at("novelty"), true);
  const std::string db = (folder_->path() / "db").string();
  EXPECT_EQ(n, nlohmann::json::parse(damdb_output("novelty 4 --json --db '" + db + "'")));
  EXPECT_EQ(get("/api/games/4/novelty?count_undated=1&limit=0").json(),
            nlohmann::json::parse(
                damdb_output("novelty 4 --json --count-undated --limit 0 --db '" + db + "'")));
  EXPECT_EQ(get("/api/games/99/novelty").status, 404);
  EXPECT_EQ(get("/api/games/x/novelty").status, 404);
  expect_bad("/api/games/4/novelty?limit=x", "limit");
}

}  // namespace
}  // namespace damdb
