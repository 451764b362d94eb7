#include "indexer/stats/player_record.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "db/packed_moves.hpp"
#include "db/varint.hpp"
#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/games/indexed_games.hpp"
#include "indexer/names/name_directory.hpp"
#include "indexer/text/game_date.hpp"
#include "pdn/date.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/stats/event_table.hpp"
#include "indexer/stats/player_records_file.hpp"
#include "indexer/text/text_fold.hpp"

namespace damdb::indexer {
namespace {

void widen_dates(const std::string& date, std::string& first, std::string& last) {
  if (!pdn::date_known(date)) return;
  if (first.empty() || date < first) first = date;
  if (last.empty() || date > last) last = date;
}

/// Spellings with their game counts in first-seen order; the most used one (first seen on a
/// tie) names the group.
struct SpellingCounts {
  std::vector<std::pair<std::string, std::uint64_t>> counts;
  void add(const std::string& spelling) {
    for (auto& [s, n] : counts)
      if (s == spelling) return void(++n);
    counts.emplace_back(spelling, 1);
  }
  std::string preferred() const {
    const std::pair<std::string, std::uint64_t>* best = nullptr;
    for (const auto& c : counts)
      if (!best || c.second > best->second) best = &c;
    return best ? best->first : std::string();
  }
};

/// The spellings of the one player `text` names (see player_record).
std::vector<std::string> choose_player(const NameDirectory& names, const std::string& text) {
  const std::string needle = fold_text(text);
  if (needle.empty())
    throw PlayerLookupError("\"" + text + "\" has no letter or digit to name a player", {});
  const std::unordered_set<std::string> spellings = names.player_spellings_of(
      [&](const std::string& s) { return fold_text(s).find(needle) != std::string::npos; },
      text);
  std::map<std::uint32_t, std::vector<std::string>> players;
  for (const std::string& s : spellings) players[names.player_of(s)].push_back(s);
  players.erase(PlayerKeys::kUnknown);
  for (auto& [identity, list] : players) std::sort(list.begin(), list.end());
  if (players.size() == 1) return players.begin()->second;
  if (players.empty()) throw PlayerLookupError("no stored player is named \"" + text + "\"", {});
  const std::string key = player_key(text);
  std::vector<std::uint32_t> exact;
  for (const auto& [identity, list] : players)
    if (std::any_of(list.begin(), list.end(), [&](const std::string& s) {
          return fold_text(s) == needle || player_key(s) == key;
        }))
      exact.push_back(identity);
  if (exact.size() == 1) return players[exact[0]];
  const std::uint32_t named = names.player_named(text);
  if (exact.empty() && players.contains(named)) return players[named];
  std::vector<std::vector<std::string>> candidates;
  for (auto& [identity, list] : players) candidates.push_back(std::move(list));
  std::sort(candidates.begin(), candidates.end());
  const std::size_t count = candidates.size();
  if (candidates.size() > PlayerLookupError::kMaxCandidates)
    candidates.resize(PlayerLookupError::kMaxCandidates);
  throw PlayerLookupError("\"" + text + "\" names " + std::to_string(count) +
                              " players: give one of their names whole",
                          std::move(candidates));
}

/// The stored games of `spellings` as the players index keys them (player_key of the text as
/// stored), ascending: a superset (a key may be shared with another player's spelling).
std::vector<db::GameId> games_of_spellings(const db::Database& db,
                                           const std::vector<std::string>& spellings) {
  std::vector<std::string> keys;
  for (const std::string& s : spellings) keys.push_back(player_key(s));
  return indexed_games(db, db::TextIndex::Players, std::move(keys));
}

/// One game of the player from the player's side (a game with the player on both sides is
/// two of these).
struct PlayerGame {
  db::GameId id;
  bool white = false;
  db::GameResult result = db::GameResult::Unknown;
  std::uint32_t plies = 0;
};

/// A node of the repertoire by move codes (equal codes from one position = equal moves).
struct CodeNode {
  std::uint8_t code = 0;
  db::SideResults tally;
  std::vector<CodeNode> children;
  CodeNode& child(std::uint8_t c) {
    for (CodeNode& n : children)
      if (n.code == c) return n;
    children.push_back({c, {}, {}});
    return children.back();
  }
};

/// The move-code tree decoded into moves from `pos`; a child whose code does not replay is
/// left out and its games counted in `undecodable`.
void decode_tree(const CodeNode& from, const rules::Position& pos, OpeningNode& to,
                 std::uint64_t& undecodable) {
  for (const CodeNode& c : from.children) {
    OpeningNode node;
    rules::Position next = pos;
    try {
      node.move = decode_move(pos, c.code).notation;
      rules::MoveList scratch;
      play_code(next, scratch, c.code, to.line.size());
    } catch (const GameDecodeError&) {
      undecodable += c.tally.games();
      continue;
    }
    node.line = to.line;
    node.line.push_back(node.move);
    node.tally = c.tally;
    decode_tree(c, next, node, undecodable);
    to.children.push_back(std::move(node));
  }
  std::sort(to.children.begin(), to.children.end(), [](const OpeningNode& a, const OpeningNode& b) {
    if (a.tally.games() != b.tally.games()) return a.tally.games() > b.tally.games();
    return a.move < b.move;
  });
}

/// The repertoire trees of `games` (their first kRepertoirePlies move codes, read from the
/// moves kept beside the signatures, or from the records when the database has none).
void add_repertoire(const db::Database& db, const std::vector<PlayerGame>& games,
                    PlayerRecord& record) {
  std::unordered_map<std::uint32_t, std::vector<const PlayerGame*>> by_id;
  std::vector<db::GameId> ids;
  for (const PlayerGame& g : games) {
    auto& list = by_id[g.id.value];
    if (list.empty()) ids.push_back(g.id);
    list.push_back(&g);
  }
  CodeNode trees[2];  // as White, as Black
  auto add = [&](db::GameId id, bool from_setup, auto&& code_at) {
    for (const PlayerGame* g : by_id[id.value]) {
      if (from_setup) {
        ++record.from_setup;
        continue;
      }
      CodeNode* node = &trees[g->white ? 0 : 1];
      node->tally.add(g->result, g->white);
      for (std::size_t ply = 0; ply < PlayerRecord::kRepertoirePlies; ++ply) {
        const std::optional<std::uint8_t> code = code_at(ply);
        if (!code) break;
        node = &node->child(*code);
        node->tally.add(g->result, g->white);
      }
    }
  };
  const bool kept = db.for_each_moves_of(
      ids,
      [&](db::GameId id, const db::GameMoves& m) {
        add(id, !m.start_fen.empty(),
            [&](std::size_t ply) { return db::packed_move_at(m.packed, ply); });
        return true;
      },
      false);
  if (!kept)
    db.for_each_game_of(ids, [&](db::GameId id, const db::GameRecord& r) {
      add(id, !r.start_fen.empty(), [&](std::size_t ply) {
        return ply < r.moves.size() ? std::optional<std::uint8_t>(r.moves[ply]) : std::nullopt;
      });
      return true;
    });
  OpeningNode* roots[2] = {&record.as_white_openings, &record.as_black_openings};
  for (int side = 0; side < 2; ++side) {
    roots[side]->tally = trees[side].tally;
    decode_tree(trees[side], rules::Position::initial(), *roots[side], record.undecodable);
  }
}

/// The `n` longest and shortest games with at least one ply.
void add_lengths(const db::Database& db, const std::vector<PlayerGame>& games, std::size_t n,
                 PlayerRecord& record) {
  std::vector<std::pair<std::uint32_t, db::GameId>> lengths;
  for (const PlayerGame& g : games)
    if (g.plies > 0) lengths.emplace_back(g.plies, g.id);
  std::sort(lengths.begin(), lengths.end());
  lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
  auto rows = [&](auto first, auto last, std::vector<GameRow>& out) {
    for (auto it = first; it != last && out.size() < n; ++it) {
      const std::optional<db::GameHeader> header = db.game_header(it->second);
      if (!header) continue;
      GameRow row = game_row(it->second, *header);
      row.ply = static_cast<int>(it->first);
      out.push_back(std::move(row));
    }
  };
  rows(lengths.begin(), lengths.end(), record.shortest);
  std::stable_sort(lengths.begin(), lengths.end(), [](const auto& a, const auto& b) {
    return a.first > b.first;  // ids stay ascending within a length
  });
  rows(lengths.begin(), lengths.end(), record.longest);
}

/// The players' lines in the events' tables, each table made once (event_table).
class EventPlaces {
 public:
  explicit EventPlaces(const db::Database& db) : db_(db) {}

