// `damdb duplicates [filters] [--limit N] [--json] [--apply CLASS...] [--undo ID|all]
// [--db DIR]`: the near-duplicate clusters of the stored games that pass the filters (see
// indexer/duplicates/duplicates.hpp): per class the clusters and games, then each cluster with its members
// (primary first) and the evidence linking them. --apply marks the clusters of the classes
// given, --undo removes marks (indexer/duplicates/duplicate_marks.hpp).
#include <iostream>
#include <optional>

#include "cli/command.hpp"
#include "cli/database_option.hpp"
#include "cli/filter_options.hpp"
#include "cli/game_rows.hpp"
#include "cli/table.hpp"
#include "indexer/duplicates/duplicate_listing.hpp"
#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/duplicates/duplicates.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/text/game_date.hpp"
#include "json/duplicates.hpp"

namespace damdb::cli {
namespace {

struct DuplicatesOptions {
  std::string db;
  indexer::FilterSpec filter;
  std::size_t limit = 100;
  bool json = false;
  std::vector<std::string> apply;
  std::string undo;
};

/// The classes named by --apply; InputError for an unknown or flag-only class.
std::vector<indexer::DuplicateClass> applied_classes(const std::vector<std::string>& names) {
  std::vector<indexer::DuplicateClass> out;
  for (const std::string& name : names) {
    const auto c = indexer::parse_duplicate_class(name);
    if (!c) throw InputError("unknown class '" + name + "': use prefix or tag-variant");
    if (!indexer::duplicate_class_applicable(*c))
      throw InputError(name + " is only flagged: --apply takes prefix and tag-variant");
    out.push_back(*c);
  }
  return out;
}

/// --undo ID|all.
void run_undo(const DuplicatesOptions& opts) {
  std::optional<db::GameId> primary;
  if (opts.undo != "all") {
    if (opts.undo.empty() || opts.undo.find_first_not_of("0123456789") != std::string::npos ||
        opts.undo.size() > 9)
      throw InputError("--undo takes the primary's game id or 'all', not '" + opts.undo + "'");
    primary = db::GameId{static_cast<std::uint32_t>(std::stoul(opts.undo))};
  }
  db::Database database = db::Database::open(database_folder(opts.db));
  const std::size_t removed = indexer::undo_duplicates(database, primary);
  if (primary && removed == 0)
    throw InputError("no marked cluster has primary #" + opts.undo);
  if (opts.json)
    print_json(std::cout, json::marks_removed_json(removed));
  else
    std::cout << removed << (removed == 1 ? " mark" : " marks") << " removed\n";
}

/// --apply CLASS...: marks the clusters found, prints how many.
void run_apply(const DuplicatesOptions& opts, indexer::GameFilter& filter) {
  const auto classes = applied_classes(opts.apply);
  db::Database database = db::Database::open(database_folder(opts.db));
  filter.resolve_names(database);
  const indexer::DuplicateReport report = indexer::find_duplicates(database, filter);
  const auto marks = indexer::apply_duplicates(database, report, classes);
  if (opts.json) {
    print_json(std::cout, json::duplicate_marks_json(marks));
  } else {
    std::cout << marks.size() << " clusters marked, " << indexer::marked_members(marks)
              << " members counted through their primary (undo: --undo ID or --undo all)\n";
  }
}

void print_summary(const indexer::DuplicateReport& r) {
  std::cout << r.games << " games, " << r.candidates
            << " sharing their players with another game, " << r.replayed << " replayed\n";
  Table table;
  table.column("class").column("clusters", Table::Align::Right).column("games", Table::Align::Right);
  for (std::size_t c = 0; c < indexer::kDuplicateClasses; ++c)
    table.row({std::string(indexer::duplicate_class_name(static_cast<indexer::DuplicateClass>(c))),
               std::to_string(r.clusters_by_class[c]), std::to_string(r.games_by_class[c])});
  table.print(std::cout);
}

void print_cluster(const indexer::DuplicateCluster& c, std::size_t number,
                   const std::vector<indexer::ClusterMember>& members) {
  std::cout << "\ncluster " << number << ": " << indexer::duplicate_class_name(c.kind)
            << ", primary #" << c.members.front().value << '\n';
  Table table = game_row_table();
  table.column("plies", Table::Align::Right).column("status");
  for (const indexer::ClusterMember& m : members) {
    if (!m.header) continue;  // removed since the clusters were computed
    indexer::GameRow row = indexer::game_row(m.id, *m.header);
    row.date = m.date.empty() ? "?" : m.date;
    std::vector<std::string> cells = game_row_cells(row);
    cells.push_back(std::to_string(m.header->plies));
    cells.push_back(indexer::status_text(m.header->status));
    table.row(std::move(cells));
  }
  table.print(std::cout);
  for (const indexer::DuplicateLink& l : c.links) std::cout << "  " << l.evidence << '\n';
}

/// `damdb duplicates`: --undo, --apply, or the listing of the clusters.
void run_duplicates(const DuplicatesOptions& opts) {
  indexer::GameFilter filter(opts.filter);  // a bad filter is reported first, whatever the mode
  if (!opts.undo.empty()) return run_undo(opts);
  if (!opts.apply.empty()) return run_apply(opts, filter);
  const db::Database database = open_for_reading(opts.db);
  filter.resolve_names(database);
  const indexer::DuplicateReport report = indexer::find_duplicates(database, filter);
  const auto members = indexer::cluster_members(database, report, opts.limit);
  if (opts.json) return print_json(std::cout, json::duplicates_json(report, members));
  print_summary(report);
  for (std::size_t i = 0; i < members.size(); ++i)
    print_cluster(report.clusters[i], i + 1, members[i]);
  if (members.size() < report.clusters.size())
    std::cout << "\n(" << report.clusters.size() - members.size()
              << " more clusters: use --limit 0)\n";
}

void setup_duplicates(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<DuplicatesOptions>();
  auto* cmd = app.add_subcommand(
      "duplicates",
      "Find near-duplicate games (prefix/broadcast, tag variant, colours swapped, move-order "
      "variant, small edit) among the games passing the filters");
  add_database_option(cmd, opts->db);
  add_filter_options(cmd, opts->filter);
  cmd->add_option("--limit", opts->limit, "Clusters to list (default 100; 0 = all)")->check(kCount);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  auto* apply_option =
      cmd->add_option("--apply", opts->apply,
                      "Mark the clusters of these classes (prefix, tag-variant): one primary "
                      "counted, the members kept");
  cmd->add_option("--undo", opts->undo, "Remove the mark of this primary id, or 'all'")
      ->excludes(apply_option);
  cmd->callback([opts, &exit_code] {
    run_duplicates(*opts);
    exit_code = kOk;
  });
}

const Registration registration{"duplicates", setup_duplicates};

}  // namespace
}  // namespace damdb::cli
