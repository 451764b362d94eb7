// The counts of a validation by severity and kind, as the summaries of validate, import and
// clean print them.
#pragma once

#include <cstdio>
#include <string>

#include "pdn/validate.hpp"

namespace damdb::cli {

/// Prints up to three lines, each starting with `indent`: "errors: illegal move 3, bad FEN 1",
/// "warnings: export line-end text 268, missing terminator 9", "notes: date 700, ..." (games
/// per kind, most frequent first); a severity without any is left out.
void print_kind_counts(const pdn::ValidationSummary& summary, const char* indent);

/// Prints each file's line (pdn::FileSummary::to_string) to `out`, and to standard error a
/// message for each file that holds more than white space but no game; returns how many such
/// files there are (an error: the caller exits 2).
std::size_t print_file_lines(const pdn::ValidationSummary& summary, std::FILE* out);

}  // namespace damdb::cli
