#include "pdn/encoding.hpp"

#include <algorithm>
#include <utility>
#include <array>
#include <cstdint>
#include <cstring>

namespace damdb::pdn {

namespace {
// Windows-1252 code points of bytes 0x80..0x9F; 0 where the byte is undefined.
constexpr char16_t kCp1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

void append_code_point(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}
}  // namespace

bool is_ascii(std::string_view bytes) {
  const char* p = bytes.data();
  std::size_t n = bytes.size();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {  // four words at a time: one test per 32 bytes
    std::uint64_t w[4];
    std::memcpy(w, p + i, 32);
    if ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ULL) return false;
  }
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (w & 0x8080808080808080ULL) return false;
  }
  for (; i < n; ++i)
    if (static_cast<unsigned char>(p[i]) >= 0x80) return false;
  return true;
}

bool is_valid_utf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t n = bytes.size();
  std::size_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      std::uint64_t w;
      std::memcpy(&w, s + i, 8);
      if (!(w & 0x8080808080808080ULL)) {
        i += 8;
        continue;
      }
    }
    unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    char32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += len;
  }
  return true;
}

Encoding detect_encoding(std::string_view bytes) {
  if (is_ascii(bytes)) return Encoding::Ascii;
  if (is_valid_utf8(bytes)) return Encoding::Utf8;
  for (char ch : bytes) {
    auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80 && c <= 0x9F && kCp1252High[c - 0x80] != 0) return Encoding::Windows1252;
  }
  return Encoding::Latin1;
}

void append_as_utf8(std::string_view bytes, Encoding encoding, std::string& out) {
  out.reserve(out.size() + bytes.size() + bytes.size() / 8);
  for (char ch : bytes) {
    auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out.push_back(ch);
    } else if (c <= 0x9F && encoding == Encoding::Windows1252 && kCp1252High[c - 0x80] != 0) {
      append_code_point(kCp1252High[c - 0x80], out);
    } else {
      append_code_point(c, out);
    }
  }
}

namespace {

// Utf32Le or Utf32Be when the first units of `head` (at least 8 of 4 bytes) read as UTF-32
// without a mark: the highest byte always zero, the next almost always, the lowest mostly not.
Encoding utf32_without_mark(std::string_view head) {
  const std::size_t units = std::min<std::size_t>(head.size(), 1024) / 4;
  if (units < 8) return Encoding::Utf8;
  for (const bool big : {false, true}) {
    std::size_t zero_top = 0, zero_next = 0, zero_low = 0;
    for (std::size_t i = 0; i < units; ++i) {
      const auto at = [&](std::size_t k) { return head[4 * i + (big ? k : 3 - k)] == '\0'; };
      zero_top += at(0);
      zero_next += at(1);
      zero_low += at(3);
    }
    if (zero_top == units && zero_next * 10 >= units * 9 && zero_low * 4 < units)
      return big ? Encoding::Utf32Be : Encoding::Utf32Le;
  }
  return Encoding::Utf8;
}

}  // namespace

Encoding detect_wide_encoding(std::string_view head, std::size_t& bom_bytes) {
  const auto b = [&](std::size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0x100u; };
  bom_bytes = 0;
  if (b(0) == 0xFF && b(1) == 0xFE && b(2) == 0 && b(3) == 0) return bom_bytes = 4, Encoding::Utf32Le;
  if (b(0) == 0 && b(1) == 0 && b(2) == 0xFE && b(3) == 0xFF) return bom_bytes = 4, Encoding::Utf32Be;
  if (b(0) == 0xFF && b(1) == 0xFE) return bom_bytes = 2, Encoding::Utf16Le;
  if (b(0) == 0xFE && b(1) == 0xFF) return bom_bytes = 2, Encoding::Utf16Be;
  // No mark. UTF-32 text has two zero bytes in every unit of four (its characters are below
  // U+10000 but for a few) and a non-zero lowest byte in most.
  if (const Encoding utf32 = utf32_without_mark(head); utf32 != Encoding::Utf8) return utf32;
  // UTF-16 text has its high bytes from a few blocks (0x00 for ASCII, 0x20 for
  // dashes, 0x30 for ideographic spaces, 0xFF for full-width forms) while its low bytes vary;
  // it is told by many zero bytes, or, with few, by not being UTF-8.
  const std::size_t units = std::min<std::size_t>(head.size(), 512) / 2;
  if (units < 8) return Encoding::Utf8;
  std::size_t zeros = 0;
  std::array<bool, 256> seen_even{}, seen_odd{};
  std::size_t distinct_even = 0, distinct_odd = 0;
  for (std::size_t i = 0; i < units; ++i) {
    const auto low = static_cast<unsigned char>(head[2 * i]);
    const auto high = static_cast<unsigned char>(head[2 * i + 1]);
    zeros += (low == 0) + (high == 0);
    distinct_even += !std::exchange(seen_even[low], true);
    distinct_odd += !std::exchange(seen_odd[high], true);
  }
  if (zeros * 4 < units) {
    const std::size_t valid = std::min<std::size_t>(head.size(), 1024);
    for (std::size_t cut = 0; cut < 4; ++cut)
      if (is_valid_utf8(head.substr(0, valid - cut))) return Encoding::Utf8;
  }
  if (distinct_odd <= 24 && 2 * distinct_even >= 3 * distinct_odd) return Encoding::Utf16Le;
  if (distinct_even <= 24 && 2 * distinct_odd >= 3 * distinct_even) return Encoding::Utf16Be;
  return Encoding::Utf8;
}

