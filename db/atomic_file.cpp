#include "db/atomic_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <optional>
#include <random>
#include <streambuf>
#include <string>

#include "db/error.hpp"

namespace damdb::db {
namespace {

namespace fs = std::filesystem;

/// db::Error for the system error `error` met while doing `what` to `file`.
Error system_error(int error, const std::string& what, const fs::path& file) {
  const ErrorKind kind = error == ENOSPC || error == EDQUOT ? ErrorKind::NoSpace : ErrorKind::Io;
  return Error(kind, "cannot " + what + " " + file.string() + ": " + std::strerror(error));
}

/// Writes all of `bytes` to `fd`; returns 0 or the errno of the failed write.
int write_all(int fd, const char* bytes, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, bytes, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
  return 0;
}

/// A stream buffer writing to a file descriptor through a 64 KB buffer; remembers the errno of
/// the first failed write.
class FileBuffer : public std::streambuf {
 public:
  explicit FileBuffer(int fd) : fd_(fd) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (sync() != 0) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    return c;
  }
  int sync() override {
    const std::size_t size = static_cast<std::size_t>(pptr() - pbase());
    if (error_ == 0 && size > 0) error_ = write_all(fd_, pbase(), size);
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0 ? 0 : -1;
  }

 private:
  int fd_;
  int error_ = 0;
  std::array<char, 64 * 1024> buffer_;
};

/// `target`, or the file it names when it is a symbolic link. Raises InvalidArgument when it
/// exists and is not a regular file; `mode` receives its permission bits when it exists.
fs::path resolve_target(const fs::path& target, std::optional<mode_t>& mode) {
  std::error_code ec;
  // /dev/stdout, /dev/fd/N and /proc/self/fd/N are links to whatever a descriptor holds (a
  // terminal, a pipe, the shell's redirected file): never replaced by a rename.
  const fs::path absolute = fs::absolute(target, ec).lexically_normal();
  for (const char* system : {"/dev/", "/proc/"})
    if (absolute.string().starts_with(system))
      throw Error(ErrorKind::InvalidArgument,
                  target.string() + " is a device or a process's file, not a regular file: "
                                    "damdb writes an output file whole through a temporary file "
                                    "that replaces it");
  fs::path file = fs::is_symlink(fs::symlink_status(target, ec)) ? fs::weakly_canonical(target, ec)
                                                                 : target;
  if (ec) file = target;
  struct stat st {};
  if (::stat(file.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode))
      throw Error(ErrorKind::InvalidArgument,
                  file.string() + " is not a regular file: damdb writes an output file whole "
                                  "through a temporary file that replaces it");
    mode = st.st_mode & 07777;
  }
  return file;
}

/// The name `.<name>.damdb-XXXXXX` with six random letters and digits.
std::string temporary_name(const fs::path& target, std::mt19937_64& random) {
  static constexpr char kLetters[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string out = AtomicFile::temporary_prefix(target);
  for (int i = 0; i < 6; ++i) out += kLetters[random() % (sizeof kLetters - 1)];
  return out;
}

/// The temporary files being written, for remove_temporaries() (a signal handler): lock-free
/// slots holding the path's characters, owned by the AtomicFile that registered them.
std::array<std::atomic<const char*>, 16> live_temporaries{};

/// Registers `path` in a free slot; returns the slot, or -1 when all are taken.
int register_temporary(const char* path) {
  for (std::size_t i = 0; i < live_temporaries.size(); ++i) {
    const char* expected = nullptr;
    if (live_temporaries[i].compare_exchange_strong(expected, path)) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

struct AtomicFile::Impl {
  fs::path target, temporary;
  int fd = -1;
  std::unique_ptr<FileBuffer> buffer;
  std::unique_ptr<std::ostream> stream;

  int slot = -1;  // in live_temporaries

  ~Impl() { discard(); }

  /// Forgets the temporary file for remove_temporaries() (before it is renamed or removed).
  void unregister() {
    if (slot >= 0) live_temporaries[static_cast<std::size_t>(slot)].store(nullptr);
    slot = -1;
  }

  /// Closes and removes the temporary file (only it), if any.
  void discard() {
    unregister();
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!temporary.empty()) ::unlink(temporary.c_str());
    temporary.clear();
  }
};

void AtomicFile::remove_temporaries() noexcept {
  for (auto& slot : live_temporaries)
    if (const char* path = slot.exchange(nullptr)) ::unlink(path);
}

AtomicFile::AtomicFile(const fs::path& target) : impl_(std::make_unique<Impl>()) {
  std::optional<mode_t> mode;  // of the file replaced
  impl_->target = resolve_target(target, mode);
  const std::string name = impl_->target.filename().string();
  if (name.empty() || name == "." || name == "..")
    throw Error(ErrorKind::InvalidArgument, target.string() + " does not name a file");
  const fs::path folder = impl_->target.parent_path();
  std::random_device seed;
  std::mt19937_64 random((std::uint64_t{seed()} << 32) ^ seed());
  for (int attempt = 0; impl_->fd < 0; ++attempt) {
    fs::path candidate = folder / temporary_name(impl_->target, random);
    // Signals wait while the file is created and registered: a signal between the two would
    // leave the file behind (remove_temporaries would not know it).
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &before);
    impl_->fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    const int error = errno;
    if (impl_->fd >= 0) {
      impl_->temporary = std::move(candidate);
      impl_->slot = register_temporary(impl_->temporary.c_str());
    }
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    if (impl_->fd < 0 && (error != EEXIST || attempt == 100))
      throw system_error(error, "create a file beside", impl_->target);
  }
  if (mode && ::fchmod(impl_->fd, *mode) != 0) {
    // not kept: the new file has 0666 less the umask
  }
  impl_->buffer = std::make_unique<FileBuffer>(impl_->fd);
  impl_->stream = std::make_unique<std::ostream>(impl_->buffer.get());
}

AtomicFile::~AtomicFile() = default;  // Impl's destructor removes an uncommitted file

void AtomicFile::write(std::string_view bytes) {
  impl_->stream->write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::ostream& AtomicFile::stream() { return *impl_->stream; }

void AtomicFile::commit() {
  Impl& f = *impl_;
  if (f.temporary.empty()) throw Error(ErrorKind::InvalidArgument, "file committed twice");
  f.stream->flush();
  int error = f.buffer->error();
  if (error == 0 && !*f.stream) error = EIO;
  // Synced before the rename: after a crash the target is the whole new file or the old one.
  if (error == 0 && ::fsync(f.fd) != 0) error = errno;
  const int fd = f.fd;
  f.fd = -1;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0) f.unregister();  // a signal now leaves the file that the rename takes
  if (error == 0 && ::rename(f.temporary.c_str(), f.target.c_str()) != 0) error = errno;
  if (error != 0) {
    f.discard();
    throw system_error(error, "write", f.target);
  }
  f.temporary.clear();
  // The rename is durable once the folder is synced (a failure here loses nothing written).
  const fs::path folder = f.target.parent_path().empty() ? fs::path(".") : f.target.parent_path();
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    [[maybe_unused]] const int synced = ::fsync(dir);
    ::close(dir);
  }
}

std::string AtomicFile::temporary_prefix(const fs::path& target) {
  // The name cut to 200 bytes: the temporary name stays within the 255 bytes of a file name.
  return "." + target.filename().string().substr(0, 200) + ".damdb-";
}

const fs::path& AtomicFile::target() const { return impl_->target; }

const fs::path& AtomicFile::temporary() const { return impl_->temporary; }

}  // namespace damdb::db
