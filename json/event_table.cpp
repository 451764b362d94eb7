#include "json/event_table.hpp"

#include "indexer/explorer/query.hpp"

namespace damdb::json {
namespace {

nlohmann::json ids_json(const std::vector<db::GameId>& ids) {
  nlohmann::json out = nlohmann::json::array();
  for (const db::GameId id : ids) out.push_back(id.value);
  return out;
}

nlohmann::json standings_json(const indexer::TournamentTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const indexer::Standing& s : t.standings)
    rows.push_back({{"place", indexer::place_text(s)},
                    {"player", s.player},
                    {"name", t.players[s.player].name},
                    {"games", s.games()},
                    {"wins", s.results.wins},
                    {"draws", s.results.draws},
                    {"losses", s.results.losses},
                    {"unknown", s.results.unknown},
                    {"points", s.points()},
                    {"sonneborn_berger", s.sonneborn_berger},
                    {"resistance", s.resistance}});
  return rows;
}

nlohmann::json crosstable_json(const indexer::TournamentTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : t.cells) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& cell : row) {
      nlohmann::json games = nlohmann::json::array();
      for (const indexer::CellGame& g : cell)
        games.push_back({{"id", g.id.value},
                         {"points", g.points < 0 ? nlohmann::json() : nlohmann::json(g.points)},
                         {"white", g.white},
                         {"round", g.round}});
      cells.push_back(std::move(games));
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

void add_checks(const indexer::TournamentTable& t, nlohmann::json& out) {
  out["without_result"] = ids_json(t.without_result);
  out["contradicted"] = ids_json(t.contradicted);
  out["result_mismatch"] = ids_json(t.result_mismatch);
  out["left_out"] = ids_json(t.left_out);
  nlohmann::json pairs = nlohmann::json::array();
  for (const indexer::RepeatedPair& p : t.repeated_pairs)
    pairs.push_back({{"players", {p.a, p.b}}, {"games", ids_json(p.games)}});
  out["repeated_pairs"] = std::move(pairs);
  nlohmann::json missing = nlohmann::json::array();
  for (const indexer::MissingGame& m : t.missing)
    missing.push_back({{"round", m.round}, {"player", m.player}});
  out["missing"] = std::move(missing);
}

}  // namespace

nlohmann::json event_table_json(const indexer::EventTableReport& r) {
  const indexer::TournamentTable& t = r.table;
  nlohmann::json out = {{"event", r.spellings},
                        {"games", t.games},
                        {"points", t.points_total},
                        {"scoring", "win 2, draw 1, loss 0"},
                        {"tie_breaks", {"wins", "sonneborn_berger"}}};
  nlohmann::json players = nlohmann::json::array();
  for (const indexer::TablePlayer& p : t.players)
    players.push_back({{"name", p.name}, {"spellings", p.spellings}});
  out["players"] = std::move(players);
  out["standings"] = standings_json(t);
  out["crosstable"] = crosstable_json(t);
  out["rounds"] = t.rounds;
  out["match"] = t.match;
  nlohmann::json running = nlohmann::json::array();
  for (const indexer::MatchStep& s : t.running)
    running.push_back({{"id", s.id.value},
                       {"round", s.round},
                       {"white", s.white},
                       {"result", indexer::result_text(s.result)},
                       {"score", {s.score_first, s.score_second}}});
  out["running"] = std::move(running);
  add_checks(t, out);
  return out;
}

}  // namespace damdb::json
