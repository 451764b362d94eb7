#include "db/meta.hpp"

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void Counts::encode(std::string& out) const {
  for (auto v : {games, valid, warnings, invalid, duplicates, indexed_positions,
                 occurrence_entries})
    put_varint(out, v);
  for (const auto* list : {&with_kind, &first_error}) {
    std::size_t n = list->size();
    while (n > 0 && (*list)[n - 1] == 0) --n;
    put_varint(out, n);
    for (std::size_t i = 0; i < n; ++i) put_varint(out, (*list)[i]);
  }
}

Counts Counts::decode(std::string_view bytes) {
  Reader r(bytes, "meta counts");
  Counts c;
  for (auto* v : {&c.games, &c.valid, &c.warnings, &c.invalid, &c.duplicates,
                  &c.indexed_positions, &c.occurrence_entries})
    *v = r.varint();
  for (auto* list : {&c.with_kind, &c.first_error}) {
    const std::uint64_t n = r.varint_max(list->size());
    for (std::uint64_t i = 0; i < n; ++i) (*list)[i] = r.varint();
  }
  r.expect_end();
  return c;
}

void SourceInfo::encode(std::string& out) const {
  put_varint(out, size);
  content_hash.encode(out);
  auto t = static_cast<std::uint64_t>(import_time);
  put_varint(out, (t << 1) ^ static_cast<std::uint64_t>(import_time >> 63));  // zigzag
  for (auto v : {bytes_done, games_read, games_stored, duplicates, invalid, skipped, positions})
    put_varint(out, v);
}

SourceInfo SourceInfo::decode(std::string_view path, std::string_view bytes) {
  Reader r(bytes, "meta source");
  SourceInfo s;
  s.path = path;
  s.size = r.varint();
  s.content_hash = ContentHash::decode(r.bytes(16));
  std::uint64_t z = r.varint();
  s.import_time = static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  for (auto* v : {&s.bytes_done, &s.games_read, &s.games_stored, &s.duplicates, &s.invalid,
                  &s.skipped, &s.positions})
    *v = r.varint();
  r.expect_end();
  return s;
}

}  // namespace damdb::db
