// The marks of played moves: see move_marks.hpp.
#include "indexer/analysis/move_marks.hpp"

#include <algorithm>

namespace damdb::analysis {

Mark mark_of_loss(double loss) {
  if (loss >= kBlunderMen) return Mark::Blunder;
  if (loss >= kMistakeMen) return Mark::Mistake;
  if (loss >= kInaccuracyMen) return Mark::Inaccuracy;
  return Mark::None;
}

std::string_view to_string(Mark mark) {
  switch (mark) {
    case Mark::Good: return "!";
    case Mark::Inaccuracy: return "?!";
    case Mark::Mistake: return "?";
    case Mark::Blunder: return "??";
    case Mark::None: break;
  }
  return "";
}

int nag_of(Mark mark) {
  switch (mark) {
    case Mark::Good: return 1;
    case Mark::Inaccuracy: return 6;
    case Mark::Mistake: return 2;
    case Mark::Blunder: return 4;
    case Mark::None: break;
  }
  return 0;
}

double clamped(double score) { return std::clamp(score, -kClampMen, kClampMen); }

}  // namespace damdb::analysis
