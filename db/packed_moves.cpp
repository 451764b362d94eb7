#include "db/packed_moves.hpp"

#include <cstdint>

#include "db/varint.hpp"

namespace damdb::db {

void put_packed_moves(std::string& out, std::string_view codes) {
  put_varint(out, codes.size());
  int pending = -1;  // a low nibble waiting for its high one
  auto nibble = [&](unsigned v) {
    if (pending < 0) {
      pending = static_cast<int>(v);
      return;
    }
    out.push_back(static_cast<char>(pending | v << 4));
    pending = -1;
  };
  for (const char c : codes) {
    const auto code = static_cast<unsigned char>(c);
    if (code < 15) {
      nibble(code);
    } else {
      nibble(15);
      nibble(code & 0xf);
      nibble(code >> 4);
    }
  }
  if (pending >= 0) out.push_back(static_cast<char>(pending));
}

void get_packed_moves(std::string_view bytes, std::string& out) {
  Reader r(bytes, "packed moves");
  const std::uint64_t n = r.varint_max(r.remaining() * 2);
  const std::string_view nibbles = r.bytes(r.remaining());
  out.resize(n);
  std::size_t at = 0;  // nibble index
  const std::size_t end = nibbles.size() * 2;
  auto nibble = [&]() -> unsigned {
    if (at == end) r.fail("codes cut short");
    const auto b = static_cast<unsigned char>(nibbles[at / 2]);
    return (at++ % 2 == 0) ? (b & 0xfu) : (b >> 4);
  };
  for (std::size_t i = 0; i < n; ++i) {
    unsigned code = nibble();
    if (code == 15) {
      code = nibble();
      code |= nibble() << 4;
    }
    out[i] = static_cast<char>(code);
  }
  if ((at + 1) / 2 != nibbles.size()) r.fail("bytes after the codes");
}

std::optional<std::uint8_t> packed_move_at(std::string_view bytes, std::size_t ply) {
  Reader r(bytes, "packed moves");
  const std::uint64_t n = r.varint_max(r.remaining() * 2);
  if (ply >= n) return std::nullopt;
  const std::string_view nibbles = r.rest();
  std::size_t at = 0;  // nibble index
  auto nibble = [&]() -> unsigned {
    if (at == nibbles.size() * 2) r.fail("codes cut short");
    const auto b = static_cast<unsigned char>(nibbles[at / 2]);
    return (at++ % 2 == 0) ? (b & 0xfu) : (b >> 4);
  };
  for (std::size_t i = 0;; ++i) {
    unsigned code = nibble();
    if (code == 15) {
      code = nibble();
      code |= nibble() << 4;
    }
    if (i == ply) return static_cast<std::uint8_t>(code);
  }
}

}  // namespace damdb::db
