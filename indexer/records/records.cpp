#include "indexer/records/records.hpp"
#include "indexer/text/game_date.hpp"

#include <algorithm>
#include <cassert>

#include "db/position_stats.hpp"
#include "indexer/records/game_text.hpp"
#include "indexer/records/position_key.hpp"
#include "indexer/records/signature_builder.hpp"
#include "indexer/text/text_fold.hpp"
#include "indexer/text/stored_result.hpp"
#include "pdn/date.hpp"
#include "pdn/result.hpp"
#include "pdn/tag_values.hpp"
#include "rules/fen.hpp"

namespace damdb::indexer {
namespace {

// What the database keeps of a tag's value: its first pdn::kMaxIndexedTagBytes bytes (the
// reader warned of a longer one; the stored text keeps it whole).
std::string_view indexed(const pdn::Tag& tag) { return pdn::indexed_tag_value(tag.value); }

// date_key of a Date tag, from the reader's normalised value when there is one.
std::string date_key_of(const pdn::Tag& date) {
  return date_key(date.normalized.empty() ? indexed(date)
                                          : pdn::indexed_tag_value(date.normalized));
}

db::ValidationStatus status_of(pdn::ReplayStatus s) {
  switch (s) {
    case pdn::ReplayStatus::Valid:
      return db::ValidationStatus::Valid;
    case pdn::ReplayStatus::Warnings:
      return db::ValidationStatus::Warnings;
    default:
      return db::ValidationStatus::Invalid;
  }
}

/// End (index into replay.plies_played, >= first) of the stretch the database can store: every
/// ply up to the 65535th after `first`, and only moves whose code fits the one-byte move code
/// (0..254; 255 is db::kGameEnd). `message` says why a longer legal line was cut (else empty).
std::size_t storable_end(const pdn::Replay& replay, std::size_t first, std::string& message) {
  for (std::size_t i = first; i < replay.plies_played.size(); ++i) {
    if (i - first >= kMaxStoredPlies) {
      message = "the game has more than " + std::to_string(kMaxStoredPlies) +
                " plies: only the first " + std::to_string(kMaxStoredPlies) + " are stored";
      return i;
    }
    if (replay.plies_played[i].code >= db::kGameEnd) {
      message = "ply " + std::to_string(i + 1) + " is legal move " +
                std::to_string(replay.plies_played[i].code + 1) +
                " of its position: the database stores moves among the first " +
                std::to_string(db::kGameEnd) + " only; the game is stored up to the ply before";
      return i;
    }
  }
  return replay.plies_played.size();
}

/// The folded player, event and date keys of a game (the secondary indexes).
db::IndexTexts index_texts(const pdn::Game& game) {
  db::IndexTexts texts;
  for (const char* side : {"White", "Black"})
    if (const pdn::Tag* t = game.tag(side)) {
      std::string key = player_key(indexed(*t));
      if (!key.empty()) texts.players.push_back(std::move(key));
    }
  if (const pdn::Tag* t = game.tag("Event")) {
    std::string key = fold_text(indexed(*t));
    if (!key.empty()) texts.events.push_back(std::move(key));
  }
  if (const pdn::Tag* t = game.tag("Date")) {
    std::string key = date_key_of(*t);
    if (!key.empty()) texts.dates.push_back(std::move(key));
  }
  return texts;
}

/// The content hash of a game without moves: the start and its tags in the forms an export
/// writes (the reader's normalised values, a Date as date_key gives it or "????.??.??", the
/// stored result for the Result tag), whatever their order in the file: otherwise every empty
/// game from one position would be "the same", and an exported game another game.
db::ContentHash tag_hash(const pdn::Game& game, const db::GameRecord& rec) {
  std::vector<std::pair<std::string_view, std::string>> tags;
  tags.reserve(game.tags.size() + 1);
  for (const pdn::Tag& t : game.tags)
    if (t.name == "Result") {
      continue;
    } else if (t.name == "Date") {
      tags.emplace_back(t.name, canonical_date(t));
    } else {
      tags.emplace_back(t.name, t.normalized.empty() ? t.value : t.normalized);
    }
  tags.emplace_back("Result", result_text(rec.result));
  std::sort(tags.begin(), tags.end());
  std::string salt = rec.start_fen;
  for (const auto& [name, value] : tags) {
    salt += '\x1f';
    salt += name;
    salt += '\x1e';
    salt += value;
  }
  return db::ContentHash::of(salt, rec.moves);
}

/// The content hash that decides whether two imports hold the same game: the canonical start
/// and the stored moves, plus the tags for a game without moves and the written squares of the
/// whole main line for an invalid game cut at its first illegal move.
db::ContentHash content_hash_of(const pdn::Game& game, const pdn::Replay& replay,
                                const db::GameRecord& rec) {
  if (rec.moves.empty()) {
    return tag_hash(game, rec);
  } else if (rec.status == db::ValidationStatus::Invalid && !replay.complete) {
    // Only the legal prefix is in `moves`: an invalid game is the same game as another only if
    // its main line is written with the same squares, the illegal move and what follows
    // included (a complete game and a broken one that begins like it are two games; the same
    // broken game imported twice, or exported and imported again, is still one). An invalid
    // game whose whole main line replayed (the error is elsewhere, e.g. unreadable text
    // between the tags) hashes like a valid game: it is another copy of the clean game.
    std::string salt = rec.start_fen + "\x1finvalid";
    for (const pdn::Element& e : game.moves)
      if (e.kind == pdn::ElementKind::Move) {
        salt += '\x1e';
        for (const std::uint8_t square : game.squares_of(e)) salt += static_cast<char>(square);
      }
    return db::ContentHash::of(salt, rec.moves);
  } else {
    return db::ContentHash::of(rec.start_fen, rec.moves);
  }
}

}  // namespace

std::string canonical_date(const pdn::Tag& date) {
  std::string key = date_key_of(date);
  return key.empty() ? "????.??.??" : key;
}

db::GameResult result_of(const pdn::Game& game) {
  return stored_result(pdn::recorded_result(game).decided());
}

db::GameIdentity identity_of(const pdn::Game& game) {
  db::GameIdentity id;
  if (const pdn::Tag* t = game.tag("White")) id.white = player_key(indexed(*t));
  if (const pdn::Tag* t = game.tag("Black")) id.black = player_key(indexed(*t));
  if (const pdn::Tag* t = game.tag("Date"))
    id.date = date_key_of(*t);
  id.result = result_of(game);
  return id;
}

db::GameTerms game_terms() {
  db::GameTerms terms;
  terms.dates_fit = pdn::date_keys_fit;
  terms.merged_date = pdn::merged_date_key;
  terms.result_tag = result_text;
  return terms;
}

GameRecords make_records(const pdn::Game& game, const pdn::Replay& replay) {
  GameRecords out = records_without_text(game, replay, true);
  if (!store_text_moves_elided(game, replay, out.record)) out.record.pdn_text = game.text;
  return out;
}

GameRecords take_records(pdn::Game& game, const pdn::Replay& replay, bool with_positions) {
  GameRecords out = records_without_text(game, replay, with_positions);
  if (!store_text_moves_elided(game, replay, out.record)) out.record.pdn_text = std::move(game.text);
  game.text.clear();
  return out;
}

GameRecords records_without_text(const pdn::Game& game, const pdn::Replay& replay,
                                 bool with_positions) {
  assert(replay.status != pdn::ReplayStatus::Skipped);
  GameRecords out;
  db::GameRecord& rec = out.record;
  rec.tags.reserve(game.tags.size());
  for (const pdn::Tag& t : game.tags)
    rec.tags.emplace_back(pdn::indexed_tag_value(t.name), indexed(t));
  rec.status = status_of(replay.status);
  if (!replay.errors.empty())
    rec.status_message = replay.errors.front().message;
  else if (!replay.warnings.empty())
    rec.status_message = replay.warnings.front().message;
  for (const auto* list : {&replay.errors, &replay.warnings})
    for (const pdn::ReplayIssue& issue : *list)
      rec.issue_kinds |= pdn::kind_bit(issue.kind);
  if (!replay.errors.empty()) {
    rec.first_error_kind = static_cast<std::uint8_t>(replay.errors.front().kind);
    rec.first_error_ply = static_cast<std::uint32_t>(std::max(0, replay.errors.front().ply));
  }
  rec.plies_replayed = static_cast<std::uint32_t>(replay.plies);
  rec.result = result_of(game);
  db::GameSource source;
  source.path = game.source;
  source.game_number = static_cast<std::uint32_t>(game.number());
  source.first_line = game.first_line;
  source.last_line = game.last_line;
  source.byte_offset = game.byte_begin;
  source.status = rec.status;
  rec.sources.push_back(std::move(source));
  out.identity = identity_of(game);

  // The indexed stretch: all plies, or those after the last /FEN/ setup of the main line.
  std::size_t first = 0;
  for (std::size_t i = 1; replay.setup_in_movetext && i < replay.plies_played.size(); ++i) {
    rules::Position expected = replay.plies_played[i - 1].before;
    expected.play(replay.plies_played[i - 1].move);
    if (!(expected == replay.plies_played[i].before)) first = i;  // a setup replaced it
  }
  std::string cut;
  const std::size_t end = storable_end(replay, first, cut);
  if (!cut.empty()) {
    rec.status = db::ValidationStatus::Invalid;
    rec.status_message = cut;
  }
  const rules::Position start = first < replay.plies_played.size()
                                    ? replay.plies_played[first].before
                                    : replay.final_position;
  // The canonical start: "" for the initial position, however it was written.
  rec.start_fen = start == rules::Position::initial() ? std::string() : rules::to_fen(start);
  rec.moves.reserve(end - first);
  for (std::size_t i = first; i < end; ++i)
    rec.moves.push_back(static_cast<std::uint8_t>(replay.plies_played[i].code));  // < kGameEnd
  out.first_indexed = first;

  rec.content_hash = content_hash_of(game, replay, rec);

  out.texts = index_texts(game);
  if (with_positions) add_positions(out, replay);
  return out;
}

void add_positions(GameRecords& out, const pdn::Replay& replay) {
  const std::size_t first = out.first_indexed, end = first + out.record.moves.size();
  out.plies.clear();
  out.plies.reserve(end - first + 1);
  SignatureBuilder signature(static_cast<std::uint32_t>(end - first));
  for (std::size_t i = first; i < end; ++i) {
    const pdn::ReplayedPly& p = replay.plies_played[i];
    const auto code = static_cast<std::uint8_t>(p.code);
    out.plies.push_back({position_key(p.before), static_cast<std::uint16_t>(i - first), code});
    signature.add(static_cast<int>(i - first), p.before);
  }
  const rules::Position& last =
      end < replay.plies_played.size() ? replay.plies_played[end].before : replay.final_position;
  out.plies.push_back({position_key(last), static_cast<std::uint16_t>(end - first), db::kGameEnd});
  signature.add(static_cast<int>(end - first), last);
  out.signature = signature.finish();
}

}  // namespace damdb::indexer
