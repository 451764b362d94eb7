#include "pdn/parallel_reader.hpp"

#include "pdn/encoding.hpp"

#include "pdn/plain_token.hpp"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace damdb::pdn {

namespace {

// True when the file is UTF-16 or UTF-32, or its first chunk holds full-width forms: it is read
// converted, by one reader (GameReader::read_wide_source).
bool wide_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(std::size_t{1} << 20, '\0');  // a reader's first chunk (ReaderOptions)
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  std::size_t bom = 0;
  return detect_wide_encoding(head, bom) != Encoding::Utf8 || has_full_width(head);
}


/// Bytes read past a part's nominal size to find where it ends, at a time.
constexpr std::size_t kProbeBytes = std::size_t{16} << 10;

/// A part's nominal size times this: the most bytes the cutter reads for a part (no start of a
/// tag section within, it scans on without keeping them), and the most bytes of games a part's
/// reader reads before its games are visited.
constexpr std::size_t kMaxPartFactor = 4;

/// The bytes a part's games hold at most once read (held_bytes; the next game read past that
/// is read after they are visited), and keep from one use to the next: this many per byte of
/// part_bytes. Real games hold about ten bytes per byte (elements, squares, line starts); a
/// text of tiny games full of warnings, a hundred.
constexpr std::size_t kHeldBytesPerPartByte = 32;
constexpr std::size_t kKeptBytesPerPartByte = 32;

/// What find_tag_section needs of the text before its bytes: the last byte, and the last that
/// is not blank (0: none).
struct TextBefore {
  char last = 0;
  char last_nonblank = 0;
};

/// TextBefore of the text after `bytes`, given that of the text before them.
TextBefore text_before_end(std::string_view bytes, TextBefore before) {
  if (bytes.empty()) return before;
  std::size_t k = bytes.size();
  while (k > 0 && is_pdn_space(bytes[k - 1])) --k;
  return {bytes.back(), k == 0 ? before.last_nonblank : bytes[k - 1]};
}

/// Where a part may end in `bytes` (searched from `from` on; `before`: the text before them):
/// a '[' that starts a line whose previous non-blank byte is not ']' (the start of a tag
/// section, not its second line); npos when none.
std::size_t find_tag_section(std::string_view bytes, std::size_t from, TextBefore before = {}) {
  for (std::size_t i = bytes.find('[', from); i != std::string_view::npos;
       i = bytes.find('[', i + 1)) {
    const char previous = i > 0 ? bytes[i - 1] : before.last;
    if (previous != '\n' && previous != '\r') continue;
    std::size_t k = i;
    while (k > 0 && is_pdn_space(bytes[k - 1])) --k;
    if ((k > 0 ? bytes[k - 1] : before.last_nonblank) != ']') return i;
  }
  return std::string_view::npos;
}

/// One part of the file and what reading it gave.
struct Part {
  ReadRange range;
  std::string first_bytes;  ///< its first first_length bytes: read from range.start on
  std::size_t first_length = 0;
  std::uint64_t first_offset = 0;  ///< after a reading: the offset of the bytes it left
  std::size_t reused = 0;  ///< of the first bytes, those an earlier reading looked at
  std::vector<Game> games;  ///< games[0, count) were read; the others keep storage for reuse
  std::size_t count = 0;
  std::uint64_t next_offset = 0;  ///< where the first game not read begins
  LineColumn next_at{};
  bool at_end = false;  ///< the reading ended at the end of the file
  std::uint64_t bytes_read = 0;  ///< bytes its reader looked at
  std::vector<Diagnostic> stray;  ///< the part's text outside games (GameReader::file_diagnostics)
  std::size_t games_before_stray = 0;
  std::exception_ptr error;
  bool taken = false;  ///< a thread reads it
  unsigned reader = 0;  ///< which: 0 the visiting thread, 1.. the others
  bool done = false;
};

/// How far a part's reader goes: at most `span` bytes of games from its start, and games
/// holding about `memory` bytes (the rest of the part, if any, is read after its games are
/// visited, so that a part holds a bounded amount); unless `exact`, no game that runs on more
/// than `overrun` bytes past that (its start may have been a wrong guess).
struct PartLimits {
  std::uint64_t span = 0;
  std::size_t memory = 0;
  std::uint64_t overrun = 0;
  bool exact = false;
};

/// Heap bytes a game keeps for the next game read into it (approximately: its larger vectors).
std::size_t retained_bytes(const Game& game) {
  return game.text.capacity() + game.moves.capacity() * sizeof(Element) +
         game.squares.capacity() + game.tags.capacity() * sizeof(Tag) +
         game.diagnostics.capacity() * sizeof(Diagnostic) +
         (game.line_starts.capacity() + game.block_chars.capacity()) * sizeof(std::uint32_t);
}