  /// The place of the player of `spellings` in the table of the event `e` (when the event has
  /// a name and a table, and the player a line in it).
  void add_place(const std::unordered_set<std::string>& spellings, EventRecord& e) {
    std::string key;
    for (const std::string& tag : e.spellings) key += tag + '\n';
    auto [it, added] = tables_.try_emplace(key);
    if (added) it->second = lines_of(e.name);
    for (const std::string& s : spellings)
      if (const auto line = it->second.find(s); line != it->second.end()) {
        e.place = line->second.place;
        e.players = line->second.players;
        e.table_points = line->second.points;
        return;
      }
  }

 private:
  struct Line {
    std::string place;
    std::size_t players = 0;
    std::uint32_t points = 0;
  };
  using Lines = std::unordered_map<std::string, Line>;  // by spelling

  Lines lines_of(const std::string& event) const {
    Lines out;
    if (fold_text(event).empty()) return out;
    EventTableReport report;
    try {
      report = event_table(db_, event);
    } catch (const EventLookupError&) {
      return out;
    }
    const TournamentTable& t = report.table;
    for (const Standing& s : t.standings)
      for (const std::string& spelling : t.players[s.player].spellings)
        out[spelling] = {place_text(s), t.players.size(),
                         static_cast<std::uint32_t>(s.points())};
    return out;
  }

