#include "indexer/explorer/game_list.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <charconv>

#include "indexer/duplicates/counted_games.hpp"

namespace damdb::indexer {

GameListing list_games(const db::Database& db, const GameFilter& filter, std::size_t limit,
                       std::size_t offset) {
  GameListing out;
  auto add_row = [&](db::GameId id, const db::GameHeader& game) {
    GameListRow row;
    row.game = game_row(id, game);
    row.plies = game.plies;
    row.status = game.status;
    row.sources = game.sources;
    row.date = game_date(game);
    out.rows.push_back(std::move(row));
  };
  const CountedGames counted(db, filter);
  if (counted.everything()) {
    // Every game passes: the total is in meta, and when ids are 1..games without gaps (games
    // are never deleted) the page starts at id offset + 1; read only the page.
    const db::Meta meta = db.meta();
    out.total = meta.counts.games;
    if (meta.next_game_id - 1 == meta.counts.games) {
      if (offset >= out.total || limit == 0) return out;
      db.for_each_game_header(
          [&](db::GameId id, const db::GameHeader& game) {
            add_row(id, game);
            return out.rows.size() < limit;
          },
          db::GameId{static_cast<std::uint32_t>(offset + 1)});
      return out;
    }
  }
  std::uint64_t matched = 0;
  auto visit = [&](db::GameId id, const db::GameHeader& game) {
    if (!counted.counts(id, game)) return true;
    if (matched >= offset && out.rows.size() < limit) add_row(id, game);
    ++matched;
    // Without a filter the total is known: stop after the page.
    return !counted.everything() || out.rows.size() < limit;
  };
  const std::optional<GameFilter::Candidates> candidates = filter.candidates(db);
  if (candidates && candidates->exact) {
    // Every candidate passes: count them by id, read the headers of the page only.
    std::vector<db::GameId> page;
    for (const db::GameId id : candidates->ids) {
      if (counted.hidden().hidden(id)) continue;
      if (matched >= offset && page.size() < limit) page.push_back(id);
      ++matched;
    }
    for_each_header_of(db, page, [&](db::GameId id, const db::GameHeader& game) {
      add_row(id, game);
      return true;
    });
  } else if (candidates) {
    for_each_header_of(db, candidates->ids, visit);
  } else {
    db.for_each_game_header(visit);
  }
  if (!counted.everything()) out.total = matched;
  return out;
}

void for_each_header_of(const db::Database& db, std::span<const db::GameId> ids,
                        const std::function<bool(db::GameId, const db::GameHeader&)>& visit) {
  constexpr std::size_t kChunk = 1024;  // one MultiGet a chunk
  for (std::size_t begin = 0; begin < ids.size(); begin += kChunk) {
    const auto chunk = ids.subspan(begin, std::min(kChunk, ids.size() - begin));
    const std::vector<std::optional<db::GameHeader>> headers = db.game_headers(chunk);
    for (std::size_t i = 0; i < chunk.size(); ++i)
      if (headers[i] && !visit(chunk[i], *headers[i])) return;
  }
}

const char* status_text(db::ValidationStatus status) {
  switch (status) {
    case db::ValidationStatus::Valid:
      return "valid";
    case db::ValidationStatus::Warnings:
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
    throw GameLookupError("game " + std::to_string(id.value) + " not found");
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
