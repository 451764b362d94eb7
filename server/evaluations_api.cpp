#include "server/evaluations_api.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>

#include "indexer/records/game_text.hpp"
#include "json/game_analysis.hpp"
#include "json/text.hpp"
#include "pdn/reader.hpp"

namespace damdb::server {

std::optional<AnalysedGame> read_analysed_game(const db::Database& db, db::GameId id) {
  const std::optional<db::GameRecord> record = db.game(id);
  if (!record) return std::nullopt;
  // Named by the database folder's name: an answer never names the folders of the server's machine.
  std::filesystem::path folder = db.folder();
  if (!folder.has_filename()) folder = folder.parent_path();  // written with a trailing '/'
  std::vector<pdn::Game> games = pdn::read_games(indexer::original_text(*record), folder.filename().string());
  if (games.empty()) return std::nullopt;
  games.front().index = id.value - 1;
  pdn::ReplayOptions options;
  options.record_plies = true;
  options.replay_variations = false;
  pdn::Replay replay = pdn::replay(games.front(), options);
  return AnalysedGame{std::move(games.front()), std::move(replay)};
}

std::optional<std::string> evaluations_answer(const db::Database& db, std::string_view id_text,
                                              const ParameterMap& params, const Limits& limits) {
  const Parameters p(params, {}, false, limits);
  if (id_text.empty() || id_text.size() > 9 ||
      id_text.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  const db::GameId id{static_cast<std::uint32_t>(std::stoul(std::string(id_text)))};
  const std::optional<AnalysedGame> g = read_analysed_game(db, id);
  if (!g) return std::nullopt;
  const analysis::StoredAnalysis s = analysis::stored_analysis(db, g->game, g->replay);
  nlohmann::json positions = nlohmann::json::array();
  for (const std::optional<analysis::PositionEval>& e : s.positions)
    positions.push_back(e ? json::position_eval_json(*e) : nlohmann::json(nullptr));
  const nlohmann::json out{{"id", id.value},
                           {"plies", g->replay.plies_played.size()},
                           {"stored", s.stored},
                           {"complete", s.stored == s.positions.size()},
                           {"positions", std::move(positions)},
                           {"only_moves", s.only_moves},
                           {"analysis", json::game_analysis_json(g->game, s.analysis)}};
  return json::to_text(out);
}

}  // namespace damdb::server
