#include "cli/filter_options.hpp"

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

}  // namespace damdb::cli
