#include "db/game_identity.hpp"

#include "db/varint.hpp"

namespace damdb::db {
namespace {

// Part `i` (0 year, 1 month, 2 day) of a "YYYY.MM.DD" date, "" when unknown.
std::string_view date_part(std::string_view date, int i) {
  std::size_t begin = 0;
  for (int k = 0; k < i; ++k) {
    const std::size_t dot = date.find('.', begin);
    if (dot == std::string_view::npos) return {};
    begin = dot + 1;
  }
  std::string_view part = date.substr(begin, date.find('.', begin) - begin);
  if (part.empty() || part.find('?') != std::string_view::npos ||
      part.find_first_not_of('0') == std::string_view::npos)
    return {};
  return part;
}

}  // namespace

bool GameIdentity::compatible(const GameIdentity& other) const {
  if (white != other.white || black != other.black) return false;
  if (result != GameResult::Unknown && other.result != GameResult::Unknown &&
      result != other.result)
    return false;
  for (int i = 0; i < 3; ++i) {
    const std::string_view a = date_part(date, i), b = date_part(other.date, i);
    if (!a.empty() && !b.empty() && a != b) return false;
  }
  return true;
}

GameIdentity GameIdentity::merged(const GameIdentity& other) const {
  GameIdentity out = *this;
  if (out.result == GameResult::Unknown) out.result = other.result;
  std::string date;
  bool known = false;
  for (int i = 0; i < 3; ++i) {
    std::string_view part = date_part(this->date, i);
    if (part.empty()) part = date_part(other.date, i);
    if (!part.empty()) known = true;
    if (i > 0) date += '.';
    date += part.empty() ? (i == 0 ? "????" : "??") : std::string(part);
  }
  out.date = known ? date : std::string();
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
    GameId id{static_cast<std::uint32_t>(r.varint_max(UINT32_MAX))};
    const std::string_view white = r.string();
    const std::string_view black = r.string();
    const std::string_view date = r.string();
    const std::uint8_t result = r.byte();
    if (result > 3) r.fail("bad result");
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
