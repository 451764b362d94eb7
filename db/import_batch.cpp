#include "db/import_batch.hpp"

#include <algorithm>
#include <functional>

#include "db/detail/database_impl.hpp"
#include "db/error.hpp"
#include "db/header_tags.hpp"

namespace damdb::db {

ImportBatch::ImportBatch(detail::DatabaseImpl& db, std::uint32_t next_id, std::uint64_t generation,
                         GameTerms terms)
    : db_(&db), terms_(terms), generation_(generation), first_id_(next_id), next_id_(next_id) {}

ImportBatch::ImportBatch(ImportBatch&&) noexcept = default;
ImportBatch& ImportBatch::operator=(ImportBatch&&) noexcept = default;
ImportBatch::~ImportBatch() = default;

bool ImportBatch::empty() const noexcept {
  return new_games_.empty() && updated_games_.empty() && appended_games_.empty() &&
         sources_.empty();
}

std::size_t ImportBatch::memory_bytes() const noexcept {
  // Vectors at capacity: what the allocator holds for them.
  return (rows_.capacity() + corrections_.capacity()) * sizeof(Row) +
         plies_.capacity() * sizeof(std::uint16_t) +
         record_bytes_ + new_games_.capacity() * sizeof(new_games_[0]) +
         updated_games_.capacity() * sizeof(updated_games_[0]) +
         appended_games_.capacity() * sizeof(appended_games_[0]) +
         new_rows_begin_.capacity() * sizeof(std::size_t) +
         index_keys_.capacity() * (sizeof(index_keys_[0]) + 16) + hashes_.size() * 160;
}

namespace {

// Heap bytes of a string beyond the object itself (none while it fits the small-string buffer).
std::size_t heap_bytes(const std::string& s) {
  return s.capacity() > 15 ? s.capacity() + 1 : 0;
}

// Heap bytes held by `source` beyond the GameSource object.
std::size_t heap_bytes(const GameSource& source) {
  std::size_t n = heap_bytes(source.path) + source.differing_tags.capacity() * sizeof(SourceTag);
  for (const SourceTag& t : source.differing_tags)
    n += heap_bytes(t.name) + (t.value ? heap_bytes(*t.value) : 0);
  return n;
}

// Heap bytes held by `tags` beyond the vector object.
std::size_t heap_bytes(const TagList& tags) {
  std::size_t n = tags.capacity() * sizeof(tags[0]);
  for (const auto& [name, value] : tags) n += heap_bytes(name) + heap_bytes(value);
  return n;
}

// Memory `record` holds: the object, its strings, tags, moves and sources (their vectors at
// capacity, which is what the allocator holds).
std::size_t record_memory(const GameRecord& record) {
  std::size_t n = sizeof(GameRecord) + heap_bytes(record.start_fen) + record.moves.capacity() +
                  heap_bytes(record.status_message) + heap_bytes(record.pdn_text) +
                  heap_bytes(record.tags) + record.sources.capacity() * sizeof(GameSource);
  for (const GameSource& s : record.sources) n += heap_bytes(s);
  return n;
}

// Heap bytes of one stored game's identity beyond the object.
std::size_t heap_bytes(const GameIdentity& identity) {
  return heap_bytes(identity.white) + heap_bytes(identity.black) + heap_bytes(identity.date);
}

// Memory a content hash's list of games holds: the vector at capacity and the identities'
// strings (a line many games share, such as a short opening or a game copied with other
// players' names, lists hundreds).
std::size_t games_memory(const SameMovesGames& games) {
  std::size_t n = games.games.capacity() * sizeof(games.games[0]);
  for (const auto& entry : games.games) n += heap_bytes(entry.second);
  return n;
}

// True when `source` (same path and byte offset) is already listed.
bool listed(const GameRecord& record, const GameSource& source) {
  for (const auto& s : record.sources)
    if (s.path == source.path && s.byte_offset == source.byte_offset) return true;
  return false;
}

// The tags of the stored copy itself: the header with the differences of its source, the
// first (the header may hold values taken from other copies).
TagList stored_copy_tags(const GameRecord& stored) {
  if (stored.sources.empty() || stored.sources.front().differing_tags.empty()) return stored.tags;
  return tags_of(stored.tags, stored.sources.front().differing_tags);
}

// True when `copy` is a better stored copy than the stored one, of status `status` and with
// the tags `own` (stored_copy_tags): a better status, then more known tags, then wins_tie.
bool better(const GameRecord& copy, ValidationStatus status, const TagList& own) {
  if (copy.status != status) return copy.status < status;
  const std::size_t mine = known_tags(own), theirs = known_tags(copy.tags);
  if (theirs != mine) return theirs > mine;
  return wins_tie(copy.tags, own);
}

}  // namespace

ImportBatch::HashGames& ImportBatch::hash_games(const ContentHash& hash,
                                               const GameIdentity& identity) {
  HashPlayers key{hash, identity.white, identity.black};
  auto it = hashes_.find(key);
  if (it != hashes_.end()) return it->second;
  HashGames games;
  games.value = detail::find_games_of_players(*db_, hash, identity.white, identity.black,
                                              hash_bytes_read_);
  record_bytes_ += games_memory(games.value) + heap_bytes(key.white) + heap_bytes(key.black);
  return hashes_.emplace(std::move(key), std::move(games)).first->second;
}

GameRecord& ImportBatch::record_of(GameId id) {
  if (id.value >= first_id_) return new_games_[id.value - first_id_].second;
  if (auto it = updated_by_id_.find(id.value); it != updated_by_id_.end())
    return updated_games_[it->second].second;
  auto stored = detail::load_game(*db_, id);
  if (!stored)
    throw Error(ErrorKind::Corruption,
                "game_hashes names game " + std::to_string(id.value) + " which is missing");
  updated_by_id_.emplace(id.value, updated_games_.size());
  record_bytes_ += record_memory(*stored);
  for (const GameSource& s : stored->sources) note_place(id, s);
  updated_games_.emplace_back(id, std::move(*stored));
  return updated_games_.back().second;
}

void ImportBatch::count_game(const GameRecord& record, bool add) {
  // Unsigned arithmetic: a removal wraps around and is undone when the delta is added.
  const std::uint64_t one = add ? 1 : ~std::uint64_t{0};
  switch (record.status) {
    case ValidationStatus::Valid: delta_.valid += one; break;
    case ValidationStatus::Warnings: delta_.warnings += one; break;
    case ValidationStatus::Invalid: delta_.invalid += one; break;
  }
  for (std::size_t k = 0; k < 64; ++k)
    if (record.issue_kinds >> k & 1) delta_.with_kind[k] += one;
  if (record.status == ValidationStatus::Invalid && record.first_error_kind < 64)
    delta_.first_error[record.first_error_kind] += one;
}

void ImportBatch::add_index_keys(GameId id, const IndexTexts& texts) {
  auto add_keys = [&](TextIndex which, const std::vector<std::string>& list) {
    for (const auto& t : list)
      if (!t.empty()) index_keys_.emplace_back(which, TextIndexKey{t, id});
  };
  add_keys(TextIndex::Players, texts.players);
  add_keys(TextIndex::Events, texts.events);
  add_keys(TextIndex::Dates, texts.dates);
}

void ImportBatch::learn_result(GameId id, GameRecord& stored, GameResult result,
                               std::span<const PlyPosition> plies) {
  if (stored.result != GameResult::Unknown || result == GameResult::Unknown) return;
  const bool committed = id.value < first_id_;
  if (committed) {
    if (plies.empty()) return;  // the statistics stay as counted
    sort_plies(plies);  // before any change: it may throw
  }
  // The header's Result tag, when it says nothing ("*", "?"), says the result now.
  for (std::size_t i = 0; i < stored.tags.size(); ++i)
    if (stored.tags[i].first == "Result") {
      if (!known_value(stored.tags[i].second) && terms_.result_tag != nullptr) {
        TagList header = stored.tags;
        header[i].second = terms_.result_tag(result);
        set_header(stored, std::move(header));
      }
      break;
    }
  if (!committed) {  // its rows are in this batch: they take the result
    stored.result = result;
    const std::size_t i = id.value - first_id_;
    const std::size_t end =
        i + 1 < new_rows_begin_.size() ? new_rows_begin_[i + 1] : rows_.size();
    for (std::size_t r = new_rows_begin_[i]; r < end; ++r)
      rows_[r].result = static_cast<std::uint8_t>(result);
    return;
  }
  // Each position the game reached, counted once, with the move of its first ply.
  const auto change = static_cast<std::uint8_t>(static_cast<unsigned>(GameResult::Unknown) << 2 |
                                                static_cast<unsigned>(result));
  const std::size_t capacity = corrections_.capacity();
  for (std::size_t i = 0; i < scratch_.size(); ++i)
    if (i == 0 || scratch_[i].position != scratch_[i - 1].position)
      corrections_.push_back(Row{scratch_[i].position.zobrist, scratch_[i].position.check,
                                 id.value, 0, 0, scratch_[i].move, change});
  record_bytes_ += (corrections_.capacity() - capacity) * sizeof(Row);
  stored.result = result;
  redated_.push_back(id);  // the result kept with its signature's moves changes too
}

void ImportBatch::sort_plies(std::span<const PlyPosition> plies) {
  scratch_.assign(plies.begin(), plies.end());
  std::sort(scratch_.begin(), scratch_.end(), [](const PlyPosition& a, const PlyPosition& b) {
    if (a.position != b.position) return a.position < b.position;
    return a.ply < b.ply;
  });
  for (std::size_t i = 1; i < scratch_.size(); ++i)
    if (scratch_[i].position == scratch_[i - 1].position && scratch_[i].ply == scratch_[i - 1].ply)
      throw Error(ErrorKind::InvalidArgument,
                  "ply " + std::to_string(scratch_[i].ply) + " listed twice for one position");
}

ImportBatch::AppendedGame& ImportBatch::appended_of(GameId id) {
  if (auto it = appended_by_id_.find(id.value); it != appended_by_id_.end())
    return appended_games_[it->second].second;
  auto stored = detail::load_game(*db_, id);
  if (!stored)
    throw Error(ErrorKind::Corruption,
                "game_hashes names game " + std::to_string(id.value) + " which is missing");
  AppendedGame game;
  game.stored_sources = static_cast<std::uint32_t>(stored->sources.size());
  game.own_is_header = stored->sources.empty() || stored->sources.front().differing_tags.empty();
  if (!game.own_is_header) game.own_tags = stored_copy_tags(*stored);
  game.places.reserve(stored->sources.size() + 1);
  for (const GameSource& s : stored->sources) game.places.push_back(place_of(s));
  std::sort(game.places.begin(), game.places.end());
  game.plies = static_cast<std::uint32_t>(stored->moves.size());
  // Released, not only cleared (`= {}` would keep the capacity).
  std::vector<GameSource>().swap(stored->sources);
  std::vector<std::uint8_t>().swap(stored->moves);
  std::string().swap(stored->pdn_text);
  std::string().swap(stored->status_message);
  game.record = std::move(*stored);
  record_bytes_ += sizeof(AppendedGame) + record_memory(game.record) + heap_bytes(game.own_tags) +
                   game.places.capacity() * sizeof(std::uint32_t);
  appended_by_id_.emplace(id.value, appended_games_.size());
  appended_games_.emplace_back(id, std::move(game));
  return appended_games_.back().second;
}

std::uint32_t ImportBatch::place_of(const GameSource& source) {
  const std::uint64_t h = std::hash<std::string>{}(source.path) ^
                          (source.byte_offset * 0x9e3779b97f4a7c15ull);
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}

bool ImportBatch::listed_in(GameId id, const AppendedGame& game,
                            const GameSource& source) const {
  const std::uint32_t place = place_of(source);
  if (game.added_places.contains(place))
    for (const GameSource& s : game.added)
      if (s.path == source.path && s.byte_offset == source.byte_offset) return true;
  if (!std::binary_search(game.places.begin(), game.places.end(), place)) return false;
  const auto stored = detail::load_game(*db_, id);  // a source read again, or a hash collision
  return stored && listed(*stored, source);
}

AddResult ImportBatch::append(GameId id, AppendedGame& game, GameRecord copy,
                              const IndexTexts& texts) {
  GameSource source = std::move(copy.sources.front());
  source.status = copy.status;
  ++delta_.duplicates;
  source.differing_tags = differing(copy.tags, game.record.tags);
  // The game is found under the texts of every copy; a copy with the stored tags has the
  // stored game's texts, already indexed.
  if (!source.differing_tags.empty() &&
      std::find(game.indexed.begin(), game.indexed.end(), texts) == game.indexed.end()) {
    add_index_keys(id, texts);
    game.indexed.push_back(texts);
    record_bytes_ += sizeof(IndexTexts) + 64 * (texts.players.size() + texts.events.size() +
                                                texts.dates.size());
  }
  const std::size_t capacity = game.added.capacity() * sizeof(GameSource) +
                               game.places.capacity() * sizeof(std::uint32_t);
  record_bytes_ += heap_bytes(source) + 32;  // and a node of added_places
  game.added_places.insert(place_of(source));
  game.added.push_back(std::move(source));
  record_bytes_ += game.added.capacity() * sizeof(GameSource) +
                   game.places.capacity() * sizeof(std::uint32_t) - capacity;
  return AddResult{id, true, true, false};
}

void ImportBatch::promote(GameId id, AppendedGame& game) {
  auto stored = detail::load_game(*db_, id);
  if (!stored)
    throw Error(ErrorKind::Corruption, "game " + std::to_string(id.value) + " is missing");
  for (GameSource& s : game.added) stored->sources.push_back(std::move(s));
  std::vector<GameSource>().swap(game.added);
  std::unordered_set<std::uint32_t>().swap(game.added_places);
  for (const GameSource& s : stored->sources) note_place(id, s);
  game.replaced = true;
  record_bytes_ += record_memory(*stored);
  updated_by_id_.emplace(id.value, updated_games_.size());
  updated_games_.emplace_back(id, std::move(*stored));
}

AddResult ImportBatch::join(GameId id, GameRecord copy, const IndexTexts& texts,
                            std::span<const PlyPosition> plies) {
  if (id.value < first_id_ && !updated_by_id_.contains(id.value)) {
    AppendedGame& game = appended_of(id);
    if (listed_in(id, game, copy.sources.front())) return AddResult{id, true, false, false};
    const bool teaches_result = game.record.result == GameResult::Unknown &&
                                copy.result != GameResult::Unknown && !plies.empty();
    const TagList& own = game.own_is_header ? game.record.tags : game.own_tags;
    if (!better(copy, game.record.status, own) && !fills(game.record.tags, copy.tags, own) &&
        !teaches_result)
      return append(id, game, std::move(copy), texts);
    promote(id, game);
  }
  GameRecord& stored = record_of(id);
  GameSource source = std::move(copy.sources.front());
  if (might_list(id, source) && listed(stored, source)) return AddResult{id, true, false, false};
  note_place(id, source);
  source.status = copy.status;
  learn_result(id, stored, copy.result, plies);
  ++delta_.duplicates;
  const TagList own = stored_copy_tags(stored);
  if (better(copy, stored.status, own))
    return replace(id, stored, std::move(source), std::move(copy), texts);
  if (fills(stored.tags, copy.tags, own)) {
    TagList header = stored.tags;
    if (fill(header, copy.tags, own) && id.value < first_id_) redated_.push_back(id);
    set_header(stored, std::move(header));
  }
  source.differing_tags = differing(copy.tags, stored.tags);
  // The game is found under the texts of every copy; a copy with the stored tags has the
  // stored game's texts, already indexed.
  if (!source.differing_tags.empty()) add_index_keys(id, texts);
  const std::size_t capacity = stored.sources.capacity();
  record_bytes_ += heap_bytes(source);
  stored.sources.push_back(std::move(source));
  record_bytes_ += (stored.sources.capacity() - capacity) * sizeof(GameSource);
  return AddResult{id, true, true, false};
}

void ImportBatch::note_place(GameId id, const GameSource& source) {
  if (record_places_.insert(std::uint64_t{id.value} << 32 | place_of(source)).second)
    record_bytes_ += 32;  // a node of the set
}

bool ImportBatch::might_list(GameId id, const GameSource& source) const {
  return record_places_.contains(std::uint64_t{id.value} << 32 | place_of(source));
}

void ImportBatch::set_header(GameRecord& stored, TagList header) {
  for (GameSource& s : stored.sources)
    s.differing_tags = differing(tags_of(stored.tags, s.differing_tags), header);
  record_bytes_ += heap_bytes(header);
  stored.tags = std::move(header);
}

AddResult ImportBatch::replace(GameId id, GameRecord& stored, GameSource source, GameRecord copy,
                               const IndexTexts& texts) {
  // The stored copy is replaced (its memory stays counted, an overestimate until the commit).
  // A game of an earlier commit may have a stored signature, dated by the tags replaced here.
  if (id.value < first_id_) redated_.push_back(id);
  record_bytes_ += record_memory(copy) + sizeof(GameSource) * (stored.sources.size() + 1);
  add_index_keys(id, texts);
  // The copy becomes the stored one, with the known tags it lacks taken from the header it
  // replaces; every source's differences are taken again against the new header. The result
  // and the moves stay (the positions are indexed with them).
  count_game(stored, false);
  const ValidationStatus replaced_status = stored.status;
  TagList header = copy.tags;
  std::vector<TagList> tags;  // of each source
  tags.reserve(stored.sources.size());
  for (const GameSource& s : stored.sources) {
    tags.push_back(tags_of(stored.tags, s.differing_tags));
    fill(header, tags.back(), copy.tags);
  }
  source.differing_tags = differing(copy.tags, header);
  for (std::size_t i = 0; i < stored.sources.size(); ++i)
    stored.sources[i].differing_tags = differing(tags[i], header);
  stored.sources.insert(stored.sources.begin(), std::move(source));
  stored.tags = std::move(header);
  stored.status = copy.status;
  stored.status_message = std::move(copy.status_message);
  stored.issue_kinds = copy.issue_kinds;
  stored.first_error_kind = copy.first_error_kind;
  stored.first_error_ply = copy.first_error_ply;
  stored.plies_replayed = copy.plies_replayed;
  stored.pdn_text = std::move(copy.pdn_text);
  stored.text_form = copy.text_form;
  count_game(stored, true);
  return AddResult{id, true, true, true, replaced_status};
}

bool ImportBatch::has_copy(const ContentHash& hash, const GameIdentity& identity) {
  for (const auto& [id, stored_identity] : hash_games(hash, identity).value.games)
    if (stored_identity.compatible(identity, terms_))
      return !(stored_identity.result == GameResult::Unknown &&
               identity.result != GameResult::Unknown && id.value < first_id_);
  return false;
}

AddResult ImportBatch::add_game(GameRecord record, std::span<const PlyPosition> plies,
                                const IndexTexts& texts, const GameIdentity& identity) {
  if (record.sources.empty())
    throw Error(ErrorKind::InvalidArgument, "game without a source");
  const ContentHash hash = record.content_hash;
  HashGames& same_moves = hash_games(hash, identity);
  for (auto& [id, stored_identity] : same_moves.value.games)
    if (stored_identity.compatible(identity, terms_)) {
      const AddResult result = join(id, std::move(record), texts, plies);
      if (result.source_added) {
        GameIdentity merged = stored_identity.merged(identity, terms_);
        if (!(merged == stored_identity)) {
          stored_identity = std::move(merged);
          same_moves.changed.push_back(id);
        }
      }
      return result;
    }

  if (next_id_ == UINT32_MAX) throw Error(ErrorKind::InvalidArgument, "game ids exhausted");
  // Validate everything before changing any state, so a throw leaves the batch unchanged.
  auto check_text = [](const std::string& t) {
    if (t.find('\0') != std::string::npos)
      throw Error(ErrorKind::InvalidArgument, "index text contains a 0x00 byte");
  };
  for (const auto* list : {&texts.players, &texts.events, &texts.dates})
    for (const auto& t : *list) check_text(t);
  sort_plies(plies);

  const GameId id{next_id_++};
  const auto result = static_cast<std::uint8_t>(record.result);
  new_rows_begin_.push_back(rows_.size());
  std::uint64_t entries = 0;
  for (std::size_t i = 0; i < scratch_.size();) {
    std::size_t j = i + 1;
    while (j < scratch_.size() && scratch_[j].position == scratch_[i].position) ++j;
    // Counted once per game, with the move of the first ply at which it was reached.
    Row row{scratch_[i].position.zobrist, scratch_[i].position.check, id.value,
            scratch_[i].ply, static_cast<std::uint16_t>(j - i), scratch_[i].move, result};
    if (j - i > 1) {
      row.ply = static_cast<std::uint32_t>(plies_.size());
      for (std::size_t k = i; k < j; ++k) plies_.push_back(scratch_[k].ply);
    }
    rows_.push_back(row);
    ++entries;
    i = j;
  }

  add_index_keys(id, texts);
  ++delta_.games;
  count_game(record, true);
  delta_.indexed_positions += scratch_.size();
  delta_.occurrence_entries += entries;

  const std::size_t listed = same_moves.value.games.capacity();
  record.sources.front().status = record.status;
  note_place(id, record.sources.front());
  // Hash entries are stored in id order; a new id is larger than every stored one.
  same_moves.value.games.emplace_back(id, identity);
  record_bytes_ += record_memory(record) + heap_bytes(identity) +
                   (same_moves.value.games.capacity() - listed) * sizeof(same_moves.value.games[0]);
  same_moves.changed.push_back(id);
  new_games_.emplace_back(id, std::move(record));
  return AddResult{id, false, false};
}

void ImportBatch::set_source(SourceInfo info) {
  for (auto& s : sources_)
    if (s.path == info.path) {
      s = std::move(info);
      return;
    }
  sources_.push_back(std::move(info));
}

}  // namespace damdb::db
