#include "db/game_record.hpp"

#include <cstdio>

#include "db/content_hash.hpp"
#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {

namespace {
constexpr std::uint8_t kFormat = 3;
constexpr std::uint8_t kFormatWithoutTextForm = 2;

void encode_source(const GameSource& s, std::string& out) {
  put_string(out, s.path);
  put_varint(out, s.game_number);
  put_varint(out, s.first_line);
  put_varint(out, s.last_line);
  put_varint(out, s.byte_offset);
  out.push_back(static_cast<char>(s.status));
  put_varint(out, s.differing_tags.size());
  for (const SourceTag& t : s.differing_tags) {
    put_string(out, t.name);
    out.push_back(t.value ? '\1' : '\0');
    if (t.value) put_string(out, *t.value);
  }
}

GameSource decode_source(Reader& r) {
  GameSource s;
  s.path = r.string();
  s.game_number = r.varint32();
  s.first_line = r.varint32();
  s.last_line = r.varint32();
  s.byte_offset = r.varint();
  const auto source_status = r.byte_max(2, "bad source status");
  s.status = static_cast<ValidationStatus>(source_status);
  const auto ndiff = r.varint_max(r.remaining());
  for (std::uint64_t k = 0; k < ndiff; ++k) {
    SourceTag t;
    t.name = r.string();
    const auto present = r.byte_max(1, "bad tag presence");
    if (present) t.value = std::string(r.string());
    s.differing_tags.push_back(std::move(t));
  }
  return s;
}

}  // namespace

void GameRecord::encode_sources(std::span<const GameSource> list, std::string& out) {
  for (const GameSource& s : list) encode_source(s, out);
}

void GameRecord::append_sources(std::string_view operand) {
  Reader r(operand, "game sources operand");
  while (r.remaining() > 0) sources.push_back(decode_source(r));
}

ContentHash ContentHash::of(std::string_view start_fen,
                            std::span<const std::uint8_t> moves) noexcept {
  using u128 = unsigned __int128;
  const u128 prime = (u128{1} << 88) + 0x13b;
  u128 h = (u128{0x6c62272e07bb0142ull} << 64) | 0x62b821756295c58dull;
  auto step = [&](std::uint8_t byte) {
    h ^= byte;
    h *= prime;
  };
  for (char c : start_fen) step(static_cast<std::uint8_t>(c));
  step(0);
  for (std::uint8_t m : moves) step(m);
  return ContentHash{static_cast<std::uint64_t>(h >> 64), static_cast<std::uint64_t>(h)};
}

void ContentHash::encode(std::string& out) const {
  put_be64(out, hi);
  put_be64(out, lo);
}

ContentHash ContentHash::decode(std::string_view bytes) {
  if (bytes.size() != encoded_size)
    throw Error(ErrorKind::Corruption, "content hash of " + std::to_string(bytes.size()) +
                                           " bytes (expected 16)");
  return ContentHash{get_be64(bytes.data()), get_be64(bytes.data() + 8)};
}

std::string ContentHash::hex() const {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                static_cast<unsigned long long>(lo));
  return buf;
}

std::string_view GameRecord::tag(std::string_view name) const noexcept {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return {};
}

void GameRecord::encode(std::string& out) const {
  out.push_back(static_cast<char>(kFormat));
  out.push_back(static_cast<char>(status));
  out.push_back(static_cast<char>(result));
  put_varint(out, plies_replayed);
  content_hash.encode(out);
  put_string(out, start_fen);
  put_string(out, status_message);
  put_varint(out, issue_kinds);
  out.push_back(static_cast<char>(first_error_kind));
  put_varint(out, first_error_ply);
  put_varint(out, tags.size());
  for (const auto& [name, value] : tags) {
    put_string(out, name);
    put_string(out, value);
  }
  put_string(out, std::string_view(reinterpret_cast<const char*>(moves.data()), moves.size()));
  put_varint(out, sources.size());
  encode_sources(sources, out);
  out.push_back(static_cast<char>(text_form));
  put_string(out, pdn_text);
}

GameRecord GameRecord::decode(std::string_view bytes) {
  Reader r(bytes, "game record");
  const std::uint8_t format = r.byte();
  if (format != kFormat && format != kFormatWithoutTextForm) r.fail("unknown format version");
  GameRecord g;
  auto status = r.byte_max(2, "bad validation status");
  g.status = static_cast<ValidationStatus>(status);
  auto result = r.byte_max(3, "bad result");
  g.result = static_cast<GameResult>(result);
  g.plies_replayed = r.varint32();
  g.content_hash = ContentHash::decode(r.bytes(16));
  g.start_fen = r.string();
  g.status_message = r.string();
  g.issue_kinds = r.varint();
  g.first_error_kind = r.byte();
  g.first_error_ply = r.varint32();
  auto ntags = r.varint_max(r.remaining());
  g.tags.reserve(ntags);
  for (std::uint64_t i = 0; i < ntags; ++i) {
    std::string name(r.string());
    std::string value(r.string());
    g.tags.emplace_back(std::move(name), std::move(value));
  }
  auto moves = r.string();
  g.moves.assign(moves.begin(), moves.end());
  auto nsources = r.varint_max(r.remaining());
  g.sources.reserve(nsources);
  for (std::uint64_t i = 0; i < nsources; ++i) g.sources.push_back(decode_source(r));
  if (format == kFormat) {
    const std::uint8_t form =
        r.byte_max(static_cast<std::uint8_t>(PdnTextForm::MovesElided), "bad text form");
    g.text_form = static_cast<PdnTextForm>(form);
  }
  g.pdn_text = r.string();
  r.expect_end();
  return g;
}

}  // namespace damdb::db
