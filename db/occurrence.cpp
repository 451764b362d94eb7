#include "db/occurrence.hpp"

#include "db/error.hpp"
#include "db/detail/entry_codec.hpp"
#include "db/varint.hpp"

namespace damdb::db {

namespace detail {

void put_plies(std::string& out, std::span<const std::uint16_t> plies) {
  put_varint(out, (std::uint64_t{plies[0]} << 1) | (plies.size() > 1 ? 1 : 0));
  if (plies.size() == 1) return;
  put_varint(out, plies.size() - 1);
  for (std::size_t i = 1; i < plies.size(); ++i) put_varint(out, plies[i] - plies[i - 1]);
}

std::uint32_t read_plies(Reader& r, std::vector<std::uint16_t>& plies) {
  const std::uint64_t head = r.varint_max(0x1ffff);
  std::uint64_t ply = head >> 1;
  plies.push_back(static_cast<std::uint16_t>(ply));
  if (!(head & 1)) return 1;
  const std::uint64_t more = r.varint_max(r.remaining());
  if (more == 0) r.fail("continuation flag without further plies");
  for (std::uint64_t i = 0; i < more; ++i) {
    std::uint64_t gap = r.varint_max(0xffff);
    if (gap == 0) r.fail("repeated ply");
    ply += gap;
    if (ply > 0xffff) r.fail("ply out of range");
    plies.push_back(static_cast<std::uint16_t>(ply));
  }
  return static_cast<std::uint32_t>(more + 1);
}

}  // namespace detail

void OccurrencePlies::encode(std::string& out) const {
  if (plies.empty()) throw Error(ErrorKind::InvalidArgument, "occurrence without plies");
  for (std::size_t i = 1; i < plies.size(); ++i)
    if (plies[i] <= plies[i - 1])
      throw Error(ErrorKind::InvalidArgument, "occurrence plies not strictly ascending");
  detail::put_plies(out, plies);
}

OccurrencePlies OccurrencePlies::decode(std::string_view bytes) {
  Reader r(bytes, "occurrence value");
  OccurrencePlies v;
  detail::read_plies(r, v.plies);
  r.expect_end();
  return v;
}

}  // namespace damdb::db
