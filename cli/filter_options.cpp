#include "cli/filter_options.hpp"

#include "cli/number_checks.hpp"

namespace damdb::cli {

void add_filter_options(CLI::App* cmd, indexer::FilterSpec& spec) {
  const char* group = "Game filters";
  cmd->add_option("--player", spec.player, "Games with this player on either side")->group(group);
  cmd->add_option("--white", spec.white, "Games with this player as White")->group(group);
  cmd->add_option("--black", spec.black, "Games with this player as Black")->group(group);
  cmd->add_option("--event", spec.event, "Games of this event")->group(group);
  cmd->add_option("--since", spec.since, "Games on or after this date (YYYY[.MM[.DD]])")
      ->group(group);
  cmd->add_option("--until", spec.until, "Games on or before this date (YYYY[.MM[.DD]])")
      ->group(group);
  cmd->add_option("--result", spec.result,
                  "Games with this result: " + indexer::result_choices())
      ->group(group);
  cmd->add_flag("--regex", spec.regex,
                "Name and event filters are RE2 regular expressions (searched in the "
                "case- and accent-folded text) instead of substrings")
      ->group(group);
}

void add_evaluation_filter_options(CLI::App* cmd, indexer::FilterSpec& spec) {
  const char* group = "Game filters";
  cmd->add_option("--blunder-by", spec.blunder_by,
                  "Games where this side (white, black or either) made a move losing 1.50 men or "
                  "more by the stored evaluations (damdb analyze --db)")
      ->check(CLI::IsMember({"white", "black", "either"}))
      ->group(group);
  cmd->add_flag("--missed-win", spec.missed_win,
                "Games where a side moved from a position the stored evaluations call won for it "
                "to one they do not")
      ->group(group);
  cmd->add_option("--eval-swing", spec.eval_swing,
                  "Games with a ply whose stored evaluation changes by at least this many men")
      ->check(number_above_zero())
      ->group(group);
}

}  // namespace damdb::cli
