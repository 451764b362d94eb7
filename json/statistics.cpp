#include "json/statistics.hpp"

#include <cmath>

namespace damdb::json {
namespace {

using db::ResultCounts;

/// Rounded to one decimal for JSON (the tables print the same figure).
double round1(double value) { return std::round(value * 10) / 10; }

/// A percentage over the games with a known result: null when no game has a known result (0.0
/// would read as "lost every game").
nlohmann::json percent_json(double value, bool any_known) {
  return any_known ? nlohmann::json(round1(value)) : nlohmann::json(nullptr);
}
bool known(const db::SideResults& t) { return t.decided() > 0; }
bool known(const ResultCounts& c) { return c.decided() > 0; }

}  // namespace

nlohmann::json game_lengths_json(const std::vector<indexer::GameRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const indexer::GameRow& g : rows)
    out.push_back({{"id", g.id.value},
                   {"white", g.white},
                   {"black", g.black},
                   {"event", g.event},
                   {"date", g.date},
                   {"result", indexer::result_text(g.result)},
                   {"plies", g.ply}});
  return out;
}

nlohmann::json tally_json(const db::SideResults& t) {
  return {{"games", t.games()}, {"wins", t.wins},       {"draws", t.draws},
          {"losses", t.losses}, {"unknown", t.unknown},
          {"score", percent_json(indexer::score_percent(t), known(t))}};
}

namespace {

nlohmann::json counts_json(const ResultCounts& c) {
  return {{"games", c.games()},     {"white_wins", c.white_wins},
          {"draws", c.draws},     {"black_wins", c.black_wins},
          {"unknown", c.unknown}, {"white_score", percent_json(indexer::white_score(c), known(c))}};
}

}  // namespace

nlohmann::json players_json(const indexer::PlayerReport& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const indexer::PlayerStats& p : r.rows) {
    nlohmann::json row = tally_json(p.total);
    row.update({{"name", p.name},
                {"key", p.key},
                {"white", tally_json(p.as_white)},
                {"black", tally_json(p.as_black)},
                {"first_date", p.first_date},
                {"last_date", p.last_date}});
    rows.push_back(std::move(row));
  }
  nlohmann::json merges = nlohmann::json::array();
  for (const indexer::PlayerMerge& m : r.merges) {
    nlohmann::json spellings = nlohmann::json::array();
    for (const auto& [name, games] : m.spellings)
      spellings.push_back({{"name", name}, {"games", games}});
    nlohmann::json steps = nlohmann::json::array();
    for (const indexer::PlayerMergeReason& s : m.steps)
      steps.push_back({{"from", s.from},
                       {"to", s.to},
                       {"rule", indexer::merge_rule_name(s.rule)},
                       {"evidence", s.evidence},
                       {"refused", s.refused}});
    merges.push_back({{"name", m.name}, {"spellings", spellings}, {"steps", steps}});
  }
  return {{"games", r.games}, {"players", r.players}, {"rows", rows}, {"merges", merges}};
}

nlohmann::json events_json(const indexer::EventReport& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const indexer::EventStats& e : r.rows)
    rows.push_back({{"name", e.name},
                    {"first_date", e.first_date},
                    {"last_date", e.last_date},
                    {"games", e.games},
                    {"players", e.players},
                    {"decisive", e.decisive},
                    {"known_results", e.known_results},
                    {"decisive_rate", percent_json(e.decisive_rate(), e.known_results > 0)},
                    {"average_moves", round1(e.average_moves())}});
  nlohmann::json merges = nlohmann::json::array();
  for (const indexer::EventMerge& m : r.merges) {
    nlohmann::json spellings = nlohmann::json::array();
    for (const auto& [name, games] : m.spellings)
      spellings.push_back({{"name", name}, {"games", games}});
    merges.push_back({{"name", m.name}, {"spellings", spellings}, {"evidence", m.evidence}});
  }
  return {{"games", r.games}, {"events", rows}, {"merges", merges}};
}

nlohmann::json results_json(const indexer::ResultReport& r) {
  nlohmann::json years = nlohmann::json::array();
  for (const indexer::YearResults& y : r.by_year) {
    nlohmann::json row = counts_json(y.counts);
    row["year"] = y.year;
    years.push_back(std::move(row));
  }
  nlohmann::json longest = game_lengths_json(r.longest);
  nlohmann::json out = counts_json(r.overall);
  out.update({{"average_plies", round1(r.average_plies())},
              {"average_moves", round1(r.average_moves())},
              {"by_year", years},
              {"longest", longest}});
  return out;
}

nlohmann::json openings_json(const indexer::OpeningReport& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const indexer::OpeningLine& line : r.rows) {
    nlohmann::json row = counts_json(line.counts);
    row.update({{"moves", line.moves}, {"movetext", line.movetext()}});
    rows.push_back(std::move(row));
  }
  return {{"plies", r.plies},
          {"games", r.games},
          {"shorter", r.shorter},
          {"from_setup", r.from_setup},
          {"undecodable", r.undecodable},
          {"sequences", r.sequences},
          {"openings", rows}};
}

}  // namespace damdb::json