/// Bytes a game read holds (approximately: the game, its vectors, the strings of its tags and
/// diagnostics).
std::size_t held_bytes(const Game& game) {
  constexpr std::size_t kStringBytes = 64;  // a tag value, a diagnostic's message or text
  return sizeof(Game) + retained_bytes(game) +
         (game.tags.size() + 3 * game.diagnostics.size()) * kStringBytes;
}

/// Reads `part` as a GameReader reads its range, within `limits`.
void read_part(const std::string& path, const ReaderOptions& options, PartLimits limits,
               Part& part) {
  ReadRange range = part.range;
  if (range.stop - range.start > limits.span) range.stop = range.start + limits.span;
  if (!limits.exact) range.give_up_at = range.stop + limits.overrun;
  GameReader reader(path, range, std::move(part.first_bytes), part.first_length, options);
  part.count = 0;
  std::size_t held = 0;
  bool full = false;
  while (!full) {
    if (part.count == part.games.size()) part.games.emplace_back();
    if (!reader.next(part.games[part.count])) break;
    held += held_bytes(part.games[part.count++]);
    full = held >= limits.memory;
  }
  // Full: the reader goes on from the end of the last game, as one reader of the file does.
  part.next_offset = full ? reader.bytes_consumed() : reader.next_game_offset();
  part.next_at = full ? reader.consumed_at() : reader.next_game_at();
  part.at_end = !full && reader.at_end();
  part.bytes_read = reader.bytes_read() - range.start - part.reused;
  part.reused = 0;
  part.stray = reader.file_diagnostics();
  part.games_before_stray = reader.games_before_stray_text();
  part.first_offset = reader.bytes_consumed();  // what the reader holds past there is kept
  part.first_bytes = reader.take_unread(part.first_length);
}

/// Makes the first bytes of `part` start at `offset` when it holds bytes from there on
/// (left by its last reading), else empties them.
void first_bytes_from(std::uint64_t offset, Part& part) {
  if (offset < part.first_offset || offset - part.first_offset > part.first_length) {
    part.first_length = part.reused = 0;
    return;
  }
  const auto drop = static_cast<std::size_t>(offset - part.first_offset);
  part.first_length -= drop;
  std::memmove(part.first_bytes.data(), part.first_bytes.data() + drop, part.first_length);
  part.first_offset = offset;
  part.reused = part.first_length;
}

/// Cuts a regular file into parts, reading it once in order.
class PartCutter {
 public:
  PartCutter(const std::string& path, std::size_t part_bytes)
      : file_(path, std::ios::binary), path_(path), part_bytes_(part_bytes) {
    if (!file_) throw ReadError("cannot open " + path + ": " + std::strerror(errno));
  }

  /// Goes on from `offset`, at line and column `at`, when that is past the parts given so far
  /// (the games read up to there ran over them).
  void skip_to(std::uint64_t offset, LineColumn at) {
    if (offset <= offset_ || last_given_) return;
    file_.clear();
    file_.seekg(static_cast<std::streamoff>(offset));
    if (!file_) throw ReadError("cannot read " + path_ + " at byte " + std::to_string(offset));
    offset_ = offset;
    line_ = at.line;
    column_ = at.column;
    carried_length_ = 0;
    at_end_ = false;
  }

  /// True once every byte of the file is in a part.
  bool done() const { return last_given_; }

  /// Gives `part` the next part: its range and the bytes read from its start on.
  void next(Part& part) {
    std::string& bytes = part.first_bytes;
    std::size_t& length = part.first_length;
    bytes.swap(carried_);
    length = carried_length_;
    part.range.start = offset_;
    part.range.start_at = {line_, column_};
    column_ = 1;  // every later part starts a line
    std::size_t searched = part_bytes_;
    std::size_t end = std::string::npos;
    while (true) {
      end = find_tag_section(std::string_view(bytes.data(), length), searched);
      if (end != std::string::npos || at_end_) break;
      if (length >= kMaxPartFactor * part_bytes_) return scan_past(part);
      searched = std::max(searched, length);
      read_more(bytes, length, std::max(part_bytes_, length) + kProbeBytes);
    }
    if (end == std::string::npos) return end_at_end_of_file(part);
    line_ += static_cast<std::uint32_t>(count_line_ends(std::string_view(bytes.data(), end)));
    carry(std::string_view(bytes.data() + end, length - end));
    part.range.stop = offset_ = part.range.start + end;
  }

