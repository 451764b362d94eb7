#include "db/game_identity.hpp"

#include "db/varint.hpp"

namespace damdb::db {

bool GameIdentity::compatible(const GameIdentity& other, const GameTerms& terms) const {
  if (white != other.white || black != other.black) return false;
  if (result != GameResult::Unknown && other.result != GameResult::Unknown &&
      result != other.result)
    return false;
  return terms.dates_fit(date, other.date);
}

GameIdentity GameIdentity::merged(const GameIdentity& other, const GameTerms& terms) const {
  GameIdentity out = *this;
  if (out.result == GameResult::Unknown) out.result = other.result;
  out.date = terms.merged_date(date, other.date);
  return out;
}

void SameMovesGames::update(const SameMovesGames& changes) {
  std::vector<std::pair<GameId, GameIdentity>> out;
  out.reserve(games.size() + changes.games.size());
  auto a = games.begin();
  auto b = changes.games.begin();
  while (a != games.end() || b != changes.games.end()) {
    if (b == changes.games.end() || (a != games.end() && a->first.value < b->first.value)) {
      out.push_back(std::move(*a++));
    } else {
      if (a != games.end() && a->first == b->first) ++a;  // replaced
      out.push_back(*b++);
    }
  }
  games = std::move(out);
}

void SameMovesGames::encode(std::string& out) const {
  put_varint(out, games.size());
  for (const auto& [id, identity] : games) {
    put_varint(out, id.value);
    put_string(out, identity.white);
    put_string(out, identity.black);
    put_string(out, identity.date);
    out.push_back(static_cast<char>(identity.result));
  }
}

namespace {

// Decodes a game_hashes value, keeping the games whose player keys `keep(white, black)` accepts.
template <typename Keep>
SameMovesGames decode_if(std::string_view bytes, Keep&& keep, bool reserve) {
  Reader r(bytes, "game_hashes value");
  SameMovesGames out;
  const std::uint64_t n = r.varint_max(r.remaining());
  if (n == 0) r.fail("no game");
  if (reserve) out.games.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    GameId id{r.varint32()};
    const std::string_view white = r.string();
    const std::string_view black = r.string();
    const std::string_view date = r.string();
    const std::uint8_t result = r.byte_max(3, "bad result");
    if (!keep(white, black)) continue;
    GameIdentity identity;
    identity.white = white;
    identity.black = black;
    identity.date = date;
    identity.result = static_cast<GameResult>(result);
    out.games.emplace_back(id, std::move(identity));
  }
  r.expect_end();
  return out;
}

}  // namespace

std::string same_moves_key(const ContentHash& hash, std::string_view white,
                           std::string_view black) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto add = [&h](unsigned char c) { h = (h ^ c) * 0x100000001b3ull; };
  for (const char c : white) add(static_cast<unsigned char>(c));
  add(0);
  for (const char c : black) add(static_cast<unsigned char>(c));
  std::string key = hash.encode();
  put_be64(key, h);
  return key;
}

SameMovesGames SameMovesGames::decode(std::string_view bytes) {
  return decode_if(bytes, [](std::string_view, std::string_view) { return true; }, true);
}

SameMovesGames SameMovesGames::decode_players(std::string_view bytes, std::string_view white,
                                              std::string_view black) {
  return decode_if(
      bytes, [&](std::string_view w, std::string_view b) { return w == white && b == black; },
      false);
}

}  // namespace damdb::db
