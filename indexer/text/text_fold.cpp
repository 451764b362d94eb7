#include "indexer/text/text_fold.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace damdb::indexer {
namespace {

/// Base letters of U+00C0..U+00FF (Latin-1 Supplement letters); "" for non-letters.
const char* latin1_base(unsigned cp) {
  static const char* const table[64] = {
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // C0
      "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",  // D0
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // E0
      "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};  // F0
  return cp >= 0xC0 && cp <= 0xFF ? table[cp - 0xC0] : nullptr;
}

/// Base letter of a few Latin Extended-A letters common in player names (Polish, Czech,
/// Latvian, Turkish...), or nullptr.
const char* latin_ext_base(unsigned cp) {
  if (cp < 0x100 || cp > 0x17F) return nullptr;
  static const char bases[] =
      "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjjjkkklllllllllnnnnnnnnnoooooooorrrrrrsss"
      "sssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
  const unsigned i = cp - 0x100;
  static thread_local char one[2] = {0, 0};
  if (i >= sizeof(bases) - 1) return nullptr;
  one[0] = bases[i];
  return one;
}

/// Lower-case form of a Cyrillic or Greek capital (U+0400..U+042F, U+0391..U+03A9), final
/// sigma as sigma; 0 for every other code point.
unsigned lower_cyrillic_greek(unsigned cp) {
  if (cp >= 0x0410 && cp <= 0x042F) return cp + 0x20;  // А..Я -> а..я
  if (cp >= 0x0400 && cp <= 0x040F) return cp + 0x50;  // Ѐ..Џ -> ѐ..џ
  if (cp >= 0x0391 && cp <= 0x03A9 && cp != 0x03A2) return cp + 0x20;  // Α..Ω -> α..ω
  if (cp == 0x03C2) return 0x03C3;                                      // ς -> σ
  return 0;
}

}  // namespace

std::string fold_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = true;  // suppress leading separators
  auto put = [&](const char* text) {
    for (; *text; ++text) {
      out += *text;
      space = false;
    }
  };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (std::isalnum(c)) {
        out += static_cast<char>(std::tolower(c));
        space = false;
      } else if (!space) {
        out += ' ';
        space = true;
      }
      ++i;
      continue;
    }
    // Decode one UTF-8 sequence (invalid bytes are kept as they are).
    unsigned cp = 0;
    std::size_t len = 1;
    if ((c & 0xE0) == 0xC0 && i + 1 < s.size()) {
      cp = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
      len = 2;
    } else if ((c & 0xF0) == 0xE0 && i + 2 < s.size()) {
      len = 3;
    } else if ((c & 0xF8) == 0xF0 && i + 3 < s.size()) {
      len = 4;
    }
    const char* base = len == 2 ? latin1_base(cp) : nullptr;
    if (!base && len == 2) base = latin_ext_base(cp);
    if (const unsigned lower = len == 2 ? lower_cyrillic_greek(cp) : 0) {
      out += static_cast<char>(0xC0 | (lower >> 6));
      out += static_cast<char>(0x80 | (lower & 0x3F));
      space = false;
    } else if (base && *base) {
      put(base);
    } else if (base) {  // × or ÷: a separator
      if (!space) out += ' ';
      space = true;
    } else {
      out.append(s.substr(i, len));
      space = false;
    }
    i += len;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

namespace {

bool has_letter(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
  });
}

/// A note that names which of two people of one name: no letter, or a generation.
bool distinguishing_note(std::string_view note) {
  if (!has_letter(note)) return true;
  const std::string folded = fold_text(note);
  return folded == "jr" || folded == "sr" || folded == "junior" || folded == "senior";
}

}  // namespace

std::string without_notes(std::string_view name) {
  std::string out;
  std::size_t at = 0;
  while (at < name.size()) {
    const std::size_t open = name.find('(', at);
    if (open == std::string_view::npos) break;
    std::size_t close = name.find(')', open);
    close = close == std::string_view::npos ? name.size() : close + 1;
    out.append(name.substr(at, open - at));
    const std::string_view note = name.substr(open, close - open);
    if (distinguishing_note(note.substr(1))) out.append(note);
    at = close;
  }
  out.append(name.substr(std::min(at, name.size())));
  return has_letter(out) ? out : std::string(name);
}

std::string player_key(std::string_view name) {
  const std::string folded = fold_text(name);
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < folded.size()) {
    std::size_t end = folded.find(' ', start);
    if (end == std::string::npos) end = folded.size();
    words.emplace_back(folded.substr(start, end - start));
    start = end + 1;
  }
  std::sort(words.begin(), words.end());
  std::string key;
  for (const auto& w : words) {
    if (!key.empty()) key += " ";
    key += w;
  }
  return key;
}

namespace {
/// Code points in a UTF-8 text (bytes that are no continuation byte).
std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}
}  // namespace

std::vector<std::string_view> folded_words(std::string_view folded) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start < folded.size()) {
    std::size_t end = folded.find(' ', start);
    if (end == std::string_view::npos) end = folded.size();
    if (end > start) words.push_back(folded.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

std::vector<std::string> abbreviated_words(std::string_view name) {
  std::vector<std::string> words;
  std::size_t segment = 0;  // start of the text after the previous '.'
  for (std::size_t dot = name.find('.'); dot != std::string_view::npos;
       segment = dot + 1, dot = name.find('.', segment)) {
    if (dot == 0) continue;
    const unsigned char before = static_cast<unsigned char>(name[dot - 1]);
    if (before < 0x80 && !std::isalnum(before)) continue;  // "X ." or "..": no word ends here
    const std::string folded = fold_text(name.substr(segment, dot - segment));
    const std::size_t space = folded.rfind(' ');
    std::string word = space == std::string::npos ? folded : folded.substr(space + 1);
    if (code_points(word) >= 2) words.push_back(std::move(word));
  }
  return words;
}

}  // namespace damdb::indexer
