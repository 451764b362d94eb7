#include "pdn/validate.hpp"

#include <algorithm>
#include <utility>

namespace damdb::pdn {

void ValidationSummary::add(const Replay& replay) {
  ++games;
  plies += static_cast<std::uint64_t>(replay.plies);
  switch (replay.status) {
    case ReplayStatus::Valid:
      ++valid;
      break;
    case ReplayStatus::Warnings:
      ++with_warnings;
      break;
    case ReplayStatus::Invalid:
      ++invalid;
      break;
    case ReplayStatus::Skipped:
      ++skipped;
      break;
  }
  // A game counts once per kind (errors may repeat; warnings and notes are merged already).
  std::uint64_t seen = 0;
  auto count = [&](const std::vector<ReplayIssue>& issues) {
    for (const ReplayIssue& i : issues) {
      const std::uint64_t bit = std::uint64_t{1} << static_cast<unsigned>(i.kind);
      if ((seen & bit) == 0) ++kinds[i.kind];
      seen |= bit;
    }
  };
  count(replay.errors);
  count(replay.warnings);
  count(replay.notes);
}

void ValidationSummary::add_file(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics) {
    ++kinds[d.kind];
    outside_games.push_back(d);
  }
}

std::string ValidationSummary::by_kind(Severity severity) const {
  std::vector<std::pair<IssueKind, std::size_t>> list;
  for (const auto& [kind, n] : kinds)
    if (severity_of(kind) == severity) list.emplace_back(kind, n);
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (const auto& [kind, n] : list) {
    if (!out.empty()) out += ", ";
    out += std::string(label(kind)) + " " + std::to_string(n);
  }
  return out;
}

}  // namespace damdb::pdn
