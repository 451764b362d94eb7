// The date of a stored game, and the date functions the indexer calls, from pdn/date.hpp (the
// one home of dates). Apart from the filters so that the name directory, the statistics and
// the near-duplicate finder read dates without including the filters.
#pragma once

#include "db/game_header.hpp"
#include "db/game_record.hpp"
#include "pdn/date.hpp"

#include <string>

namespace damdb::indexer {

using pdn::CalendarDate;
using pdn::date_key;
using pdn::date_number;
using pdn::dates_close;
using pdn::dates_compatible;
using pdn::same_year;

/// The game's date as "YYYY.MM.DD" ('?' for unknown parts), from its Date tag as the PDN reader
/// normalises it (pdn::date_key_of_tag: "17 april 2009" -> "2009.04.17", "13-01-1996" ->
/// "1996.01.13", "2004" -> "2004.??.??"); "" when the year is unknown or the tag unreadable.
std::string game_date(const db::GameHeader& game);
std::string game_date(const db::GameRecord& game);

}  // namespace damdb::indexer
