// The real-game corpus for benchmarks: every .pdn file under DAMDB_CORPUS_DIR
// (../shared/corpus, see its SOURCES.md), in path order so every run reads the same input.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace damdb::testing {

/// Every .pdn / .PDN file of the corpus, sorted by path.
inline std::vector<std::filesystem::path> corpus_pdn_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(DAMDB_CORPUS_DIR)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (e.is_regular_file() && ext == ".pdn") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// The corpus files concatenated once, each followed by a newline (about 4.4 MB).
inline std::string corpus_text() {
  std::string all;
  for (const auto& f : corpus_pdn_files()) {
    std::ifstream in(f, std::ios::binary);
    all.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    all += "\n";
  }
  return all;
}

}  // namespace damdb::testing
