// JSON of `damdb show --json`: a position with its board diagram, and the stored game shown.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "indexer/explorer/game_list.hpp"
#include "rules/position.hpp"

namespace damdb::json {

/// {"fen", "side_to_move" ("white"/"black"), "diagram" (rules::diagram of `pos`, with square
/// numbers when `numbers`)}; with `view` also game_view_json's fields, with `primary`
/// "duplicate_of" (the primary of the marked near-duplicate cluster the game is a member of),
/// with a non-empty `svg` "svg" (the SVG file written).
nlohmann::json shown_position_json(const rules::Position& pos, bool numbers,
                                   const indexer::GameView* view,
                                   std::optional<db::GameId> primary, const std::string& svg);

}  // namespace damdb::json
