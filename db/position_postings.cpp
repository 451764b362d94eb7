#include "db/position_postings.hpp"

#include <algorithm>

#include "db/detail/entry_codec.hpp"

namespace damdb::db {

void sort_postings(std::vector<PostingRow>& rows) {
  std::vector<std::uint32_t> start(65537, 0);
  for (const PostingRow& r : rows) ++start[(r.zobrist >> 48) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  // In place: each row is moved to the next free slot of its bucket, and the row found there
  // goes on to its own bucket, until a row of the bucket being filled comes back.
  std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t b = 0; b + 1 < start.size(); ++b) {
    while (fill[b] < start[b + 1]) {
      PostingRow r = rows[fill[b]];
      for (std::size_t d = r.zobrist >> 48; d != b; d = r.zobrist >> 48)
        std::swap(r, rows[fill[d]++]);
      rows[fill[b]++] = r;
    }
  }
  const auto by_position = [](const PostingRow& a, const PostingRow& b) {
    if (a.zobrist != b.zobrist) return a.zobrist < b.zobrist;
    if (a.check != b.check) return a.check < b.check;
    return a.game > b.game;
  };
  for (std::size_t b = 0; b + 1 < start.size(); ++b)
    if (start[b + 1] - start[b] > 1)
      std::sort(rows.begin() + start[b], rows.begin() + start[b + 1], by_position);
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
  for (std::size_t k = begin; k < end; ++k) {
    const PostingRow& row = rows_[k];
    const std::uint16_t* p = plies_.data() + row.ply;
    if (row.count == 1) {
      single_plies_.push_back(static_cast<std::uint16_t>(row.ply));
      p = &single_plies_.back();
    }
    refs_.push_back(detail::PostingRef{row.game, p, row.count});
  }
  const PostingRow& first = rows_[begin];
  if (end - begin == 1) {
    detail::put_single_group(value_, first.check, first.move, first.result, refs_[0]);
    return;
  }
  // Statistics: per move code, in code order.
  moves_.clear();
  for (std::size_t k = begin; k < end; ++k) moves_.emplace_back(rows_[k].move, rows_[k].result);
  std::sort(moves_.begin(), moves_.end());
  stats_.moves.clear();
  for (const auto& [move, result] : moves_) {
    if (stats_.moves.empty() || stats_.moves.back().move != move)
      stats_.moves.push_back(MoveStats{.move = move});
    stats_.moves.back().add(static_cast<GameResult>(result));
  }
  detail::put_multi_group(value_, first.check, stats_, refs_);
}

}  // namespace damdb::db
