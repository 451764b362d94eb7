#include "db/game_signature.hpp"

#include <bit>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {
namespace {

constexpr std::uint8_t kMaskEscape = 0xf0;    // a segment mask stored as 16 raw bits
constexpr std::uint8_t kCountsEscape = 0xff;  // a material entry stored as 4 raw counts

void put_squares(std::string& out, std::uint64_t b) {
  for (int i = 0; i < 7; ++i) out.push_back(static_cast<char>((b >> (8 * i)) & 0xff));
}

std::uint64_t get_squares(Reader& r) {
  const std::string_view s = r.bytes(7);
  std::uint64_t b = 0;
  for (int i = 0; i < 7; ++i) b |= std::uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  return b;
}

/// The run of set bits of `m` starting at its lowest set bit, as [first, last]; false when m
/// is 0.
bool lowest_run(std::uint32_t m, int& first, int& last) {
  if (m == 0) return false;
  first = std::countr_zero(m);
  last = first + std::countr_one(m >> first) - 1;
  return true;
}

std::uint32_t run_bits(int first, int last) {
  return ((1u << (last + 1)) - 1) & ~((1u << first) - 1);
}

/// Appends the code of one segment mask (layout in the header: one run, two runs, raw).
void put_mask(std::string& out, std::uint16_t mask) {
  int a = 0, b = 0, c = 0, d = 0;
  if (lowest_run(mask, a, b)) {
    const std::uint32_t rest = mask & ~run_bits(a, b);
    if (rest == 0) {
      out.push_back(static_cast<char>(a << 4 | b));
      return;
    }
    lowest_run(rest, c, d);
    if ((rest & ~run_bits(c, d)) == 0) {  // two runs: b + 2 <= c, so b + 1 <= 14 and > a
      out.push_back(static_cast<char>((b + 1) << 4 | a));
      out.push_back(static_cast<char>(c << 4 | d));
      return;
    }
  }
  out.push_back(static_cast<char>(kMaskEscape));
  out.push_back(static_cast<char>(mask & 0xff));
  out.push_back(static_cast<char>(mask >> 8));
}

std::uint16_t get_mask(Reader& r) {
  const std::uint8_t first = r.byte();
  const int hi = first >> 4, lo = first & 0xf;
  if (hi <= lo) return static_cast<std::uint16_t>(run_bits(hi, lo));
  if (first == kMaskEscape) {
    const std::string_view raw = r.bytes(2);
    return static_cast<std::uint16_t>(static_cast<unsigned char>(raw[0]) |
                                      static_cast<unsigned char>(raw[1]) << 8);
  }
  if (hi == 15) r.fail("bad segment mask code");
  const std::uint8_t second = r.byte();
  const int c = second >> 4, d = second & 0xf;
  if (c > d || c < hi + 1) r.fail("bad segment mask code");
  return static_cast<std::uint16_t>(run_bits(lo, hi - 1) | run_bits(c, d));
}

/// The change byte from `a` to `b` (layout in the header), or kCountsEscape.
std::uint8_t change_code(const MaterialEntry& a, const MaterialEntry& b) {
  const int wm = a.white_men - b.white_men, bm = a.black_men - b.black_men;
  const int wk = b.white_kings - a.white_kings, bk = b.black_kings - a.black_kings;
  auto king = [](int delta) { return delta == 0 ? 0 : delta == 1 ? 1 : delta == -1 ? 2 : 3; };
  if (wm < 0 || wm > 3 || bm < 0 || bm > 3 || king(wk) == 3 || king(bk) == 3)
    return kCountsEscape;
  return static_cast<std::uint8_t>(wm | bm << 2 | king(wk) << 4 | king(bk) << 6);
}

void put_counts(std::string& out, const MaterialEntry& e) {
  for (std::uint8_t n : {e.white_men, e.white_kings, e.black_men, e.black_kings})
    out.push_back(static_cast<char>(n));
}

void get_counts(Reader& r, MaterialEntry& e) {
  const std::string_view c = r.bytes(4);
  e.white_men = static_cast<std::uint8_t>(c[0]);
  e.white_kings = static_cast<std::uint8_t>(c[1]);
  e.black_men = static_cast<std::uint8_t>(c[2]);
  e.black_kings = static_cast<std::uint8_t>(c[3]);
}

/// Applies change byte `code` (not the escape) to `e`; false when it is not a valid change.
bool apply_change(std::uint8_t code, MaterialEntry& e) {
  const int wm = code & 3, bm = code >> 2 & 3, wk = code >> 4 & 3, bk = code >> 6 & 3;
  if (wk == 3 || bk == 3 || wm > e.white_men || bm > e.black_men) return false;
  auto apply = [](std::uint8_t& n, int king) {
    if (king == 2 && n == 0) return false;
    if (king == 1 && n == 255) return false;
    n = static_cast<std::uint8_t>(king == 1 ? n + 1 : king == 2 ? n - 1 : n);
    return true;
  };
  e.white_men = static_cast<std::uint8_t>(e.white_men - wm);
  e.black_men = static_cast<std::uint8_t>(e.black_men - bm);
  return apply(e.white_kings, wk) && apply(e.black_kings, bk);
}

void put_material(std::string& out, const std::vector<MaterialEntry>& material) {
  put_varint(out, material.size());
  for (std::size_t i = 0; i < material.size(); ++i) {
    const MaterialEntry& e = material[i];
    put_varint(out, e.ply - (i == 0 ? 0 : material[i - 1].ply));
    const std::uint8_t code = i == 0 ? kCountsEscape : change_code(material[i - 1], e);
    if (i > 0) out.push_back(static_cast<char>(code));
    if (code == kCountsEscape) put_counts(out, e);
  }
}

void get_material(Reader& r, std::vector<MaterialEntry>& material) {
  const std::uint64_t n = r.varint_max(r.remaining() / 2);
  material.resize(n);
  std::uint64_t ply = 0;
  for (std::size_t i = 0; i < material.size(); ++i) {
    MaterialEntry& e = material[i];
    ply += r.varint_max(UINT32_MAX);
    if (ply > UINT32_MAX) r.fail("material entry past the last ply");
    if (i == 0) {
      get_counts(r, e);
    } else {
      e = material[i - 1];
      const std::uint8_t code = r.byte();
      if (code == kCountsEscape) get_counts(r, e);
      else if (!apply_change(code, e)) r.fail("bad material change");
    }
    e.ply = static_cast<std::uint32_t>(ply);
  }
}

std::size_t mask_count(const GameSignature& s) {
  return static_cast<std::size_t>(std::popcount(s.white_men) + std::popcount(s.white_kings) +
                                  std::popcount(s.black_men) + std::popcount(s.black_kings));
}

}  // namespace

