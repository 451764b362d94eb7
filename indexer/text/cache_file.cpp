#include "indexer/text/cache_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

#include "db/atomic_file.hpp"
#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::indexer {
namespace {

/// The tags of a header that tell two databases with equal counts apart.
void put_header(std::string& out, const std::optional<db::GameHeader>& game) {
  if (!game) return db::put_varint(out, 0);
  db::put_varint(out, 1);
  for (const std::string* s : {&game->white, &game->black, &game->event, &game->date, &game->round})
    db::put_string(out, *s);
  for (const std::uint64_t v : {std::uint64_t{game->plies}, std::uint64_t{game->sources},
                                static_cast<std::uint64_t>(game->result),
                                static_cast<std::uint64_t>(game->status)})
    db::put_varint(out, v);
}

}  // namespace

std::string database_stamp(const db::Database& db) {
  const db::Meta meta = db.meta();
  std::string out;
  db::put_string(out, db.identity());
  db::put_varint(out, meta.next_game_id);
  const db::Counts& c = meta.counts;
  for (const std::uint64_t v : {c.games, c.duplicates, c.valid, c.warnings, c.invalid,
                                c.indexed_positions, c.occurrence_entries})
    db::put_varint(out, v);
  put_header(out, db.game_header(db::GameId{1}));
  if (meta.next_game_id > 1) put_header(out, db.game_header(db::GameId{meta.next_game_id - 1}));
  return out;
}

std::string cache_head(std::string_view magic, std::string_view stamp) {
  std::string out(magic);
  db::put_string(out, stamp);
  return out;
}

std::optional<std::string_view> cache_body(std::string_view bytes, std::string_view magic,
                                           std::string_view stamp) {
  if (!bytes.starts_with(magic)) return std::nullopt;
  try {
    db::Reader in(bytes.substr(magic.size()), "derived file");
    if (in.string() != stamp) return std::nullopt;
    return in.rest();
  } catch (const db::Error&) {
    return std::nullopt;
  }
}

std::string read_cache_file(const std::filesystem::path& file, std::uintmax_t max_bytes) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return {};  // a FIFO would block the reader
  if (const std::uintmax_t size = std::filesystem::file_size(file, ec); ec || size > max_bytes)
    return {};
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

std::uint64_t cache_checksum(std::string_view bytes) {
  std::uint64_t h = 0x9E3779B97F4A7C15u ^ bytes.size();
  auto mix = [&h](std::uint64_t word) {
    h = (h ^ word) * 0xFF51AFD7ED558CCDu;
    h ^= h >> 32;
  };
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    mix(word);
  }
  std::uint64_t tail = 0;
  for (std::size_t k = 0; i + k < bytes.size(); ++k)
    tail |= std::uint64_t{static_cast<unsigned char>(bytes[i + k])} << (8 * k);
  mix(tail);
  return h;
}

void write_cache_file(const std::filesystem::path& file, std::string_view bytes) {
  CacheFileWriter out(file);
  out.append(bytes);
  out.commit();
}

void remove_stale_writes(const std::filesystem::path& file) {
  // The temporary files of db::AtomicFile, and those of the writers before it (".tmp.<pid>").
  const std::string prefixes[] = {db::AtomicFile::temporary_prefix(file),
                                  file.filename().string() + ".tmp."};
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(file.parent_path(), ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefixes[0]) && !name.starts_with(prefixes[1])) continue;
    std::error_code ignored;
    std::filesystem::remove(entry.path(), ignored);
  }
}

struct CacheFileWriter::Impl {
  std::optional<db::AtomicFile> out;  // empty when it could not be created
};

CacheFileWriter::CacheFileWriter(std::filesystem::path file) : impl_(std::make_unique<Impl>()) {
  try {
    impl_->out.emplace(file);
  } catch (const db::Error&) {
  }
}

CacheFileWriter::~CacheFileWriter() = default;

void CacheFileWriter::append(std::string_view bytes) {
  if (impl_->out) impl_->out->write(bytes);
}

bool CacheFileWriter::commit() {
  if (!impl_->out) return false;
  try {
    impl_->out->commit();  // synced before the rename: after a crash, the whole file or the old
    return true;
  } catch (const db::Error&) {
    impl_->out.reset();
    return false;
  }
}

std::shared_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& file) {
  // Non-blocking: opening a FIFO put in the file's place must not wait for a writer.
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return nullptr;
  struct stat st {};
  void* data = MAP_FAILED;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    data = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (data == MAP_FAILED) return nullptr;
  return std::shared_ptr<const MappedFile>(
      new MappedFile(static_cast<const char*>(data), static_cast<std::size_t>(st.st_size)));
}

MappedFile::~MappedFile() { ::munmap(const_cast<char*>(data_), size_); }

}  // namespace damdb::indexer
