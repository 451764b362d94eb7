// Database: the occurrences and statistics of a position, from the positions family and the
// position runs not merged yet (db/detail/database_rocksdb.hpp).
#include <rocksdb/db.h>

#include <algorithm>

#include "db/detail/database_rocksdb.hpp"
#include "db/detail/position_runs.hpp"
#include "db/position_entry.hpp"
#include "db/varint.hpp"

namespace damdb::db {

using detail::kDefault, detail::kPositions;
using detail::DatabaseImpl;
using detail::check;
using detail::slice, detail::view;

namespace {

// Joins to `value` (`found`: the positions family has the key) the entries of `key` in the
// position runs not merged yet; returns whether any entry was found. In each run the entry is
// in the last chunk that starts at or before it.
bool join_run_entries(const DatabaseImpl& impl, const std::string& key, bool found,
                      rocksdb::PinnableSlice& value) {
  const std::uint64_t zobrist = get_be64(key.data());
  std::vector<std::string> parts;
  if (found) parts.emplace_back(view(value));
  std::unique_ptr<rocksdb::Iterator> it(impl.db->NewIterator(rocksdb::ReadOptions(),
                                                             impl.cf(kDefault)));
  detail::RunChunkReader chunk;
  for (const std::uint32_t run : impl.runs) {
    it->SeekForPrev(slice(detail::run_key(run, key) + '\xff'));
    if (!it->Valid() || it->key().size() < 4 || get_be32(it->key().data()) != run) continue;
    chunk.reset(view(it->key()), view(it->value()));
    std::uint64_t z = 0;
    std::string_view v;
    while (chunk.next(z, v) && z <= zobrist)
      if (z == zobrist) {
        parts.emplace_back(v);
        break;
      }
  }
  if (!it->status().ok())
    check(it->status(), "reading the position runs in '" + impl.folder.string() + "'");
  if (parts.size() <= std::size_t{found}) return found;
  const std::vector<std::string_view> views(parts.begin(), parts.end());
  std::string joined;
  PositionEntry::merge_encoded(views, joined);
  value.Reset();
  *value.GetSelf() = std::move(joined);
  value.PinSelf();
  return true;
}

// The positions entry of a Zobrist key, pinned in the block cache when possible.
bool get_entry(const DatabaseImpl& impl, std::uint64_t zobrist, rocksdb::PinnableSlice& value) {
  std::string key;
  put_be64(key, zobrist);
  auto s = impl.db->Get(rocksdb::ReadOptions(), impl.cf(kPositions), slice(key), &value);
  if (!s.ok() && !s.IsNotFound()) check(s, "reading positions in '" + impl.folder.string() + "'");
  if (impl.runs.empty()) return s.ok();
  return join_run_entries(impl, key, s.ok(), value);
}

}  // namespace

OccurrencePage Database::occurrences(const PositionKey& position,
                                     const OccurrenceQuery& query) const {
  OccurrencePage page;
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return page;
  GroupReader group(view(value), position.check);
  Occurrence o;
  if (query.descending) {
    // Stored newest first: read until the page is full.
    while (group.next(o)) {
      if (query.after.value != 0 && o.game.value >= query.after.value) continue;
      if (page.rows.size() == query.limit) {
        page.more = true;
        break;
      }
      page.rows.push_back(o);
    }
    return page;
  }
  // Oldest first: the rows after the cursor are the tail of the stored (newest first) list.
  // Count them, then read again from the first row of the page on.
  std::uint64_t after_cursor = 0;
  while (group.next(o) && (query.after.value == 0 || o.game.value > query.after.value))
    ++after_cursor;
  const std::uint64_t n = std::min<std::uint64_t>(query.limit, after_cursor);
  page.more = after_cursor > n;
  GroupReader again(view(value), position.check);
  for (std::uint64_t skip = after_cursor - n; skip > 0; --skip) again.next(o);
  page.rows.resize(n);
  for (std::uint64_t i = n; i > 0; --i) again.next(page.rows[i - 1]);
  return page;
}

void Database::for_each_occurrence(const PositionKey& position,
                                   const std::function<bool(const Occurrence&)>& visit) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return;
  GroupReader group(view(value), position.check);
  Occurrence o;
  while (group.next(o))
    if (!visit(o)) return;
}

std::uint64_t Database::count_occurrences(const PositionKey& position) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return 0;
  return GroupReader(view(value), position.check).games();
}

std::optional<PositionStats> Database::position_stats(const PositionKey& position) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return std::nullopt;
  GroupReader group(view(value), position.check);
  if (!group.found()) return std::nullopt;
  return group.stats();
}

}  // namespace damdb::db
