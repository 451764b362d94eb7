#include "pdn/validate.hpp"

#include <algorithm>
#include <utility>

namespace damdb::pdn {

void ValidationSummary::add(const Replay& replay) {
  ++games;
  plies += static_cast<std::uint64_t>(replay.plies);
  switch (replay.status) {
    case ReplayStatus::Valid:
      ++valid;
      break;
    case ReplayStatus::Warnings:
      ++with_warnings;
      break;
    case ReplayStatus::Invalid:
      ++invalid;
      break;
    case ReplayStatus::Skipped:
      ++skipped;
      break;
  }
  // A game counts once per kind (errors may repeat; warnings and notes are merged already).
  std::uint64_t seen = 0;
  auto count = [&](const std::vector<ReplayIssue>& issues) {
    for (const ReplayIssue& i : issues) {
      const std::uint64_t bit = kind_bit(i.kind);
      if ((seen & bit) == 0) ++kinds[i.kind];
      seen |= bit;
    }
  };
  count(replay.errors);
  count(replay.warnings);
  count(replay.notes);
}

void ValidationSummary::add_file(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics) {
    ++kinds[d.kind];
    outside_games.push_back(d);
    if (!per_file.empty()) {
      per_file.back().outside_games += d.count;
      per_file.back().non_blank = true;
    }
  }
}

void ValidationSummary::begin_file(const std::string& path) {
  per_file.emplace_back().file = path;
}

void ValidationSummary::add_game(const Game& game, const Replay& replay) {
  if (per_file.empty()) begin_file(game.source);
  FileSummary& f = per_file.back();
  ++f.games;
  f.non_blank = true;
  ++f.encodings[game.encoding];
  const bool moves = replay.plies > 0 ||
                     std::any_of(game.moves.begin(), game.moves.end(),
                                 [](const Element& e) { return e.kind == ElementKind::Move; });
  const bool players = game.tag("White") != nullptr || game.tag("Black") != nullptr;
  const bool cut = f.games > 1 && ((f.last_moves && !f.last_players && players && !moves) ||
                                   (!f.last_moves && f.last_players && moves && !players));
  if (cut)
    f.mis_cuts.push_back("games " + std::to_string(f.games - 1) + " (line " +
                         std::to_string(f.last_line) + ") and " + std::to_string(f.games) +
                         " (line " + std::to_string(game.first_line) +
                         "): one holds moves without players, the other players without moves: "
                         "likely one game cut in two");
  f.last_moves = moves;
  f.last_players = players;
  f.last_line = game.first_line;
}

std::string FileSummary::to_string() const {
  std::string out = file + ": " + std::to_string(games) + (games == 1 ? " game" : " games");
  std::string list;
  for (const auto& [encoding, n] : encodings) {
    if (!list.empty()) list += ", ";
    list += pdn::to_string(encoding);
    if (encodings.size() > 1) list += "=" + std::to_string(n);
  }
  if (!list.empty()) out += ", " + list;
  out += "; " + std::to_string(outside_games) + " passage(s) of text outside games, " +
         std::to_string(mis_cuts.size()) + " likely mis-cut(s)";
  for (const std::string& m : mis_cuts) out += "\n  warning: " + m;
  return out;
}

std::string ValidationSummary::by_kind(Severity severity) const {
  std::vector<std::pair<IssueKind, std::size_t>> list;
  for (const auto& [kind, n] : kinds)
    if (severity_of(kind) == severity) list.emplace_back(kind, n);
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (const auto& [kind, n] : list) {
    if (!out.empty()) out += ", ";
    out += std::string(label(kind)) + " " + std::to_string(n);
  }
  return out;
}

}  // namespace damdb::pdn
