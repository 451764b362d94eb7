// Spellings of one event: "TOURNOI DES CHAMPIONS REGIONAUX" and "TOURNOI DES CHZMPIONS
// REGIONAUX", "1er Open International Allinges 2007" and "1er Open International d'Allinges",
// grouped when the names are close (events_cluster), the dates overlap and a player is shared,
// as `stats events` and `--event` see them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace damdb::indexer {

/// One event name as folded (fold_text), with what its games say about it.
struct EventSummary {
  std::string folded;                  ///< fold_text of the Event tag ("" for none)
  std::string first_date, last_date;   ///< game_date texts of its games ("" when none known)
  std::vector<std::uint32_t> players;  ///< player identities (PlayerKeys), any order
};

/// Why two event names were grouped.
struct EventLink {
  std::size_t a = 0, b = 0;  ///< indexes of the two summaries
  std::string evidence;      ///< e.g. "names close, dates overlap, 4 players in common"
};

/// For each summary, the index of the first summary of its group (itself when alone). Two
/// names are one event when: neither is empty; their names cluster (events_cluster: equal
/// cores, a small edit distance, or whole words added at an end); the years written in the
/// names do not differ; their date ranges overlap or touch within 2 days (when both have a
/// known date); and at least one player played in both (two when one name is the other
/// with whole words added: "NLD-chT Ereklasse" and "NLD-chT Ereklasse - Hoofdklasse" are two
/// leagues that share a player or so). Groups are the connected names; the
/// pairs linked are appended to `links` when given. Names are compared only between events
/// that share a player and whose dates may meet (the months from first to last date, one more
/// each side, and day and month exchanged; an event without a known date meets all), so the
/// work grows with the events of each player in a few months, not with all pairs of a player's
/// events (thousands of games of one player at thousands of events).
std::vector<std::size_t> cluster_events(const std::vector<EventSummary>& events,
                                        std::vector<EventLink>* links = nullptr);

}  // namespace damdb::indexer
