#include "db/signature_block.hpp"

#include <bit>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {
namespace {

constexpr std::uint8_t kEveryGame = 0, kGameList = 1, kGameBitmap = 2;

std::size_t varint_size(std::uint64_t v) {
  std::size_t n = 1;
  for (; v >= 0x80; v >>= 7) ++n;
  return n;
}

/// The square sets of a signature, in column set order.
std::array<std::uint64_t, kSignatureSets> sets_of(const GameSignature& s) {
  return {s.white_men, s.white_kings, s.black_men, s.black_kings, s.ever_empty};
}

/// Appends the form byte and the games `held` (ascending indexes in a block of `n` games).
void put_games(std::string& out, const std::vector<std::uint16_t>& held, std::size_t n) {
  if (held.size() == n) {
    out.push_back(static_cast<char>(kEveryGame));
    return;
  }
  std::size_t list = varint_size(held.size());
  for (std::size_t i = 0; i < held.size(); ++i)
    list += varint_size(i == 0 ? held[0] : held[i] - held[i - 1] - 1u);
  if (list < (n + 7) / 8) {
    out.push_back(static_cast<char>(kGameList));
    put_varint(out, held.size());
    for (std::size_t i = 0; i < held.size(); ++i)
      put_varint(out, i == 0 ? held[0] : held[i] - held[i - 1] - 1u);
    return;
  }
  out.push_back(static_cast<char>(kGameBitmap));
  std::string bitmap((n + 7) / 8, '\0');
  for (const std::uint16_t g : held) bitmap[g / 8] = static_cast<char>(bitmap[g / 8] | 1 << (g % 8));
  out += bitmap;
}

}  // namespace

std::string signature_games_key(std::uint32_t first) {
  std::string key = "g";
  put_be32(key, first);
  return key;
}

std::string signature_column_key(int column, std::uint32_t first) {
  std::string key = "c";
  key.push_back(static_cast<char>(column / kSignatureBits));
  key.push_back(static_cast<char>(column % kSignatureBits));
  put_be32(key, first);
  return key;
}

EncodedSignatureBlock encode_signature_block(std::span<const GameSignature> signatures) {
  if (signatures.size() > kSignatureBlockGames)
    throw Error(ErrorKind::InvalidArgument, "more signatures than a block holds");
  EncodedSignatureBlock out;
  put_varint(out.games, signatures.size());
  for (const GameSignature& s : signatures) s.encode_game(out.games);
  // The games holding each column (ascending) and, for a piece set, their masks: gathered game
  // by game from the bits each game holds, a mask for each bit of its piece sets in set order
  // and bit order (the order of GameSignature::segments).
  std::vector<std::vector<std::uint16_t>> held(kSignatureColumns), masks(kSignatureColumns);
  for (std::size_t g = 0; g < signatures.size(); ++g) {
    const GameSignature& s = signatures[g];
    std::size_t index = 0;  // in s.segments
    const auto sets = sets_of(s);
    for (int set = 0; set < kSignatureSets; ++set)
      for (std::uint64_t b = sets[set]; b != 0; b &= b - 1) {
        const int bit = std::countr_zero(b);
        if (set < 4 && index >= s.segments.size())
          throw Error(ErrorKind::InvalidArgument, "game signature with fewer masks than squares");
        const std::uint16_t mask = set < 4 ? s.segments[index++] : 0;
        if (bit >= kSignatureBits) continue;
        const int column = set * kSignatureBits + bit;
        held[column].push_back(static_cast<std::uint16_t>(g));
        if (set < 4) masks[column].push_back(mask);
      }
  }
  for (int column = 0; column < kSignatureColumns; ++column) {
    if (held[column].empty()) continue;
    std::string value;
    put_games(value, held[column], signatures.size());
    for (const std::uint16_t mask : masks[column]) put_segment_mask(value, mask);
    out.columns.emplace_back(column, std::move(value));
  }
  return out;
}

std::string with_signature_dates(std::string_view games,
                                 std::span<const std::pair<std::size_t, std::uint32_t>> dates) {
  Reader r(games, "signature block");
  const std::size_t n = signature_block_games(r);
  std::string out;
  out.reserve(games.size() + 8);
  put_varint(out, n);
  std::size_t next = 0;
  GameSignature sig;
  for (std::size_t g = 0; g < n; ++g) {
    GameSignature::decode_material(GameSignature::decode_game(r, sig), sig.material);
    for (; next < dates.size() && dates[next].first <= g; ++next)
      if (dates[next].first == g) sig.date = dates[next].second;
    sig.encode_game(out);
  }
  r.expect_end();
  return out;
}

