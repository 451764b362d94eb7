#include "json/game_analysis.hpp"

#include <cmath>
#include <string>

namespace damdb::json {
namespace {

double rounded(double x) { return std::round(x * 100) / 100; }

}  // namespace

nlohmann::json position_eval_json(const analysis::PositionEval& e) {
  nlohmann::json j{{"score", rounded(e.white_score)}, {"win", e.win}, {"depth", e.depth}};
  if (e.terminal) j["terminal"] = true;
  if (!e.best.empty()) j["best"] = e.best;
  if (!e.pv.empty()) j["pv"] = e.pv;
  if (!e.unmatched_pv.empty()) j["unmatched_pv_move"] = e.unmatched_pv;
  return j;
}

nlohmann::json side_summary_json(const analysis::SideSummary& s) {
  return {{"moves", s.moves},           {"average_loss", rounded(s.average_loss())},
          {"inaccuracies", s.inaccuracies}, {"mistakes", s.mistakes},
          {"blunders", s.blunders},     {"good", s.good}};
}

nlohmann::json game_analysis_json(const pdn::Game& g, const analysis::GameAnalysis& a) {
  nlohmann::json j{{"game", g.number()}, {"white", g.tag_value_or("White", "?")}, {"black", g.tag_value_or("Black", "?")},
                   {"result", g.tag_value_or("Result", "?")}, {"analysed", a.analysed}};
  if (!a.skipped.empty()) j["skipped"] = a.skipped;
  if (!a.error.empty()) j["error"] = a.error;
  if (!a.analysed) return j;
  nlohmann::json plies = nlohmann::json::array();
  for (const analysis::PlyAnalysis& p : a.plies) {
    nlohmann::json ply{{"ply", p.ply}, {"side", p.side == rules::Color::White ? "white" : "black"},
                       {"move", p.played}, {"before", position_eval_json(p.before)},
                       {"loss", rounded(p.loss)}, {"mark", std::string(analysis::to_string(p.mark))}};
    plies.push_back(std::move(ply));
  }
  j["plies"] = std::move(plies);
  j["final"] = position_eval_json(a.final_eval);
  j["summary"] = {{"white", side_summary_json(a.white)}, {"black", side_summary_json(a.black)}};
  j["decided_ply"] = a.decided_ply == 0 ? nlohmann::json(nullptr) : nlohmann::json(a.decided_ply);
  return j;
}

nlohmann::json evaluation_cache_json(const analysis::StoredEvaluations& cache) {
  const std::size_t hits = cache.hits(), lookups = cache.lookups();
  return {{"positions", lookups}, {"found_stored", hits}, {"searched", cache.kept()},
          {"not_answered", lookups - hits - cache.kept()},
          {"hit_rate", lookups > 0 ? std::round(1000.0 * hits / lookups) / 1000 : 0.0}};
}

nlohmann::json analysis_run_json(const std::string& engine, std::span<const pdn::Game> games,
                                 std::span<const analysis::GameAnalysis> results,
                                 const analysis::StoredEvaluations* cache) {
  nlohmann::json game_list = nlohmann::json::array(), players = nlohmann::json::array();
  for (std::size_t i = 0; i < games.size() && i < results.size(); ++i)
    game_list.push_back(game_analysis_json(games[i], results[i]));
  for (const auto& [name, p] : analysis::player_analyses(games, results)) {
    nlohmann::json j = side_summary_json(p.moves);
    j["name"] = name;
    j["games"] = p.games;
    players.push_back(std::move(j));
  }
  nlohmann::json out{{"engine", engine}, {"games", std::move(game_list)}, {"players", std::move(players)}};
  if (cache) out["cache"] = evaluation_cache_json(*cache);
  return out;
}

}  // namespace damdb::json
