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

/// The flags of the file kept for `stamp`, or nullopt.
std::optional<Flags> read_flags(const db::Database& db, const std::string& stamp) {
  const std::string bytes = read_cache_file(db.folder() / kResultWarningsFileName);
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return std::nullopt;
  try {
    db::Reader in(*body, "result warnings file");
    Flags out(in.varint_max(in.remaining()));
    std::uint64_t id = 0;
    for (auto& [game, flags] : out) {
      id += in.varint();
      if (id > UINT32_MAX) in.fail("game id out of range");
      game = static_cast<std::uint32_t>(id);
      flags = static_cast<std::uint8_t>(in.varint_max(kResultContradicted | kResultMismatch));
    }
    in.expect_end();
    return out;
  } catch (const db::Error&) {
    return std::nullopt;
  }
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

std::shared_ptr<const ResultWarnings> ResultWarnings::of(const db::Database& db) {
  std::optional<Flags> flags = read_flags(db, database_stamp(db));
  if (!flags) return nullptr;
  auto out = std::make_shared<ResultWarnings>();
  out->flags_ = std::move(*flags);
  return out;
}

std::uint8_t ResultWarnings::flags(db::GameId id) const {
  const auto it =
      std::lower_bound(flags_.begin(), flags_.end(), std::pair{id.value, std::uint8_t{0}});
  return it != flags_.end() && it->first == id.value ? it->second : 0;
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
