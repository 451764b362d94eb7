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
  r.expect_format(kFormat);
  GameHeader h;
  const auto status = r.byte_max(2, "bad validation status");
  h.status = static_cast<ValidationStatus>(status);
  const auto result = r.byte_max(3, "bad result");
  h.result = static_cast<GameResult>(result);
  h.plies = r.varint32();
  h.sources = r.varint32();
  h.white = r.string();
  h.black = r.string();
  h.event = r.string();
  h.date = r.string();
  h.round = r.string();
  r.expect_end();
  return h;
}

}  // namespace damdb::db
