// An output file written whole or not at all: its bytes go to a new temporary file beside the
// target, which replaces the target only once every byte is written and synced.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace damdb::db {

/// A file that replaces `target` atomically (POSIX rename(2)) once it is complete.
///
/// The constructor creates a new temporary file `.<name>.damdb-XXXXXX` (six random letters and
/// digits) in the target's folder with O_CREAT | O_EXCL, so it never opens, truncates or
/// reuses a file that exists. write() and stream() fill it; commit() flushes it, fsyncs it,
/// renames it over the target and syncs the folder. Destroyed without a successful commit()
/// (an error, an exception on the way), it removes its own temporary file and nothing else:
/// the target stays as it was, or absent. A process killed meanwhile leaves that hidden
/// temporary file behind (nothing reads it; it may be deleted).
///
/// A target that is a symbolic link is written through: the file it names is replaced, in
/// that file's folder. A replaced file's permission bits are kept; a new file gets 0666 less
/// the umask. Errors raise db::Error naming the file and the system's reason: NoSpace for a
/// full disk, InvalidArgument for a target that exists and is not a regular file (a folder,
/// a device, a FIFO), Io for the others (no such folder, permission denied, read-only file
/// system, file too large).
class AtomicFile {
 public:
  /// Creates the temporary file for `target`; raises db::Error when it cannot.
  explicit AtomicFile(const std::filesystem::path& target);
  /// Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends `bytes` (buffered); a failed write is raised by commit().
  void write(std::string_view bytes);
  /// The file as an output stream (buffered; a failed write sets badbit and is raised by
  /// commit()). Valid until the AtomicFile is destroyed.
  std::ostream& stream();
  /// Flushes, fsyncs and renames the temporary file over the target. Raises db::Error (and
  /// removes the temporary file) when a write, the sync or the rename failed. Call it once.
  void commit();

  /// Removes the temporary file of every AtomicFile of the process not yet committed or
  /// destroyed (at most 16 at a time are known), calling only unlink(2): safe in a signal
  /// handler, for a program stopped by a signal (Ctrl-C) before it dies of it.
  static void remove_temporaries() noexcept;

  /// The start of the name of every temporary file of `target` (".<name>.damdb-"): a folder
  /// that only damdb writes (the database folder) may remove the ones a killed writer left.
  static std::string temporary_prefix(const std::filesystem::path& target);

  /// The file that commit() replaces (a symbolic link given as target resolved).
  const std::filesystem::path& target() const;
  /// The temporary file being written (empty once committed).
  const std::filesystem::path& temporary() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace damdb::db
