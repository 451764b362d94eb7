// How the reader grows the vectors of a game (its lines of elements, its squares, its line
// starts): by doubling while they are small, then to the size projected for the whole text from
// the items per byte read so far. A long game then gets one allocation close to its final size
// instead of a series of doublings, each of which holds the old and the new storage at once and
// ends up to twice as large as needed (a 48 MB game holds 8 M elements of 20 bytes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace damdb::pdn {

/// Items below which a vector grows by doubling: the lines of ordinary games stay below it, and
/// from there on the items per byte read are a sound guide.
inline constexpr std::size_t kProjectFrom = 8192;

/// The capacity for a vector of `size` items that must take `extra` more, filled from the first
/// `read` bytes of a text of `total` bytes (read <= total): below kProjectFrom items (or with
/// nothing read) twice the size; from there on `size * total / read` plus 1/16, and at least 1/8
/// more than `size` (the projection is low when the rest of the text is denser than its start).
/// Always at least size + extra.
inline std::size_t projected_capacity(std::size_t size, std::size_t extra, std::size_t read,
                                      std::size_t total) {
  const std::size_t needed = size + extra;
  if (size < kProjectFrom || read == 0) return std::max(needed, 2 * size);
  const double per_byte = static_cast<double>(size) / static_cast<double>(read);
  const auto projected = static_cast<std::size_t>(per_byte * static_cast<double>(total) * 17 / 16);
  return std::max({needed, size + size / 8, projected});
}

/// reserve_projected when `v` has no room: out of line, so that the check stays small.
template <class T>
[[gnu::noinline, gnu::cold]] void grow_projected(std::vector<T>& v, std::size_t extra,
                                                 std::size_t read, std::size_t total) {
  v.reserve(projected_capacity(v.size(), extra, read, total));
}

/// Makes room in `v` for `extra` more items (see projected_capacity); does nothing when it has.
template <class T>
inline void reserve_projected(std::vector<T>& v, std::size_t extra, std::size_t read,
                              std::size_t total) {
  if (v.capacity() - v.size() < extra) [[unlikely]]
    grow_projected(v, extra, read, total);
}

/// Empties `v`, keeping its storage for the next game unless it holds more than `keep_bytes`
/// (a long game's storage is given back rather than held through the games after it).
template <class T>
inline void clear_releasing(std::vector<T>& v, std::size_t keep_bytes) {
  if (v.capacity() * sizeof(T) > keep_bytes)
    std::vector<T>().swap(v);
  else
    v.clear();
}

}  // namespace damdb::pdn
