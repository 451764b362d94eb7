#pragma once
// Byte helpers shared by the key and value encodings: LEB128 varints (7 bits a byte, low
// group first, high bit = more bytes follow; uint32 takes 1..5 bytes, uint64 1..10), fixed-width
// big-endian integers for keys (so that byte order equals numeric order), and a bounds-checked
// Reader that raises Error(Corruption) instead of reading past the end.

#include <cstdint>
#include <string>
#include <string_view>

#include "db/error.hpp"

namespace damdb::db {

/// Appends v as a LEB128 varint (1..10 bytes) to out.
inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

/// Appends v as 4 bytes, most significant first.
inline void put_be32(std::string& out, std::uint32_t v) {
  char b[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
               static_cast<char>(v)};
  out.append(b, 4);
}

/// Appends v as 8 bytes, most significant first.
inline void put_be64(std::string& out, std::uint64_t v) {
  put_be32(out, static_cast<std::uint32_t>(v >> 32));
  put_be32(out, static_cast<std::uint32_t>(v));
}

/// Reads 4 big-endian bytes at p (caller checks the length).
inline std::uint32_t get_be32(const char* p) noexcept {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return (std::uint32_t{u[0]} << 24) | (std::uint32_t{u[1]} << 16) | (std::uint32_t{u[2]} << 8) |
         std::uint32_t{u[3]};
}

/// Reads 8 big-endian bytes at p (caller checks the length).
inline std::uint64_t get_be64(const char* p) noexcept {
  return (std::uint64_t{get_be32(p)} << 32) | get_be32(p + 4);
}

/// Sequential, bounds-checked decoder over a stored value. Every read past the end or malformed
/// varint raises Error(Corruption) naming `what` (e.g. "game record").
class Reader {
 public:
  Reader(std::string_view bytes, const char* what) noexcept : rest_(bytes), what_(what) {}

  bool empty() const noexcept { return rest_.empty(); }
  std::size_t remaining() const noexcept { return rest_.size(); }

  /// Reads a LEB128 varint of at most 10 bytes.
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (rest_.empty()) fail("truncated varint");
      auto byte = static_cast<unsigned char>(rest_.front());
      rest_.remove_prefix(1);
      v |= std::uint64_t{byte & 0x7fu} << shift;
      if (!(byte & 0x80)) return v;
    }
    fail("varint longer than 10 bytes");
  }

  /// Reads a varint and checks it is <= max.
  std::uint64_t varint_max(std::uint64_t max) {
    std::uint64_t v = varint();
    if (v > max) fail("value out of range");
    return v;
  }

  /// Reads a varint that holds a 32-bit value (varint_max(UINT32_MAX)).
  std::uint32_t varint32() { return static_cast<std::uint32_t>(varint_max(UINT32_MAX)); }

  /// Reads a byte and raises Error(Corruption) with `why` when it is above `max` (an enum's
  /// byte, a flag set).
  std::uint8_t byte_max(std::uint8_t max, const char* why) {
    const std::uint8_t b = byte();
    if (b > max) fail(why);
    return b;
  }

  /// Reads a value's format byte and raises Error(Corruption) unless it is `format`.
  void expect_format(std::uint8_t format) {
    if (byte() != format) fail("unknown format version");
  }

  std::uint8_t byte() {
    if (rest_.empty()) fail("truncated byte");
    auto b = static_cast<std::uint8_t>(rest_.front());
    rest_.remove_prefix(1);
    return b;
  }

  /// Reads n raw bytes.
  std::string_view bytes(std::size_t n) {
    if (rest_.size() < n) fail("truncated bytes");
    std::string_view s = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return s;
  }

  /// Reads a varint length followed by that many bytes.
  std::string_view string() { return bytes(varint_max(rest_.size())); }

  std::uint64_t be64() { return get_be64(bytes(8).data()); }
  std::uint32_t be32() { return get_be32(bytes(4).data()); }

  /// Raises Error(Corruption) unless every byte was consumed.
  void expect_end() const {
    if (!rest_.empty()) fail("trailing bytes");
  }

  /// The bytes not read yet.
  std::string_view rest() const noexcept { return rest_; }
  /// Marks the first n bytes of rest() as read (n <= remaining()).
  void skip(std::size_t n) noexcept { rest_.remove_prefix(n); }

  [[noreturn]] void fail(const char* why) const {
    throw Error(ErrorKind::Corruption, std::string(what_) + ": " + why);
  }

 private:
  std::string_view rest_;
  const char* what_;
};

/// Appends a varint length and the bytes of s.
inline void put_string(std::string& out, std::string_view s) {
  put_varint(out, s.size());
  out.append(s);
}

}  // namespace damdb::db
