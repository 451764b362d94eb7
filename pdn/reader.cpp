#include "pdn/reader.hpp"

#include "pdn/encoding.hpp"
#include "pdn/plain_token.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace damdb::pdn {

GameReader::GameReader(const std::string& path, ReaderOptions options)
    : source_(path), options_(options) {
  if (path == "-")
    in_ = &std::cin;
  else
    open(path);
}

void GameReader::open(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ReadError("cannot read " + path + ": it is a directory, not a PDN file");
  file_ = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file_) throw ReadError("cannot open " + path + ": " + std::strerror(errno));
  in_ = file_.get();
  if (std::filesystem::is_regular_file(path, ec)) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec) file_size_ = size;
  }
}

GameReader::GameReader(const std::string& path, ReadRange range, std::string buffer,
                       std::size_t length, ReaderOptions options)
    : source_(path), options_(options), buffer_(std::move(buffer)) {
  // The file is opened only when a game goes on past the bytes given (see fill).
  len_ = std::min(length, buffer_.size());
  buffer_offset_ = range.start;
  at_ = range.start_at;
  range_ = range;
  started_ = true;
  if (range.start == 0 && len_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) pos_ = 3;
}

GameReader::GameReader(std::istream& in, std::string source_name, ReaderOptions options)
    : in_(&in), source_(std::move(source_name)), options_(options) {}

namespace {

// Gives the heap memory freed so far back to the system, where the C library keeps it
// (glibc: each large block freed raises the size from which blocks are mapped on their own, so
// the buffers and vectors of a long game's earlier, shorter reads end up in heap memory that
// stays with the process). Called only while a game longer than a chunk is read: ordinary
// files never need it.
void release_freed_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace

void GameReader::fill() {
  // Drop consumed bytes, then read at least one chunk (more when the game is long, so that a
  // long game is re-parsed O(log n) times only).
  if (pos_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + pos_, len_ - pos_);
    buffer_offset_ += pos_;
    len_ -= pos_;
    pos_ = 0;
  }
  if (in_ == nullptr) {  // a part of a file: read on past the bytes its caller gave
    open(source_);
    in_->seekg(static_cast<std::streamoff>(buffer_offset_ + len_));
    if (!*in_) throw ReadError("cannot read " + source_ + " at byte " + std::to_string(buffer_offset_ + len_));
  }
  std::size_t want = std::max(options_.chunk_bytes, len_);
  const std::uint64_t read_so_far = buffer_offset_ + len_;
  if (range_) {
    // A part: up to a little past its stop; then, for a game that runs on, as much again as
    // the reader holds (a long game is still parsed O(log n) times).
    constexpr std::uint64_t kPastStop = 4096;
    const std::uint64_t to_stop = range_->stop > read_so_far ? range_->stop - read_so_far : 0;
    if (to_stop < ReadRange::kNever - kPastStop)
      want = static_cast<std::size_t>(
          std::min<std::uint64_t>(want, std::max<std::uint64_t>(to_stop + kPastStop, len_)));
  }
  // No room (zero-filled, so resident) past the end of a file of known size: one byte more
  // than it holds, so that a short read tells its end (a file that grew is read on as before).
  if (file_size_ && *file_size_ >= read_so_far)
    want = static_cast<std::size_t>(std::min<std::uint64_t>(want, *file_size_ - read_so_far + 1));
  if (buffer_.size() < len_ + want) {
    buffer_.resize(len_ + want);
    if (len_ >= options_.chunk_bytes) release_freed_memory();
  }
  errno = 0;
  in_->read(buffer_.data() + len_, static_cast<std::streamsize>(want));
  std::size_t got = static_cast<std::size_t>(in_->gcount());
  if (in_->bad())
    throw ReadError("error reading " + source_ + (errno != 0 ? std::string(": ") + std::strerror(errno) : ""));
  len_ += got;
  if (got < want || in_->eof()) eof_ = true;
}

