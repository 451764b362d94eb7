#include "indexer/records/signature_builder.hpp"

namespace damdb::indexer {

using rules::Bitboard;

SignatureBuilder::SignatureBuilder(std::uint32_t plies) {
  sig_.plies = plies;
  per_segment_ = sig_.span_plies();
}

void SignatureBuilder::add(int ply, const rules::Position& pos) {
  if (ply == 0) sig_.black_first = pos.side_to_move() == rules::Color::Black;
  const Bitboard k = pos.kings();
  const Bitboard kinds[4] = {pos.white() & ~k, pos.white() & k, pos.black() & ~k, pos.black() & k};
  if (static_cast<std::uint32_t>(ply) >= segment_end_) {  // the first ply of a segment
    const std::uint32_t segment = static_cast<std::uint32_t>(ply) / per_segment_;
    close_segment(static_cast<std::uint16_t>(1u << segment));
    segment_end_ = (segment + 1) * per_segment_;
  }
  for (int i = 0; i < 4; ++i) held_[i] |= kinds[i];
  sig_.ever_empty |= pos.empty();
  const db::MaterialEntry e{static_cast<std::uint32_t>(ply),
                            static_cast<std::uint8_t>(rules::count(kinds[0])),
                            static_cast<std::uint8_t>(rules::count(kinds[1])),
                            static_cast<std::uint8_t>(rules::count(kinds[2])),
                            static_cast<std::uint8_t>(rules::count(kinds[3]))};
  const db::MaterialEntry* last = sig_.material.empty() ? nullptr : &sig_.material.back();
  if (last == nullptr || last->white_men != e.white_men || last->white_kings != e.white_kings ||
      last->black_men != e.black_men || last->black_kings != e.black_kings)
    sig_.material.push_back(e);
}

void SignatureBuilder::close_segment(std::uint16_t next) {
  sig_.white_men |= held_[0];
  sig_.white_kings |= held_[1];
  sig_.black_men |= held_[2];
  sig_.black_kings |= held_[3];
  for (int i = 0; i < 4; ++i) {
    for (Bitboard b = held_[i]; b != 0; b &= b - 1) masks_[i][rules::lowest_bit(b)] |= segment_bit_;
    held_[i] = 0;
  }
  segment_bit_ = next;
}

db::GameSignature SignatureBuilder::finish() {
  close_segment(0);
  sig_.segments.clear();
  sig_.segments.reserve(
      static_cast<std::size_t>(rules::count(sig_.white_men) + rules::count(sig_.white_kings) +
                               rules::count(sig_.black_men) + rules::count(sig_.black_kings)));
  int kind = 0;
  for (Bitboard b : {sig_.white_men, sig_.white_kings, sig_.black_men, sig_.black_kings}) {
    for (; b != 0; b &= b - 1) sig_.segments.push_back(masks_[kind][rules::lowest_bit(b)]);
    ++kind;
  }
  return std::move(sig_);
}

}  // namespace damdb::indexer
