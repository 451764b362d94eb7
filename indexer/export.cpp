#include "indexer/export.hpp"

#include <sstream>

#include "pdn/reader.hpp"
#include "pdn/writer.hpp"

namespace damdb::indexer {

std::string canonical_game_text(const db::GameRecord& game, bool& copied) {
  std::istringstream in(game.pdn_text);
  pdn::GameReader reader(in, "<stored>");
  std::optional<pdn::Game> first = reader.next();
  const bool one_clean_game = first && !first->has_errors() && !reader.next();
  std::string text;
  copied = !one_clean_game;
  if (one_clean_game) {
    pdn::write_game(*first, text);
  } else {
    text = game.pdn_text;
    if (text.empty() || text.back() != '\n') text += '\n';
  }
  return text;
}

ExportSummary export_games(const db::Database& db, const GameFilter& filter, std::ostream& out) {
  ExportSummary summary;
  db.for_each_game([&](db::GameId id, const db::GameRecord& game) {
    if (!filter.matches(game)) return true;
    bool copied = false;
    const std::string text = canonical_game_text(game, copied);
    if (summary.games > 0) out << '\n';
    out << text;
    if (copied) summary.copied_as_read.push_back(id.value);
    ++summary.games;
    return true;
  });
  return summary;
}

}  // namespace damdb::indexer
