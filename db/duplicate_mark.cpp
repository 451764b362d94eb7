#include "db/duplicate_mark.hpp"

#include "db/varint.hpp"

namespace damdb::db {

std::string DuplicateMark::key() const {
  std::string k(kDuplicateMarkPrefix);
  primary.encode(k);
  return k;
}

void DuplicateMark::encode(std::string& out) const {
  put_varint(out, classes);
  put_varint(out, members.size());
  for (const GameId id : members) put_varint(out, id.value);
}

DuplicateMark DuplicateMark::decode(GameId primary, std::string_view bytes) {
  Reader r(bytes, "duplicate mark");
  DuplicateMark m;
  m.primary = primary;
  m.classes = r.varint32();
  const std::uint64_t n = r.varint_max(r.remaining());
  m.members.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i)
    m.members.push_back(GameId{r.varint32()});
  r.expect_end();
  return m;
}

}  // namespace damdb::db
