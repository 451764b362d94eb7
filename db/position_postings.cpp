#include "db/position_postings.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "db/detail/entry_codec.hpp"

namespace damdb::db {

namespace {

bool by_position(const PostingRow& a, const PostingRow& b) {
  if (a.zobrist != b.zobrist) return a.zobrist < b.zobrist;
  if (a.check != b.check) return a.check < b.check;
  return a.game > b.game;
}

// Sorts rows[begin, end) in place by byte `shift / 8` of the Zobrist key (an American flag
// pass: each row is moved to the next free slot of its bucket, and the row found there goes on
// to its own bucket, until a row of the bucket being filled comes back). 256 buckets: their
// write fronts stay in the cache, where 65,536 did not. Returns the bucket starts, 257 entries.
std::array<std::uint32_t, 257> flag_pass(std::span<PostingRow> rows, unsigned shift) {
  std::array<std::uint32_t, 257> start{};
  for (const PostingRow& r : rows) ++start[((r.zobrist >> shift) & 255) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::array<std::uint32_t, 256> fill;
  std::copy(start.begin(), start.end() - 1, fill.begin());
  for (std::size_t b = 0; b < 256; ++b) {
    while (fill[b] < start[b + 1]) {
      PostingRow r = rows[fill[b]];
      for (std::size_t d = (r.zobrist >> shift) & 255; d != b; d = (r.zobrist >> shift) & 255)
        std::swap(r, rows[fill[d]++]);
      rows[fill[b]++] = r;
    }
  }
  return start;
}

}  // namespace

void sort_postings(std::vector<PostingRow>& rows) {
  // Zobrist keys are uniform: two in-place passes on their top two bytes leave buckets of a
  // few rows (a batch holds about a million), each finished by std::sort. No second copy of a
  // batch's rows while it is sorted.
  const std::span<PostingRow> all(rows);
  const auto outer = flag_pass(all, 56);
  for (std::size_t a = 0; a < 256; ++a) {
    const auto part = all.subspan(outer[a], outer[a + 1] - outer[a]);
    if (part.size() < 2) continue;
    const auto inner = flag_pass(part, 48);
    for (std::size_t b = 0; b < 256; ++b)
      if (inner[b + 1] - inner[b] > 1)
        std::sort(part.begin() + inner[b], part.begin() + inner[b + 1], by_position);
  }
}

PositionEntryEncoder::PositionEntryEncoder(std::span<const PostingRow> rows,
                                           std::span<const std::uint16_t> plies, bool grouped)
    : rows_(rows), plies_(plies), grouped_(grouped) {}

const std::pair<std::uint64_t, std::string_view>* PositionEntryEncoder::next() {
  if (at_ == rows_.size()) return nullptr;
  const std::uint64_t zobrist = rows_[at_].zobrist;
  std::size_t end = at_ + 1;
  if (grouped_)
    while (end < rows_.size() && rows_[end].zobrist == zobrist) ++end;
  value_.clear();
  for (std::size_t g = at_; g < end;) {
    std::size_t h = g + 1;
    while (h < end && rows_[h].check == rows_[g].check) ++h;
    put_group(g, h);
    g = h;
  }
  at_ = end;
  entry_ = {zobrist, value_};
  return &entry_;
}

void PositionEntryEncoder::put_group(std::size_t begin, std::size_t end) {
  refs_.clear();
  single_plies_.clear();
  single_plies_.reserve(end - begin);  // no reallocation below: refs point into it
  moves_.clear();
  corrections_.clear();
  const PostingRow* last = nullptr;  // of the postings
  for (std::size_t k = begin; k < end; ++k) {
    const PostingRow& row = rows_[k];
    if (row.count == 0) {
      corrections_.push_back(ResultCorrection{row.game, row.move,
                                              static_cast<GameResult>(row.result >> 2 & 3),
                                              static_cast<GameResult>(row.result & 3)});
      continue;
    }
    const std::uint16_t* p = plies_.data() + row.ply;
    if (row.count == 1) {
      single_plies_.push_back(static_cast<std::uint16_t>(row.ply));
      p = &single_plies_.back();
    }
    refs_.push_back(detail::PostingRef{row.game, p, row.count});
    moves_.emplace_back(row.move, row.result);
    last = &row;
  }
  const std::uint32_t check = rows_[begin].check;
  if (refs_.size() == 1) {
    detail::put_single_group(value_, check, last->move, last->result, refs_[0]);
  } else if (!refs_.empty()) {
    // Statistics: per move code, in code order.
    std::sort(moves_.begin(), moves_.end());
    stats_.moves.clear();
    for (const auto& [move, result] : moves_) {
      if (stats_.moves.empty() || stats_.moves.back().move != move)
        stats_.moves.push_back(MoveStats{.move = move, .counts = {}});
      stats_.moves.back().counts.add(static_cast<GameResult>(result));
    }
    detail::put_multi_group(value_, check, stats_, refs_);
  }
  if (!corrections_.empty()) detail::put_correction_group(value_, check, corrections_);
}

}  // namespace damdb::db