 private:
  // The part runs to the end of the file: it is the last.
  void end_at_end_of_file(Part& part) {
    part.range.stop = ReadRange::kNever;
    last_given_ = true;
  }

  // Keeps `bytes` (read from the next part's start on) for the next part.
  void carry(std::string_view bytes) {
    carried_length_ = bytes.size();
    if (carried_.size() < carried_length_) carried_.resize(carried_length_);
    std::memcpy(carried_.data(), bytes.data(), carried_length_);
  }

  // next() for a part whose first bytes (kMaxPartFactor parts) hold no start of a tag section:
  // the part keeps them, and the file is scanned on, a block at a time (no more is kept), for
  // where the next part starts (its reader reads on in the file past its first bytes).
  void scan_past(Part& part) {
    const std::string_view first(part.first_bytes.data(), part.first_length);
    std::uint64_t line_ends = count_line_ends(first);
    TextBefore before = text_before_end(first, {});
    std::uint64_t offset = part.range.start + first.size();  // of scan_[0]
    while (true) {
      std::size_t n = 0;
      read_more(scan_, n, kProbeBytes);
      if (n == 0) return end_at_end_of_file(part);
      const std::string_view block(scan_.data(), n);
      if (before.last == '\r' && block[0] == '\n') --line_ends;  // one CRLF, counted at its LF
      const std::size_t end = find_tag_section(block, 0, before);
      if (end != std::string_view::npos) {
        line_ += static_cast<std::uint32_t>(line_ends + count_line_ends(block.substr(0, end)));
        carry(block.substr(end));
        part.range.stop = offset_ = offset + end;
        return;
      }
      line_ends += count_line_ends(block);
      before = text_before_end(block, before);
      offset += n;
    }
  }

 private:
  // Reads into `bytes` (its first `length` bytes hold data) until `length` reaches `target` or
  // the file ends. The string only grows: bytes past `length` are room, never zeroed again.
  void read_more(std::string& bytes, std::size_t& length, std::size_t target) {
    if (target <= length) return;
    if (bytes.size() < target) bytes.resize(target);
    file_.read(bytes.data() + length, static_cast<std::streamsize>(target - length));
    if (file_.bad()) throw ReadError("error reading " + path_ + ": " + std::strerror(errno));
    const auto got = static_cast<std::size_t>(file_.gcount());
    at_end_ = got < target - length;
    length += got;
  }

  std::ifstream file_;
  std::string path_;
  std::size_t part_bytes_;
  std::uint64_t offset_ = 0;  // the next part's start
  std::uint32_t line_ = 1;    // its line and column
  std::uint32_t column_ = 1;
  std::string scan_;          // a block of scan_past
  std::string carried_;       // its first carried_length_ bytes: read from offset_ on
  std::size_t carried_length_ = 0;
  bool at_end_ = false;       // the file has no more bytes
  bool last_given_ = false;   // the part that runs to the end of the file is given
};

/// The threads that read parts, and the parts in file order (the front is the next to visit).
class PartReaders {
 public:
  PartReaders(std::string path, ReaderOptions options, PartLimits limits, unsigned threads)
      : path_(std::move(path)), options_(options), limits_(limits) {
    pools_.resize(threads + 1);
    for (unsigned i = 1; i <= threads; ++i) threads_.emplace_back([this, i] { work(i); });
  }
  PartReaders(const PartReaders&) = delete;
  PartReaders& operator=(const PartReaders&) = delete;

  /// Stops the threads once each has read the part in hand (parts not begun are dropped).
  ~PartReaders() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  std::size_t size() {
    std::lock_guard lock(mutex_);
    return parts_.size();
  }

  /// A part to fill: a used one (its games keep their storage) or a new one.
  std::unique_ptr<Part> spare() {
    if (spare_.empty()) return std::make_unique<Part>();
    std::unique_ptr<Part> part = std::move(spare_.back());
    spare_.pop_back();
    part->taken = part->done = false;
    part->error = nullptr;
    return part;
  }

  /// Queues `part` for a thread.
  void add(std::unique_ptr<Part> part) {
    {
      std::lock_guard lock(mutex_);
      parts_.push_back(std::move(part));
    }
    work_.notify_one();
  }

  /// The front part once it is read; rethrows what reading it threw. While it is being read,
  /// the calling thread reads the parts that no thread has taken.
  Part& front() {
    std::unique_lock lock(mutex_);
    while (!parts_.front()->done) {
      Part* part = first_untaken();
      if (part == nullptr) {
        done_.wait(lock, [this] { return parts_.front()->done; });
        break;
      }
      take(*part, 0);
      lock.unlock();
      read(*part);
      lock.lock();
      part->done = true;
    }
    Part& part = *parts_.front();
    if (part.error) std::rethrow_exception(part.error);
    return part;
  }

