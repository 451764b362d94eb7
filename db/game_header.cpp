#include "db/game_header.hpp"

#include "db/varint.hpp"

namespace damdb::db {

namespace {
constexpr std::uint8_t kFormat = 2;
}

GameHeader GameHeader::of(const GameRecord& record) {
  GameHeader h;
  h.white = record.tag("White");
  h.black = record.tag("Black");
  h.event = record.tag("Event");
  h.date = record.tag("Date");
  h.round = record.tag("Round");
  h.result = record.result;
  h.status = record.status;
  h.plies = static_cast<std::uint32_t>(record.moves.size());
  h.sources = static_cast<std::uint32_t>(record.sources.size());
  return h;
}

void GameHeader::encode(std::string& out) const {
  out.push_back(static_cast<char>(kFormat));
  out.push_back(static_cast<char>(status));
  out.push_back(static_cast<char>(result));
  put_varint(out, plies);
  put_varint(out, sources);
  put_string(out, white);
  put_string(out, black);
  put_string(out, event);
  put_string(out, date);
  put_string(out, round);
}

GameHeader GameHeader::decode(std::string_view bytes) {
  Reader r(bytes, "game header");
  if (r.byte() != kFormat) r.fail("unknown format version");
  GameHeader h;
  const auto status = r.byte();
  if (status > 2) r.fail("bad validation status");
  h.status = static_cast<ValidationStatus>(status);
  const auto result = r.byte();
  if (result > 3) r.fail("bad result");
  h.result = static_cast<GameResult>(result);
  h.plies = static_cast<std::uint32_t>(r.varint_max(UINT32_MAX));
  h.sources = static_cast<std::uint32_t>(r.varint_max(UINT32_MAX));
  h.white = r.string();
  h.black = r.string();
  h.event = r.string();
  h.date = r.string();
  h.round = r.string();
  r.expect_end();
  return h;
}

}  // namespace damdb::db
