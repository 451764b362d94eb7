#include "pdn/validate.hpp"

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
  for (const auto& e : replay.errors) ++error_kinds[std::string(to_string(e.kind))];
  for (const auto& w : replay.warnings) ++warning_kinds[std::string(to_string(w.kind))];
  notes += replay.notes.size();
}

}  // namespace damdb::pdn
