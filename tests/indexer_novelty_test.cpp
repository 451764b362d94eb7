// The novelty of a game (indexer/explorer/novelty.hpp) on games written so that every figure is
// known: dated games sharing an opening and leaving it at known plies, a transposition, a
// colour-reversed line, games without a date or with a partial one, games of the same day. The
// figures written below by hand are checked, and every game's report is compared with a brute
// force that replays every game's moves and compares the positions themselves (not their keys).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "db/database.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/export/export.hpp"
#include "indexer/explorer/novelty.hpp"
#include "indexer/explorer/popular_positions.hpp"
#include "indexer/explorer/stored_answers.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/import/importer.hpp"
#include "rules/fen.hpp"
#include "rules/mirror.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

using namespace damdb;
namespace fs = std::filesystem;

namespace {

/// One game of the test file. `date` is {year, month, day}, 0 for an unknown part (year 0: no
/// Date tag).
struct TestGame {
  const char* name;
  int year, month, day;
  std::string fen;  // "" = initial position
  std::string moves;
  const char* result;
};

/// The position after "32-28 18-23 37-32 12-18 41-37" seen from the other side (White to move):
/// a game from it playing the colour-reversed moves of G3 and G4 reaches their positions'
/// colour-reversed boards.
std::string mirrored_start() {
  return rules::to_fen(indexer::position_after("32-28 18-23 37-32 12-18 41-37").mirrored());
}

// Ids follow this order (1, 2, ...). Expected figures (default: only certainly earlier games
// count) are worked out in the tests below.
std::vector<TestGame> test_games() {
  return {
      {"T", 1980, 1, 1, "", "32-28 18-23", "1-1"},
      {"G1", 1990, 1, 1, "", "32-28 18-23 37-32 12-18", "2-0"},
      {"G2", 1995, 5, 5, "", "32-28 18-23 37-32 12-18 41-37 7-12", "0-2"},
      {"G3", 2000, 1, 1, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41", "1-1"},
      {"G4", 2001, 1, 1, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41 1-7", "2-0"},
      // colour-reversed: G2 at ply 5 (its start), G3 at 7, G4 at 8
      {"M", 2002, 2, 2, mirrored_start(), "44-39 5-10 50-44 19-24", "0-2"},
      {"U", 0, 0, 0, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41 1-7 31-26", "*"},
      {"V", 2005, 6, 1, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41 1-7 31-26 19-24", "1-1"},
      {"S1", 2006, 7, 7, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41 2-7", "2-0"},
      {"S2", 2006, 7, 7, "", "32-28 18-23 37-32 12-18 41-37 7-12 46-41 2-7", "0-2"},
      {"P", 2005, 0, 0, "", "33-28 18-22", "2-0"},
      {"Q", 2005, 3, 3, "", "33-28 18-22 39-33", "1-1"},
      // a transposition: X2 follows X0 for three plies, then stands where X1 stood after four
      // plies played in another order
      {"X0", 1984, 1, 1, "", "35-30 16-21 31-27", "1-1"},
      {"X1", 1985, 1, 1, "", "31-27 20-25 35-30 16-21", "2-0"},
      {"X2", 1987, 1, 1, "", "35-30 16-21 31-27 20-25 27x16", "2-0"},
  };
}

std::string pdn_of(const std::vector<TestGame>& games) {
  std::ostringstream out;
  for (const TestGame& g : games) {
    out << "[Event \"Novelty test\"]\n[White \"White " << g.name << "\"]\n[Black \"Black "
        << g.name << "\"]\n";
    if (g.year != 0) {
      auto part = [](int v) { return v == 0 ? std::string("??") : (v < 10 ? "0" : "") + std::to_string(v); };
      out << "[Date \"" << g.year << '.' << part(g.month) << '.' << part(g.day) << "\"]\n";
    }
    if (!g.fen.empty()) out << "[FEN \"" << g.fen << "\"]\n";
    out << "[Result \"" << g.result << "\"]\n\n";
    std::istringstream moves(g.moves);
    std::string m;
    for (int i = 0; moves >> m; ++i) out << (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") << m << ' ';
    out << g.result << "\n\n";
  }
  return out.str();
}

/// A game replayed by the test: every position, the moves' notations.
struct Replayed {
  std::vector<rules::Position> positions;  // after 0, 1, ... plies
  std::vector<rules::Move> moves;
  std::vector<std::string> notations;
};

Replayed replay(const TestGame& g) {
  Replayed r;
  rules::Position pos = g.fen.empty() ? rules::Position::initial() : rules::parse_fen(g.fen);
  r.positions.push_back(pos);
  std::istringstream in(g.moves);
  std::string m;
  while (in >> m) {
    const rules::Position next = indexer::position_after(pos, m);
    rules::MoveList legal;
    rules::generate_moves(pos, legal);
    for (const rules::Move& mv : legal) {
      rules::Position p = pos;
      p.play(mv);
      if (p == next) r.moves.push_back(mv);
    }
    r.notations.push_back(m);
    pos = next;
    r.positions.push_back(pos);
  }
  return r;
}

/// The test's own date order: a date is the period of days it may be; -1 certainly before, 1
/// certainly after, 0 the same full day, 2 unknown.
int order(const TestGame& a, const TestGame& b) {
  if (a.year == 0 || b.year == 0) return 2;
  const int pa[] = {a.year, a.month, a.day}, pb[] = {b.year, b.month, b.day};
  for (int i = 0; i < 3; ++i) {
    if (i > 0 && (pa[i] == 0 || pb[i] == 0)) return 2;
    if (pa[i] != pb[i]) return pa[i] < pb[i] ? -1 : 1;
  }
  return 0;
}

/// The first ply at which game h reached `pos` as it stands (mirrored false) or its
/// colour-reversed board (mirrored true), or -1.
int reached_at(const Replayed& h, const rules::Position& pos, bool mirrored) {
  const rules::Position target = mirrored ? pos.mirrored() : pos;
  for (std::size_t i = 0; i < h.positions.size(); ++i)
    if (h.positions[i] == target) return static_cast<int>(i);
  return -1;
}

/// The report computed by brute force: every game replayed, every position compared.
struct Brute {
  std::optional<std::size_t> novelty;
  std::vector<std::tuple<std::uint32_t, int, bool>> predecessors;  // (id, ply, mirrored), any order
  std::uint64_t same_day = 0, unknown_order = 0, later = 0;
  struct Line { std::uint64_t position_games, games, white, draws, black, unknown; };
  std::vector<Line> line;
};

Brute brute_force(const std::vector<TestGame>& games, const std::vector<Replayed>& replays,
                  std::size_t g, bool count_undated) {
  auto counts = [&](std::size_t h) {
    const int o = order(games[h], games[g]);
    return h != g && (o == -1 || (count_undated && o == 2));
  };
  auto reached = [&](std::size_t h, const rules::Position& pos) {
    return reached_at(replays[h], pos, false) >= 0 || reached_at(replays[h], pos, true) >= 0;
  };
  Brute b;
  const Replayed& r = replays[g];
  for (std::size_t i = 0; i < r.positions.size() && !b.novelty; ++i) {
    bool known = false;
    for (std::size_t h = 0; h < games.size(); ++h) known = known || (counts(h) && reached(h, r.positions[i]));
    if (!known) b.novelty = i;
  }
  if (b.novelty)
    for (std::size_t h = 0; h < games.size(); ++h) {
      if (h == g || !reached(h, r.positions[*b.novelty])) continue;
      const int o = order(games[h], games[g]);
      if (o == 0) ++b.same_day;
      else if (o == 1) ++b.later;
      else if (!counts(h)) ++b.unknown_order;
    }
  if (!b.novelty || *b.novelty > 0) {
    const rules::Position& known = r.positions[b.novelty ? *b.novelty - 1 : r.moves.size()];
    for (std::size_t h = 0; h < games.size(); ++h)
      for (const bool mirrored : {false, true}) {
        if (mirrored && known.mirrored() == known) continue;
        const int at = reached_at(replays[h], known, mirrored);
        if (counts(h) && at >= 0)
          b.predecessors.emplace_back(static_cast<std::uint32_t>(h + 1), at, mirrored);
      }
  }
  for (std::size_t ply = 1; ply <= b.novelty.value_or(r.moves.size()); ++ply) {
    const rules::Position& before = r.positions[ply - 1];
    Brute::Line line{};
    for (std::size_t h = 0; h < games.size(); ++h)
      for (const bool mirrored : {false, true}) {
        if (mirrored && before.mirrored() == before) continue;
        const int at = reached_at(replays[h], before, mirrored);
        if (at < 0) continue;
        ++line.position_games;
        if (static_cast<std::size_t>(at) == replays[h].moves.size()) continue;  // ended there
        const rules::Move played = replays[h].moves[static_cast<std::size_t>(at)];
        if (!((mirrored ? rules::mirrored_move(played) : played) == r.moves[ply - 1])) continue;
        ++line.games;
        const std::string res = games[h].result;
        const bool white_won = (res == "2-0") != mirrored, drawn = res == "1-1";
        if (res == "*") ++line.unknown;
        else if (drawn) ++line.draws;
        else if (white_won) ++line.white;
        else ++line.black;
      }
    b.line.push_back(line);
  }
  return b;
}

class NoveltyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("damdb-novelty-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    games_ = test_games();
    const fs::path pdn = dir_ / "games.pdn";
    std::ofstream(pdn) << pdn_of(games_);
    db_ = std::make_unique<db::Database>(db::Database::open(dir_ / "db"));
    const auto s = indexer::import_files(*db_, {pdn.string()});
    ASSERT_EQ(s.games_stored, games_.size());
    ASSERT_EQ(s.invalid, 0u);
    ASSERT_EQ(s.warnings, 0u);
    for (const TestGame& g : games_) replays_.push_back(replay(g));
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(dir_);
  }
  /// The report of the game named `name`.
  indexer::NoveltyReport report(const std::string& name, bool count_undated = false) {
    indexer::NoveltyOptions o;
    o.count_undated = count_undated;
    o.predecessors = 100;
    return indexer::novelty(*db_, db::GameId{id(name)}, o);
  }
  std::uint32_t id(const std::string& name) const {
    for (std::size_t i = 0; i < games_.size(); ++i)
      if (games_[i].name == name) return static_cast<std::uint32_t>(i + 1);
    ADD_FAILURE() << name;
    return 0;
  }
  /// The predecessors' (name, ply, mirrored) in the report's order.
  std::vector<std::tuple<std::string, int, bool>> predecessors(const indexer::NoveltyReport& r) {
    std::vector<std::tuple<std::string, int, bool>> out;
    for (const indexer::GameRow& row : r.predecessors)
      out.emplace_back(games_[row.id.value - 1].name, row.ply, row.mirrored);
    return out;
  }
  fs::path dir_;
  std::vector<TestGame> games_;
  std::vector<Replayed> replays_;
  std::unique_ptr<db::Database> db_;
};

using Rows = std::vector<std::tuple<std::string, int, bool>>;

}  // namespace

TEST_F(NoveltyTest, LeavesTheSharedOpeningAtTheKnownPly) {
  const auto g2 = report("G2");
  ASSERT_TRUE(g2.novelty_ply);
  EXPECT_EQ(*g2.novelty_ply, 5u);
  EXPECT_EQ(g2.novelty_move, "41-37");
  EXPECT_EQ(g2.known_ply, 4u);
  EXPECT_EQ(g2.predecessors_total, 1u);
  EXPECT_EQ(predecessors(g2), (Rows{{"G1", 4, false}}));
  EXPECT_EQ(g2.line.size(), 5u);
  // From the start: every game but M (14); 32-28: all but P, Q, X0, X1 and X2: T 1-1, G1 2-0, G2 0-2, G3 1-1, G4 2-0, U *, V 1-1, S1 2-0, S2 0-2.
  EXPECT_EQ(g2.line[0].position_games, 14u);
  EXPECT_EQ(g2.line[0].counts.games(), 9u);
  EXPECT_EQ(g2.line[0].counts.white_wins, 3u);
  EXPECT_EQ(g2.line[0].counts.draws, 3u);
  EXPECT_EQ(g2.line[0].counts.black_wins, 2u);
  EXPECT_EQ(g2.line[0].counts.unknown, 1u);
  ASSERT_TRUE(g2.line[0].score);
  EXPECT_DOUBLE_EQ(*g2.line[0].score, 100.0 * 9 / 16);
  const auto g3 = report("G3");
  ASSERT_TRUE(g3.novelty_ply);
  EXPECT_EQ(*g3.novelty_ply, 7u);
  EXPECT_EQ(predecessors(g3), (Rows{{"G2", 6, false}}));
}

TEST_F(NoveltyTest, OldestGameIsNewFromItsStart) {
  const auto t = report("T");
  ASSERT_TRUE(t.novelty_ply);
  EXPECT_EQ(*t.novelty_ply, 0u);
  EXPECT_EQ(t.predecessors_total, 0u);
  EXPECT_TRUE(t.line.empty());
  EXPECT_EQ(t.unknown_order, 1u);  // U reached the start; its date is unknown
  const auto g1 = report("G1");
  ASSERT_TRUE(g1.novelty_ply);
  EXPECT_EQ(*g1.novelty_ply, 3u);  // T played 32-28 18-23 too
  EXPECT_EQ(predecessors(g1), (Rows{{"T", 2, false}}));
}

TEST_F(NoveltyTest, TranspositionCounts) {
  // X2's fourth position is X1's (another move order): known; its novelty is 27x16.
  const auto x2 = report("X2");
  ASSERT_TRUE(x2.novelty_ply);
  EXPECT_EQ(*x2.novelty_ply, 5u);
  EXPECT_EQ(x2.novelty_move, "27x16");
  EXPECT_EQ(predecessors(x2), (Rows{{"X1", 4, false}}));
  // G4 follows G3, then plays 1-7.
  const auto g4 = report("G4");
  ASSERT_TRUE(g4.novelty_ply);
  EXPECT_EQ(*g4.novelty_ply, 8u);
  EXPECT_EQ(g4.novelty_move, "1-7");
  EXPECT_EQ(predecessors(g4), (Rows{{"G3", 7, false}}));
  EXPECT_EQ(g4.later, 2u);  // U (undated: unknown) no, V (2005) yes, M's mirror (2002) yes
  EXPECT_EQ(g4.unknown_order, 1u);
}

TEST_F(NoveltyTest, ColourReversedBoardCounts) {
  const auto m = report("M");
  ASSERT_TRUE(m.novelty_ply);
  EXPECT_EQ(*m.novelty_ply, 4u);
  EXPECT_EQ(m.novelty_move, "19-24");
  EXPECT_EQ(predecessors(m), (Rows{{"G4", 8, true}}));
  // V reached G4's position (ply 8), which is M's third position colour-reversed.
  const auto v = report("V");
  ASSERT_TRUE(v.novelty_ply);
  EXPECT_EQ(*v.novelty_ply, 9u);
  EXPECT_EQ(predecessors(v), (Rows{{"M", 3, true}, {"G4", 8, false}}));
}

TEST_F(NoveltyTest, UndatedGamesCountOnlyWhenAsked) {
  const auto v = report("V");
  EXPECT_EQ(v.unknown_order, 1u);  // U played 31-26 too, at a date not known
  EXPECT_FALSE(v.count_undated);
  const auto v2 = report("V", true);
  EXPECT_TRUE(v2.count_undated);
  ASSERT_TRUE(v2.novelty_ply);
  EXPECT_EQ(*v2.novelty_ply, 10u);
  EXPECT_EQ(predecessors(v2), (Rows{{"U", 9, false}}));
  // A partial date: P (2005) and Q (2005.03.03) cannot be ordered.
  const auto q = report("Q");
  ASSERT_TRUE(q.novelty_ply);
  EXPECT_EQ(*q.novelty_ply, 1u);
  EXPECT_EQ(q.unknown_order, 1u);
  const auto q2 = report("Q", true);
  ASSERT_TRUE(q2.novelty_ply);
  EXPECT_EQ(*q2.novelty_ply, 3u);
  EXPECT_EQ(predecessors(q2), (Rows{{"P", 2, false}}));
  // An undated game has no certainly earlier game: new from its start.
  const auto u = report("U");
  ASSERT_TRUE(u.novelty_ply);
  EXPECT_EQ(*u.novelty_ply, 0u);
}

TEST_F(NoveltyTest, SameDayGamesAreNotEarlier) {
  for (const char* name : {"S1", "S2"}) {
    const auto s = report(name);
    ASSERT_TRUE(s.novelty_ply);
    EXPECT_EQ(*s.novelty_ply, 8u);
    EXPECT_EQ(s.novelty_move, "2-7");
    EXPECT_EQ(s.same_day, 1u);
    // M reached the colour-reversed board of G3's seventh position at its ply 2.
    const Rows earlier{{"V", 7, false}, {"M", 2, true}, {"G4", 7, false}, {"G3", 7, false}};
    EXPECT_EQ(predecessors(s), earlier);
    Rows with_undated = earlier;
    with_undated.emplace_back("U", 7, false);  // an unknown date orders last
    EXPECT_EQ(predecessors(report(name, true)), with_undated);
  }
}

TEST_F(NoveltyTest, GamePlayedBeforeHasNoNovelty) {
  // T's two moves were played by U, an undated game: counted, nothing of T is new.
  const auto t = report("T", true);
  EXPECT_FALSE(t.novelty_ply);
  EXPECT_EQ(t.known_ply, 2u);
  EXPECT_EQ(t.line.size(), 2u);
  EXPECT_EQ(predecessors(t), (Rows{{"U", 2, false}}));  // the others played them later
}

TEST_F(NoveltyTest, EveryGameEqualsABruteForce) {
  const auto stored = indexer::stored_answers(*db_, indexer::GameFilter{});
  for (const bool count_undated : {false, true})
    for (const bool with_ranks : {false, true})
      for (std::size_t g = 0; g < games_.size(); ++g) {
        SCOPED_TRACE(std::string(games_[g].name) + (count_undated ? " undated" : "") +
                     (with_ranks ? " ranks" : ""));
        indexer::NoveltyOptions o;
        o.count_undated = count_undated;
        o.predecessors = 100;
        if (with_ranks) {
          o.ranks = stored.ranks.get();
          o.popular = stored.popular.get();
          ASSERT_NE(o.ranks, nullptr);
        }
        const auto r = indexer::novelty(*db_, db::GameId{static_cast<std::uint32_t>(g + 1)}, o);
        const Brute b = brute_force(games_, replays_, g, count_undated);
        EXPECT_EQ(r.novelty_ply, b.novelty);
        EXPECT_EQ(r.same_day, b.same_day);
        EXPECT_EQ(r.unknown_order, b.unknown_order);
        EXPECT_EQ(r.later, b.later);
        std::vector<std::tuple<std::uint32_t, int, bool>> got;
        for (const auto& row : r.predecessors) got.emplace_back(row.id.value, row.ply, row.mirrored);
        auto sorted = [](auto v) { std::sort(v.begin(), v.end()); return v; };
        EXPECT_EQ(sorted(got), sorted(b.predecessors));
        EXPECT_EQ(r.predecessors_total, b.predecessors.size());
        // Newest first: dates never increase down the list.
        for (std::size_t i = 1; i < r.predecessors.size(); ++i) {
          const TestGame& a = games_[r.predecessors[i - 1].id.value - 1];
          const TestGame& c = games_[r.predecessors[i].id.value - 1];
          EXPECT_NE(order(a, c) == -1 && c.year != 0, true);
        }
        ASSERT_EQ(r.line.size(), b.line.size());
        for (std::size_t i = 0; i < r.line.size(); ++i) {
          EXPECT_EQ(r.line[i].notation, replays_[g].notations[i]);
          EXPECT_EQ(r.line[i].position_games, b.line[i].position_games) << "ply " << i + 1;
          EXPECT_EQ(r.line[i].counts.games(), b.line[i].games) << "ply " << i + 1;
          EXPECT_EQ(r.line[i].counts.white_wins, b.line[i].white) << "ply " << i + 1;
          EXPECT_EQ(r.line[i].counts.draws, b.line[i].draws) << "ply " << i + 1;
          EXPECT_EQ(r.line[i].counts.black_wins, b.line[i].black) << "ply " << i + 1;
          EXPECT_EQ(r.line[i].counts.unknown, b.line[i].unknown) << "ply " << i + 1;
        }
      }
}

TEST_F(NoveltyTest, UnknownGameIsALookupError) {
  EXPECT_THROW(indexer::novelty(*db_, db::GameId{999}), indexer::GameLookupError);
}

/// Whether `text` holds `comment` right after the move `move` (white space between them).
bool after_move(const std::string& text, const std::string& comment, const std::string& move) {
  const std::size_t at = text.find(comment);
  if (at == std::string::npos) return false;
  std::size_t end = at;
  while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return end >= move.size() && text.compare(end - move.size(), move.size(), move) == 0;
}

TEST_F(NoveltyTest, ExportWritesTheNoveltyAfterItsMove) {
  std::ostringstream out;
  indexer::export_games(*db_, indexer::GameFilter{}, out, true);
  const std::string text = out.str();
  // S1 (id 9): novelty 2-7 at ply 8; earlier at ply 7: V (newest, id 8), M, G4, G3; S2 the same
  // day.
  EXPECT_TRUE(after_move(text, "{damdb: novelty ply=8 move=2-7 earlier=4 newest=8 same_day=1}",
                         "2-7"))
      << text;
  // V: unknown order U (id 7) reached its novelty's position.
  EXPECT_TRUE(after_move(
      text, "{damdb: novelty ply=9 move=31-26 earlier=2 newest=6 unknown_order=1}", "31-26"));
  // T (id 1): new from its start: the comment before the first move.
  EXPECT_NE(text.find("{damdb: novelty ply=0} 1. 32-28"), std::string::npos);
  std::ostringstream plain;
  indexer::export_games(*db_, indexer::GameFilter{}, plain);
  EXPECT_EQ(plain.str().find("novelty"), std::string::npos);
}
