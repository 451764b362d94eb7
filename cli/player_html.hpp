// A player's record as one self-contained HTML page (`damdb player NAME --html FILE`): no
// script, no outside file; every text from the games escaped.
#pragma once

#include <string>
#include <string_view>

#include "indexer/stats/player_record.hpp"

namespace damdb::cli {

/// The page: the totals, by colour, by year, head to head, by event with places, the
/// repertoire trees, the longest and shortest games, the spellings merged.
std::string player_record_html(const indexer::PlayerRecord& r);

}  // namespace damdb::cli
