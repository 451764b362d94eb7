#include "cli/kind_counts.hpp"

#include <cstdio>

namespace damdb::cli {

void print_kind_counts(const pdn::ValidationSummary& summary, const char* indent) {
  for (const auto& [severity, name] : {std::pair{pdn::Severity::Error, "errors"},
                                       std::pair{pdn::Severity::Warning, "warnings"},
                                       std::pair{pdn::Severity::Note, "notes"}}) {
    const std::string line = summary.by_kind(severity);
    if (!line.empty()) std::printf("%s%s (games): %s\n", indent, name, line.c_str());
  }
}

}  // namespace damdb::cli
