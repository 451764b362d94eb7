#pragma once
// GameResult: the result of a game as stored (PDN result tag "2-0", "1-1", "0-2", "*";
// FMJD scoring: a win gives 2 points, a draw 1). Stored as one byte with these values.

#include <cstdint>

namespace damdb::db {

enum class GameResult : std::uint8_t {
  WhiteWin = 0,
  Draw = 1,
  BlackWin = 2,
  Unknown = 3,  ///< "*", missing or unparsable result tag
};

/// The PDN 3.0 Result tag value of `result` for International draughts: "2-0", "1-1", "0-2", "*".
constexpr const char* result_tag_value(GameResult result) {
  switch (result) {
    case GameResult::WhiteWin: return "2-0";
    case GameResult::Draw: return "1-1";
    case GameResult::BlackWin: return "0-2";
    case GameResult::Unknown: break;
  }
  return "*";
}

}  // namespace damdb::db
