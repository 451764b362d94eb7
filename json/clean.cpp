#include "json/clean.hpp"

#include <cmath>

namespace damdb::json {
namespace {

nlohmann::json candidates_json(const pdn::RepairProposal& p) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : p.candidates)
    list.push_back({{"move", c.applied.empty() ? "(deleted " + c.original + ")" : c.applied},
                    {"kind", std::string(pdn::to_string(c.kind))},
                    {"confidence", std::round(c.confidence * 1000) / 1000}});
  return list;
}

nlohmann::json fix_json(const pdn::Game& g, const pdn::AppliedFix& f) {
  return {{"file", g.source},
          {"game", g.number()},
          {"line", f.proposal.pos.line},
          {"column", f.proposal.pos.column},
          {"ply", f.candidate.ply},
          {"original", f.candidate.original},
          {"applied", f.candidate.applied},
          {"kind", std::string(pdn::to_string(f.candidate.kind))},
          {"confidence", std::round(f.candidate.confidence * 1000) / 1000},
          {"candidates", candidates_json(f.proposal)},
          {"plies_after", f.candidate.plies_after}};
}

nlohmann::json unrepaired_json(const pdn::Game& g, const pdn::CleanResult& r) {
  const pdn::RepairProposal& p = r.unrepaired;
  return {{"file", g.source},
          {"game", g.number()},
          {"line", p.pos.line},
          {"column", p.pos.column},
          {"ply", p.ply},
          {"token", p.token},
          {"error", std::string(pdn::to_string(p.error))},
          {"message", p.message},
          {"reason", r.unrepaired_reason},
          {"truncated", r.outcome == pdn::CleanOutcome::Truncated},
          {"plies_kept", p.ply > 0 ? p.ply - 1 : 0},
          {"candidates", candidates_json(p)}};
}

}  // namespace

void CleanReport::add(const pdn::CleanResult& result) {
  for (const pdn::AppliedFix& f : result.fixes) fixes_.push_back(fix_json(result.game, f));
  if (result.has_unrepaired) unrepaired_.push_back(unrepaired_json(result.game, result));
}

}  // namespace damdb::json
