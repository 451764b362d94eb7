// The date of a stored game (see game_date.hpp).
#include "indexer/text/game_date.hpp"

namespace damdb::indexer {

std::string game_date(const db::GameHeader& game) { return pdn::date_key_of_tag(game.date); }

std::string game_date(const db::GameRecord& game) { return pdn::date_key_of_tag(game.tag("Date")); }

}  // namespace damdb::indexer
