// The game filter options shared by the commands that select games (games, export, stats,
// query): --player --white --black --event --since --until --result --regex.
#pragma once

#include <CLI/CLI.hpp>

#include "indexer/games/game_filter.hpp"

namespace damdb::cli {

/// Adds the filter options to `cmd`, each storing into its field of `spec` (which must outlive
/// the parse): --player, --white, --black, --event (case- and accent-insensitive substrings, or
/// RE2 expressions with --regex), --since and --until (PDN dates, partial allowed, inclusive),
/// --result (2-0, 1-1, 0-2, *, white, draw, black). Build the filter with
/// indexer::GameFilter(spec) in the callback; it throws indexer::FilterError for a bad value.
void add_filter_options(CLI::App* cmd, indexer::FilterSpec& spec);

/// Adds the filters judged from the stored position evaluations (`damdb analyze --db`):
/// --blunder-by white|black|either, --missed-win, --eval-swing X (games, search, export).
/// The command opens its database with the evaluations when GameFilter::evaluation_criteria()
/// and calls GameFilter::resolve_evaluations.
void add_evaluation_filter_options(CLI::App* cmd, indexer::FilterSpec& spec);

}  // namespace damdb::cli
