#include "pdn/source_map.hpp"

#include <algorithm>

namespace damdb::pdn {

void SourceMap::add(unsigned converted_bytes, unsigned source_bytes) {
  if (runs_.empty() || runs_.back().converted_width != converted_bytes ||
      runs_.back().source_width != source_bytes)
    runs_.push_back(Run{converted_end_, source_end_, converted_bytes, source_bytes});
  converted_end_ += converted_bytes;
  source_end_ += source_bytes;
}

std::uint64_t SourceMap::source_offset(std::uint64_t converted) const {
  if (converted >= converted_end_ || runs_.empty()) {
    const std::uint64_t past = converted >= converted_end_ ? converted - converted_end_ : 0;
    return source_end_ + past;
  }
  const auto after = std::upper_bound(
      runs_.begin(), runs_.end(), converted,
      [](std::uint64_t offset, const Run& run) { return offset < run.converted_begin; });
  const Run& run = *(after - 1);
  const std::uint64_t characters = (converted - run.converted_begin) / run.converted_width;
  return run.source_begin + characters * run.source_width;
}

}  // namespace damdb::pdn
