// The stored result (see stored_result.hpp).
#include "indexer/text/stored_result.hpp"

#include "pdn/result.hpp"

namespace damdb::indexer {

db::GameResult stored_result(pdn::Outcome outcome) {
  switch (outcome) {
    case pdn::Outcome::WhiteWin: return db::GameResult::WhiteWin;
    case pdn::Outcome::BlackWin: return db::GameResult::BlackWin;
    case pdn::Outcome::Draw: return db::GameResult::Draw;
    case pdn::Outcome::Unknown:
    case pdn::Outcome::Unfinished: break;
  }
  return db::GameResult::Unknown;
}

pdn::Outcome outcome_of(db::GameResult result) {
  switch (result) {
    case db::GameResult::WhiteWin: return pdn::Outcome::WhiteWin;
    case db::GameResult::BlackWin: return pdn::Outcome::BlackWin;
    case db::GameResult::Draw: return pdn::Outcome::Draw;
    case db::GameResult::Unknown: break;
  }
  return pdn::Outcome::Unknown;
}

const char* result_text(db::GameResult result) { return pdn::result_text(outcome_of(result)); }

std::uint64_t result_points(const db::SideResults& side) {
  return pdn::result_points(side.wins, side.draws);
}

double score_percent(const db::SideResults& side) {
  return pdn::score_percent(side.wins, side.draws, side.losses);
}

double white_score(const db::ResultCounts& counts) { return score_percent(counts.side(true)); }

}  // namespace damdb::indexer
