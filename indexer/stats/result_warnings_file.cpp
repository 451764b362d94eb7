#include "indexer/stats/result_warnings_file.hpp"

#include <algorithm>
#include <map>

#include "db/varint.hpp"
#include "indexer/text/cache_file.hpp"
#include "pdn/issue.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-result-warnings 1\n";

using Flags = std::vector<std::pair<std::uint32_t, std::uint8_t>>;

/// Calls visit(id, flags) for each game of the file kept for `stamp`, ascending ids; false when no
/// such file is kept (missing, damaged, of another state: what was visited must then be dropped).
template <class Visit>
bool scan_flags(const db::Database& db, const std::string& stamp, Visit&& visit) {
  const std::string bytes = read_cache_file(db.folder() / kResultWarningsFileName);
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return false;
  try {
    db::Reader in(*body, "result warnings file");
    const std::uint64_t n = in.varint_max(in.remaining());
    std::uint64_t id = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      id += in.varint();
      if (id > UINT32_MAX) in.fail("game id out of range");
      const auto flags = static_cast<std::uint8_t>(in.varint_max(kResultContradicted | kResultMismatch));
      visit(static_cast<std::uint32_t>(id), flags);
    }
    in.expect_end();
    return true;
  } catch (const db::Error&) {
    return false;
  }
}

/// The flags of the file kept for `stamp`, or nullopt.
std::optional<Flags> read_flags(const db::Database& db, const std::string& stamp) {
  Flags out;
  const bool kept = scan_flags(db, stamp, [&](std::uint32_t id, std::uint8_t flags) {
    out.emplace_back(id, flags);
  });
  if (!kept) return std::nullopt;
  return out;
}

/// The flags of every stored record.
Flags every_flag(const db::Database& db) {
  Flags out;
  db.for_each_game([&](db::GameId id, const db::GameRecord& r) {
    if (const std::uint8_t f = result_warning_flags(r.issue_kinds)) out.emplace_back(id.value, f);
    return true;
  });
  return out;
}

}  // namespace

std::uint8_t result_warning_flags(std::uint64_t issue_kinds) {
  auto has = [&](pdn::IssueKind kind) { return (issue_kinds & pdn::kind_bit(kind)) != 0; };
  return static_cast<std::uint8_t>(
      (has(pdn::IssueKind::ResultContradicted) ? kResultContradicted : 0) |
      (has(pdn::IssueKind::ResultMismatch) ? kResultMismatch : 0));
}

std::optional<std::vector<std::uint8_t>> kept_result_warnings(const db::Database& db,
                                                              std::span<const db::GameId> ids) {
  std::vector<std::uint8_t> out(ids.size(), 0);
  std::size_t next = 0;  // the first of `ids` not yet passed by the file's ids
  const bool kept = scan_flags(db, database_stamp(db), [&](std::uint32_t id, std::uint8_t flags) {
    while (next < ids.size() && ids[next].value < id) ++next;
    if (next < ids.size() && ids[next].value == id) out[next] = flags;
  });
  if (!kept) return std::nullopt;
  return out;
}

void keep_result_warnings(const db::Database& db, const std::string& before,
                          std::span<const std::pair<db::GameId, std::uint8_t>> changes) {
  const std::string stamp = database_stamp(db);
  std::optional<Flags> kept = read_flags(db, before);
  Flags flags;
  if (kept) {
    std::map<std::uint32_t, std::uint8_t> all(kept->begin(), kept->end());
    for (const auto& [id, f] : changes) {
      if (f != 0)
        all[id.value] = f;
      else
        all.erase(id.value);
    }
    flags.assign(all.begin(), all.end());
  } else {
    flags = every_flag(db);
  }
  std::string out = cache_head(kMagic, stamp);
  db::put_varint(out, flags.size());
  std::uint32_t last = 0;
  for (const auto& [id, f] : flags) {
    db::put_varint(out, id - last);
    db::put_varint(out, f);
    last = id;
  }
  if (database_stamp(db) == stamp) write_cache_file(db.folder() / kResultWarningsFileName, out);
}

}  // namespace damdb::indexer
