// The tag section of a PDN game (see tag_reader.hpp).
#include "pdn/tag_reader.hpp"

#include <array>
#include <utility>

namespace damdb::pdn {

namespace {

// Bytes of a tag name as the reader takes it: letters, digits, '_', the entity characters
// '&' '#' ';' and any non-ASCII byte (names are decoded and mapped after the game is read).
constexpr std::array<bool, 256> kTagNameChar = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = is_name_char(static_cast<char>(c)) || c == '&' || c == '#' || c == ';' || c >= 0x80;
  return t;
}();

// Bytes that end a run of ordinary characters in a quoted string: '"', '\\' and LF.
constexpr std::array<bool, 256> kStringStop = [] {
  std::array<bool, 256> t{};
  t['"'] = t['\\'] = t['\n'] = true;
  return t;
}();

// A tag value as a message quotes it: its first 60 bytes (cut before a UTF-8 character, not
// inside it), "..." when longer.
std::string quoted_part(const std::string& value) {
  constexpr std::size_t kQuoted = 60;
  if (value.size() <= kQuoted) return value;
  std::size_t cut = kQuoted;
  while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80) --cut;
  return value.substr(0, cut) + "...";
}

}  // namespace

bool TagReader::is_tag_name_char(char c) { return kTagNameChar[static_cast<unsigned char>(c)]; }

bool TagReader::repeated_tag_name(bool bracketed) {
  if (game_.tags.empty()) return false;
  std::size_t q = bracketed ? in_.pos() + 1 : in_.pos();
  while (in_.peek(q) == ' ' || in_.peek(q) == '\t' || in_.peek(q) == '[') ++q;  // "[[Name" too
  std::size_t name_begin = q;
  q = tag_name_end(q);  // the whole name, as read_tag reads it
  std::string spaced;
  std::string_view name = in_.text(name_begin, q);
  if (name.empty()) return false;
  if (spaced_name_) {
    assign_tag_name(name_begin, q, spaced);
    name = spaced;
  }
  // Few tags (the usual case): a scan, no allocation. Many tags: a hash set of the names
  // read so far, filled incrementally, so that n tags cost O(n) rather than O(n^2).
  bool repeated = false;
  if (game_.tags.size() <= kLinearTagScan) {
    for (const Tag& t : game_.tags)
      if (t.name == name) repeated = true;
  } else {
    for (; indexed_tags_ < game_.tags.size(); ++indexed_tags_)
      tag_names_.insert(game_.tags[indexed_tags_].name);
    repeated = tag_names_.find(name) != tag_names_.end();
  }
  if (repeated) repeated_name_.assign(name);
  return repeated;
}

bool TagReader::repeat_is_same_game(std::size_t q) const {
  if (!follows_last_tag(q)) return false;
  return repeated_name_ == game_.tags.back().name || repeated_name_ != game_.tags.front().name;
}

bool TagReader::follows_last_tag(std::size_t q) const {
  if (last_tag_end_ == kNoPosition || last_tag_end_ > q) return false;
  int line_breaks = 0;
  for (std::size_t k = last_tag_end_;; ++k) {
    k = in_.skip_line_blanks(k);  // spaces, tabs and the Unicode spaces (NBSP, ...)
    if (k >= q) return true;
    const char c = in_.at(k);
    if (c == '\r' && in_.peek(k + 1) == '\n') ++k;  // CR LF: one line break
    else if (c != '\n' && c != '\r') return false;
    if (++line_breaks > 1) return false;
  }
}

