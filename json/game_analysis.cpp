#include "json/game_analysis.hpp"

#include <cmath>
#include <string>

namespace damdb::json {
namespace {

double rounded(double x) { return std::round(x * 100) / 100; }

std::string tag_or(const pdn::Game& g, const char* name) {
  const pdn::Tag* t = g.tag(name);
  return t && !t->value.empty() ? t->value : "?";
}

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
  nlohmann::json j{{"game", g.number()}, {"white", tag_or(g, "White")}, {"black", tag_or(g, "Black")},
                   {"result", tag_or(g, "Result")}, {"analysed", a.analysed}};
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

}  // namespace damdb::json