bool GameReader::next(Game& game) {
  if (!started_) {
    started_ = true;
    fill();
    if (len_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) pos_ = 3;
    read_wide_source();
  }
  while (true) {
    const std::string_view unread(buffer_.data() + pos_, len_ - pos_);
    // A game longer than max_game_bytes is cut that many bytes after its first byte, wherever
    // the buffer ends and whether or not the source ends after it (so that a part of the file
    // read on its own cuts it at the same byte).
    std::string_view view = unread;
    bool forced = false;
    if (unread.size() >= options_.max_game_bytes) {
      std::size_t blanks = 0;
      while (blanks < unread.size() && is_pdn_space(unread[blanks])) ++blanks;
      if (unread.size() - blanks >= options_.max_game_bytes) {
        forced = true;
        view = unread.substr(0, blanks + options_.max_game_bytes);
      }
    }
    // A game longer than a chunk (the buffer grew for it) takes the buffer as its text.
    TextSource source{&buffer_, pos_, options_.chunk_bytes, unread.size()};
    ParseStep step = parse_game(view, eof_ || forced, at_, game, &source);
    if (step.status == ParseStep::End) {
      pos_ = len_;
      next_game_offset_ = buffer_offset_ + len_;
      next_game_at_ = step.begin_at;
      at_end_ = true;
      return false;
    }
    if (step.status == ParseStep::NeedMore) {
      pos_ += step.begin;  // white space before the game is consumed
      at_ = step.begin_at;
      if (stop_waiting()) return false;
      fill();
      continue;
    }
    if (stop_before(step)) return false;
    if (step.not_a_game) {
      note_text_outside_games(view.substr(step.begin, step.end - step.begin), step.begin_at);
      pos_ += step.end;
      at_ = step.end_at;
      continue;
    }
    game.index = index_++;
    game.source = source_;
    if (wide_ != Encoding::Utf8) game.encoding = wide_;
    game.byte_begin = source_offset(buffer_offset_ + pos_ + step.begin);
    game.byte_end = source_offset(buffer_offset_ + pos_ + step.end);
    const bool cut = forced && step.end == view.size();
    if (cut) {
      Diagnostic d;
      d.kind = IssueKind::GameCut;
      d.severity = Severity::Error;
      d.pos = game.moves.empty() ? game.pos_of(0) : game.pos_of(game.moves.back());
      d.expected = "a game shorter than " + std::to_string(options_.max_game_bytes) + " bytes";
      d.message = "game is too long; it was cut and the rest is read as the next game";
      game.diagnostics.push_back(std::move(d));
    }
    for (Diagnostic& d : game.diagnostics) {
      d.file = source_;
      d.game_index = game.index;
    }
    at_ = step.end_at;
    if (step.text_taken) {  // buffer_ holds the bytes after the game
      buffer_offset_ += pos_ + step.end;
      pos_ = 0;
      len_ = buffer_.size();
      return true;
    }
    pos_ += step.end;
    if (step.end == step.begin) {  // cannot happen (a game holds at least one byte); guard
      ++pos_;
    }
    return true;
  }
}

// A UTF-16 or UTF-32 source (pdn/encoding.hpp: detect_wide_encoding) is read whole and
// converted to UTF-8 before its games are read; byte offsets then count in the converted text.
// So is a source whose first chunk holds full-width forms (`１２－１７`), read with them folded
// (fold_full_width); a later game holding them is folded when it is read (parse_game).
void GameReader::read_wide_source() {
  std::size_t bom = 0;
  const Encoding wide = detect_wide_encoding(std::string_view(buffer_.data(), len_), bom);
  std::string converted;
  if (wide != Encoding::Utf8) {
    wide_ = wide;
    while (!eof_) fill();
    conversions_.emplace_back(buffer_offset_ + bom);
    append_wide_as_utf8(std::string_view(buffer_.data() + bom, len_ - bom), wide, converted,
                        &conversions_.back());
  } else if (has_full_width(std::string_view(buffer_.data() + pos_, len_ - pos_))) {
    while (!eof_) fill();
    conversions_.emplace_back(buffer_offset_ + pos_);
    converted = fold_full_width(std::string_view(buffer_.data() + pos_, len_ - pos_),
                                &conversions_.back());
  } else {
    return;
  }
  if (has_full_width(converted)) {
    conversions_.emplace_back(0);
    converted = fold_full_width(converted, &conversions_.back());
  }
  buffer_ = std::move(converted);
  buffer_offset_ = 0;
  len_ = buffer_.size();
  pos_ = 0;
  file_size_.reset();
}