void TagReader::read_repeated_tag(bool bracketed) {
  const std::size_t start = in_.pos();
  const std::size_t kept = game_.tags.size();
  read_tag(bracketed);
  if (game_.tags.size() == kept) return;  // no name after all: reported as malformed
  const Tag repeated = std::move(game_.tags.back());
  game_.tags.pop_back();
  const Tag* first = nullptr;
  for (const Tag& t : game_.tags)
    if (first == nullptr && t.name == repeated.name) first = &t;
  std::string message = "tag " + repeated.name + " repeated: value \"" +
                        quoted_part(repeated.value) + "\" not kept";
  if (first != nullptr) message += ", \"" + quoted_part(first->value) + "\" kept";
  in_.diagnose(IssueKind::RepeatedTag, repeated.pos, start, in_.pos(), "one " + repeated.name +
               " tag per game", std::move(message));
}

void TagReader::read_tag(bool bracketed) {
  const std::size_t start = in_.pos();
  struct EndMark {  // where the tag pair ends, however read_tag returns
    TagReader& r;
    ~EndMark() { r.last_tag_end_ = r.in_.pos(); }
  } end_mark{*this};
  if (bracketed) {
    in_.advance();
    skip_blanks_here();
    if (in_.peek(in_.pos()) == '[') {
      const std::size_t extra = in_.pos();
      while (in_.peek(in_.pos()) == '[') in_.advance();
      in_.report(IssueKind::MalformedTag, extra, in_.pos(), "one '['", "doubled '[' of a tag pair");
      skip_blanks_here();
    }
  } else {
    in_.report(IssueKind::MalformedTag, start, start + 1, "'[' opening the tag pair",
               "tag pair without '['");
  }
  const std::size_t name_begin = in_.pos();
  in_.set_pos(tag_name_end(name_begin));
  if (in_.pos() == name_begin) {
    in_.report(IssueKind::MalformedTag, start, in_.pos() + 1, "a tag name",
               "tag pair without a name (skipped)");
    skip_to_tag_end();
    return;
  }
  Tag& tag = game_.tags.emplace_back();  // built in place; nothing else adds a tag meanwhile
  tag.pos = in_.pos_at(start);
  assign_tag_name(name_begin, in_.pos(), tag.name);
  skip_blanks_here();
  read_tag_value(start, tag);
}

// The end of the tag name that starts at q. A name is the text up to the value's opening
// quote (PDN 3.0 "Tag pairs", as localising exporters write it: `[Heure blanche "0:10:00"]`):
// words of name characters separated by blanks, when only such words and blanks stand between
// the first word and a '"' on this line; otherwise the first word alone.
// Sets spaced_name_ when the name holds blanks.
std::size_t TagReader::tag_name_end(std::size_t q) {
  while (is_tag_name_char(in_.peek(q))) ++q;
  spaced_name_ = false;
  if (in_.peek(q) != ' ' && in_.peek(q) != '\t') return q;
  const std::size_t first_end = q;
  std::size_t end = q;
  while (true) {
    std::size_t k = in_.skip_blanks(end);
    if (in_.peek(k) == '"') {
      spaced_name_ = end != first_end;
      return end;
    }
    if (k == end || !is_tag_name_char(in_.peek(k))) return first_end;
    while (is_tag_name_char(in_.peek(k))) ++k;
    end = k;
  }
}

// The name [from, to) as a tag's name: blanks inside it written as one space.
void TagReader::assign_tag_name(std::size_t from, std::size_t to, std::string& name) const {
  name.assign(in_.text(from, to));
  if (!spaced_name_) return;
  std::string folded;
  for (char c : name) {
    const bool blank = c == ' ' || c == '\t';
    if (blank && (folded.empty() || folded.back() == ' ')) continue;
    folded += blank ? ' ' : c;
  }
  name = std::move(folded);
}

