#include "server/novelty_api.hpp"

#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/novelty.hpp"
#include "json/novelty.hpp"
#include "json/text.hpp"

namespace damdb::server {

std::optional<std::string> novelty_answer(const db::Database& db, const indexer::GameRanks* ranks,
                          std::string_view id_text, const ParameterMap& params,
                          const Limits& limits) {
  const Parameters p(params, {"count_undated", "limit"}, false, limits);
  if (id_text.empty() || id_text.size() > 10 ||
      id_text.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  indexer::NoveltyOptions options;
  options.count_undated = p.flag("count_undated");
  options.predecessors = p.limit("limit", 10);
  options.ranks = ranks;
  const indexer::NoveltyReport report =
      indexer::novelty(db, indexer::parse_game_id(std::string(id_text)), options);
  return json::to_text(json::novelty_json(report));
}

}  // namespace damdb::server
