#include "cli/player_html.hpp"

#include <sstream>
#include <vector>

#include "cli/html_page.hpp"
#include "cli/table.hpp"

namespace damdb::cli {
namespace {


std::string score_text(const db::SideResults& t) {
  return t.decided() > 0 ? fixed(indexer::score_percent(t)) + "%" : "-";
}

/// A row of cells, each escaped.
void row(std::ostringstream& out, const std::vector<std::string>& cells, const char* tag = "td") {
  out << "<tr>";
  for (const std::string& c : cells) out << '<' << tag << '>' << html_escape(c) << "</" << tag << '>';
  out << "</tr>\n";
}

std::vector<std::string> tally_cells(const db::SideResults& t) {
  return {std::to_string(t.games()), std::to_string(t.wins), std::to_string(t.draws),
          std::to_string(t.losses), std::to_string(t.unknown), std::to_string(indexer::result_points(t)),
          score_text(t)};
}

/// One line of a tally table: its first cells, the tally, its last cells.
struct TallyRow {
  std::vector<std::string> first;
  db::SideResults tally;
  std::vector<std::string> last;
};

void tally_table(std::ostringstream& out, const std::string& title,
                 const std::vector<std::string>& first, const std::vector<TallyRow>& rows,
                 const std::vector<std::string>& last = {}) {
  out << "<h2>" << html_escape(title) << "</h2>\n<table>\n";
  std::vector<std::string> head = first;
  for (const char* h : {"games", "wins", "draws", "losses", "no result", "points", "score"})
    head.push_back(h);
  head.insert(head.end(), last.begin(), last.end());
  row(out, head, "th");
  for (const TallyRow& r : rows) {
    std::vector<std::string> cells = r.first;
    for (std::string& c : tally_cells(r.tally)) cells.push_back(std::move(c));
    cells.insert(cells.end(), r.last.begin(), r.last.end());
    row(out, cells);
  }
  out << "</table>\n";
}

void opening_list(std::ostringstream& out, const indexer::OpeningNode& n) {
  if (n.children.empty()) return;
  out << "<ul>\n";
  for (const indexer::OpeningNode& c : n.children) {
    out << "<li><b>" << html_escape(c.move) << "</b> " << c.tally.games() << " games, +"
        << c.tally.wins << " =" << c.tally.draws << " -" << c.tally.losses << ", score "
        << html_escape(score_text(c.tally));
    opening_list(out, c);
    out << "</li>\n";
  }
  out << "</ul>\n";
}

void games_table(std::ostringstream& out, const std::string& title,
                 const std::vector<indexer::GameRow>& games) {
  out << "<h2>" << html_escape(title) << "</h2>\n<table>\n";
  row(out, {"game", "plies", "white", "black", "event", "date", "result"}, "th");
  for (const indexer::GameRow& g : games)
    row(out, {std::to_string(g.id.value), std::to_string(g.ply), g.white, g.black, g.event, g.date,
              indexer::result_text(g.result)});
  out << "</table>\n";
}

}  // namespace

std::string player_record_html(const indexer::PlayerRecord& r) {
  std::ostringstream out;
  out << "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
      << html_escape(r.name) << " - damdb player record</title>\n<style>body{font-family:"
      << "sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1em}td,th{border:"
      << "1px solid #ccc;padding:2px 6px}td{text-align:right}td:first-child{text-align:left}"
      << "</style>\n</head>\n<body>\n<h1>" << html_escape(r.name) << "</h1>\n<p>"
      << html_escape(r.first_date.empty() ? "no dated game"
                                           : r.first_date + " to " + r.last_date)
      << ". Points: win 2, draw 1, loss 0; score: points in percent of the maximum over the "
         "games with a result.</p>\n";
  tally_table(out, "Score", {""},
              {{{"overall"}, r.total, {}}, {{"as White"}, r.as_white, {}}, {{"as Black"}, r.as_black, {}}});
  std::vector<TallyRow> rows;
  for (const indexer::YearRecord& y : r.by_year) rows.push_back({{y.year}, y.tally, {}});
  tally_table(out, "By year", {"year"}, rows);
  rows.clear();
  for (const indexer::OpponentRecord& o : r.opponents) rows.push_back({{o.name}, o.total, {}});
  tally_table(out, "Head to head", {"opponent"}, rows);
  rows.clear();
  for (const indexer::EventRecord& e : r.events)
    rows.push_back({{e.name, e.first_date},
                    e.tally,
                    {e.place.empty() ? "-" : e.place + " of " + std::to_string(e.players)}});
  tally_table(out, "By event", {"event", "first date"}, rows, {"place"});
  out << "<h2>Repertoire: the first two moves as White</h2>\n";
  opening_list(out, r.as_white_openings);
  out << "<h2>Repertoire: the first two moves as Black</h2>\n";
  opening_list(out, r.as_black_openings);
  games_table(out, "Longest games", r.longest);
  games_table(out, "Shortest games", r.shortest);
  out << "<h2>Spellings merged into this player</h2>\n<ul>\n";
  for (const auto& [name, games] : r.spellings)
    out << "<li>" << html_escape(name) << " (" << games << " games)</li>\n";
  out << "</ul>\n</body>\n</html>\n";
  return out.str();
}

}  // namespace damdb::cli
