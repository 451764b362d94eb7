// JSON of the report `damdb clean --report FILE` writes: every fix applied and every error left.
#pragma once

#include <nlohmann/json.hpp>

#include "pdn/repair.hpp"

namespace damdb::json {

/// The clean report, built game by game: {"fixes": [{"file", "game", "line", "column", "ply",
/// "original", "applied", "kind", "confidence", "candidates": [{"move", "kind", "confidence"}],
/// "plies_after"}], "unrepaired": [{"file", "game", "line", "column", "ply", "token", "error",
/// "message", "reason", "truncated", "plies_kept", "candidates"}]} (confidences rounded to 3
/// decimals).
class CleanReport {
 public:
  /// Adds the fixes and the error left of the cleaning `result` of the game result.game.
  void add(const pdn::CleanResult& result);
  /// The report.
  nlohmann::json json() const { return {{"fixes", fixes_}, {"unrepaired", unrepaired_}}; }

 private:
  nlohmann::json fixes_ = nlohmann::json::array();
  nlohmann::json unrepaired_ = nlohmann::json::array();
};

}  // namespace damdb::json
