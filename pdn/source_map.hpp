// Offsets of a converted text in its source. A UTF-16 or UTF-32 source, or one written with
// full-width characters, is read converted to UTF-8 (pdn/encoding.hpp); a game's byte range
// (Game::byte_begin, byte_end) must still name bytes of the file as it is on disk.
#pragma once

#include <cstdint>
#include <vector>

namespace damdb::pdn {

/// Where the bytes of a converted text came from. A conversion calls add() once per character
/// in order, with the bytes it takes converted and the bytes it took in the source; runs of
/// characters of equal widths are kept as one entry, so a file of one script costs a few
/// entries (text alternating widths character by character costs one entry per character).
class SourceMap {
 public:
  /// A map whose first converted byte came from byte `source_begin` of the source.
  explicit SourceMap(std::uint64_t source_begin = 0) : source_end_(source_begin) {}

  /// Records the next character: `converted_bytes` (1..4) converted, `source_bytes` (1..8) in
  /// the source.
  void add(unsigned converted_bytes, unsigned source_bytes);

  /// The source offset of converted byte `converted`: the first source byte of the character
  /// holding it; offsets at or past the end of the converted text keep their distance to the
  /// end of the source text.
  std::uint64_t source_offset(std::uint64_t converted) const;

  /// Entries kept (one per run of characters of equal widths).
  std::size_t runs() const { return runs_.size(); }

 private:
  struct Run {
    std::uint64_t converted_begin;
    std::uint64_t source_begin;
    std::uint32_t converted_width;
    std::uint32_t source_width;
  };
  std::vector<Run> runs_;
  std::uint64_t converted_end_ = 0;
  std::uint64_t source_end_;
};

}  // namespace damdb::pdn
