#include "indexer/stats/player_records_file.hpp"

#include "db/varint.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/text/cache_file.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-players 1\n";

}  // namespace

std::string player_records_stamp(const db::Database& db) {
  std::string marks;
  for (const db::DuplicateMark& m : db.duplicate_marks()) {
    db::put_varint(marks, m.primary.value);
    for (const db::GameId id : m.members) db::put_varint(marks, id.value);
    marks += '\0';
  }
  std::string out = NameDirectory::stamp_of(db);
  db::put_string(out, marks);
  return out;
}

void write_player_records_file(const db::Database& db, const std::string& stamp,
                               const std::vector<std::pair<std::uint32_t, std::string>>& records) {
  std::string out = cache_head(kMagic, stamp);
  db::put_varint(out, records.size());
  for (const auto& [identity, bytes] : records) {
    db::put_varint(out, identity);
    db::put_varint(out, bytes.size());
  }
  for (const auto& [identity, bytes] : records) out += bytes;
  write_cache_file(db.folder() / kPlayerRecordsFileName, out);
}

KeptPlayerRecord read_player_record_bytes(const db::Database& db, const std::string& stamp,
                                          std::uint32_t identity) {
  const std::string bytes = read_cache_file(db.folder() / kPlayerRecordsFileName);
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return {};
  try {
    db::Reader in(*body, "player records file");
    std::uint64_t n = in.varint_max(in.remaining()), offset = 0, size = 0, total = 0;
    bool found = false;
    for (; n > 0; --n) {
      const std::uint64_t id = in.varint_max(UINT32_MAX), length = in.varint_max(body->size());
      total += length;
      if (found) continue;
      if (id == identity) found = true, size = length;
      else offset += length;
    }
    if (total != in.remaining()) return {};  // a damaged or truncated file
    if (!found) return {true, std::nullopt};
    return {true, std::string(in.rest().substr(offset, size))};
  } catch (const db::Error&) {
    return {};
  }
}

std::optional<std::vector<std::pair<std::uint32_t, std::string>>> read_player_records(
    const db::Database& db, const std::string& stamp) {
  const std::string bytes = read_cache_file(db.folder() / kPlayerRecordsFileName);
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return std::nullopt;
  try {
    db::Reader in(*body, "player records file");
    std::vector<std::pair<std::uint32_t, std::uint64_t>> sizes(in.varint_max(in.remaining()));
    std::uint64_t total = 0;
    for (auto& [id, length] : sizes) {
      id = static_cast<std::uint32_t>(in.varint_max(UINT32_MAX));
      length = in.varint_max(body->size());
      total += length;
    }
    if (total != in.remaining()) return std::nullopt;  // a damaged or truncated file
    const std::string_view rest = in.rest();
    std::vector<std::pair<std::uint32_t, std::string>> out;
    out.reserve(sizes.size());
    std::uint64_t offset = 0;
    for (const auto& [id, length] : sizes) {
      out.emplace_back(id, std::string(rest.substr(offset, length)));
      offset += length;
    }
    return out;
  } catch (const db::Error&) {
    return std::nullopt;
  }
}

}  // namespace damdb::indexer
