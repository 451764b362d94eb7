#include "cli/event_html.hpp"

#include "cli/html_page.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::cli {
namespace {

std::string ids_text(const std::vector<db::GameId>& ids) {
  std::string out;
  for (const db::GameId id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id.value);
  return out;
}

/// One table cell: `<td>` (or `<th>`) with the class given and the escaped text.
std::string cell(std::string_view text, std::string_view cls = "", bool header = false) {
  const std::string tag = header ? "th" : "td";
  return "<" + tag + (cls.empty() ? "" : " class=\"" + std::string(cls) + "\"") + ">" +
         html_escape(text) + "</" + tag + ">";
}

/// A cell's games: the points of the row's player, then the game id in a smaller face.
std::string games_html(const std::vector<indexer::CellGame>& games, const std::string& prefix) {
  std::string out;
  for (const indexer::CellGame& g : games) {
    if (!out.empty()) out += "<br>";
    out += html_escape(prefix) + (g.points < 0 ? "*" : std::to_string(g.points)) +
           " <span class=\"game\">#" + std::to_string(g.id.value) + "</span>";
  }
  return out;
}

std::string standings_html(const indexer::TournamentTable& t) {
  std::string out = "<h2>Standings</h2>\n<table>\n<tr>" + cell("place", "", true) +
                    cell("player", "name", true);
  for (const char* h : {"games", "W", "D", "L", "no result", "points", "SB", "resistance"})
    out += cell(h, "", true);
  out += "</tr>\n";
  for (const indexer::Standing& s : t.standings) {
    out += "<tr>" + cell(indexer::place_text(s)) + cell(t.players[s.player].name, "name");
    const db::SideResults& r = s.results;
    for (const std::uint64_t v : {s.games(), r.wins, r.draws, r.losses, r.unknown, s.points(),
                                  s.sonneborn_berger, s.resistance})
      out += cell(std::to_string(v));
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

/// Player against player, rows and columns in the order of the standings.
std::string crosstable_html(const indexer::TournamentTable& t) {
  std::string out = "<h2>Crosstable</h2>\n<p>Each cell: the row player's points against the "
                    "column player (2 win, 1 draw, 0 loss, * no result) and the game id.</p>\n"
                    "<table>\n<tr>" + cell("#", "", true) + cell("player", "name", true);
  for (std::size_t j = 0; j < t.standings.size(); ++j) out += cell(std::to_string(j + 1), "", true);
  out += "</tr>\n";
  for (std::size_t i = 0; i < t.standings.size(); ++i) {
    const std::size_t row = t.standings[i].player;
    out += "<tr>" + cell(std::to_string(i + 1)) + cell(t.players[row].name, "name");
    for (const indexer::Standing& column : t.standings)
      out += column.player == row ? "<td class=\"self\"></td>"
                                  : "<td>" + games_html(t.cells[row][column.player], "") + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

/// Round by round: the opponent's line in the standings, the colour, the points and the game.
std::string rounds_html(const indexer::TournamentTable& t) {
  std::vector<std::size_t> line(t.players.size());
  for (std::size_t i = 0; i < t.standings.size(); ++i) line[t.standings[i].player] = i + 1;
  std::string out = "<h2>Rounds</h2>\n<p>Each cell: the opponent's line in the standings, w or b "
                    "for the colour, the points and the game id; - no game.</p>\n<table>\n<tr>" +
                    cell("#", "", true) + cell("player", "name", true);
  for (const std::string& round : t.rounds) out += cell(round, "", true);
  out += "</tr>\n";
  for (std::size_t i = 0; i < t.standings.size(); ++i) {
    const std::size_t row = t.standings[i].player;
    out += "<tr>" + cell(std::to_string(i + 1)) + cell(t.players[row].name, "name");
    for (const std::vector<indexer::RoundGame>& round : indexer::games_by_round(t, row)) {
      std::string games;
      for (const auto& [o, g] : round)
        games += (games.empty() ? "" : "<br>") +
                 games_html({*g}, std::to_string(line[o]) + (g->white ? "w " : "b "));
      out += "<td>" + (games.empty() ? std::string("-") : games) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string running_html(const indexer::TournamentTable& t) {
  std::string out = "<h2>Running score</h2>\n<table>\n<tr>" + cell("game", "", true) +
                    cell("round", "", true) + cell("White", "name", true) +
                    cell("result", "", true) + cell("score", "", true) + "</tr>\n";
  for (const indexer::MatchStep& s : t.running)
    out += "<tr>" + cell("#" + std::to_string(s.id.value)) + cell(s.round) +
           cell(t.players[s.white].name, "name") + cell(indexer::result_text(s.result)) +
           cell(std::to_string(s.score_first) + "-" + std::to_string(s.score_second)) + "</tr>\n";
  return out + "</table>\n";
}

std::string checks_html(const indexer::TournamentTable& t) {
  const std::vector<std::string> lines = table_checks(t);
  std::string out = "<h2>Checks</h2>\n";
  if (lines.empty()) return out + "<p>none</p>\n";
  out += "<ul class=\"checks\">\n";
  for (const std::string& line : lines) out += "<li>" + html_escape(line) + "</li>\n";
  return out + "</ul>\n";
}

}  // namespace

std::string cell_text(const indexer::CellGame& g) {
  return (g.points < 0 ? std::string("*") : std::to_string(g.points)) + " #" +
         std::to_string(g.id.value);
}

std::vector<std::string> table_checks(const indexer::TournamentTable& t) {
  std::vector<std::string> lines;
  if (!t.without_result.empty())
    lines.push_back("games without a result (not counted): " + ids_text(t.without_result));
  if (!t.contradicted.empty())
    lines.push_back("results the final position contradicts: " + ids_text(t.contradicted));
  if (!t.result_mismatch.empty())
    lines.push_back("Result tag and movetext result disagree (the movetext's counted): " +
                    ids_text(t.result_mismatch));
  if (!t.left_out.empty())
    lines.push_back("games left out, one player on both sides (unnamed players are one): " +
                    ids_text(t.left_out));
  for (const indexer::RepeatedPair& p : t.repeated_pairs)
    lines.push_back("met more often than most pairs: " + t.players[p.a].name + " - " +
                    t.players[p.b].name + ": games " + ids_text(p.games));
  for (const indexer::MissingGame& m : t.missing)
    lines.push_back("no game in round " + m.round + ": " + t.players[m.player].name);
  for (const indexer::TablePlayer& p : t.players)
    if (p.spellings.size() > 1) {
      std::string list;
      for (const std::string& s : p.spellings) list += (list.empty() ? "\"" : ", \"") + s + "\"";
      lines.push_back("spellings merged into " + p.name + ": " + list);
    }
  return lines;
}

std::string event_table_html(const indexer::EventTableReport& r) {
  const indexer::TournamentTable& t = r.table;
  std::string names;
  for (const std::string& s : r.spellings) names += (names.empty() ? "" : " / ") + s;
  std::string body = "<h1>" + html_escape(names) + "</h1>\n<p>" + std::to_string(t.games) +
                     " games, " + std::to_string(t.players.size()) + " players, " +
                     std::to_string(t.points_total) +
                     " points. Scoring: win 2, draw 1, loss 0.</p>\n<p>Tie-break rule: " +
                     html_escape(kPlacingRule) + ".</p>\n";
  if (r.spellings.size() > 1)
    body += "<p>Event spellings merged: " + html_escape(std::to_string(r.spellings.size())) +
            ".</p>\n";
  body += standings_html(t);
  if (t.match) body += running_html(t);
  body += crosstable_html(t);
  if (!t.rounds.empty()) body += rounds_html(t);
  body += checks_html(t);
  body += "<p class=\"game\">Made by damdb from the games stored in the database.</p>\n";
  return html_page(names, body);
}

}  // namespace damdb::cli