  /// Marks read, with no game, the parts no thread has taken that end at `offset` or before
  /// (the games read up to there ran over them).
  void skip_covered(std::uint64_t offset) {
    std::lock_guard lock(mutex_);
    for (const std::unique_ptr<Part>& p : parts_) {
      if (p->taken || p->range.stop > offset) continue;
      p->taken = p->done = true;
      p->reader = 0;
      p->count = 0;
      p->at_end = false;
      p->bytes_read = 0;
    }
  }

  /// Drops the front part, keeping it and its games (with the thread that read them) for reuse.
  void pop() {
    std::lock_guard lock(mutex_);
    Part& part = *parts_.front();
    // A thread takes one when it takes a part: two are enough (more only hold memory; with one,
    // a thread whose two parts are visited in a row would fill a new one).
    if (pools_[part.reader].size() < 2) pools_[part.reader].push_back(std::move(part.games));
    part.games = std::vector<Game>();
    spare_.push_back(std::move(parts_.front()));
    parts_.pop_front();
  }

 private:
  void work(unsigned thread) {
    while (true) {
      Part* part = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_.wait(lock, [&] { return stopping_ || (part = first_untaken()) != nullptr; });
        if (stopping_) return;
        take(*part, thread);
      }
      read(*part);
      bool front;
      {
        std::lock_guard lock(mutex_);
        part->done = true;
        front = parts_.front().get() == part;
      }
      if (front) done_.notify_one();  // only the visiting thread waits, for the front part
    }
  }

  // Gives `part` to `thread` (0: the visiting thread), with games that thread filled before:
  // their storage is still in its processor's cache. Under the lock.
  void take(Part& part, unsigned thread) {
    part.taken = true;
    part.reader = thread;
    std::vector<std::vector<Game>>& pool = pools_[thread];
    if (pool.empty()) return;
    part.games = std::move(pool.back());
    pool.pop_back();
  }

  // Reads `part`, keeping what it throws with it.
  void read(Part& part) {
    try {
      read_part(path_, options_, limits_, part);
    } catch (...) {
      part.error = std::current_exception();
    }
  }

  Part* first_untaken() {
    for (const std::unique_ptr<Part>& p : parts_)
      if (!p->taken) return p.get();
    return nullptr;
  }

  std::string path_;
  ReaderOptions options_;
  PartLimits limits_;
  std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable done_;
  std::deque<std::unique_ptr<Part>> parts_;
  std::vector<std::unique_ptr<Part>> spare_;  // touched by the visiting thread only
  std::vector<std::vector<std::vector<Game>>> pools_;  // by thread: games of visited parts
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: started once the members above exist
};

/// Where the next game begins, as the parts read so far tell it.
struct Cursor {
  std::uint64_t offset = 0;
  LineColumn at{};
  std::size_t games = 0;  ///< games read before it
};

/// Adds the text outside games of `part` (its first place, its count) to `into`.
void add_stray_text(const Part& part, std::size_t games_before, std::vector<Diagnostic>& into) {
  if (part.stray.empty()) return;
  if (!into.empty()) {
    into.front().count += part.stray.front().count;
    return;
  }
  into.push_back(part.stray.front());
  into.front().message = stray_text_message(games_before + part.games_before_stray);
}

/// Gives back the storage of the games of a visited part past `budget` bytes in all (the
/// games themselves included), so that a part used again and again does not keep, game by
/// game, the largest game each has held, nor as many games as its most numerous reading.
void bound_storage(Part& part, std::size_t budget) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < part.games.size(); ++i) {
    const std::size_t bytes = sizeof(Game) + retained_bytes(part.games[i]);
    if (kept + bytes > budget) {
      part.games.resize(i);
      return;
    }
    kept += bytes;
  }
}

/// Hands the games of `part` to `visitor` with their index in the file; moves `cursor` past them.
void visit_part(Part& part, Cursor& cursor, std::vector<Diagnostic>& stray,
                const std::function<void(Game&)>& visitor) {
  for (std::size_t i = 0; i < part.count; ++i) {
    Game& game = part.games[i];
    game.index += cursor.games;
    for (Diagnostic& d : game.diagnostics) d.game_index = game.index;
    visitor(game);
  }
  add_stray_text(part, cursor.games, stray);
  cursor = {part.next_offset, part.next_at, cursor.games + part.count};
}

}  // namespace