void GameSignature::encode(std::string& out) const {
  put_varint(out, plies);
  const std::uint64_t sets[5] = {white_men, white_kings, black_men, black_kings, ever_empty};
  int flags = (black_first ? 1 : 0) | (opaque ? 2 : 0);
  for (int i = 0; i < 5; ++i) flags |= sets[i] != 0 ? 4 << i : 0;
  out.push_back(static_cast<char>(flags));
  put_varint(out, date);
  for (const std::uint64_t b : sets)
    if (b != 0) put_squares(out, b);
  std::string rest;
  for (const std::uint16_t m : segments) put_mask(rest, m);
  put_material(rest, material);
  put_varint(out, rest.size());
  out += rest;
}

void GameSignature::decode_head(std::string_view& bytes, GameSignature& out,
                                std::string_view& rest) {
  Reader r(bytes, "game signature");
  out.plies = static_cast<std::uint32_t>(r.varint_max(UINT32_MAX));
  const std::uint8_t flags = r.byte();
  if (flags > 0x7f) r.fail("unknown flags");
  out.black_first = (flags & 1) != 0;
  out.opaque = (flags & 2) != 0;
  out.date = static_cast<std::uint32_t>(r.varint_max(99999999));
  std::uint64_t* sets[5] = {&out.white_men, &out.white_kings, &out.black_men, &out.black_kings,
                            &out.ever_empty};
  for (int i = 0; i < 5; ++i) *sets[i] = (flags & 4 << i) != 0 ? get_squares(r) : 0;
  const std::size_t rest_size = static_cast<std::size_t>(r.varint_max(r.remaining()));
  rest = r.bytes(rest_size);
  bytes.remove_prefix(bytes.size() - r.remaining());
}

void GameSignature::decode_rest(std::string_view rest, GameSignature& out) {
  Reader r(rest, "game signature");
  const std::size_t squares = mask_count(out);
  out.segments.resize(squares);
  for (std::uint16_t& m : out.segments) m = get_mask(r);
  get_material(r, out.material);
  if (r.remaining() != 0) r.fail("game signature longer than its segments and material");
}

void GameSignature::decode(std::string_view& bytes, GameSignature& out) {
  std::string_view rest;
  decode_head(bytes, out, rest);
  decode_rest(rest, out);
}

}  // namespace damdb::db
