#include "indexer/records/game_text.hpp"

#include <charconv>
#include <string_view>

#include "indexer/records/game_moves.hpp"

namespace damdb::indexer {
namespace {

constexpr char kPlyMark = '\x01';
constexpr char kNumberMark = '\x02';
constexpr char kSkipMark = '\x03';

// The text of kPlyMark for `move` at `out` (room for 16 bytes); returns its length.
std::size_t write_ply(const rules::Move& move, char* out) {
  char* end = std::to_chars(out, out + 16, static_cast<int>(move.from_square())).ptr;
  *end++ = move.is_capture() ? 'x' : '-';
  end = std::to_chars(end, out + 16, static_cast<int>(move.to_square())).ptr;
  return static_cast<std::size_t>(end - out);
}

// The text of kNumberMark before ply `ply` (0-based from the start; `black_first`: the start
// has Black to move) at `out` (room for 16 bytes); returns its length.
std::size_t write_number(std::size_t ply, bool black_first, char* out) {
  char* end = std::to_chars(out, out + 15, (ply + (black_first ? 1 : 0)) / 2 + 1).ptr;
  *end = '.';
  return static_cast<std::size_t>(end + 1 - out);
}

bool holds_mark(std::string_view text) {
  return text.find_first_of(std::string_view("\x01\x02\x03", 3)) != std::string_view::npos;
}

// Appends `token` to `out`: `mark` in place of its first bytes when they are `written` (not
// empty), else the token as read and then `literal_suffix` (when not 0). True when marked.
bool put_token(std::string_view token, std::string_view written, char mark, char literal_suffix,
               std::string& out) {
  if (!written.empty() && token.starts_with(written)) {
    out += mark;
    out.append(token.substr(written.size()));
    return true;
  }
  out.append(token);
  if (literal_suffix != 0) out += literal_suffix;
  return false;
}

}  // namespace

bool store_text_moves_elided(const pdn::Game& game, const pdn::Replay& replay,
                             db::GameRecord& record) {
  const std::size_t codes = record.moves.size();
  // A game cut at the stored plies (more than kMaxStoredPlies, or a move code past the
  // database's) is stored as read: the marks would spare a small part of a long text, and the
  // text is moved into the record rather than copied.
  if (replay.setup_in_movetext || codes == 0 || codes != replay.plies_played.size() ||
      holds_mark(game.text))
    return false;
  const std::string_view text = game.text;
  const bool black_first = replay.plies_played[0].before.side_to_move() == rules::Color::Black;
  std::string out;
  out.reserve(text.size() / 2);
  std::size_t copied = 0, ply = 0;
  char buffer[16];
  for (const pdn::Element& e : game.moves) {
    if (e.kind != pdn::ElementKind::Move && e.kind != pdn::ElementKind::MoveNumber) continue;
    // The main line's tokens in text order, inside the text (else the text is kept as read).
    if (e.text.begin < copied || e.text.size > text.size() - e.text.begin) return false;
    out.append(text.substr(copied, e.text.begin - copied));
    const std::string_view token = text.substr(e.text.begin, e.text.size);
    if (e.kind == pdn::ElementKind::Move) {
      const std::size_t n = ply < codes ? write_ply(replay.plies_played[ply].move, buffer) : 0;
      put_token(token, std::string_view(buffer, n), kPlyMark, kSkipMark, out);
      ++ply;
    } else {
      const std::size_t n = write_number(ply, black_first, buffer);
      put_token(token, std::string_view(buffer, n), kNumberMark, 0, out);
    }
    copied = e.text.begin + e.text.size;
  }
  out.append(text.substr(copied));
  record.pdn_text = std::move(out);
  record.text_form = db::PdnTextForm::MovesElided;
  return true;
}

std::string original_text(const db::GameRecord& record) {
  if (record.text_form == db::PdnTextForm::Verbatim) return record.pdn_text;
  rules::Position pos = start_position(record);
  const bool black_first = pos.side_to_move() == rules::Color::Black;
  rules::MoveList scratch;
  std::string out;
  out.reserve(record.pdn_text.size() * 3);
  std::size_t ply = 0, played = 0;  // the counter; plies played on `pos`
  char buffer[16];
  for (const char c : record.pdn_text) {
    if (c == kPlyMark) {
      if (ply >= record.moves.size())
        throw GameDecodeError("the stored text names ply " + std::to_string(ply + 1) +
                              " of a game of " + std::to_string(record.moves.size()) +
                              " stored plies");
      for (; played < ply; ++played) play_code(pos, scratch, record.moves[played], played);
      const rules::Move move = move_of_code(pos, scratch, record.moves[ply], ply);
      out.append(buffer, write_ply(move, buffer));
      pos.play_unkeyed(move);
      played = ++ply;
    } else if (c == kSkipMark) {
      ++ply;
    } else if (c == kNumberMark) {
      out.append(buffer, write_number(ply, black_first, buffer));
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace damdb::indexer
