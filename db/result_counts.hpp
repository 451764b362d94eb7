#pragma once
// ResultCounts: a set of games counted by their result (white wins, draws, black wins, games
// without a known result), and SideResults: the same games seen from one side (its wins,
// draws, losses). The one type the position statistics, the explorer, the search, the
// statistics and the event table count results with; scores and points are computed from
// these counts in pdn/result.hpp (result_points, score_percent).

#include <cstdint>
#include <type_traits>

#include "db/game_result.hpp"

namespace damdb::db {

/// One side's view of a set of games: its wins, draws and losses, and the games without a
/// known result. games() counts all four.
struct SideResults {
  std::uint64_t wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t losses = 0;
  std::uint64_t unknown = 0;  ///< games without a known result

  /// Every game counted: the sum of the four counts.
  constexpr std::uint64_t games() const noexcept { return wins + draws + losses + unknown; }
  /// The games with a known result: wins + draws + losses.
  constexpr std::uint64_t decided() const noexcept { return wins + draws + losses; }
  /// Adds one game with this stored result, the side having played White (as_white) or Black.
  constexpr void add(GameResult result, bool as_white) noexcept {
    switch (result) {
      case GameResult::WhiteWin: ++(as_white ? wins : losses); break;
      case GameResult::Draw: ++draws; break;
      case GameResult::BlackWin: ++(as_white ? losses : wins); break;
      case GameResult::Unknown: ++unknown; break;
    }
  }
  constexpr SideResults& operator+=(const SideResults& o) noexcept {
    wins += o.wins;
    draws += o.draws;
    losses += o.losses;
    unknown += o.unknown;
    return *this;
  }
  friend bool operator==(const SideResults&, const SideResults&) = default;
};

/// Games counted by result, from White's point of view as the result is stored.
struct ResultCounts {
  std::uint64_t white_wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t black_wins = 0;
  std::uint64_t unknown = 0;  ///< games without a known result

  /// Every game counted: the sum of the four counts.
  constexpr std::uint64_t games() const noexcept {
    return white_wins + draws + black_wins + unknown;
  }
  /// The games with a known result: white wins + draws + black wins.
  constexpr std::uint64_t decided() const noexcept { return white_wins + draws + black_wins; }
  /// The count of games with this result.
  constexpr std::uint64_t of(GameResult result) const noexcept { return slot(*this, result); }
  /// Adds n games (one by default) with this result.
  constexpr void add(GameResult result, std::uint64_t n = 1) noexcept { slot(*this, result) += n; }
  /// Counts one game of result `from` under `to` instead; false (nothing changed) when no game
  /// of result `from` is counted.
  constexpr bool change(GameResult from, GameResult to) noexcept {
    if (of(from) == 0) return false;
    --slot(*this, from);
    ++slot(*this, to);
    return true;
  }
  constexpr ResultCounts& operator+=(const ResultCounts& o) noexcept {
    white_wins += o.white_wins;
    draws += o.draws;
    black_wins += o.black_wins;
    unknown += o.unknown;
    return *this;
  }
  /// The same games seen from White (as_white) or from Black: a white win is White's win and
  /// Black's loss.
  constexpr SideResults side(bool as_white) const noexcept {
    return as_white ? SideResults{white_wins, draws, black_wins, unknown}
                    : SideResults{black_wins, draws, white_wins, unknown};
  }
  /// The same games with the colours exchanged (the games of the colour-reversed position).
  constexpr ResultCounts swapped() const noexcept {
    return {black_wins, draws, white_wins, unknown};
  }
  friend bool operator==(const ResultCounts&, const ResultCounts&) = default;

 private:
  /// The count of `result` in `counts` (const or not).
  template <class Counts>
  static constexpr auto slot(Counts& counts, GameResult result) noexcept
      -> std::conditional_t<std::is_const_v<Counts>, const std::uint64_t&, std::uint64_t&> {
    switch (result) {
      case GameResult::WhiteWin: return counts.white_wins;
      case GameResult::Draw: return counts.draws;
      case GameResult::BlackWin: return counts.black_wins;
      case GameResult::Unknown: break;
    }
    return counts.unknown;
  }
};

}  // namespace damdb::db
