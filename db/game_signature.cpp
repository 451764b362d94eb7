#include "db/game_signature.hpp"

#include <algorithm>
#include <bit>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {
namespace {

constexpr std::uint8_t kMaskEscape = 0xf0;  // a segment mask stored as 16 raw bits

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

}  // namespace

void put_segment_mask(std::string& out, std::uint16_t mask) {
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

std::uint16_t get_segment_mask(Reader& r) {
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

namespace {

/// Count changes (white men, white kings, black men, black kings) of the material change codes
/// 0..14 (layout in the header); 15 is the escape.
constexpr std::int8_t kChanges[15][4] = {
    {-1, 0, 0, 0},  {-2, 0, 0, 0},  {-3, 0, 0, 0}, {-4, 0, 0, 0}, {0, 0, -1, 0},
    {0, 0, -2, 0},  {0, 0, -3, 0},  {0, 0, -4, 0}, {-1, 1, 0, 0}, {0, 0, -1, 1},
    {0, -1, 0, 0},  {0, 0, 0, -1},  {-1, 0, -1, 1}, {-1, 1, -1, 0}, {-1, -1, 0, 0}};
constexpr std::uint8_t kCountsEscape = 15;  // a material entry stored as 4 raw counts

/// The change code from `a` to `b`, or kCountsEscape.
std::uint8_t change_code(const MaterialEntry& a, const MaterialEntry& b) {
  const int d[4] = {b.white_men - a.white_men, b.white_kings - a.white_kings,
                    b.black_men - a.black_men, b.black_kings - a.black_kings};
  for (std::uint8_t c = 0; c < kCountsEscape; ++c)
    if (d[0] == kChanges[c][0] && d[1] == kChanges[c][1] && d[2] == kChanges[c][2] &&
        d[3] == kChanges[c][3])
      return c;
  return kCountsEscape;
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

/// Applies change code `code` (not the escape) to `e`; false when a count would leave 0..255.
bool apply_change(std::uint8_t code, MaterialEntry& e) {
  std::uint8_t* counts[4] = {&e.white_men, &e.white_kings, &e.black_men, &e.black_kings};
  for (int i = 0; i < 4; ++i) {
    const int n = *counts[i] + kChanges[code][i];
    if (n < 0 || n > 255) return false;
    *counts[i] = static_cast<std::uint8_t>(n);
  }
  return true;
}

void put_material(std::string& out, const std::vector<MaterialEntry>& material) {
  put_varint(out, material.size());
  for (std::size_t i = 0; i < material.size(); ++i) {
    const MaterialEntry& e = material[i];
    const std::uint32_t delta = e.ply - (i == 0 ? 0 : material[i - 1].ply);
    if (i == 0) {
      put_varint(out, delta);
      put_counts(out, e);
      continue;
    }
    const std::uint8_t code = change_code(material[i - 1], e);
    const bool small = delta >= 1 && delta <= 15;
    out.push_back(static_cast<char>((small ? delta : 0) << 4 | code));
    if (!small) put_varint(out, delta);
    if (code == kCountsEscape) put_counts(out, e);
  }
}

void get_material(Reader& r, std::vector<MaterialEntry>& material) {
  const std::uint64_t n = r.varint_max(r.remaining());
  material.resize(n);
  std::uint64_t ply = 0;
  for (std::size_t i = 0; i < material.size(); ++i) {
    MaterialEntry& e = material[i];
    if (i == 0) {
      ply = r.varint_max(UINT32_MAX);
      get_counts(r, e);
    } else {
      e = material[i - 1];
      const std::uint8_t byte = r.byte();
      const std::uint8_t code = byte & 0xf;
      ply += (byte >> 4) != 0 ? byte >> 4 : r.varint_max(UINT32_MAX);
      if (code == kCountsEscape) get_counts(r, e);
      else if (!apply_change(code, e)) r.fail("bad material change");
    }
    if (ply > UINT32_MAX) r.fail("material entry past the last ply");
    e.ply = static_cast<std::uint32_t>(ply);
  }
}

}  // namespace

void GameSignature::encode_game(std::string& out) const {
  put_varint(out, plies);
  out.push_back(static_cast<char>((black_first ? 1 : 0) | (opaque ? 2 : 0)));
  put_varint(out, date);
  std::string m;
  put_material(m, material);
  put_varint(out, m.size());
  out += m;
}

std::string_view GameSignature::decode_game(Reader& r, GameSignature& out) {
  out.plies = r.varint32();
  const std::uint8_t flags = r.byte_max(3, "unknown flags");
  out.black_first = (flags & 1) != 0;
  out.opaque = (flags & 2) != 0;
  out.date = static_cast<std::uint32_t>(r.varint_max(99999999));
  return r.bytes(static_cast<std::size_t>(r.varint_max(r.remaining())));
}

void GameSignature::decode_material(std::string_view bytes, std::vector<MaterialEntry>& out) {
  Reader r(bytes, "game signature material");
  get_material(r, out);
  r.expect_end();
}

}  // namespace damdb::db
