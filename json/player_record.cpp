#include "json/player_record.hpp"

#include "json/statistics.hpp"

namespace damdb::json {
namespace {

/// tally_json with the FMJD points.
nlohmann::json points_tally_json(const db::SideResults& t) {
  nlohmann::json out = tally_json(t);
  out["points"] = indexer::result_points(t);
  return out;
}

nlohmann::json node_json(const indexer::OpeningNode& n, const std::string& player) {
  nlohmann::json out = points_tally_json(n.tally);
  std::string line;
  for (const std::string& m : n.line) line += (line.empty() ? "" : " ") + m;
  nlohmann::json children = nlohmann::json::array();
  for (const indexer::OpeningNode& c : n.children) children.push_back(node_json(c, player));
  out.update({{"move", n.move},
              {"explorer", {{"line", line}, {"player", player}}},
              {"children", std::move(children)}});
  return out;
}

nlohmann::json events_json(const std::vector<indexer::EventRecord>& events) {
  nlohmann::json out = nlohmann::json::array();
  for (const indexer::EventRecord& e : events) {
    nlohmann::json row = points_tally_json(e.tally);
    row.update({{"name", e.name},
                {"spellings", e.spellings},
                {"first_date", e.first_date},
                {"last_date", e.last_date},
                {"place", e.place.empty() ? nlohmann::json() : nlohmann::json(e.place)},
                {"players", e.players},
                {"table_points", e.table_points}});
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

nlohmann::json player_record_json(const indexer::PlayerRecord& r) {
  nlohmann::json out = points_tally_json(r.total);
  nlohmann::json spellings = nlohmann::json::array();
  for (const auto& [name, games] : r.spellings)
    spellings.push_back({{"name", name}, {"games", games}});
  nlohmann::json years = nlohmann::json::array();
  for (const indexer::YearRecord& y : r.by_year) {
    nlohmann::json row = points_tally_json(y.tally);
    row["year"] = y.year;
    years.push_back(std::move(row));
  }
  nlohmann::json opponents = nlohmann::json::array();
  for (const indexer::OpponentRecord& o : r.opponents) {
    nlohmann::json row = points_tally_json(o.total);
    row.update({{"name", o.name}, {"white", points_tally_json(o.as_white)},
                {"black", points_tally_json(o.as_black)}});
    opponents.push_back(std::move(row));
  }
  nlohmann::json without = nlohmann::json::array();
  for (const db::GameId id : r.without_result) without.push_back(id.value);
  out.update({{"name", r.name},
              {"scoring", "win 2, draw 1, loss 0; score: points in percent of the maximum over "
                          "the games with a result"},
              {"spellings", std::move(spellings)},
              {"white", points_tally_json(r.as_white)},
              {"black", points_tally_json(r.as_black)},
              {"first_date", r.first_date},
              {"last_date", r.last_date},
              {"by_year", std::move(years)},
              {"opponents", std::move(opponents)},
              {"events", events_json(r.events)},
              {"openings",
               {{"plies", indexer::PlayerRecord::kRepertoirePlies},
                {"from_setup", r.from_setup},
                {"undecodable", r.undecodable},
                {"white", node_json(r.as_white_openings, r.name)},
                {"black", node_json(r.as_black_openings, r.name)}}},
              {"longest", game_lengths_json(r.longest)},
              {"shortest", game_lengths_json(r.shortest)},
              {"without_result", std::move(without)}});
  return out;
}

}  // namespace damdb::json
