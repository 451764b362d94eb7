// `damdb query position|opening (--fen FEN | --moves "32-28 18-23 ...") [filters] [--mirror]
// [--json] [--db DIR]`: which games reached a position; which moves were played there and how
// they scored (an opening explorer).
#include "indexer/explorer/query.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "cli/text_width.hpp"
#include "indexer/explorer/stored_answers.hpp"
#include "json/query.hpp"
#include "rules/fen.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb query position` and `damdb query opening`.
struct QueryOptions {
  std::string fen;
  std::string moves;
  std::string db;
  indexer::FilterSpec filter;
  bool mirror = false;
  bool json = false;
  std::size_t limit = 50;
  std::size_t offset = 0;
};

void add_position_options(CLI::App* cmd, QueryOptions& o) {
  cmd->add_option("--fen", o.fen, "The position as PDN FEN");
  cmd->add_option("--moves", o.moves, "The position after these moves from the initial position")
      ->excludes(cmd->get_option("--fen"));
  cmd->add_flag("--mirror", o.mirror,
                "Also the colour-reversed position (square n <-> 51-n, colours swapped)");
  cmd->add_flag("--json", o.json, "Print JSON");
  add_database_option(cmd, o.db);
  add_filter_options(cmd, o.filter);
}

rules::Position position_of(const QueryOptions& o) {
  if (!o.fen.empty()) return rules::parse_fen(o.fen);
  if (!o.moves.empty()) return indexer::position_after(o.moves);
  return rules::Position::initial();
}

void print_rows(const std::vector<indexer::GameRow>& rows) {
  if (rows.empty()) return;
  Table table = game_row_table();
  table.column("ply", Table::Align::Right);
  for (const auto& r : rows) {
    std::vector<std::string> cells = game_row_cells(r);
    cells.push_back(std::to_string(r.ply));
    table.row(std::move(cells));
  }
  table.print(std::cout);
}

/// `damdb query position`.
void run_position(const QueryOptions& o) {
  const rules::Position pos = position_of(o);
  indexer::GameFilter filter(o.filter);
  const db::Database db = open_for_reading(o.db, filter.empty());
  filter.resolve_names(db);
  indexer::PositionQuery q;
  q.limit = o.limit;
  q.offset = o.offset;
  q.mirror = o.mirror;
  const indexer::StoredAnswers stored = indexer::stored_answers(db, filter);
  q.ranks = stored.ranks.get();
  q.popular = stored.popular.get();
  const indexer::PositionAnswer a = indexer::query_position(db, pos, filter, q);
  if (o.json) {
    print_json(std::cout, json::position_answer_json(pos, a, o.mirror));
    return;
  }
  std::printf("position %s: %llu game(s)\n", rules::to_fen(pos).c_str(),
              static_cast<unsigned long long>(a.games));
  print_rows(a.rows);
  if (o.limit > 0 && a.games > o.offset + a.rows.size())
    std::printf("  ... %llu more (use --offset %zu)\n",
                static_cast<unsigned long long>(a.games - o.offset - a.rows.size()),
                o.offset + a.rows.size());
  if (o.mirror) {
    std::printf("colour-reversed position %s: %llu game(s); combined %llu\n",
                rules::to_fen(pos.mirrored()).c_str(),
                static_cast<unsigned long long>(a.mirrored_games),
                static_cast<unsigned long long>(a.games + a.mirrored_games));
    print_rows(a.mirrored_rows);
  }
}

/// The eval column of a move (9 characters): "+0.35 " with the engine's score from White's side,
/// "+win" / "-win" for a win score, blank when none is stored.
std::string eval_cell(const std::optional<db::PositionEvaluation>& e) {
  char cell[32] = "";
  if (e && e->win) std::snprintf(cell, sizeof cell, "%7s  ", e->white_score() > 0 ? "+win" : "-win");
  else if (e) std::snprintf(cell, sizeof cell, "%+7.2f  ", e->white_score());
  else std::snprintf(cell, sizeof cell, "%7s  ", "");
  return cell;
}