std::size_t signature_block_games(Reader& r) {
  return static_cast<std::size_t>(r.varint_max(kSignatureBlockGames));
}

std::vector<GameSignature> decode_signature_block(
    std::string_view games, std::span<const std::string_view, kSignatureColumns> columns) {
  Reader r(games, "signature block");
  std::vector<GameSignature> out(signature_block_games(r));
  for (GameSignature& s : out) GameSignature::decode_material(GameSignature::decode_game(r, s), s.material);
  r.expect_end();
  SignatureColumn column;
  for (int id = 0; id < kSignatureColumns; ++id) {
    if (columns[id].empty()) continue;
    const int set = id / kSignatureBits, bit = id % kSignatureBits;
    column.read(columns[id], out.size(), set < 4);
    std::size_t listed = 0;
    for (std::size_t g = 0; g < out.size(); ++g) {
      if (!column.has(g)) continue;
      std::uint64_t* sets[kSignatureSets] = {&out[g].white_men, &out[g].white_kings,
                                             &out[g].black_men, &out[g].black_kings,
                                             &out[g].ever_empty};
      *sets[set] |= std::uint64_t{1} << bit;
      if (set < 4) out[g].segments.push_back(column.masks[listed++]);
    }
  }
  return out;
}

void SignatureColumn::read_games(std::string_view bytes, std::size_t n) {
  read(bytes, n, true, false);
}

void SignatureColumn::read(std::string_view bytes, std::size_t n, bool piece_set,
                           bool with_masks) {
  games.fill(0);
  masks.clear();
  codes_ = {};
  passed_ = 0;
  has_last_ = false;
  if (bytes.empty()) return;
  Reader r(bytes, "signature column");
  const std::uint8_t form = r.byte();
  if (form == kEveryGame) {
    for (std::size_t g = 0; g < n; ++g) games[g / 64] |= std::uint64_t{1} << (g % 64);
  } else if (form == kGameList) {
    const std::size_t k = static_cast<std::size_t>(r.varint_max(n));
    std::uint64_t g = 0;
    for (std::size_t i = 0; i < k; ++i) {
      g += r.varint_max(n) + (i == 0 ? 0 : 1);
      if (g >= n) r.fail("game index past the block");
      games[g / 64] |= std::uint64_t{1} << (g % 64);
    }
  } else if (form == kGameBitmap) {
    const std::string_view bitmap = r.bytes((n + 7) / 8);
    for (std::size_t i = 0; i < bitmap.size(); ++i)
      games[i / 8] |= std::uint64_t{static_cast<unsigned char>(bitmap[i])} << (8 * (i % 8));
    if (n % 64 != 0 && n < kSignatureBlockGames && (games[n / 64] >> (n % 64)) != 0)
      r.fail("game bit past the block");
  } else {
    r.fail("unknown column form");
  }
  if (!piece_set) r.expect_end();
  codes_ = std::string_view(bytes).substr(bytes.size() - r.remaining());
  if (!piece_set || !with_masks) return;
  std::size_t held = 0;
  for (const std::uint64_t w : games) held += static_cast<std::size_t>(std::popcount(w));
  masks.resize(held);
  for (std::uint16_t& m : masks) m = get_segment_mask(r);
  r.expect_end();
}

std::size_t SignatureColumn::rank(std::size_t g) const {
  std::size_t below = 0;
  for (std::size_t w = 0; w < g / 64; ++w) below += static_cast<std::size_t>(std::popcount(games[w]));
  return below + static_cast<std::size_t>(
                     std::popcount(games[g / 64] & ((std::uint64_t{1} << (g % 64)) - 1)));
}

std::uint16_t SignatureColumn::mask(std::size_t g) const { return masks[rank(g)]; }

std::uint16_t SignatureColumn::next_mask(std::size_t g) {
  if (has_last_ && g == last_game_) return last_mask_;
  const std::size_t target = rank(g);
  for (; passed_ < target; ++passed_) {  // skip a code: its length is in its first byte
    if (codes_.empty()) throw Error(ErrorKind::Corruption, "signature column: masks cut short");
    const auto first = static_cast<std::uint8_t>(codes_[0]);
    const std::size_t length = (first >> 4) <= (first & 0xf) ? 1 : first == 0xf0 ? 3 : 2;
    if (length > codes_.size())
      throw Error(ErrorKind::Corruption, "signature column: masks cut short");
    codes_.remove_prefix(length);
  }
  Reader r(codes_, "signature column");
  last_mask_ = get_segment_mask(r);
  codes_.remove_prefix(codes_.size() - r.remaining());
  ++passed_;
  last_game_ = g;
  has_last_ = true;
  return last_mask_;
}

}  // namespace damdb::db