namespace {

void append_scalar(std::uint32_t c, std::string& out) {
  append_code_point(c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF) ? U'\uFFFD' : static_cast<char32_t>(c), out);
}

}  // namespace

void append_wide_as_utf8(std::string_view bytes, Encoding encoding, std::string& out,
                         SourceMap* map) {
  const bool utf32 = encoding == Encoding::Utf32Le || encoding == Encoding::Utf32Be;
  const bool big = encoding == Encoding::Utf16Be || encoding == Encoding::Utf32Be;
  const std::size_t width = utf32 ? 4 : 2;
  const auto unit = [&](std::size_t i) {
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < width; ++k) {
      const auto byte = static_cast<unsigned char>(bytes[i + (big ? k : width - 1 - k)]);
      v = (v << 8) | byte;
    }
    return v;
  };
  std::size_t i = 0;
  for (; i + width <= bytes.size(); i += width) {
    std::uint32_t c = unit(i);
    const std::size_t first = i;
    if (!utf32 && c >= 0xD800 && c <= 0xDBFF && i + 2 * width <= bytes.size()) {
      const std::uint32_t low = unit(i + width);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
        i += width;
      }
    }
    const std::size_t before = out.size();
    append_scalar(c, out);
    if (map) map->add(static_cast<unsigned>(out.size() - before), static_cast<unsigned>(i + width - first));
  }
  if (i < bytes.size()) {
    const std::size_t before = out.size();
    append_scalar(0xFFFD, out);
    if (map) map->add(static_cast<unsigned>(out.size() - before), static_cast<unsigned>(bytes.size() - i));
  }
}

bool has_full_width(std::string_view bytes) {
  for (std::size_t i = bytes.find('\xEF'); i != std::string_view::npos && i + 2 < bytes.size();
       i = bytes.find('\xEF', i + 1)) {
    const auto b1 = static_cast<unsigned char>(bytes[i + 1]);
    const auto b2 = static_cast<unsigned char>(bytes[i + 2]);
    if ((b1 == 0xBC && b2 >= 0x81) || (b1 == 0xBD && b2 <= 0x9E)) return true;
  }
  return false;
}

std::string fold_full_width(std::string_view bytes, SourceMap* map) {
  std::string out;
  out.reserve(bytes.size());
  bool tag_line = false;
  bool line_start = true;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (line_start && c != ' ' && c != '\t') {
      tag_line = c == '[';
      line_start = false;
    }
    if (c == '\n' || c == '\r') line_start = true;
    if (!tag_line && c == '\xEF' && i + 2 < bytes.size()) {
      const auto b1 = static_cast<unsigned char>(bytes[i + 1]);
      const auto b2 = static_cast<unsigned char>(bytes[i + 2]);
      if ((b1 == 0xBC && b2 >= 0x81) || (b1 == 0xBD && b2 <= 0x9E)) {
        const unsigned code = 0xFF00u + (b1 == 0xBC ? b2 - 0x80u : b2 - 0x40u);
        out += static_cast<char>(code - 0xFEE0u);
        i += 2;
        if (map) map->add(1, 3);
        continue;
      }
    }
    out += c;
    if (map) map->add(1, 1);
  }
  return out;
}

}  // namespace damdb::pdn