  const db::Database& db_;
  std::unordered_map<std::string, Lines> tables_;  // by the event's tags
};

/// Per-game counts: colours, years, opponents, events, dates, spellings.
class RecordCounts {
 public:
  RecordCounts(const NameDirectory& names, PlayerRecord& record)
      : names_(names), record_(record) {}

  void add(const PlayerGame& g, const db::GameHeader& h, const std::string& own) {
    const std::string date = game_date(h);
    record_.total.add(g.result, g.white);
    (g.white ? record_.as_white : record_.as_black).add(g.result, g.white);
    widen_dates(date, record_.first_date, record_.last_date);
    spellings_.add(own);
    years_[pdn::date_year(date)].add(g.result, g.white);
    add_opponent(g, g.white ? h.black : h.white);
    Event& e = events_[h.event];
    e.tally.add(g.result, g.white);
    widen_dates(date, e.first, e.last);
  }

  /// The rows, sorted; `events_of`: the event (group) of each Event tag with its tags.
  void finish(const std::vector<std::vector<std::string>>& groups) {
    record_.spellings = spellings_.counts;
    std::stable_sort(record_.spellings.begin(), record_.spellings.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    record_.name = spellings_.preferred();
    for (auto& [year, tally] : years_) record_.by_year.push_back({year, tally});
    for (auto& [key, o] : opponents_) {
      o.row.name = o.spellings.preferred();
      record_.opponents.push_back(std::move(o.row));
    }
    std::sort(record_.opponents.begin(), record_.opponents.end(),
              [](const OpponentRecord& a, const OpponentRecord& b) {
                if (a.total.games() != b.total.games()) return a.total.games() > b.total.games();
                return a.name < b.name;
              });
    finish_events(groups);
  }

  /// The Event tags of the player's games.
  std::vector<std::string> event_tags() const {
    std::vector<std::string> out;
    for (const auto& [tag, e] : events_) out.push_back(tag);
    return out;
  }

 private:
  struct Opponent {
    OpponentRecord row;
    SpellingCounts spellings;
  };
  struct Event {
    db::SideResults tally;
    std::string first, last;
  };

  void add_opponent(const PlayerGame& g, const std::string& spelling) {
    const std::uint32_t identity = names_.player_of(spelling);
    Opponent& o = opponents_[identity == PlayerKeys::kUnknown
                                 ? "spelling " + spelling
                                 : "player " + std::to_string(identity)];
    o.spellings.add(spelling);
    o.row.total.add(g.result, g.white);
    (g.white ? o.row.as_white : o.row.as_black).add(g.result, g.white);
  }

  void finish_events(const std::vector<std::vector<std::string>>& groups) {
    for (const std::vector<std::string>& tags : groups) {
      EventRecord row;
      row.spellings = tags;
      std::uint64_t best = 0;
      for (const std::string& tag : tags) {
        const auto it = events_.find(tag);
        if (it == events_.end()) continue;
        const Event& e = it->second;
        if (e.tally.games() > best) row.name = tag, best = e.tally.games();
        row.tally += e.tally;
        widen_dates(e.first, row.first_date, row.last_date);
        widen_dates(e.last, row.first_date, row.last_date);
      }
      if (best > 0) record_.events.push_back(std::move(row));
    }
    std::sort(record_.events.begin(), record_.events.end(),
              [](const EventRecord& a, const EventRecord& b) {
                if (a.first_date.empty() != b.first_date.empty()) return b.first_date.empty();
                if (a.first_date != b.first_date) return a.first_date < b.first_date;
                return a.name < b.name;
              });
  }

  const NameDirectory& names_;
  PlayerRecord& record_;
  SpellingCounts spellings_;
  std::map<std::string, db::SideResults> years_;  // "????" sorts after digits
  std::map<std::string, Opponent> opponents_;
  std::map<std::string, Event> events_;  // by Event tag
};

// ---- a record as bytes (the players.cache file) ----

void put_tally(std::string& out, const db::SideResults& t) {
  for (const std::uint64_t v : {t.games(), t.wins, t.draws, t.losses, t.unknown})
    db::put_varint(out, v);
}

db::SideResults get_tally(db::Reader& in) {
  const std::uint64_t games = in.varint();
  db::SideResults t;
  for (std::uint64_t* v : {&t.wins, &t.draws, &t.losses, &t.unknown}) *v = in.varint();
  if (t.games() != games) in.fail("a tally's games are not the sum of its results");
  return t;
}

void put_node(std::string& out, const OpeningNode& n) {
  db::put_string(out, n.move);
  put_tally(out, n.tally);
  db::put_varint(out, n.children.size());
  for (const OpeningNode& c : n.children) put_node(out, c);
}

void get_node(db::Reader& in, OpeningNode& n, int depth) {
  if (depth > static_cast<int>(PlayerRecord::kRepertoirePlies)) in.fail("tree too deep");
  n.move = in.string();
  if (depth > 0) n.line.push_back(n.move);
  n.tally = get_tally(in);
  n.children.resize(in.varint_max(in.remaining()));
  for (OpeningNode& c : n.children) {
    c.line = n.line;
    get_node(in, c, depth + 1);
  }
}

void put_rows(std::string& out, const std::vector<GameRow>& rows) {
  db::put_varint(out, rows.size());
  for (const GameRow& g : rows) {
    db::put_varint(out, g.id.value);
    for (const std::string* s : {&g.white, &g.black, &g.event, &g.date, &g.round})
      db::put_string(out, *s);
    db::put_varint(out, static_cast<std::uint64_t>(g.result));
    db::put_varint(out, static_cast<std::uint64_t>(g.ply));
  }
}

std::vector<GameRow> get_rows(db::Reader& in) {
  std::vector<GameRow> rows(in.varint_max(in.remaining()));
  for (GameRow& g : rows) {
    g.id = db::GameId{static_cast<std::uint32_t>(in.varint_max(UINT32_MAX))};
    for (std::string* s : {&g.white, &g.black, &g.event, &g.date, &g.round}) *s = in.string();
    g.result = static_cast<db::GameResult>(in.varint_max(3));
    g.ply = static_cast<int>(in.varint_max(INT32_MAX));
  }
  return rows;
}

void put_events(std::string& out, const std::vector<EventRecord>& events) {
  db::put_varint(out, events.size());
  for (const EventRecord& e : events) {
    db::put_varint(out, e.spellings.size());
    for (const std::string& tag : e.spellings) db::put_string(out, tag);
    for (const std::string* s : {&e.name, &e.first_date, &e.last_date, &e.place})
      db::put_string(out, *s);
    put_tally(out, e.tally);
    db::put_varint(out, e.players);
    db::put_varint(out, e.table_points);
  }
}

std::vector<EventRecord> get_events(db::Reader& in) {
  std::vector<EventRecord> events(in.varint_max(in.remaining()));
  for (EventRecord& e : events) {
    e.spellings.resize(in.varint_max(in.remaining()));
    for (std::string& tag : e.spellings) tag = in.string();
    for (std::string* s : {&e.name, &e.first_date, &e.last_date, &e.place}) *s = in.string();
    e.tally = get_tally(in);
    e.players = in.varint();
    e.table_points = static_cast<std::uint32_t>(in.varint_max(UINT32_MAX));
  }
  return events;
}

std::string encode_record(const PlayerRecord& r) {
  std::string out;
  db::put_string(out, r.name);
  db::put_varint(out, r.spellings.size());
  for (const auto& [name, games] : r.spellings) db::put_string(out, name), db::put_varint(out, games);
  for (const db::SideResults* t : {&r.total, &r.as_white, &r.as_black}) put_tally(out, *t);
  db::put_string(out, r.first_date);
  db::put_string(out, r.last_date);
  db::put_varint(out, r.by_year.size());
  for (const YearRecord& y : r.by_year) db::put_string(out, y.year), put_tally(out, y.tally);
  db::put_varint(out, r.opponents.size());
  for (const OpponentRecord& o : r.opponents) {
    db::put_string(out, o.name);
    for (const db::SideResults* t : {&o.total, &o.as_white, &o.as_black}) put_tally(out, *t);
  }
  put_events(out, r.events);
  put_node(out, r.as_white_openings);
  put_node(out, r.as_black_openings);
  db::put_varint(out, r.from_setup);
  db::put_varint(out, r.undecodable);
  put_rows(out, r.longest);
  put_rows(out, r.shortest);
  db::put_varint(out, r.without_result.size());
  std::uint32_t last = 0;  // ascending ids as differences
  for (const db::GameId id : r.without_result) db::put_varint(out, id.value - last), last = id.value;
  return out;
}

PlayerRecord decode_record(std::string_view bytes) {
  db::Reader in(bytes, "player record");
  PlayerRecord r;
  r.name = in.string();
  r.spellings.resize(in.varint_max(in.remaining()));
  for (auto& [name, games] : r.spellings) name = in.string(), games = in.varint();
  for (db::SideResults* t : {&r.total, &r.as_white, &r.as_black}) *t = get_tally(in);
  r.first_date = in.string();
  r.last_date = in.string();
  r.by_year.resize(in.varint_max(in.remaining()));
  for (YearRecord& y : r.by_year) y.year = in.string(), y.tally = get_tally(in);
  r.opponents.resize(in.varint_max(in.remaining()));
  for (OpponentRecord& o : r.opponents) {
    o.name = in.string();
    for (db::SideResults* t : {&o.total, &o.as_white, &o.as_black}) *t = get_tally(in);
  }
  r.events = get_events(in);
  get_node(in, r.as_white_openings, 0);
  get_node(in, r.as_black_openings, 0);
  r.from_setup = in.varint();
  r.undecodable = in.varint();
  r.longest = get_rows(in);
  r.shortest = get_rows(in);
  r.without_result.resize(in.varint_max(in.remaining()));
  std::uint64_t last = 0;
  for (db::GameId& id : r.without_result) {
    last += in.varint();
    if (last > UINT32_MAX) in.fail("game id out of range");
    id = db::GameId{static_cast<std::uint32_t>(last)};
  }
  in.expect_end();
  return r;
}

/// How many longest and shortest games the kept records hold.
constexpr std::size_t kKeptLengths = 5;

/// One player's games being counted, then its record.
struct PlayerGames {
  PlayerRecord record;
  std::unique_ptr<RecordCounts> counts;  // refers to `record`: a PlayerGames does not move
  std::vector<PlayerGame> games;
  std::unordered_set<std::string> spellings;  // the player's spellings in these games

