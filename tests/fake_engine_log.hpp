// What tests/fake_hub_engine.py answered (its --log file) and what damdb must report for a
// position from it: the score turned to White's side, wins, depths, best moves. Shared by the
// tests of `damdb analyze` and of the evaluations it keeps.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace damdb::test {

/// A game with king moves only (the engine gets them as `moves="..."`), a game whose final
/// position has no move (never sent to the engine), a capture of two pieces, and three games
/// whose marks are known from the fake engine's scores: 28-22 is the only move of four that
/// keeps the man (!), 28-23 gives one man away (?), 39-33 two (??).
inline constexpr const char* kKingGames = R"PDN([White "King A"]
[Black "King B"]
[Result "*"]
[FEN "W:WK47,K49:BK2,K4"]
1. 47-41 2-7 2. 41-47 7-2 3. 49-43 4-10 4. 43-49 10-4 5. 47-41 *

[White "Cap A"]
[Black "Cap B"]
[Result "2-0"]
[FEN "W:W28:B23"]
1. 28x19 2-0

[White "Two A"]
[Black "Two B"]
[Result "*"]
[FEN "W:W33:B29,19,5"]
1. 33x13 5-10 2. 13-9 *

[White "Only A"]
[Black "Only B"]
[Result "*"]
[FEN "W:W28,44:B19,34"]
1. 28-22 *

[White "Mistake A"]
[Black "Mistake B"]
[Result "*"]
[FEN "W:W28,44:B19,34"]
1. 28-23 *

[White "Blunder A"]
[Black "Blunder B"]
[Result "*"]
[FEN "W:W32,39,43:B29,35"]
1. 39-33 *
)PDN";

/// One answer of the fake engine, from its log.
struct Answer {
  double score = 0;  ///< side to move's view
  int depth = 0;
  std::string best;
  std::string moves;
};

/// The Hub position string, written here from the board (not with damdb's engine library).
inline std::string hub_string(const rules::Position& pos) {
  std::string s(1, pos.side_to_move() == rules::Color::White ? 'W' : 'B');
  for (int sq = 1; sq <= 50; ++sq) s += "ewbWB"[static_cast<int>(pos.piece_on(sq))];
  return s;
}

inline std::map<std::string, Answer> read_log(const std::filesystem::path& path) {
  std::map<std::string, Answer> answers;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    answers[j["pos"]] = {std::stod(j["score"].get<std::string>()), j["depth"], j["best"], j["moves"]};
  }
  return answers;
}

/// What damdb must report for one position.
struct Expected {
  double white = 0;
  bool win = false, terminal = false;
  int depth = 0;
  std::string best;  ///< Hub text
};

inline Expected expected_at(const rules::Position& pos, const std::map<std::string, Answer>& log) {
  Expected e;
  if (rules::count_moves(pos) == 0) {
    e.terminal = e.win = true;
    e.white = pos.side_to_move() == rules::Color::White ? -10 : 10;
    return e;
  }
  const auto it = log.find(hub_string(pos));
  EXPECT_NE(it, log.end()) << "never sent: " << hub_string(pos);
  if (it == log.end()) return e;
  e.white = pos.side_to_move() == rules::Color::White ? it->second.score : -it->second.score;
  e.win = std::abs(it->second.score) >= 89;
  e.depth = it->second.depth;
  e.best = it->second.best;
  return e;
}

/// White's value used for losses: wins count 10 men, other scores clamped to 10 men.
inline double value_of(const Expected& e) {
  if (e.win) return e.white > 0 ? 10 : -10;
  return std::clamp(e.white, -10.0, 10.0);
}

}  // namespace damdb::test
