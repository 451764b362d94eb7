// The name directory kept under the state of the database it was built for (see
// name_directory.hpp): the cache file's layout, the state stamp, and the lookup order
// memory -> file -> headers.
//   file  := "damdb-names 1\n" | string stamp
//            | varint n, n x (string spelling, varint identity)  -- PlayerKeys order
//            | varint n, n x string unknown spelling
//            | varint n, n x (string Event tag, varint event group)
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include "db/varint.hpp"
#include "indexer/text/cache_file.hpp"
#include "indexer/names/name_directory.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-names 1\n";

/// The last directory built or read in this process, per database folder.
struct Memo {
  std::mutex mutex;
  std::map<std::filesystem::path, std::pair<std::string, std::shared_ptr<const NameDirectory>>>
      by_folder;
};
Memo& memo() {
  static Memo m;
  return m;
}

}  // namespace

std::string NameDirectory::stamp_of(const db::Database& db) {
  std::string out = database_stamp(db);
  db::put_string(out, PlayerOverrides::file_text(db.folder() / PlayerOverrides::kFileName));
  return out;
}

std::string NameDirectory::encode(std::string_view stamp) const {
  std::string out = cache_head(kMagic, stamp);
  db::put_varint(out, keys_.size());
  for (std::uint32_t i = 0; i < keys_.size(); ++i) {
    db::put_string(out, keys_.spelling(i));
    db::put_varint(out, keys_.identity(i));
  }
  db::put_varint(out, unknown_.size());
  for (const std::string& s : unknown_) db::put_string(out, s);
  db::put_varint(out, event_.size());
  for (const auto& [tag, group] : event_) {
    db::put_string(out, tag);
    db::put_varint(out, group);
  }
  return out;
}

std::shared_ptr<const NameDirectory> NameDirectory::decode(std::string_view bytes,
                                                           std::string_view stamp) {
  const std::optional<std::string_view> body = cache_body(bytes, kMagic, stamp);
  if (!body) return nullptr;
  try {
    db::Reader in(*body, "name directory cache");
    auto directory = std::make_shared<NameDirectory>();
    std::vector<std::uint32_t> identities(in.varint_max(in.remaining()));
    for (std::uint32_t i = 0; i < identities.size(); ++i) {
      const std::string spelling(in.string());
      if (directory->keys_.intern(spelling) != i) return nullptr;
      identities[i] = static_cast<std::uint32_t>(in.varint_max(UINT32_MAX));
      directory->player_.emplace(spelling, identities[i]);
    }
    directory->keys_.restore(identities);
    directory->unknown_.resize(in.varint_max(in.remaining()));
    for (std::string& s : directory->unknown_) s = in.string();
    for (std::uint64_t n = in.varint_max(in.remaining()); n > 0; --n) {
      const std::string tag(in.string());
      directory->event_.emplace(tag, in.varint());
    }
    in.expect_end();
    return directory;
  } catch (const db::Error&) {
    return nullptr;
  } catch (const std::invalid_argument&) {
    return nullptr;
  }
}

std::shared_ptr<const NameDirectory> NameDirectory::of(const db::Database& db) {
  const std::string stamp = stamp_of(db);
  Memo& m = memo();
  {
    std::lock_guard lock(m.mutex);
    if (auto it = m.by_folder.find(db.folder());
        it != m.by_folder.end() && it->second.first == stamp)
      return it->second.second;
  }
  const std::filesystem::path file = db.folder() / kCacheFileName;
  std::shared_ptr<const NameDirectory> directory = decode(read_cache_file(file), stamp);
  if (!directory) {
    directory = build(db);
    // Headers read while an import committed more games belong to a later state: not saved.
    if (stamp_of(db) != stamp) return directory;
    write_cache_file(file, directory->encode(stamp));
  }
  std::lock_guard lock(m.mutex);
  m.by_folder[db.folder()] = {stamp, directory};
  return directory;
}

}  // namespace damdb::indexer
