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

std::size_t print_file_lines(const pdn::ValidationSummary& summary, std::FILE* out) {
  std::size_t empty_files = 0;
  for (const pdn::FileSummary& f : summary.per_file) {
    std::fprintf(out, "%s\n", f.to_string().c_str());
    if (f.games == 0 && f.non_blank) ++empty_files;
  }
  std::fflush(out);
  for (const pdn::FileSummary& f : summary.per_file)
    if (f.games == 0 && f.non_blank)
      std::fprintf(stderr, "damdb: %s: no game found in a file that is not empty\n", f.file.c_str());
  return empty_files;
}

}  // namespace damdb::cli
