#include "indexer/text/duplicate_rules.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "indexer/text/text_fold.hpp"

namespace damdb::indexer {
namespace {

int number(std::string_view part) {
  int value = 0;
  const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
  return ec == std::errc() && end == part.data() + part.size() ? value : 0;
}

bool is_year(std::string_view word) {
  if (word.size() != 4 || word.find_first_not_of("0123456789") != std::string_view::npos)
    return false;
  const int y = number(word);
  return y >= 1800 && y <= 2099;
}

/// True when the UTF-8 word is one code point (an elided article "d", "l").
bool one_letter(std::string_view word) {
  std::size_t n = 0;
  for (const char c : word)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n == 1;
}

/// Characters of edit allowed between two event cores of (shorter) length `n`.
std::size_t allowed_edits(std::size_t n) { return n < 5 ? 0 : n < 12 ? 1 : n < 24 ? 2 : 3; }

/// True when the words of `shorter` (two or more) are the first or the last words of `longer`.
bool words_extend(std::string_view shorter, std::string_view longer) {
  const auto s = folded_words(shorter), l = folded_words(longer);
  if (s.size() < 2 || s.size() >= l.size()) return false;
  return std::equal(s.begin(), s.end(), l.begin()) ||
         std::equal(s.begin(), s.end(), l.end() - static_cast<long>(s.size()));
}

template <class Seq>
std::size_t banded_distance(const Seq& a, const Seq& b, std::size_t max) {
  const std::size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > max) return max + 1;
  // Skip the common prefix and suffix: the band then starts where the lines differ.
  std::size_t lo = 0;
  while (lo < n && lo < m && a[lo] == b[lo]) ++lo;
  std::size_t hi_a = n, hi_b = m;
  while (hi_a > lo && hi_b > lo && a[hi_a - 1] == b[hi_b - 1]) --hi_a, --hi_b;
  const std::size_t la = hi_a - lo, lb = hi_b - lo;
  if (la == 0 || lb == 0) return std::max(la, lb) > max ? max + 1 : std::max(la, lb);
  // Band rows: cell k of row i is column j = i + k - max (0 <= j <= lb), inf outside.
  const std::size_t inf = max + 1, width = 2 * max + 1;
  static thread_local std::vector<std::size_t> prev, cur;
  prev.assign(width + 2, inf);
  cur.assign(width + 2, inf);
  auto at = [&](std::vector<std::size_t>& row, std::size_t i, std::size_t j) -> std::size_t& {
    return row[j + max - i + 1];  // +1: a guard cell on each side of the band
  };
  for (std::size_t j = 0; j <= std::min(lb, max); ++j) at(prev, 0, j) = j;
  for (std::size_t i = 1; i <= la; ++i) {
    std::fill(cur.begin(), cur.end(), inf);
    const std::size_t from = i > max ? i - max : 0, to = std::min(lb, i + max);
    std::size_t best = inf;
    for (std::size_t j = from; j <= to; ++j) {
      std::size_t v = j == 0 ? i : inf;
      if (j > 0) {
        const std::size_t diag = at(prev, i - 1, j - 1) + (a[lo + i - 1] == b[lo + j - 1] ? 0 : 1);
        v = std::min({diag, at(cur, i, j - 1) + 1, inf});
      }
      if (j + max >= i && j <= i - 1 + max) v = std::min(v, at(prev, i - 1, j) + 1);
      at(cur, i, j) = std::min(v, inf);
      best = std::min(best, at(cur, i, j));
    }
    if (best > max) return inf;
    std::swap(prev, cur);
  }
  return std::min(at(prev, la, lb), inf);
}

}  // namespace

std::string event_core(std::string_view event) {
  const std::string folded = fold_text(event);
  std::string core;
  for (std::string_view w : folded_words(folded)) {
    if (is_year(w) || one_letter(w)) continue;
    if (!core.empty()) core += ' ';
    core += w;
  }
  return core;
}

bool events_cluster(std::string_view a, std::string_view b) {
  const std::string ca = a == "?" ? std::string() : event_core(a);
  const std::string cb = b == "?" ? std::string() : event_core(b);
  return event_cores_cluster(ca, cb);
}

bool event_cores_cluster(std::string_view ca, std::string_view cb) {
  if (ca.empty() || cb.empty() || ca == cb) return true;
  const std::size_t shorter = std::min(ca.size(), cb.size());
  const std::size_t allowed = allowed_edits(shorter);
  if (allowed > 0 && edit_distance(ca, cb, allowed) <= allowed) return true;
  return ca.size() < cb.size() ? words_extend(ca, cb) : words_extend(cb, ca);
}

std::size_t edit_distance(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                          std::size_t max) {
  return banded_distance(a, b, max);
}

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t max) {
  return banded_distance(a, b, max);
}

}  // namespace damdb::indexer
