#include "db/detail/storage_guard.hpp"

#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>

#include "db/error.hpp"

namespace damdb::db::detail {
namespace {

class QuietLogger : public rocksdb::Logger {
 public:
  QuietLogger() : rocksdb::Logger(rocksdb::InfoLogLevel::HEADER_LEVEL) {}
  using rocksdb::Logger::Logv;
  void Logv(const char*, va_list) override {}
};

std::string megabytes(std::uint64_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB";
}

}  // namespace

std::uint64_t free_bytes(const std::filesystem::path& folder) {
  struct statvfs fs {};
  if (::statvfs(folder.c_str(), &fs) != 0)
    throw Error(ErrorKind::Io,
                "cannot query the free space of '" + folder.string() + "': " + std::strerror(errno));
  return static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
}

void require_free_space(const std::filesystem::path& folder, std::uint64_t needed,
                        const std::string& what) {
  const std::uint64_t available = free_bytes(folder);
  if (available >= needed) return;
  throw Error(ErrorKind::NoSpace,
              "not enough free space in '" + folder.string() + "' for " + what + ": " +
                  megabytes(available) + " free, about " + megabytes(needed) +
                  " needed; nothing of it was written. Free some space and run the same "
                  "command again: an import resumes after its last committed batch");
}

std::shared_ptr<rocksdb::Logger> quiet_logger() { return std::make_shared<QuietLogger>(); }

}  // namespace damdb::db::detail
