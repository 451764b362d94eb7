#include "indexer/export/export.hpp"

#include <algorithm>
#include <sstream>

#include "db/header_tags.hpp"
#include "indexer/records/game_text.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/explorer/stored_answers.hpp"
#include "indexer/records/records.hpp"
#include "indexer/text/text_fold.hpp"
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "pdn/result.hpp"
#include "pdn/tag_values.hpp"
#include "pdn/writer.hpp"

namespace damdb::indexer {

namespace {

// A tagless game read after `text` to check that `text` ends its last game for the reader.
constexpr std::string_view kProbe = "\n1. 32-28 *\n";

// True when the reader, given `text` followed by a game without tags, reads that game as a
// game of its own (with two moves' worth of text intact) instead of merging it into the last
// game of `text`.
bool ends_its_last_game(const std::string& text, std::size_t games) {
  const std::vector<pdn::Game> read = pdn::read_games(text + std::string(kProbe));
  if (read.size() != games + 1) return false;
  const pdn::Game& probe = read.back();
  return probe.tags.empty() && probe.moves.size() == 3 && probe.result() != nullptr;
}

// The terminator of a stored text copied as read, so that the next exported game (which may
// have no tags) is not read as its continuation: a non-standard score left as the last token
// (`... 04x24 1-9`, read as a result only because its Result tag holds the same score) becomes
// `*` like the canonical writer writes it (the Result tag keeps the score); a game without a
// terminator gets `*`, after closing a comment or variations left open. Returns the text
// unchanged when it already ends its last game, or when no repair makes it do so.
std::string terminated(const std::string& text) {
  const std::vector<pdn::Game> games = pdn::read_games(text);
  if (games.empty()) return text;
  const pdn::Game& last = games.back();
  // A game ends with a standard terminator in what damdb writes, also where its own reader
  // would tell the next game apart (a tagless game after it starting at move 1): other
  // readers may not.
  const pdn::Element* written = last.result();
  if (written != nullptr && pdn::is_standard_result(last.text_of(*written)) &&
      ends_its_last_game(text, games.size()))
    return text;
  std::string fixed = text;
  const pdn::Element* result = last.result();
  const bool byte_offsets =
      last.encoding == pdn::Encoding::Ascii || last.encoding == pdn::Encoding::Utf8;
  if (result && byte_offsets) {
    std::string written;
    for (char c : last.text_of(*result))
      if (c != ' ' && c != '\t') written += c;
    const std::size_t at = last.byte_begin + result->text.begin;
    if (!pdn::is_standard_result(written) && at + result->text.size <= fixed.size())
      fixed.replace(at, result->text.size, "*");
  } else if (!result) {
    while (!fixed.empty() && (fixed.back() == '\n' || fixed.back() == '\r')) fixed.pop_back();
    std::string close;
    for (const pdn::Diagnostic& d : last.diagnostics) {
      if (d.kind == pdn::IssueKind::UnclosedComment) close = "}" + close;
      if (d.kind == pdn::IssueKind::UnclosedVariation)
        close += std::string(d.count, ')');
    }
    fixed += close.empty() ? " *" : " " + close + " *";
  }
  if (fixed != text && ends_its_last_game(fixed, games.size())) return fixed;
  return text;
}

pdn::TextRange append_text(pdn::Game& g, std::string_view text) {
  const pdn::TextRange r{static_cast<std::uint32_t>(g.text.size()),
                         static_cast<std::uint32_t>(text.size())};
  g.text += text;
  return r;
}

// The result as PDN 3.0 writes it for International draughts: the stored result (what the
// statistics count), or 0-0 for a game the text calls unfinished.
std::string canonical_result(const pdn::Game& g, db::GameResult stored) {
  if (stored != db::GameResult::Unknown) return result_text(stored);
  return pdn::result_text(pdn::recorded_result(g).unfinished() ? pdn::Outcome::Unfinished
                                                                : pdn::Outcome::Unknown);
}

// Gives `g` the known tag values that the stored header holds and its text lacks (taken from
// other copies of the game: db/header_tags.hpp), each named in `notes`.
void take_header_tags(pdn::Game& g, const db::TagList& header, std::vector<std::string>& notes) {
  db::TagList text;
  for (const pdn::Tag& t : g.tags) text.emplace_back(t.name, t.value);
  if (!db::fills(text, header, text)) return;
  db::TagList filled = text;
  db::fill(filled, header, text);
  for (std::size_t i = 0; i < filled.size(); ++i) {
    if (i < text.size() && filled[i].second == text[i].second) continue;
    if (i == g.tags.size()) g.tags.emplace_back().name = filled[i].first;
    g.tags[i].value = filled[i].second;
    // As the reader would have normalised it (a Date written 14/05/2003, say).
    g.tags[i].normalized = pdn::check_tag_value(filled[i].first, filled[i].second).normalized;
    notes.push_back(filled[i].first + " \"" + filled[i].second + "\" from another copy");
  }
}

// Writes the Result tag, the terminator and the Date tag of `g` in their canonical forms, with
// the tags the stored header adds; each value changed is named in a `{damdb: Result was
// "0-1"}` comment before the moves.
void canonicalise(pdn::Game& g, const db::GameRecord& game) {
  const db::GameResult stored = game.result;
  std::vector<std::string> notes;
  take_header_tags(g, game.tags, notes);
  const std::string result = canonical_result(g, stored);
  const pdn::Tag* old_tag = g.tag("Result");
  const std::string old_value = old_tag ? old_tag->value : std::string();
  if (old_tag && old_value != result) notes.push_back("Result was \"" + old_value + "\"");
  for (pdn::Tag& tag : g.tags)
    if (tag.name == "Result") {  // every copy of the tag (a game without one gets none)
      tag.value = result;
      tag.normalized.clear();
    }
  pdn::Element* end = nullptr;
  for (pdn::Element& e : g.moves)
    if (e.kind == pdn::ElementKind::Result) end = &e;
  if (end) {
    const std::string written = pdn::compact_result(g.text_of(*end));
    if (written != result && written != old_value)
      notes.push_back("terminator was \"" + written + "\"");
  } else {
    pdn::Element terminator;
    terminator.kind = pdn::ElementKind::Result;
    g.moves.push_back(terminator);
    end = &g.moves.back();
  }
  end->text = append_text(g, result);
  end->set_outcome(pdn::outcome_of(result));
  for (pdn::Tag& tag : g.tags) {
    if (tag.name != "Date") continue;
    pdn::Tag* date = &tag;
    const std::string canonical = canonical_date(*date);
    if (date->value != canonical) notes.push_back("Date was \"" + date->value + "\"");
    date->value = canonical;
    date->normalized.clear();
    break;
  }
  if (notes.empty()) return;
  std::string note = "damdb: ";
  for (std::size_t i = 0; i < notes.size(); ++i) note += (i ? ", " : "") + notes[i];
  std::replace(note.begin(), note.end(), '}', ')');  // a '}' would end the comment
  pdn::Element comment;
  comment.kind = pdn::ElementKind::Comment;
  comment.text = append_text(g, note);
  g.moves.insert(g.moves.begin(), comment);
}

// Inserts a comment holding `note` after the `ply`-th move of the main line of `g` and the
// NAGs that follow it (ply 0: before the first move number or move; past the last move: before
// the terminator).
void insert_comment_at_ply(pdn::Game& g, std::size_t ply, std::string note) {
  std::replace(note.begin(), note.end(), '}', ')');  // a '}' would end the comment
  std::size_t at = 0, moves = 0;
  if (ply == 0) {
    while (at < g.moves.size() && g.moves[at].kind != pdn::ElementKind::MoveNumber &&
           g.moves[at].kind != pdn::ElementKind::Move && g.moves[at].kind != pdn::ElementKind::Result)
      ++at;
  } else {
    while (at < g.moves.size() && moves < ply && g.moves[at].kind != pdn::ElementKind::Result)
      if (g.moves[at++].kind == pdn::ElementKind::Move) ++moves;
    while (at < g.moves.size() && g.moves[at].kind == pdn::ElementKind::Nag) ++at;
  }
  pdn::Element comment;
  comment.kind = pdn::ElementKind::Comment;
  comment.text = append_text(g, note);
  g.moves.insert(g.moves.begin() + static_cast<std::ptrdiff_t>(at), comment);
}

}  // namespace

std::string novelty_comment(const NoveltyReport& r) {
  std::string out = "damdb: novelty";
  if (r.novelty_ply && *r.novelty_ply == 0) return out + " ply=0";
  if (r.novelty_ply)
    out += " ply=" + std::to_string(*r.novelty_ply) + " move=" + r.novelty_move;
  else
    out += " none";
  out += " earlier=" + std::to_string(r.predecessors_total);
  if (!r.predecessors.empty()) out += " newest=" + std::to_string(r.predecessors.front().id.value);
  if (r.unknown_order > 0) out += " unknown_order=" + std::to_string(r.unknown_order);
  if (r.same_day > 0) out += " same_day=" + std::to_string(r.same_day);
  return out;
}

std::string canonical_game_text(const db::GameRecord& game, bool& copied) {
  return canonical_game_text(game, copied, nullptr);
}

std::string canonical_game_text(const db::GameRecord& game, bool& copied,
                                const NoveltyReport* report) {
  const std::string original = original_text(game);
  std::istringstream in(original);
  pdn::GameReader reader(in, "<stored>");
  std::optional<pdn::Game> first = reader.next();
  const bool one_clean_game = first && !first->needs_verbatim_copy() && !reader.next();
  std::string text;
  copied = !one_clean_game;
  if (one_clean_game) {
    canonicalise(*first, game);
    if (report)
      insert_comment_at_ply(*first, report->novelty_ply.value_or(report->plies),
                            novelty_comment(*report));
    pdn::write_game(*first, text);
  } else {
    text = terminated(original);
    if (text.empty() || text.back() != '\n') text += '\n';
  }
  return text;
}

ExportSummary export_games(const db::Database& db, const GameFilter& filter, std::ostream& out) {
  return export_games(db, filter, out, false);
}

ExportSummary export_games(const db::Database& db, const GameFilter& filter, std::ostream& out,
                           bool with_novelty) {
  ExportSummary summary;
  StoredAnswers stored;
  NoveltyOptions options;
  options.predecessors = 1;  // the comment names the newest
  if (with_novelty) {
    stored = stored_answers(db, GameFilter{});
    options.ranks = stored.ranks.get();
    options.popular = stored.popular.get();
  }
  db.for_each_readable_game(
      [&](db::GameId id, const db::GameRecord& game) {
        if (!filter.allows(id) || !filter.matches(game)) return true;
        bool copied = false;
        std::optional<NoveltyReport> report;
        if (with_novelty) report = novelty(db, id, options);
        const std::string text = canonical_game_text(game, copied, report ? &*report : nullptr);
        if (summary.games > 0) out << '\n';
        out << text;
        if (copied) summary.copied_as_read.push_back(id.value);
        ++summary.games;
        return true;
      },
      [&](const db::DamagedGame& damaged) { summary.damaged.push_back(damaged); });
  return summary;
}

}  // namespace damdb::indexer