// 16 bytes at a time, each lane counting its line ends in a byte for up to 255 blocks; the CR
// test only when the text holds a CR.
std::uint64_t count_line_ends(std::string_view text) {
  const char* s = text.data();
  const std::size_t n = text.size();
  std::uint64_t count = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  const bool has_cr = std::memchr(s, '\r', n) != nullptr;
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  const __m128i zero = _mm_setzero_si128();
  while (i + 17 <= n) {  // a block and the byte after it
    const std::size_t stop = std::min(n - 16, i + 255 * 16);
    __m128i lanes = zero;
    for (; i < stop; i += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
      __m128i ends = _mm_cmpeq_epi8(bytes, lf);
      if (has_cr) {
        const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 1));
        const __m128i lone_cr = _mm_andnot_si128(_mm_cmpeq_epi8(next, lf), _mm_cmpeq_epi8(bytes, cr));
        ends = _mm_or_si128(ends, lone_cr);
      }
      lanes = _mm_sub_epi8(lanes, ends);  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(lanes, zero);  // two 16-bit sums, one per half
    count += static_cast<std::uint64_t>(_mm_cvtsi128_si32(sums)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
  }
#endif
  for (; i < n; ++i)
    count += s[i] == '\n' || (s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n'));
  return count;
}

ParallelGameReader::ParallelGameReader(std::string path, ParallelReaderOptions options)
    : path_(std::move(path)), options_(options) {
  if (options_.threads == 0) options_.threads = std::min(8u, std::thread::hardware_concurrency());
  options_.part_bytes = std::max<std::size_t>(options_.part_bytes, 1);
}

void ParallelGameReader::count_reading(std::uint64_t bytes, std::size_t games) {
  bytes_read_ += bytes;
  most_games_held_ = std::max(most_games_held_, games);
}

std::size_t ParallelGameReader::visit(const std::function<void(Game&)>& visitor) {
  parts_ = parts_read_again_ = most_games_held_ = 0;
  bytes_read_ = 0;
  std::error_code ec;
  const bool regular = path_ != "-" && std::filesystem::is_regular_file(path_, ec);
  const std::uintmax_t size = regular ? std::filesystem::file_size(path_, ec) : 0;
  if (options_.threads <= 1 || !regular || ec || size < 2 * options_.part_bytes ||
      wide_file(path_)) {
    GameReader reader(path_, options_.reader);
    const std::size_t n = reader.visit(visitor);
    file_diagnostics_ = reader.file_diagnostics();
    return n;
  }
  PartCutter cutter(path_, options_.part_bytes);
  const PartLimits limits{kMaxPartFactor * options_.part_bytes,
                          kHeldBytesPerPartByte * options_.part_bytes,
                          std::max<std::uint64_t>(options_.part_bytes, kProbeBytes), false};
  PartReaders readers(path_, options_.reader, limits, options_.threads - 1);
  Cursor cursor;
  file_diagnostics_.clear();
  while (true) {
    while (!cutter.done() && readers.size() < options_.threads + 2) {
      std::unique_ptr<Part> part = readers.spare();
      cutter.next(*part);
      readers.add(std::move(part));
    }
    if (readers.size() == 0) break;
    Part& part = readers.front();
    ++parts_;
    count_reading(part.bytes_read, part.count);
    if (part.range.start == cursor.offset && part.range.start_at == cursor.at) {
      visit_part(part, cursor, file_diagnostics_, visitor);
    } else {  // its start was not a game's: what it read is dropped, the loop reads it from the cursor
      ++parts_read_again_;
      part.at_end = false;
    }
    // What is left of the part: from where its games (or the game before it) ended, read on
    // this thread at most a span at a time, each span's games visited before the next is read.
    const PartLimits exact{limits.span, limits.memory, 0, true};
    for (const std::uint64_t stop = part.range.stop; cursor.offset < stop && !part.at_end;) {
      part.range.start = cursor.offset;
      part.range.start_at = cursor.at;
      first_bytes_from(cursor.offset, part);
      read_part(path_, options_.reader, exact, part);
      count_reading(part.bytes_read, part.count);
      visit_part(part, cursor, file_diagnostics_, visitor);
    }
    if (cursor.offset > part.range.stop) {  // the games ran on over later parts
      readers.skip_covered(cursor.offset);
      cutter.skip_to(cursor.offset, cursor.at);
    }
    bound_storage(part, kKeptBytesPerPartByte * options_.part_bytes);
    readers.pop();
  }
  return cursor.games;
}

}  // namespace damdb::pdn
