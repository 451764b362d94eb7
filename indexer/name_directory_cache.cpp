// The name directory kept under the state of the database it was built for (see
// name_directory.hpp): the cache file's layout, the state stamp, and the lookup order
// memory -> file -> headers.
//   file  := "damdb-names 1\n" | string stamp
//            | varint n, n x (string spelling, varint identity)  -- PlayerKeys order
//            | varint n, n x string unknown spelling
//            | varint n, n x (string Event tag, varint event group)
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "db/varint.hpp"
#include "indexer/name_directory.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kMagic = "damdb-names 1\n";

/// The fields of a header that tell two databases with equal counts apart.
void put_header(std::string& out, const std::optional<db::GameHeader>& game) {
  if (!game) return db::put_varint(out, 0);
  db::put_varint(out, 1);
  for (const std::string* s : {&game->white, &game->black, &game->event, &game->date})
    db::put_string(out, *s);
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

/// Writes `bytes` to `file` through a temporary file renamed over it (a reader never sees a
/// half-written file); any failure leaves no file behind and is otherwise ignored.
void write_file_atomically(const std::filesystem::path& file, const std::string& bytes) {
  std::filesystem::path tmp = file;
  tmp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.good()) {
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

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
  const db::Meta meta = db.meta();
  std::string out;
  db::put_varint(out, meta.next_game_id);
  db::put_varint(out, meta.counts.games);
  db::put_varint(out, meta.counts.duplicates);
  put_header(out, db.game_header(db::GameId{1}));
  if (meta.next_game_id > 1) put_header(out, db.game_header(db::GameId{meta.next_game_id - 1}));
  db::put_string(out, PlayerOverrides::file_text(db.folder() / PlayerOverrides::kFileName));
  return out;
}

std::string NameDirectory::encode(std::string_view stamp) const {
  std::string out(kMagic);
  db::put_string(out, stamp);
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
  if (!bytes.starts_with(kMagic)) return nullptr;
  try {
    db::Reader in(bytes.substr(kMagic.size()), "name directory cache");
    if (in.string() != stamp) return nullptr;
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
  std::shared_ptr<const NameDirectory> directory = decode(read_file(file), stamp);
  if (!directory) {
    directory = build(db);
    // Headers read while an import committed more games belong to a later state: not saved.
    if (stamp_of(db) != stamp) return directory;
    write_file_atomically(file, directory->encode(stamp));
  }
  std::lock_guard lock(m.mutex);
  m.by_folder[db.folder()] = {stamp, directory};
  return directory;
}

}  // namespace damdb::indexer