  explicit PlayerGames(const NameDirectory& names)
      : counts(std::make_unique<RecordCounts>(names, record)) {}
  PlayerGames(PlayerGames&&) = delete;

  /// The game `id` seen from the side `white`, the player's.
  void add(db::GameId id, const db::GameHeader& h, bool white) {
    const std::string& own = white ? h.white : h.black;
    games.push_back({id, white, h.result, h.plies});
    counts->add(games.back(), h, own);
    spellings.insert(own);
    if (h.result == db::GameResult::Unknown &&
        record.without_result.size() < PlayerRecord::kListedWithoutResult &&
        (record.without_result.empty() || record.without_result.back() != id))
      record.without_result.push_back(id);
  }

  /// The record once every game is added.
  /// `known`: the player's line in events whose table did not change, by the event's tags.
  PlayerRecord finish(const db::Database& db, const NameDirectory& names, EventPlaces& places,
                      std::size_t lengths,
                      const std::map<std::vector<std::string>, EventRecord>* known = nullptr) {
    const std::vector<std::string> tags = counts->event_tags();
    const std::unordered_set<std::string> tag_set(tags.begin(), tags.end());
    counts->finish(names.events_of([&](const std::string& tag) { return tag_set.contains(tag); }));
    for (EventRecord& e : record.events) {
      const EventRecord* line = nullptr;
      if (known)
        if (const auto it = known->find(e.spellings); it != known->end()) line = &it->second;
      if (!line) {
        places.add_place(spellings, e);
        continue;
      }
      e.place = line->place;
      e.players = line->players;
      e.table_points = line->table_points;
    }
    add_repertoire(db, games, record);
    add_lengths(db, games, lengths, record);
    return std::move(record);
  }
};

/// Adds to `player` the counted games (not hidden) of the spellings `chosen` (the players
/// index), in id order.
void add_games_of(const db::Database& db, const std::vector<std::string>& chosen,
                  const HiddenGames& hidden, PlayerGames& player) {
  const std::unordered_set<std::string> spellings(chosen.begin(), chosen.end());
  const std::vector<db::GameId> ids = games_of_spellings(db, chosen);
  for_each_header_of(db, ids, [&](db::GameId id, const db::GameHeader& h) {
    if (hidden.hidden(id)) return true;
    for (const bool white : {true, false})
      if (spellings.contains(white ? h.white : h.black)) player.add(id, h, white);
    return true;
  });
}

}  // namespace

PlayerRecord player_record(const db::Database& db, const std::string& text,
                           std::shared_ptr<const NameDirectory> names, std::size_t lengths,
                           bool kept) {
  if (!names) names = NameDirectory::of(db);
  const std::vector<std::string> chosen = choose_player(*names, text);
  if (kept && lengths <= kKeptLengths) {
    if (std::optional<PlayerRecord> r = kept_record(db, *names, names->player_of(chosen.front()))) {
      if (r->longest.size() > lengths) r->longest.resize(lengths);
      if (r->shortest.size() > lengths) r->shortest.resize(lengths);
      return std::move(*r);
    }
  }
  PlayerGames player(*names);
  add_games_of(db, chosen, *HiddenGames::of(db), player);
  EventPlaces places(db);
  return player.finish(db, *names, places, lengths);
}

std::vector<std::pair<std::uint32_t, std::string>> player_record_bytes(
    const db::Database& db, const NameDirectory& names,
    const std::map<std::uint32_t, std::vector<std::string>>& spellings,
    const std::map<std::uint32_t, std::string>& kept,
    const std::function<bool(const std::vector<std::string>&)>& table_kept) {
  const std::shared_ptr<const HiddenGames> hidden = HiddenGames::of(db);
  EventPlaces places(db);
  std::vector<std::pair<std::uint32_t, std::string>> out;
  for (const auto& [identity, list] : spellings) {
    PlayerGames player(names);
    add_games_of(db, list, *hidden, player);
    if (player.games.empty()) continue;
    std::map<std::vector<std::string>, EventRecord> known;
    if (const auto it = kept.find(identity); table_kept && it != kept.end()) {
      try {
        for (EventRecord& e : decode_record(it->second).events)
          if (table_kept(e.spellings)) known.emplace(e.spellings, std::move(e));
      } catch (const db::Error&) {
        known.clear();  // a damaged record: every table read again
      }
    }
    out.emplace_back(identity,
                     encode_record(player.finish(db, names, places, kKeptLengths, &known)));
  }
  return out;
}

std::vector<std::pair<std::uint32_t, PlayerRecord>> all_player_records(
    const db::Database& db, const NameDirectory& names, std::size_t lengths) {
  const std::shared_ptr<const HiddenGames> hidden = HiddenGames::of(db);
  std::map<std::uint32_t, PlayerGames> players;  // by identity
  db.for_each_game_header([&](db::GameId id, const db::GameHeader& h) {
    if (hidden->hidden(id)) return true;
    for (const bool white : {true, false}) {
      const std::uint32_t identity = names.player_of(white ? h.white : h.black);
      if (identity == PlayerKeys::kUnknown) continue;
      players.try_emplace(identity, names).first->second.add(id, h, white);
    }
    return true;
  });
  EventPlaces places(db);
  std::vector<std::pair<std::uint32_t, PlayerRecord>> out;
  out.reserve(players.size());
  for (auto& [identity, p] : players) out.emplace_back(identity, p.finish(db, names, places, lengths));
  return out;
}

}  // namespace damdb::indexer

namespace damdb::indexer {
namespace {

/// Every player's record for `stamp`, written beside the database unless an import committed
/// games meanwhile (they belong to a later state).
std::vector<std::pair<std::uint32_t, PlayerRecord>> keep_records(const db::Database& db,
                                                                 const NameDirectory& names,
                                                                 const std::string& stamp) {
  std::vector<std::pair<std::uint32_t, PlayerRecord>> all =
      all_player_records(db, names, kKeptLengths);
  std::vector<std::pair<std::uint32_t, std::string>> records;
  records.reserve(all.size());
  for (const auto& [identity, record] : all) records.emplace_back(identity, encode_record(record));
  if (player_records_stamp(db) == stamp) write_player_records_file(db, stamp, records);
  return all;
}

}  // namespace

std::optional<PlayerRecord> kept_record(const db::Database& db, const NameDirectory& names,
                                        std::uint32_t identity) {
  const std::string stamp = player_records_stamp(db);
  const KeptPlayerRecord kept = read_player_record_bytes(db, stamp, identity);
  if (kept.current) {
    if (!kept.bytes) return std::nullopt;
    try {
      return decode_record(*kept.bytes);
    } catch (const db::Error&) {
      // a damaged record: made again below
    }
  }
  for (auto& [id, record] : keep_records(db, names, stamp))
    if (id == identity) return std::move(record);
  return std::nullopt;
}

void keep_player_records(const db::Database& db) {
  const std::string stamp = player_records_stamp(db);
  if (!read_player_record_bytes(db, stamp, PlayerKeys::kUnknown).current)
    keep_records(db, *NameDirectory::of(db), stamp);
}

}  // namespace damdb::indexer