// The value of the tag whose name ends at the cursor, and its closing ']'.
void TagReader::read_tag_value(std::size_t start, Tag& tag) {
  if (in_.peek(in_.pos()) != '"') {
    read_unquoted_value(tag);
    return;
  }
  const std::size_t open = in_.pos();
  in_.advance();
  if (!read_string(tag.value)) {
    in_.diagnose(IssueKind::MalformedTag, tag.pos, start, in_.pos(), "'\"' closing the tag value",
                 "tag value is never closed");
    return;
  }
  skip_blanks_here();
  if (in_.peek(in_.pos()) == ']') {
    in_.advance();
    return;
  }
  // A quote inside the value written without '\': the value runs to the line's last quote
  // that a ']' follows.
  if (const std::size_t close = quoted_value_end(in_.pos()); close != kNoPosition) {
    tag.value.assign(in_.text(open + 1, close));
    in_.report(IssueKind::MalformedTag, open, close + 1, "\\\" for a quote inside a value",
               "unescaped quote inside a tag value");
    in_.set_pos(close + 1);
    skip_blanks_here();
    in_.advance();  // the ']'
    return;
  }
  in_.report(IssueKind::MalformedTag, in_.pos(), in_.pos() + 1, "']' closing the tag pair",
             "tag pair is not closed");
  skip_to_tag_end();
}

// Position of the last '"' on the line from q that blanks and a ']' follow, or kNoPosition.
std::size_t TagReader::quoted_value_end(std::size_t q) const {
  std::size_t found = kNoPosition;
  for (;; ++q) {
    const char c = in_.peek(q);
    if ((c == 0 && q >= in_.size()) || in_.line_end_at(q)) return found;
    if (c != '"') continue;
    if (in_.peek(in_.skip_blanks(q + 1)) == ']') found = q;
  }
}

// `[Name]` or `[Name value]`: the value is the text up to ']' or the end of the line.
void TagReader::read_unquoted_value(Tag& tag) {
  const std::size_t from = in_.pos();
  std::size_t q = from;
  while (true) {
    const char c = in_.peek(q);
    if ((c == 0 && q >= in_.size()) || in_.line_end_at(q) || c == ']') break;
    ++q;
  }
  std::size_t end = q;
  while (end > from && is_pdn_space(in_.at(end - 1))) --end;
  tag.value.assign(in_.text(from, end));
  in_.report(IssueKind::MalformedTag, from, end, "'\"' opening the tag value",
             end == from ? "tag pair without a value" : "tag value without quotes");
  in_.set_pos(q);
  if (in_.peek(q) == ']') in_.advance();
}

bool TagReader::tag_start_at(std::size_t q) {
  ++q;
  while (in_.peek(q) == ' ' || in_.peek(q) == '\t' || in_.peek(q) == '[') ++q;
  return is_tag_name_char(in_.peek(q));
}

bool TagReader::bare_tag_at(std::size_t q) {
  for (std::size_t k = q; k > 0 && in_.at(k - 1) != '\n' && in_.at(k - 1) != '\r'; --k)
    if (in_.at(k - 1) != ' ' && in_.at(k - 1) != '\t') return false;
  std::size_t k = tag_name_end(q);
  if (k == q) return false;
  k = in_.skip_blanks(k);
  return in_.peek(k) == '"' && quoted_value_end(k + 1) != kNoPosition;
}

// True when a '"' follows position `from` before the next line that starts (after blanks)
// with '[' and before the end of the input. The quote found is remembered, so that a value
// running over many lines is scanned once.
bool TagReader::quote_ahead(std::size_t from) {
  if (quote_ahead_ > from) return true;
  for (std::size_t q = from; q < in_.size(); ++q) {
    if (in_.at(q) == '"') {
      quote_ahead_ = q;
      return true;
    }
    if (in_.at(q) == '\n') {
      std::size_t k = q + 1;
      while (in_.peek(k) == ' ' || in_.peek(k) == '\t' || in_.peek(k) == '\r') ++k;
      if (in_.peek(k) == '[') return false;
    }
  }
  if (!in_.at_eof()) throw NeedMoreInput{};  // the rest decides
  return false;
}

