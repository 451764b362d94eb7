#include "indexer/duplicates/duplicate_primary.hpp"

#include <tuple>

#include "db/header_tags.hpp"
#include "pdn/issue.hpp"

namespace damdb::indexer {
namespace {

/// True when the PDN text holds a comment or a variation outside tag values and strings.
bool has_annotations(std::string_view text) {
  bool in_tag = false, in_string = false;
  for (const char c : text) {
    if (in_string) {
      in_string = c != '"';
    } else if (c == '"') {
      in_string = true;
    } else if (in_tag) {
      in_tag = c != ']';
    } else if (c == '[') {
      in_tag = true;
    } else if (c == '{' || c == '(') {
      return true;
    }
  }
  return false;
}

}  // namespace

PrimaryRank PrimaryRank::of(db::GameId id, const db::GameRecord& game) {
  PrimaryRank r;
  r.id = id;
  r.status = game.status;
  r.plies = static_cast<std::uint32_t>(game.moves.size());
  r.result_fits = (game.issue_kinds & (pdn::kind_bit(pdn::IssueKind::ResultContradicted) |
                                       pdn::kind_bit(pdn::IssueKind::ResultMismatch))) == 0;
  r.annotated = has_annotations(game.pdn_text);
  r.tags = static_cast<std::uint32_t>(db::known_tags(game.tags));
  return r;
}

bool PrimaryRank::better_than(const PrimaryRank& o) const {
  // Lower status is better; so is a lower id: compare those negated.
  const auto key = [](const PrimaryRank& r) {
    return std::make_tuple(-static_cast<int>(r.status), r.plies, r.result_fits, r.annotated,
                           r.tags, -static_cast<std::int64_t>(r.id.value));
  };
  return key(*this) > key(o);
}

std::size_t best_primary(std::span<const PrimaryRank> ranks) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < ranks.size(); ++i)
    if (ranks[i].better_than(ranks[best])) best = i;
  return best;
}

}  // namespace damdb::indexer