/// `damdb query opening`.
void run_opening(const QueryOptions& o) {
  const rules::Position pos = position_of(o);
  indexer::GameFilter filter(o.filter);
  const db::Database db = open_for_reading(o.db, filter.empty(), true);
  filter.resolve_names(db);
  const indexer::StoredAnswers stored = indexer::stored_answers(db, filter);
  const indexer::OpeningAnswer a = indexer::query_opening(
      db, pos, filter, o.mirror, true, stored.ranks.get(), stored.popular.get());
  const rules::Color side = pos.side_to_move();
  if (o.json) {
    print_json(std::cout, json::opening_answer_json(pos, a, o.mirror));
    return;
  }
  std::printf("opening explorer at %s (%s to move): %llu game(s)", rules::to_fen(pos).c_str(),
              side == rules::Color::White ? "White" : "Black",
              static_cast<unsigned long long>(a.games));
  if (o.mirror)
    std::printf(", %llu of them colour-reversed",
                static_cast<unsigned long long>(a.mirrored_games));
  if (a.ended_here) std::printf(", %llu ended here", static_cast<unsigned long long>(a.ended_here));
  std::printf("\n");
  if (a.moves.empty()) return;
  // white/draw/black: shares of the games with a known result; '*': games without one.
  // score: the side to move's score (win 2, draw 1 point) over the games with a known result.
  // eval: the stored engine evaluation after the move (White's view), a column only when one is.
  const bool evals = std::any_of(a.moves.begin(), a.moves.end(), [](const auto& m) { return m.evaluation.has_value(); });
  std::printf("  %-12s %6s %6s  %6s %6s %6s %5s  %6s  %s%s\n", "move", "games", "share", "white",
              "draw", "black", "*", "score", evals ? "   eval  " : "", "most recent game");
  for (const auto& m : a.moves) {
    const db::ResultCounts& c = m.counts;
    const double known = static_cast<double>(c.decided());
    auto pct = [&](std::uint64_t n) {
      return known > 0 ? 100.0 * static_cast<double>(n) / known : 0.0;
    };
    std::string recent;
    if (m.recent) {
      recent = fit_width(m.recent->white, kTagColumnWidth) + " - " +
               fit_width(m.recent->black, kTagColumnWidth) + " " +
               indexer::result_text(m.recent->result) + " (";
      for (const std::string* part : {&m.recent->event, &m.recent->date})
        if (!part->empty() && *part != "?")
          recent += fit_width(*part, kTagColumnWidth) + ", ";
      recent += "#" + std::to_string(m.recent->id.value) + ")";
    }
    char score[16] = "     -";
    if (known > 0) std::snprintf(score, sizeof score, "%5.1f%%", m.score(side));
    std::printf("  %-12s %6llu %5.1f%%  %5.1f%% %5.1f%% %5.1f%% %5llu  %6s  %s%s\n",
                m.notation.c_str(), static_cast<unsigned long long>(c.games()),
                a.games ? 100.0 * static_cast<double>(c.games()) / static_cast<double>(a.games) : 0.0,
                pct(c.white_wins), pct(c.draws), pct(c.black_wins),
                static_cast<unsigned long long>(c.unknown), score,
                evals ? eval_cell(m.evaluation).c_str() : "", recent.c_str());
  }
}

void setup_query(CLI::App& app, int& exit_code) {
  auto* query = app.add_subcommand("query", "Query the position index");
  query->require_subcommand(1);

  auto position_opts = std::make_shared<QueryOptions>();
  auto* position = query->add_subcommand("position", "Games that reached a position");
  add_position_options(position, *position_opts);
  position->add_option("--limit", position_opts->limit, "Games to list (default 50)")
      ->check(kCount);
  position->add_option("--offset", position_opts->offset, "Games to skip (default 0)")
      ->check(kCount);
  position->callback([position_opts, &exit_code] {
    run_position(*position_opts);
    exit_code = kOk;
  });

  auto opening_opts = std::make_shared<QueryOptions>();
  auto* opening = query->add_subcommand("opening", "Moves played from a position, with scores");
  add_position_options(opening, *opening_opts);
  opening->callback([opening_opts, &exit_code] {
    run_opening(*opening_opts);
    exit_code = kOk;
  });
}

const Registration registration{"query", setup_query};

}  // namespace
}  // namespace damdb::cli