bool TagReader::read_string(std::string& out) {
  while (true) {
    // Copy the run of ordinary characters at once.
    const std::size_t p = in_.pos();
    std::size_t q = p;
    while (q < in_.size() && !kStringStop[static_cast<unsigned char>(in_.at(q))]) ++q;
    out.append(in_.data() + p, q - p);
    in_.set_pos(q);
    const char c = in_.peek(q);
    if (c == 0 && q >= in_.size()) return false;
    if (c == '"') {
      in_.advance();
      return true;
    }
    if (c == '\\' && (in_.peek(q + 1) == '"' || in_.peek(q + 1) == '\\')) {
      out.push_back(in_.at(q + 1));
      in_.advance(2);
      continue;
    }
    if (c == '\n') {
      std::size_t k = q + 1;
      while (in_.peek(k) == ' ' || in_.peek(k) == '\t' || in_.peek(k) == '\r') ++k;
      if (in_.peek(k) == '[' || !quote_ahead(q + 1)) {
        // The break is the whole CRLF: its CR leaves the value, and the cursor stands before
        // it (a game that ends here ends before the CRLF, which then counts as one line end).
        if (!out.empty() && out.back() == '\r') {
          out.pop_back();
          in_.set_pos(q - 1);
        }
        return false;
      }
    }
    out.push_back(c);
    in_.advance();
  }
}

void TagReader::skip_to_tag_end() {
  while (true) {
    const std::size_t p = in_.pos();
    const char c = in_.peek(p);
    if ((c == 0 && p >= in_.size()) || in_.line_end_at(p)) return;
    in_.advance();
    if (c == ']') return;
  }
}

bool TagReader::tag_pair_at(std::size_t q) const {
  if (in_.peek(q) != '[') return false;
  q = in_.skip_blanks(q + 1);
  const std::size_t name_begin = q;
  while (is_name_char(in_.peek(q))) ++q;
  if (q == name_begin) return false;
  q = in_.skip_blanks(q);
  if (in_.peek(q) != '"') return false;
  ++q;
  while (true) {
    const char c = in_.peek(q);
    if (c == '"') break;
    if (c == '\n' || (c == 0 && q >= in_.size())) return false;
    q += (c == '\\' && (in_.peek(q + 1) == '"' || in_.peek(q + 1) == '\\')) ? 2 : 1;
  }
  return in_.peek(in_.skip_blanks(q + 1)) == ']';
}

// Where a comment opened at `open` must end because a new game's tag section begins on a line
// inside it, before `limit` (its '}' or the end of the buffer): the end of the comment's text
// (trailing white space excluded); kNoPosition when no such line exists. See MovetextReader::read_comment.
std::size_t TagReader::tag_section_in(std::size_t open, std::size_t limit) const {
  const char* s = in_.data();
  std::size_t k = open + 1;
  while (k < limit) {
    const void* nl = std::memchr(s + k, '\n', limit - k);
    if (!nl) return kNoPosition;
    const std::size_t newline = static_cast<std::size_t>(static_cast<const char*>(nl) - s);
    k = newline + 1;
    const std::size_t tag = in_.skip_blanks(k);
    if (tag >= limit || s[tag] != '[' || !tag_pair_at(tag)) continue;
    // The line before: empty (only blanks) and not the comment's first line?
    std::size_t j = newline;
    while (j > open && (s[j - 1] == ' ' || s[j - 1] == '\t' || s[j - 1] == '\r')) --j;
    bool starts_section = j > open + 1 && s[j - 1] == '\n';
    if (!starts_section) {
      // Or the line after is a tag pair too.
      std::size_t q = tag;
      while (in_.peek(q) != '\n' && !in_.past_end(q)) ++q;
      if (q < in_.size()) starts_section = tag_pair_at(in_.skip_blanks(q + 1));
    }
    if (!starts_section) continue;
    std::size_t end = k;
    while (end > open + 1 && is_pdn_space(s[end - 1])) --end;
    return end;
  }
  return kNoPosition;
}

}  // namespace damdb::pdn
