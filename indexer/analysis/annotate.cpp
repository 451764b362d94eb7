// A game written back with its analysis: see annotate.hpp.
#include "indexer/analysis/annotate.hpp"

#include <cstdio>

namespace damdb::analysis {

std::string eval_comment(const PositionEval& e) {
  char text[64];
  std::snprintf(text, sizeof text, "[%%eval %.2f,%d]", e.white_score, e.depth);
  return text;
}

namespace {

/// A new element whose text is `text`, appended to the game's text.
pdn::Element comment_element(pdn::Game& game, const std::string& text) {
  pdn::Element e;
  e.kind = pdn::ElementKind::Comment;
  e.offset = static_cast<std::uint32_t>(game.text.size());
  e.text = {e.offset, static_cast<std::uint32_t>(text.size())};
  game.text += text;
  return e;
}

}  // namespace

void annotate_game(pdn::Game& game, const GameAnalysis& analysis) {
  if (!analysis.analysed) return;
  std::vector<pdn::Element> line;
  line.reserve(game.moves.size() + 2 * analysis.plies.size());
  std::size_t ply = 0;
  for (const pdn::Element& e : game.moves) {
    line.push_back(e);
    if (e.kind != pdn::ElementKind::Move || ply >= analysis.plies.size()) continue;
    const PlyAnalysis& p = analysis.plies[ply];
    ++ply;
    if (const int nag = nag_of(p.mark); nag != 0) {
      pdn::Element n;
      n.kind = pdn::ElementKind::Nag;
      n.offset = e.offset;
      n.value = static_cast<std::uint32_t>(nag);
      line.push_back(n);
    }
    const PositionEval& after = ply < analysis.plies.size() ? analysis.plies[ply].before : analysis.final_eval;
    line.push_back(comment_element(game, eval_comment(after)));
  }
  game.moves = std::move(line);
}

}  // namespace damdb::analysis
