// Guards of the storage layer against a full disk: the free-space check made before each write,
// and RocksDB's info log kept off the disk (a log write that fails on a full disk makes
// RocksDB 7.8, built with assertions, abort in its next log write).
#pragma once

#include <rocksdb/env.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace damdb::db::detail {

/// Free bytes for an unprivileged writer on the file system of `folder` (statvfs f_bavail).
/// Throws Error(Io) when the file system cannot be queried.
std::uint64_t free_bytes(const std::filesystem::path& folder);

/// Throws Error(ErrorKind::NoSpace) naming `folder`, `what` and both figures when fewer than `needed`
/// bytes are free there, before anything of `what` is written: the database stays as the last
/// commit left it, and the same import run again resumes there.
void require_free_space(const std::filesystem::path& folder, std::uint64_t needed,
                        const std::string& what);

/// A RocksDB logger that writes nothing (see the top of this file).
std::shared_ptr<rocksdb::Logger> quiet_logger();

}  // namespace damdb::db::detail
