#include "server/api.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>

#include "db/error.hpp"
#include "indexer/records/database_summary.hpp"
#include "indexer/export/export.hpp"
#include "indexer/explorer/game_details.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/names/player_overrides.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/search/search.hpp"
#include "indexer/stats/event_table.hpp"
#include "indexer/stats/statistics.hpp"
#include "json/database_info.hpp"
#include "json/error.hpp"
#include "json/event_table.hpp"
#include "json/explorer.hpp"
#include "json/game_details.hpp"
#include "json/game_rows.hpp"
#include "json/moves.hpp"
#include "json/query.hpp"
#include "json/search.hpp"
#include "json/statistics.hpp"
#include "json/text.hpp"
#include "rules/svg.hpp"
#include "server/evaluations_api.hpp"
#include "server/novelty_api.hpp"
#include "server/static_files.hpp"

namespace damdb::server {
namespace {

Response json_response(const nlohmann::json& value) {
  return {200, "application/json", json::to_text(value)};
}

/// The parameter that made a request read player-overrides.txt: the first player or event
/// filter given (the file decides which spellings they name), else the search query, else the
/// file itself (`stats players` merges by it without a parameter).
std::string overrides_parameter(const ParameterMap& params) {
  for (const char* name : {"player", "white", "black", "event", "q"})
    if (params.count(name) > 0) return name;
  return indexer::PlayerOverrides::kFileName;
}

/// `path` without its folders: the server's answers name files as the archive's folder holds
/// them, never the folders of the machine it runs on (a client may be another machine).
std::string file_name(const std::string& path) {
  std::filesystem::path p(path);
  if (!p.has_filename()) p = p.parent_path();  // a folder written with a trailing '/'
  const std::string name = p.filename().string();
  return name.empty() ? path : name;
}

}  // namespace

Response error_response(int status, const std::string& message, const std::string& parameter) {
  return {status, "application/json", json::to_text(json::error_json(message, parameter))};
}

Api::Api(const db::Database& database, const Limits& limits, std::size_t cache_bytes)
    : db_(database), limits_(limits), cache_(cache_bytes), names_(database), ranks_(database) {}

std::shared_ptr<const Response> Api::answer(std::string_view path,
                                            const ParameterMap& params) const {
  std::string key = ResponseCache::key(path, params);
  if (auto kept = cache_.find(key)) return kept;
  const std::uint64_t generation = cache_.generation();  // before the database is read
  auto fresh = std::make_shared<const Response>(get(path, params));
  if (fresh->status == 200) cache_.put(std::move(key), fresh, generation);
  return fresh;
}

Response Api::get(std::string_view path, const ParameterMap& params) const {
  try {
    return route(path, params);
  } catch (const BadParameter& e) {
    return error_response(400, e.what(), e.parameter);
  } catch (const indexer::OverridesError& e) {
    return error_response(400, e.what(), overrides_parameter(params));
  } catch (const indexer::GameLookupError& e) {
    return error_response(404, e.what());
  } catch (const db::Error& e) {
    return error_response(500, std::string("database error: ") + e.what());
  } catch (const std::exception& e) {
    return error_response(500, std::string("internal error: ") + e.what());
  }
}

Response Api::route(std::string_view path, const ParameterMap& params) const {
  if (path == "/api/explorer") return explorer(params);
  if (path == "/api/positions") return positions(params);
  if (path == "/api/games") return games(params);
  if (path == "/api/board.svg") return board(params);
  if (path == "/api/moves") return moves(params);
  if (path == "/api/info") return info(params);
  if (path == "/api/search") return search(params);
  if (path == "/api/event") return event(params);
  if (path == "/api/player") return player(params);
  constexpr std::string_view games_prefix = "/api/games/", stats_prefix = "/api/stats/";
  if (path.starts_with(games_prefix) && path.ends_with(kNoveltySuffix)) {
    const std::string_view id = path.substr(games_prefix.size());
    const std::optional<std::string> body = novelty_answer(
        db_, ranks_.get().get(), id.substr(0, id.size() - kNoveltySuffix.size()), params, limits_);
    return body ? Response{200, "application/json", *body} : error_response(404, "not found");
  }
  if (path.starts_with(games_prefix) && path.ends_with(kEvaluationsSuffix)) {
    const std::string_view id = path.substr(games_prefix.size());
    const std::optional<std::string> body =
        evaluations_answer(db_, id.substr(0, id.size() - kEvaluationsSuffix.size()), params, limits_);
    return body ? Response{200, "application/json", *body} : error_response(404, "no such game");
  }
  if (path.starts_with(games_prefix)) return game(path.substr(games_prefix.size()), params);
  if (path.starts_with(stats_prefix)) return statistics(path.substr(stats_prefix.size()), params);
  if (!path.starts_with("/api/"))
    if (const StaticFile* file = find_static_file(path))  // the page's parameters are its own
      return {200, std::string(file->content_type), std::string(file->body)};
  return error_response(404, "not found");
}

Response Api::explorer(const ParameterMap& params) const {
  const Parameters p(params, {"fen", "play", "mirror", "moves", "games", "top", "legal"}, true,
                     limits_);
  const rules::Position pos = p.position();
  const bool mirror = p.flag("mirror");
  const std::size_t max_moves = p.limit("moves", 0);
  const std::size_t recent = p.limit("games", 4);  // as lichess's recentGames
  const std::size_t top = p.limit("top", 4);       // as lichess's topGames
  const indexer::GameFilter filter = p.filter(names_);
  const auto ranks = ranks_.get();
  const indexer::OpeningAnswer answer =
      indexer::query_opening(db_, pos, filter, mirror, true, ranks.get());
  indexer::PositionQuery q;
  q.limit = recent;
  q.mirror = mirror;
  q.ranks = ranks.get();
  const indexer::PositionAnswer games = indexer::query_position(db_, pos, filter, q);
  const std::vector<indexer::GameRow> best = indexer::top_games(db_, pos, filter, top, ranks.get());
  return json_response(
      json::explorer_json(pos, {answer, games, best}, mirror, max_moves, p.flag("legal")));
}

Response Api::positions(const ParameterMap& params) const {
  const Parameters p(params, {"fen", "play", "mirror", "limit", "offset"}, true, limits_);
  const rules::Position pos = p.position();
  indexer::PositionQuery q;
  q.mirror = p.flag("mirror");
  q.limit = p.limit("limit", 50);
  q.offset = p.offset();
  const auto ranks = ranks_.get();
  q.ranks = ranks.get();
  const indexer::PositionAnswer a = indexer::query_position(db_, pos, p.filter(names_), q);
  return json_response(json::position_answer_json(pos, a, q.mirror));
}

Response Api::games(const ParameterMap& params) const {
  const Parameters p(params, {"limit", "offset"}, true, limits_);
  const std::size_t limit = p.limit("limit", 50), offset = p.offset();
  return json_response(json::game_listing_json(
      indexer::list_games(db_, p.filter(names_), limit, offset), offset));
}

Response Api::game(std::string_view id_text, const ParameterMap& params) const {
  const Parameters p(params, {}, false, limits_);
  const bool pdn = id_text.ends_with(".pdn");
  if (pdn) id_text.remove_suffix(4);
  if (id_text.empty() || id_text.size() > 10 ||
      id_text.find_first_not_of("0123456789") != std::string_view::npos)
    return error_response(404, "not found");
  const db::GameId id = indexer::parse_game_id(std::string(id_text));
  if (pdn) {
    const std::optional<db::GameRecord> record = db_.game(id);
    if (!record) return error_response(404, "no game " + std::to_string(id.value));
    bool copied = false;
    return {200, "text/plain; charset=utf-8", indexer::canonical_game_text(*record, copied)};
  }
  indexer::GameDetails details = indexer::game_details(indexer::view_game(db_, id));
  for (db::GameSource& source : details.view.record.sources) source.path = file_name(source.path);
  return json_response(json::game_details_json(details));
}

Response Api::board(const ParameterMap& params) const {
  const Parameters p(params, {"fen", "play", "numbers", "size"}, false, limits_);
  rules::SvgOptions svg;
  svg.numbers = p.flag("numbers");
  svg.square_size = static_cast<int>(p.count("size", 40, 100));
  if (svg.square_size < 8) throw BadParameter("size", "expected a whole number from 8 to 100");
  return {200, "image/svg+xml", rules::svg_diagram(p.position(), svg)};
}

Response Api::moves(const ParameterMap& params) const {
  const Parameters p(params, {"fen", "play"}, false, limits_);
  return json_response(json::legal_moves_json(p.position()));
}

Response Api::statistics(std::string_view report, const ParameterMap& params) const {
  if (report == "players") {
    const Parameters p(params, {"top"}, true, limits_);
    const std::size_t top = p.count("top", 20, 100'000);
    return json_response(json::players_json(indexer::player_statistics(db_, p.filter(names_), top)));
  }
  if (report == "events") {
    const Parameters p(params, {}, true, limits_);
    return json_response(json::events_json(indexer::event_statistics(db_, p.filter(names_))));
  }
  if (report == "results") {
    const Parameters p(params, {"longest"}, true, limits_);
    const std::size_t longest = p.limit("longest", 5);
    return json_response(json::results_json(indexer::result_statistics(db_, p.filter(names_), longest)));
  }
  if (report == "openings") {
    const Parameters p(params, {"plies", "top"}, true, limits_);
    const std::size_t plies = p.count("plies", 6, 200), top = p.count("top", 20, 100'000);
    if (plies < 1) throw BadParameter("plies", "expected a whole number from 1 to 200");
    return json_response(
        json::openings_json(indexer::opening_statistics(db_, p.filter(names_), plies, top)));
  }
  return error_response(404, "not found");
}

/// The table of the event `name` names: 404 when it names none, 400 naming the parameter and
/// listing the events ("candidates": their spellings) when it names several.
Response Api::event(const ParameterMap& params) const {
  const Parameters p(params, {"name"}, false, limits_);
  if (p.text("name").find_first_not_of(" \t") == std::string::npos)
    throw BadParameter("name", "expected an event's name (or a part of it)");
  try {
    return json_response(
        json::event_table_json(indexer::event_table(db_, names_.get(), p.text("name"))));
  } catch (const indexer::EventLookupError& e) {
    if (e.candidates.empty()) return error_response(404, e.what());
    nlohmann::json error = json::error_json(e.what(), "name");
    error["candidates"] = e.candidates;
    return {400, "application/json", json::to_text(error)};
  }
}

Response Api::info(const ParameterMap& params) const {
  const Parameters p(params, {}, false, limits_);
  indexer::DatabaseSummary summary = indexer::summarize_database(db_);
  summary.folder = file_name(summary.folder);
  return json_response(json::database_info_json(summary));
}

Response Api::search(const ParameterMap& params) const {
  const Parameters p(params, {"q", "limit", "offset", "count"}, true, limits_);
  if (p.text("q").empty()) throw BadParameter("q", "expected a search query");
  indexer::SearchSpec spec;
  try {
    spec = indexer::parse_search(p.text("q"));
  } catch (const indexer::PatternError& e) {
    throw BadParameter("q", std::string("bad search query: ") + e.what());
  }
  indexer::override_filters(spec, p.filter_spec());  // parameters replace the query's filters
  indexer::SearchOptions options;
  options.limit = p.limit("limit", 50);
  options.offset = p.offset();
  options.count_only = p.flag("count");
  std::optional<indexer::GameFilter> filter;
  try {
    filter.emplace(spec.filter);  // the parameters are valid: a bad filter is one of q's
  } catch (const indexer::FilterError& e) {
    throw BadParameter("q", std::string("bad search query: ") + e.what());
  }
  if (filter->names_criteria()) filter->resolve_names(names_.get());
  const indexer::SearchAnswer a = indexer::search_games(db_, spec.query, *filter, options);
  return json_response(json::search_answer_json(a, options.count_only));
}

}  // namespace damdb::server
