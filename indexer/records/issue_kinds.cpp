#include "indexer/records/issue_kinds.hpp"

#include "pdn/replay.hpp"

namespace damdb::indexer {

std::string issue_kind_name(unsigned kind) {
  const auto k = static_cast<pdn::IssueKind>(kind);
  const std::string_view name = kind < 256 ? pdn::to_string(k) : std::string_view();
  // to_string names every value it does not know "illegal_move".
  if (name.empty() || (name == "illegal_move" && k != pdn::IssueKind::IllegalMove))
    return "kind_" + std::to_string(kind);
  return std::string(name);
}

std::vector<std::string> issue_kind_names(std::uint64_t mask) {
  std::vector<std::string> out;
  for (unsigned k = 0; k < 64; ++k)
    if (mask >> k & 1) out.push_back(issue_kind_name(k));
  return out;
}

bool is_move_error(unsigned kind) {
  return kind < 256 && pdn::is_move_error(static_cast<pdn::IssueKind>(kind));
}

bool is_error_kind(unsigned kind) {
  return kind < 256 && pdn::is_error(static_cast<pdn::IssueKind>(kind));
}

std::uint64_t games_with_move_error(const db::Counts& counts) {
  std::uint64_t n = 0;
  for (unsigned k = 0; k < counts.first_error.size(); ++k)
    if (is_move_error(k)) n += counts.first_error[k];
  return n;
}

}  // namespace damdb::indexer
