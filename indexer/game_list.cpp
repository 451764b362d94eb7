#include "indexer/game_list.hpp"

#include <charconv>

namespace damdb::indexer {

GameListing list_games(const db::Database& db, const GameFilter& filter, std::size_t limit,
                       std::size_t offset) {
  GameListing out;
  db.for_each_game([&](db::GameId id, const db::GameRecord& game) {
    if (!filter.matches(game)) return true;
    if (out.total >= offset && out.rows.size() < limit) {
      GameListRow row;
      row.game = game_row(id, game);
      row.plies = static_cast<std::uint32_t>(game.moves.size());
      row.status = game.status;
      out.rows.push_back(std::move(row));
    }
    ++out.total;
    return true;
  });
  return out;
}

const char* status_text(db::ValidationStatus status) {
  switch (status) {
    case db::ValidationStatus::valid:
      return "valid";
    case db::ValidationStatus::warnings:
      return "warnings";
    default:
      return "invalid";
  }
}

db::GameId parse_game_id(const std::string& text) {
  std::uint32_t value = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || p != end || value == 0)
    throw GameLookupError("bad game id \"" + text + "\": expected a number 1, 2, 3, ...");
  return db::GameId{value};
}

GameView view_game(const db::Database& db, db::GameId id, std::optional<std::size_t> ply) {
  std::optional<db::GameRecord> record = db.game(id);
  if (!record)
    throw GameLookupError("game " + std::to_string(id.value) + " not found in " +
                          db.folder().string());
  GameView view;
  view.id = id;
  view.record = std::move(*record);
  view.plies = decode_moves(view.record);
  view.ply = ply.value_or(view.plies.size());
  if (view.ply > view.plies.size())
    throw GameLookupError("ply " + std::to_string(view.ply) + " is past the end of game " +
                          std::to_string(id.value) + " (" + std::to_string(view.plies.size()) +
                          " plies)");
  if (view.ply < view.plies.size()) {
    view.position = view.plies[view.ply].before;
  } else if (view.plies.empty()) {
    view.position = start_position(view.record);
  } else {
    view.position = view.plies.back().before;
    view.position.play(view.plies.back().move);
  }
  return view;
}

}  // namespace damdb::indexer
