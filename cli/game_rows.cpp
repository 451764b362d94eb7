#include "cli/game_rows.hpp"

namespace damdb::cli {

Table game_row_table() {
  Table table;
  table.column("id", Table::Align::Right)
      .column("white", Table::Align::Left, kTagColumnWidth)
      .column("black", Table::Align::Left, kTagColumnWidth)
      .column("event", Table::Align::Left, kTagColumnWidth)
      .column("date")
      .column("round", Table::Align::Left, kTagColumnWidth)
      .column("result");
  return table;
}

std::vector<std::string> game_row_cells(const indexer::GameRow& r) {
  return {std::to_string(r.id.value), r.white, r.black, r.event, r.date, r.round,
          indexer::result_text(r.result)};
}

}  // namespace damdb::cli
