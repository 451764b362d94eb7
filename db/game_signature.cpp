#include "db/game_signature.hpp"

#include <bit>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {
namespace {

void put_squares(std::string& out, std::uint64_t b) {
  for (int i = 0; i < 7; ++i) out.push_back(static_cast<char>((b >> (8 * i)) & 0xff));
}

std::uint64_t get_squares(Reader& r) {
  const std::string_view s = r.bytes(7);
  std::uint64_t b = 0;
  for (int i = 0; i < 7; ++i) b |= std::uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  return b;
}

}  // namespace

void GameSignature::encode(std::string& out) const {
  put_varint(out, plies);
  out.push_back(static_cast<char>((black_first ? 1 : 0) | (opaque ? 2 : 0)));
  put_varint(out, date);
  for (std::uint64_t b : {white_men, white_kings, black_men, black_kings, ever_empty})
    put_squares(out, b);
  for (const std::uint16_t m : segments) {
    out.push_back(static_cast<char>(m & 0xff));
    out.push_back(static_cast<char>(m >> 8));
  }
  std::string entries;
  put_varint(entries, material.size());
  std::uint32_t previous = 0;
  for (const MaterialEntry& e : material) {
    put_varint(entries, e.ply - previous);
    previous = e.ply;
    for (std::uint8_t n : {e.white_men, e.white_kings, e.black_men, e.black_kings})
      entries.push_back(static_cast<char>(n));
  }
  put_varint(out, entries.size());
  out += entries;
}

void GameSignature::decode_head(std::string_view& bytes, GameSignature& out,
                                std::string_view& rest) {
  Reader r(bytes, "game signature");
  out.plies = static_cast<std::uint32_t>(r.varint_max(UINT32_MAX));
  const std::uint8_t flags = r.byte();
  if (flags > 3) r.fail("unknown flags");
  out.black_first = (flags & 1) != 0;
  out.opaque = (flags & 2) != 0;
  out.date = static_cast<std::uint32_t>(r.varint_max(99999999));
  out.white_men = get_squares(r);
  out.white_kings = get_squares(r);
  out.black_men = get_squares(r);
  out.black_kings = get_squares(r);
  out.ever_empty = get_squares(r);
  const std::size_t squares = static_cast<std::size_t>(
      std::popcount(out.white_men) + std::popcount(out.white_kings) +
      std::popcount(out.black_men) + std::popcount(out.black_kings));
  const std::size_t before = r.remaining();
  r.bytes(2 * squares);
  const std::size_t material_bytes = static_cast<std::size_t>(r.varint_max(r.remaining()));
  r.bytes(material_bytes);
  const std::size_t rest_size = before - r.remaining();
  rest = bytes.substr(bytes.size() - before, rest_size);
  bytes.remove_prefix(bytes.size() - r.remaining());
}

void GameSignature::decode_rest(std::string_view rest, GameSignature& out) {
  Reader r(rest, "game signature");
  const std::size_t squares = static_cast<std::size_t>(
      std::popcount(out.white_men) + std::popcount(out.white_kings) +
      std::popcount(out.black_men) + std::popcount(out.black_kings));
  const std::string_view masks = r.bytes(2 * squares);
  out.segments.resize(squares);
  for (std::size_t i = 0; i < squares; ++i)
    out.segments[i] = static_cast<std::uint16_t>(static_cast<unsigned char>(masks[2 * i]) |
                                                 static_cast<unsigned char>(masks[2 * i + 1]) << 8);
  r.varint();  // the byte length of the entries (decode_head checked it)
  const std::uint64_t n = r.varint_max(r.remaining() / 5);
  out.material.resize(n);
  std::uint32_t ply = 0;
  for (MaterialEntry& e : out.material) {
    ply += static_cast<std::uint32_t>(r.varint_max(UINT32_MAX));
    e.ply = ply;
    const std::string_view c = r.bytes(4);
    e.white_men = static_cast<std::uint8_t>(c[0]);
    e.white_kings = static_cast<std::uint8_t>(c[1]);
    e.black_men = static_cast<std::uint8_t>(c[2]);
    e.black_kings = static_cast<std::uint8_t>(c[3]);
  }
  if (r.remaining() != 0) r.fail("material entries longer than their length");
}

void GameSignature::decode(std::string_view& bytes, GameSignature& out) {
  std::string_view rest;
  decode_head(bytes, out, rest);
  decode_rest(rest, out);
}

}  // namespace damdb::db
