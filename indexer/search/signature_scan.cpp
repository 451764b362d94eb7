#include "indexer/search/signature_scan.hpp"

#include <algorithm>
#include <bit>
#include <map>

#include "db/varint.hpp"

namespace damdb::indexer {
namespace {

using rules::Bitboard;

constexpr int kEmptySet = 4;  // the ever-empty set of a signature column

/// The square sets of a PieceSet with the signature piece sets (bit k: set k) each stands for.
std::array<std::pair<Bitboard, unsigned>, 6> fields_of(const PieceSet& s) {
  return {std::pair{s.white_men, 1u}, std::pair{s.white_kings, 2u},   std::pair{s.white_any, 3u},
          std::pair{s.black_men, 4u}, std::pair{s.black_kings, 8u}, std::pair{s.black_any, 12u}};
}

void set_bit(std::array<std::uint64_t, db::kSignatureBlockGames / 64>& bits, std::size_t g) {
  bits[g / 64] |= std::uint64_t{1} << (g % 64);
}

}  // namespace

SignatureScan::SignatureScan(const PatternQuery& query) : plies_(query.plies), hold_(query.hold) {
  slot_of_.fill(-1);
  add_form(query.pattern);
  if (query.mirror) add_form(query.pattern.mirrored());
  read_.resize(columns_.size());
  for (const Form& f : forms_) read_counts_ = read_counts_ || counts_narrow(f.pattern);
}

int SignatureScan::slot(int set, int bit) {
  const int column = set * db::kSignatureBits + bit;
  if (slot_of_[column] < 0) {
    slot_of_[column] = static_cast<int>(columns_.size());
    columns_.push_back(column);
    with_masks_.push_back(false);
  }
  return slot_of_[column];
}

void SignatureScan::add_form(const Pattern& pattern) {
  Form& f = forms_.emplace_back();
  f.pattern = pattern;
  for (const auto& [squares, sets] : fields_of(pattern.must))
    for (Bitboard b = squares; b != 0; b &= b - 1) {
      const Need need{rules::lowest_bit(b), sets};
      f.must.push_back(need);
      for (int set = 0; set < 4; ++set)
        if ((sets >> set & 1) != 0) with_masks_[static_cast<std::size_t>(slot(set, need.bit))] = true;
    }
  for (Bitboard b = pattern.empty; b != 0; b &= b - 1) {
    f.empty.push_back(rules::lowest_bit(b));
    slot(kEmptySet, f.empty.back());
  }
  for (const AnyOfGroup& g : pattern.any_of) {
    std::map<int, unsigned> squares;  // a square named twice counts once, as in the pattern
    for (const auto& [b0, sets] : fields_of(g.pieces))
      for (Bitboard b = b0; b != 0; b &= b - 1) squares[rules::lowest_bit(b)] |= sets;
    Group& group = f.any_of.emplace_back();
    group.at_least = g.at_least;
    for (const auto& [bit, sets] : squares) {
      group.squares.push_back(Need{bit, sets});
      for (int set = 0; set < 4; ++set)
        if ((sets >> set & 1) != 0) slot(set, bit);
    }
  }
}

SignatureScan::GameBits SignatureScan::holding(const Need& need) const {
  GameBits bits{};
  for (int set = 0; set < 4; ++set) {
    if ((need.sets >> set & 1) == 0) continue;
    const db::SignatureColumn& c = read_[slot_of_[set * db::kSignatureBits + need.bit]];
    for (std::size_t w = 0; w < bits.size(); ++w) bits[w] |= c.games[w];
  }
  return bits;
}

// The games of the block (all but the opaque ones first) whose square sets allow the form, as
// squares_possible() decides; opaque games always.
void SignatureScan::select(Form& f, std::size_t n, const GameBits& opaque) {
  GameBits& c = f.candidates;
  c.fill(0);
  for (std::size_t g = 0; g < n; ++g) set_bit(c, g);
  for (const Need& need : f.must) {
    const GameBits h = holding(need);
    for (std::size_t w = 0; w < c.size(); ++w) c[w] &= h[w];
  }
  for (const int bit : f.empty) {
    const db::SignatureColumn& e = read_[slot_of_[kEmptySet * db::kSignatureBits + bit]];
    for (std::size_t w = 0; w < c.size(); ++w) c[w] &= e.games[w];
  }
  for (const Group& group : f.any_of) {
    std::array<std::uint16_t, db::kSignatureBlockGames> count{};
    for (const Need& need : group.squares) {
      const GameBits h = holding(need);
      for (std::size_t w = 0; w < h.size(); ++w)
        for (std::uint64_t b = h[w] & c[w]; b != 0; b &= b - 1)
          ++count[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
    }
    for (std::size_t g = 0; g < n; ++g)
      if (count[g] < group.at_least) c[g / 64] &= ~(std::uint64_t{1} << (g % 64));
  }
  for (std::size_t w = 0; w < c.size(); ++w) c[w] |= opaque[w];
}

// The segments in which every `must` piece of the form stood on its square in game `g` (the
// AND of their masks, as test_signature() takes them); games are asked in ascending order.
std::uint32_t SignatureScan::common_segments(const Form& f, std::size_t g) {
  std::uint32_t common = kEverySegment;
  for (const Need& need : f.must) {
    std::uint32_t mask = 0;
    for (int set = 0; set < 4; ++set) {
      if ((need.sets >> set & 1) == 0) continue;
      db::SignatureColumn& c = read_[slot_of_[set * db::kSignatureBits + need.bit]];
      if (c.has(g)) mask |= c.next_mask(g);
    }
    common &= mask;
  }
  return common;
}

std::size_t SignatureScan::scan(std::uint32_t first, std::string_view games,
                                std::span<const std::string_view> values,
                                std::vector<SignatureCandidate>& out) {
  db::Reader r(games, "signature block");
  const std::size_t n = db::signature_block_games(r);
  heads_.resize(n);
  material_.resize(n);
  GameBits opaque{};
  for (std::size_t g = 0; g < n; ++g) {
    material_[g] = db::GameSignature::decode_game(r, heads_[g]);
    if (heads_[g].opaque) set_bit(opaque, g);
  }
  r.expect_end();
  for (std::size_t i = 0; i < read_.size(); ++i)
    read_[i].read(values[i], n, columns_[i] < kEmptySet * db::kSignatureBits, false);
  GameBits any{};
  for (Form& f : forms_) {
    select(f, n, opaque);
    for (std::size_t w = 0; w < any.size(); ++w) any[w] |= f.candidates[w];
  }
  if (std::all_of(any.begin(), any.end(), [](std::uint64_t w) { return w == 0; })) return n;
  for (std::size_t i = 0; i < read_.size(); ++i)
    if (with_masks_[i]) read_[i].read_games(values[i], n);
  for (std::size_t w = 0; w < any.size(); ++w)
    for (std::uint64_t b = any[w]; b != 0; b &= b - 1) {
      const std::size_t g = w * 64 + static_cast<std::size_t>(std::countr_zero(b));
      db::GameSignature& sig = heads_[g];
      // The segment masks first: the material is read only for games they leave.
      std::array<std::uint32_t, 2> segments{};
      bool open = false;
      for (std::size_t i = 0; i < forms_.size(); ++i) {
        if ((forms_[i].candidates[w] >> (g % 64) & 1) == 0) continue;
        segments[i] = sig.opaque ? kEverySegment : common_segments(forms_[i], g);
        const IntRange window = segment_window(sig, plies_, segments[i]);
        if (window.lo <= window.hi) open = true;
        else segments[i] = 0;
      }
      if (!open) continue;
      if (read_counts_) db::GameSignature::decode_material(material_[g], sig.material);
      else sig.material.clear();
      SignatureCandidate c;
      c.id = first + static_cast<std::uint32_t>(g);
      c.date = sig.date;
      for (std::size_t i = 0; i < forms_.size(); ++i)
        if (segments[i] != 0)
          (i == 0 ? c.direct : c.mirror) =
              test_counts(sig, forms_[i].pattern, plies_, hold_, segments[i]);
      if (c.direct.possible || c.mirror.possible) out.push_back(c);
    }
  return n;
}

}  // namespace damdb::indexer
