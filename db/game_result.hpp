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

}  // namespace damdb::db
