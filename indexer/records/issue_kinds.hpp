// The kinds of issue a game's replay reported, as stored (a 64-bit mask over the numeric values
// of pdn::IssueKind, see db::GameRecord::issue_kinds and db::Counts::with_kind), named for
// `info`, `show` and the summaries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/meta.hpp"

namespace damdb::indexer {

/// The JSON name of issue kind `kind` (pdn::to_string: "capture_required", ...); a value this
/// build does not know (a database written by a newer damdb) is "kind_N".
std::string issue_kind_name(unsigned kind);

/// The names of the kinds set in `mask`, in kind order.
std::vector<std::string> issue_kind_names(std::uint64_t mask);

/// True for the kinds of a move that cannot be played (an illegal, ambiguous or unreadable
/// move square, no piece, wrong side, capture rules: FMJD art. 3-4), not for syntax or FEN
/// errors.
bool is_move_error(unsigned kind);

/// True for the kinds that make a game invalid (pdn::is_error).
bool is_error_kind(unsigned kind);

/// Invalid games whose first error is a move error (Counts::first_error summed over the
/// move-error kinds): one kind per invalid game, so never more than Counts::invalid (Counts::
/// with_kind counts a game once per kind, and a game can report two move-error kinds, such as
/// bad_square and wrong_side).
std::uint64_t games_with_move_error(const db::Counts& counts);

}  // namespace damdb::indexer
