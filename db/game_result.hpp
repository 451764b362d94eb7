#pragma once
// GameResult: the result of a game as stored: one byte with these values. Its words (the
// Result tag's text, the score) live in pdn/result.hpp; the indexer translates
// (indexer/text/stored_result.hpp).

#include <cstdint>

namespace damdb::db {

enum class GameResult : std::uint8_t {
  WhiteWin = 0,
  Draw = 1,
  BlackWin = 2,
  Unknown = 3,  ///< "*", missing or unparsable result tag
};

}  // namespace damdb::db