std::uint64_t GameReader::source_offset(std::uint64_t offset) const {
  for (auto map = conversions_.rbegin(); map != conversions_.rend(); ++map)
    offset = map->source_offset(offset);
  return offset;
}

std::string GameReader::take_unread(std::size_t& length) {
  length = len_ - pos_;
  std::memmove(buffer_.data(), buffer_.data() + pos_, length);
  buffer_offset_ += pos_;
  len_ = pos_ = 0;
  return std::move(buffer_);
}

// A part's reader stops before the first game (or text outside games) that begins at its stop
// or later, and tells where it begins.
bool GameReader::stop_before(const ParseStep& step) {
  const std::uint64_t begin = buffer_offset_ + pos_ + step.begin;
  if (!range_ || begin < range_->stop) return false;
  next_game_offset_ = begin;
  next_game_at_ = step.begin_at;
  if (step.text_taken) {  // the game took the buffer, which holds the bytes after it now
    buffer_offset_ += pos_ + step.end;
    pos_ = 0;
    len_ = buffer_.size();
    at_ = step.end_at;
  }
  return true;
}

// A part's reader about to read more for the game at pos_: it stops when the game begins at its
// stop or later (no need to read it), or when the game already runs on past give_up_at.
bool GameReader::stop_waiting() {
  if (!range_) return false;
  const std::uint64_t begin = buffer_offset_ + pos_;
  if (begin < range_->stop && buffer_offset_ + len_ < range_->give_up_at) return false;
  next_game_offset_ = begin;
  next_game_at_ = at_;
  return true;
}

std::string stray_text_message(std::size_t games_before) {
  return "text outside any game (no tag and no move) skipped" +
         (games_before > 0 ? " after game " + std::to_string(games_before) : std::string());
}

void GameReader::note_text_outside_games(std::string_view text, LineColumn at) {
  if (!file_diagnostics_.empty()) {
    ++file_diagnostics_.front().count;
    return;
  }
  Diagnostic d;
  d.kind = IssueKind::StrayText;
  d.severity = Severity::Warning;
  d.file = source_;
  d.game_index = Diagnostic::kNoGame;
  d.pos = {at.line, at.column, 0};
  std::size_t len = std::min<std::size_t>(text.size(), 40);
  while (len > 0 && len < text.size() && (static_cast<unsigned char>(text[len]) & 0xC0) == 0x80)
    --len;
  std::string shown(text.substr(0, len));
  for (char& c : shown)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  while (!shown.empty() && shown.back() == ' ') shown.pop_back();
  append_printable(shown, d.offending);
  d.expected = "a game (tags or moves)";
  d.message = stray_text_message(index_);
  games_before_stray_text_ = index_;
  file_diagnostics_.push_back(std::move(d));
}

std::optional<Game> GameReader::next() {
  Game game;
  if (!next(game)) return std::nullopt;
  return game;
}

std::vector<Game> read_games(std::string_view text, const std::string& source) {
  std::istringstream in{std::string(text)};
  GameReader reader(in, source);
  std::vector<Game> games;
  reader.visit([&](Game& g) { games.push_back(std::move(g)); });
  return games;
}

std::vector<Game> read_file(const std::string& path) {
  GameReader reader(path);
  std::vector<Game> games;
  reader.visit([&](Game& g) { games.push_back(std::move(g)); });
  return games;
}

}  // namespace damdb::pdn
