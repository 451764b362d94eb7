// Near-duplicates: each class found on games written for it, the negative cases (same moves,
// different players; under 10 plies; another year; a prefix of two different games) not
// clustered, and the primary chosen by the documented order. Lines are built by playing legal
// moves with the rules library (the k-th legal move at each ply), so the expected relations
// (prefix, one ply changed, two moves exchanged) hold by construction.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/duplicates/duplicate_primary.hpp"
#include "indexer/text/duplicate_rules.hpp"
#include "indexer/duplicates/duplicates.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/explorer/query.hpp"
#include "indexer/search/search.hpp"
#include "indexer/stats/statistics.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

using indexer::DuplicateClass;

/// A legal line of `plies` plies: at ply i the (seed + i) % n-th sorted legal move.
std::vector<std::string> line(int seed, int plies) {
  std::vector<std::string> out;
  rules::Position pos = rules::Position::initial();
  rules::MoveList legal;
  for (int i = 0; i < plies; ++i) {
    legal.clear();
    rules::generate_moves(pos, legal);
    rules::sort_moves(legal);
    if (legal.size() == 0) break;
    const rules::Move m = legal[(seed + i * 7) % legal.size()];
    out.push_back(rules::to_pdn(pos, m, legal));
    pos.play(m);
  }
  return out;
}

/// The line with its last ply replaced by another legal move; nullopt when it had no other.
std::optional<std::vector<std::string>> with_other_last_move(std::vector<std::string> moves) {
  rules::Position pos = rules::Position::initial();
  rules::MoveList legal;
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    legal.clear();
    rules::generate_moves(pos, legal);
    for (const rules::Move& m : legal)
      if (rules::to_pdn(pos, m, legal) == moves[i]) {
        pos.play(m);
        break;
      }
  }
  legal.clear();
  rules::generate_moves(pos, legal);
  for (const rules::Move& m : legal)
    if (rules::to_pdn(pos, m, legal) != moves.back()) {
      moves.back() = rules::to_pdn(pos, m, legal);
      return moves;
    }
  return std::nullopt;
}

/// Two lines of `plies` plies that differ only in the last ply (the first seed from `seed`
/// whose last position offers two moves).
std::pair<std::vector<std::string>, std::vector<std::string>> differing_at_end(int seed,
                                                                               int plies) {
  for (;; ++seed) {
    auto a = line(seed, plies);
    if (auto b = with_other_last_move(a)) return {std::move(a), std::move(*b)};
  }
}

std::string movetext(const std::vector<std::string>& moves) {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ". ";
    out += moves[i] + " ";
  }
  return out;
}

std::string game(const std::string& white, const std::string& black, const std::string& date,
                 const std::vector<std::string>& moves, const std::string& event = "WK 2003",
                 const std::string& result = "*", const std::string& round = "") {
  return "[Event \"" + event + "\"]\n" + (round.empty() ? "" : "[Round \"" + round + "\"]\n") +
         "[Date \"" + date + "\"]\n[White \"" + white +
         "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n" + movetext(moves) +
         result + "\n\n";
}

/// Imports `text` into a fresh database and returns find_duplicates over all of it.
indexer::DuplicateReport duplicates_of(const std::string& text) {
  test::TempFolder folder("duplicates");
  test::write_text(folder.path() / "games.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  const db::Database database = test::open_read_only(folder.path() / "db");
  return indexer::find_duplicates(database, indexer::GameFilter{});
}

/// The clusters of one class, each as its member ids (primary first).
std::vector<std::vector<std::uint32_t>> clusters(const indexer::DuplicateReport& r,
                                                 DuplicateClass kind) {
  std::vector<std::vector<std::uint32_t>> out;
  for (const auto& c : r.clusters) {
    if (c.kind != kind) continue;
    out.emplace_back();
    for (const db::GameId id : c.members) out.back().push_back(id.value);
  }
  return out;
}

using Ids = std::vector<std::vector<std::uint32_t>>;

TEST(IndexerDuplicateRules, DatesCloseEqualUpToFormatOrTwoDays) {
  using indexer::CalendarDate;
  auto close = [](const char* a, const char* b) {
    return indexer::dates_close(CalendarDate::of(a), CalendarDate::of(b));
  };
  EXPECT_TRUE(close("2003.05.14", "2003.05.16"));   // two days
  EXPECT_FALSE(close("2003.05.14", "2003.05.17"));  // three
  EXPECT_TRUE(close("2003.12.31", "2004.01.01"));   // across a year end
  EXPECT_TRUE(close("2003.03.12", "2003.12.03"));   // day and month exchanged
  EXPECT_TRUE(close("2003.??.??", "2003.05.14"));
  EXPECT_TRUE(close("", "2003.05.14"));
  EXPECT_FALSE(close("2004.05.14", "2003.05.14"));
  EXPECT_TRUE(indexer::same_year(CalendarDate::of("2003.01.01"), CalendarDate::of("2003.12.31")));
  EXPECT_FALSE(indexer::same_year(CalendarDate::of("2003.01.01"), CalendarDate::of("2002.12.31")));
}

TEST(IndexerDuplicateRules, EventSpellingsCluster) {
  EXPECT_TRUE(indexer::events_cluster("TOURNOI DES CHAMPIONS REGIONAUX",
                                      "TOURNOI DES CHZMPIONS REGIONAUX"));
  EXPECT_TRUE(indexer::events_cluster("TOURNOI DES CHAMPIONS REGIONAUX",
                                      "Tournoi des champions regionauc"));
  EXPECT_TRUE(indexer::events_cluster("1er Open International Allinges 2007",
                                      "1er Open International d'Allinges"));
  EXPECT_EQ(indexer::event_core("1er Open International d'Allinges 2007"),
            "1er open international allinges");
  EXPECT_TRUE(indexer::events_cluster("WK 2003", "?"));
  EXPECT_FALSE(indexer::events_cluster("WK 2003", "Dutch Ch 2004"));
  EXPECT_FALSE(indexer::events_cluster("Open Paris", "Open Lyon"));  // 4 edits in 9 letters
}

TEST(IndexerDuplicateRules, EditDistanceIsLevenshteinCappedAtMaxPlusOne) {
  EXPECT_EQ(indexer::edit_distance("kitten", "sitting", 3), 3u);  // k->s, e->i, +g
  EXPECT_EQ(indexer::edit_distance("kitten", "sitting", 2), 3u);  // above 2: 2 + 1
  EXPECT_EQ(indexer::edit_distance("abcdef", "abdef", 2), 1u);
  EXPECT_EQ(indexer::edit_distance("abcdef", "abcdef", 2), 0u);
  EXPECT_EQ(indexer::edit_distance("abcdef", "bacdef", 2), 2u);   // a<->b: two substitutions
  EXPECT_EQ(indexer::edit_distance("abcdef", "badcef", 4), 3u);   // -a, c->a, +c
  // Against the full Levenshtein table on random strings over {a, b}.
  auto full = [](const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
      for (std::size_t j = 1; j <= b.size(); ++j)
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                            d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    return d[a.size()][b.size()];
  };
  unsigned state = 12345;
  auto random_text = [&](std::size_t n) {
    std::string t;
    for (std::size_t i = 0; i < n; ++i) t += (state = state * 1103515245u + 12345u) >> 16 & 1 ? 'a' : 'b';
    return t;
  };
  for (int k = 0; k < 2000; ++k) {
    const std::string a = random_text(3 + k % 9), b = random_text(3 + k % 7);
    for (std::size_t max : {1u, 2u, 3u})
      ASSERT_EQ(indexer::edit_distance(a, b, max), std::min(full(a, b), max + 1)) << a << " " << b;
  }
  EXPECT_EQ(indexer::edit_distance("", "ab", 2), 2u);
  EXPECT_EQ(indexer::edit_distance("", "abc", 2), 3u);
}

TEST(IndexerDuplicates, BroadcastPrefixJoinsTheFinalGame) {
  const auto full = line(1, 40);
  const std::vector<std::string> broadcast(full.begin(), full.begin() + 24);
  const std::vector<std::string> stub(full.begin(), full.begin() + 6);  // under 10 plies
  const auto r = duplicates_of(game("Georgiev, A.", "Schwarzman, A.", "2003.05.14", broadcast) +
                               game("Georgiev, A.", "Schwarzman, A.", "2003.05.14", full, "WK 2003", "2-0") +
                               game("Georgiev, A.", "Schwarzman, A.", "2003.??.??", stub));
  EXPECT_EQ(clusters(r, DuplicateClass::Prefix), (Ids{{2, 1, 3}}));  // the longest first
  EXPECT_EQ(r.clusters.size(), 1u);
}

TEST(IndexerDuplicates, PrefixNeedsTheSamePlayersColoursAndYear) {
  const auto full = line(2, 40);
  const std::vector<std::string> part(full.begin(), full.begin() + 20);
  EXPECT_TRUE(duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", part) +
                            game("A. Baba", "D. Dodo", "2003.05.14", full))
                  .clusters.empty());  // different players
  EXPECT_TRUE(duplicates_of(game("A. Baba", "B. Cece", "2002.05.14", part) +
                            game("A. Baba", "B. Cece", "2003.05.14", full))
                  .clusters.empty());  // another year
  EXPECT_TRUE(duplicates_of(game("B. Cece", "A. Baba", "2003.05.14", part) +
                            game("A. Baba", "B. Cece", "2003.05.14", full))
                  .clusters.empty());  // other colours
  EXPECT_TRUE(duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", part, "Match", "*", "12") +
                            game("A. Baba", "B. Cece", "2003.05.14", full, "Match", "*", "8"))
                  .clusters.empty());  // other rounds
  EXPECT_EQ(clusters(duplicates_of(
                         game("A. Baba", "B. Cece", "2003.05.14", part, "Match", "*", "8") +
                         game("A. Baba", "B. Cece", "2003.05.14", full, "Match", "*", "8")),
                     DuplicateClass::Prefix),
            (Ids{{2, 1}}));  // the same round
}

TEST(IndexerDuplicates, APrefixOfTwoDifferentGamesIsAmbiguous) {
  const auto [a, b] = differing_at_end(3, 40);
  const std::vector<std::string> part(a.begin(), a.begin() + 20);
  const auto r = duplicates_of(game("A. Baba", "B. Cece", "2003", part) +
                               game("A. Baba", "B. Cece", "2003.05.14", a) +
                               game("A. Baba", "B. Cece", "2003.07.02", b));
  EXPECT_TRUE(clusters(r, DuplicateClass::Prefix).empty());
  // ... unless one of them has the prefix's date.
  const auto dated = duplicates_of(game("A. Baba", "B. Cece", "2003.07.02", part) +
                                   game("A. Baba", "B. Cece", "2003.05.14", a) +
                                   game("A. Baba", "B. Cece", "2003.07.02", b));
  EXPECT_EQ(clusters(dated, DuplicateClass::Prefix), (Ids{{3, 1}}));
}

TEST(IndexerDuplicates, TagVariantUsesMergedPlayersAndCloseDates) {
  const auto moves = line(4, 30);
  // "Georgiev, A." is merged into "Alexander Georgiev" (the only full name that fits).
  const auto r = duplicates_of(
      game("Alexander Georgiev", "Schwarzman, Alexander", "2003.05.14", moves,
           "TOURNOI DES CHAMPIONS REGIONAUX") +
      game("Georgiev, A.", "Schwarzman, Alexander", "2003.05.15", moves,
           "TOURNOI DES CHZMPIONS REGIONAUX"));
  EXPECT_EQ(clusters(r, DuplicateClass::TagVariant), (Ids{{1, 2}}));
  // A week apart: not one game.
  EXPECT_TRUE(duplicates_of(game("Alexander Georgiev", "B. Cece", "2003.05.14", moves) +
                            game("Georgiev, A.", "B. Cece", "2003.05.21", moves))
                  .clusters.empty());
  // Same moves, different players: never a cluster.
  EXPECT_TRUE(duplicates_of(game("Alexander Georgiev", "B. Cece", "2003.05.14", moves) +
                            game("Ton Sijbrands", "B. Cece", "2003.05.14", moves))
                  .clusters.empty());
}

TEST(IndexerDuplicates, ShortGamesAreOnlyPrefixes) {
  const auto moves = line(5, 8);
  EXPECT_TRUE(duplicates_of(game("Alexander Georgiev", "B. Cece", "2003.05.14", moves) +
                            game("Georgiev, A.", "B. Cece", "2003.05.15", moves) +
                            game("B. Cece", "Alexander Georgiev", "2003.05.15", moves))
                  .clusters.empty());
}

TEST(IndexerDuplicates, AGameOfAtMostTwoPliesPrecedesTheOneLongerGameOfItsDate) {
  // A one-ply stub (a broadcast's first move, not a prefix of the finished game's line), the
  // finished game that day, another game of the same players that year and one the next year:
  // the stub joins the game of its date. Without a date it has two candidates: not clustered.
  const auto stub = line(3, 1), played = line(4, 30), june = line(6, 30), next_year = line(5, 30);
  ASSERT_NE(stub.front(), played.front());
  const std::string others = game("A. Baba", "B. Cece", "2003.05.14", played) +
                             game("A. Baba", "B. Cece", "2003.06.01", june) +
                             game("A. Baba", "B. Cece", "2004.01.01", next_year);
  const auto r = duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", stub) + others);
  EXPECT_EQ(clusters(r, DuplicateClass::Prefix), (Ids{{2, 1}}));
  ASSERT_EQ(r.clusters.size(), 1u);
  EXPECT_NE(r.clusters[0].links[0].evidence.find("#1 (1 plies, 2003.05.14) (at most 2 plies) precedes #2"),
            std::string::npos)
      << r.clusters[0].links[0].evidence;
  EXPECT_TRUE(duplicates_of(game("A. Baba", "B. Cece", "????.??.??", stub) + others).clusters.empty());
}

TEST(IndexerDuplicates, ColoursSwappedIsFlagged) {
  const auto moves = line(6, 30);
  const auto r = duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", moves) +
                               game("B. Cece", "A. Baba", "2003.05.14", moves));
  EXPECT_EQ(clusters(r, DuplicateClass::ColoursSwapped), (Ids{{1, 2}}));
  EXPECT_EQ(r.clusters.size(), 1u);
}

TEST(IndexerDuplicates, SmallEditNeedsTheSameDate) {
  const auto [a, b] = differing_at_end(7, 30);
  const auto r = duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", a) +
                               game("A. Baba", "B. Cece", "2003.05.14", b));
  EXPECT_EQ(clusters(r, DuplicateClass::SmallEdit), (Ids{{1, 2}}));
  EXPECT_TRUE(duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", a) +
                            game("A. Baba", "B. Cece", "2003.06.14", b))
                  .clusters.empty());
}

TEST(IndexerDuplicates, OnlyTheClassesAskedAreLookedFor) {
  // One player pair holding a prefix, a tag variant, a colour swap and a small edit.
  const auto full = line(9, 40);
  const std::vector<std::string> part(full.begin(), full.begin() + 20);
  const auto [a, b] = differing_at_end(11, 30);
  const std::string text =
      game("A. Baba", "B. Cece", "2003.05.14", part) +
      game("A. Baba", "B. Cece", "2003.05.14", full) +
      game("A. Baba", "B. Cece", "2003.05.15", full, "WK  2003") +
      game("B. Cece", "A. Baba", "2003.06.01", a) + game("B. Cece", "A. Baba", "2003.06.01", b) +
      game("A. Baba", "B. Cece", "2003.06.01", a);
  test::TempFolder folder("duplicate-classes");
  test::write_text(folder.path() / "games.pdn", text);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");  // marks nothing
  const db::Database database = test::open_read_only(folder.path() / "db");
  const auto every = indexer::find_duplicates(database, indexer::GameFilter{});
  // The prefix joins the last of the two equal full lines (a chain), the longer game first.
  EXPECT_EQ(clusters(every, DuplicateClass::Prefix), (Ids{{3, 1}}));
  EXPECT_EQ(clusters(every, DuplicateClass::TagVariant), (Ids{{2, 3}}));
  EXPECT_EQ(clusters(every, DuplicateClass::ColoursSwapped), (Ids{{4, 6}}));
  EXPECT_EQ(clusters(every, DuplicateClass::SmallEdit), (Ids{{4, 5}}));
  indexer::DuplicateOptions options;
  options.classes = 1u << static_cast<unsigned>(DuplicateClass::Prefix) |
                    1u << static_cast<unsigned>(DuplicateClass::TagVariant);
  const auto asked = indexer::find_duplicates(database, indexer::GameFilter{}, options);
  EXPECT_EQ(clusters(asked, DuplicateClass::Prefix), clusters(every, DuplicateClass::Prefix));
  EXPECT_EQ(clusters(asked, DuplicateClass::TagVariant),
            clusters(every, DuplicateClass::TagVariant));
  EXPECT_EQ(asked.clusters.size(), 2u);
  EXPECT_EQ(asked.replayed, 0u);  // no game replayed without move-order and small-edit
  EXPECT_EQ(every.replayed, 6u);
}

/// Two lines of equal length ending in one position: a line in which two moves of one side
/// can be exchanged (both orders legal, same final position), found by trying every pair.
std::pair<std::vector<std::string>, std::vector<std::string>> transposed_lines() {
  for (int seed = 0; seed < 200; ++seed) {
    const auto a = line(seed, 20);
    for (std::size_t i = 0; i + 2 < a.size(); ++i) {
      auto b = a;
      std::swap(b[i], b[i + 2]);
      // Replay b by notation: every move must be legal and the final position equal.
      auto final_key = [](const std::vector<std::string>& moves) -> std::uint64_t {
        rules::Position pos = rules::Position::initial();
        rules::MoveList legal;
        for (const std::string& text : moves) {
          legal.clear();
          rules::generate_moves(pos, legal);
          bool played = false;
          for (const rules::Move& m : legal)
            if (rules::to_pdn(pos, m, legal) == text) {
              pos.play(m);
              played = true;
              break;
            }
          if (!played) return 0;
        }
        return pos.key();
      };
      if (b != a && final_key(b) != 0 && final_key(b) == final_key(a)) return {a, b};
    }
  }
  ADD_FAILURE() << "no transposition found";
  return {};
}

TEST(IndexerDuplicates, MoveOrderVariantIsFlagged) {
  const auto [a, b] = transposed_lines();
  const auto r = duplicates_of(game("A. Baba", "B. Cece", "2003.05.14", a) +
                               game("A. Baba", "B. Cece", "2003.08.14", b));
  EXPECT_EQ(clusters(r, DuplicateClass::MoveOrder), (Ids{{1, 2}}));
  EXPECT_TRUE(clusters(r, DuplicateClass::SmallEdit).empty());
}

/// Games counted by the listing, the player table, the explorer at the start position (and
/// its top games) and a pattern search for two men of the start position (true at ply 0 of
/// every game).
struct Counted {
  std::uint64_t listed = 0, player_games = 0, explorer = 0, searched = 0, top = 0;
  friend bool operator==(const Counted&, const Counted&) = default;
};

Counted counted(const db::Database& db) {
  const indexer::GameFilter all;
  Counted c;
  c.listed = indexer::list_games(db, all, 10).total;
  c.player_games = indexer::player_statistics(db, all).rows.at(0).total.games();
  c.explorer = indexer::query_opening(db, rules::Position::initial(), all, false, false).games;
  c.searched = indexer::search_games(db, indexer::parse_search("must W:W31:B20").query, all).games;
  c.top = indexer::top_games(db, rules::Position::initial(), all, 10).size();
  return c;
}

TEST(IndexerDuplicateMarks, ApplyCountsAClusterOnceAndUndoRestores) {
  const auto full = line(8, 40);
  const std::vector<std::string> broadcast(full.begin(), full.begin() + 24);
  test::TempFolder folder("duplicate-marks");
  test::write_text(folder.path() / "games.pdn",
                   game("A. Baba", "B. Cece", "2003.05.14", broadcast) +
                       game("A. Baba", "B. Cece", "2003.05.14", full, "WK 2003", "2-0"));
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  db::Database database = db::Database::open(folder.path() / "db");
  EXPECT_EQ(counted(database), (Counted{2, 2, 2, 2, 2}));
  const auto report = indexer::find_duplicates(database, indexer::GameFilter{});
  EXPECT_THROW(indexer::apply_duplicates(database, report, {DuplicateClass::SmallEdit}),
               std::invalid_argument);
  const auto marks = indexer::apply_duplicates(database, report, {DuplicateClass::Prefix});
  ASSERT_EQ(marks.size(), 1u);
  EXPECT_EQ(marks[0].primary.value, 2u);  // the longer game
  EXPECT_EQ(marks[0].members, (std::vector<db::GameId>{db::GameId{1}}));
  EXPECT_EQ(counted(database), (Counted{1, 1, 1, 1, 1}));
  EXPECT_EQ(indexer::HiddenGames::of(database)->primary_of(db::GameId{1}), db::GameId{2});
  EXPECT_FALSE(indexer::HiddenGames::of(database)->primary_of(db::GameId{2}));
  // Applying again replaces the mark instead of adding one.
  indexer::apply_duplicates(database, report, {DuplicateClass::Prefix, DuplicateClass::TagVariant});
  EXPECT_EQ(database.duplicate_marks().size(), 1u);
  EXPECT_EQ(indexer::undo_duplicates(database, db::GameId{1}), 0u);  // not a primary
  EXPECT_EQ(indexer::undo_duplicates(database, db::GameId{2}), 1u);
  EXPECT_EQ(counted(database), (Counted{2, 2, 2, 2, 2}));
  EXPECT_TRUE(database.duplicate_marks().empty());
}

TEST(IndexerDuplicatePrimary, OrderValidThenPliesThenResultThenAnnotationsThenTagsThenId) {
  using indexer::PrimaryRank;
  PrimaryRank a{db::GameId{1}, db::ValidationStatus::Warnings, 80, true, true, 9};
  PrimaryRank b{db::GameId{2}, db::ValidationStatus::Valid, 40, false, false, 3};
  EXPECT_TRUE(b.better_than(a));  // valid beats everything else
  a.status = db::ValidationStatus::Valid;
  EXPECT_TRUE(a.better_than(b));  // then more plies
  b.plies = 80;
  EXPECT_TRUE(a.better_than(b));  // then a result that fits
  b.result_fits = true;
  EXPECT_TRUE(a.better_than(b));  // then annotations
  b.annotated = true;
  EXPECT_TRUE(a.better_than(b));  // then more tags
  b.tags = 9;
  EXPECT_TRUE(a.better_than(b));  // then the earliest
  EXPECT_FALSE(b.better_than(a));
}

// `damdb import` marks the prefix and tag-variant clusters of the games it adds (unless
// --no-merge), as `duplicates --apply prefix tag-variant` would.
class ImportMerge : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto full = line(9, 40);
    const std::vector<std::string> broadcast(full.begin(), full.begin() + 24);
    test::write_text(folder_.path() / "live.pdn",
                     game("A. Baba", "B. Cece", "2003.05.14", broadcast));  // stopped at ply 24
    test::write_text(folder_.path() / "final.pdn",
                     game("A. Baba", "B. Cece", "2003.05.14", full, "WK 2003", "2-0") +
                         game("D. Dede", "E. Fefe", "2003.05.14", line(10, 30)));  // alone
  }
  /// Runs `damdb ARGS --db DIR`; returns the exit code.
  int damdb(const std::string& args) {
    int code = -1;
    test::command_output(std::string("'") + DAMDB_BINARY + "' " + args + " --db '" +
                             (folder_.path() / "db").string() + "'",
                         code);
    return code;
  }
  std::string file(const char* name) { return "'" + (folder_.path() / name).string() + "'"; }
  std::vector<db::DuplicateMark> marks() {
    return test::open_read_only(folder_.path() / "db").duplicate_marks();
  }
  test::TempFolder folder_{"import-merge"};
};

TEST_F(ImportMerge, TheFinalFileAfterTheBroadcastMarksTheCluster) {
  ASSERT_EQ(damdb("import " + file("live.pdn")), 0);
  EXPECT_TRUE(marks().empty());  // one game: nothing to join
  ASSERT_EQ(damdb("import " + file("final.pdn")), 0);
  const auto m = marks();
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].primary.value, 2u);  // the final game, longer, with its result
  EXPECT_EQ(m[0].members, (std::vector<db::GameId>{db::GameId{1}}));
  const db::Database database = test::open_read_only(folder_.path() / "db");
  EXPECT_EQ(counted(database).listed, 2u);  // games 2 and 3; game 1 kept as a member
  EXPECT_TRUE(database.game(db::GameId{1}));
}

TEST_F(ImportMerge, NoMergeLeavesTheGamesUnmarkedAndALaterImportDoesNotMarkThem) {
  ASSERT_EQ(damdb("import --no-merge " + file("live.pdn") + " " + file("final.pdn")), 0);
  EXPECT_TRUE(marks().empty());
  ASSERT_EQ(damdb("import " + file("final.pdn")), 0);  // nothing new
  EXPECT_TRUE(marks().empty());
  ASSERT_EQ(damdb("duplicates --apply prefix"), 0);  // the user's choice, later
  EXPECT_EQ(marks().size(), 1u);
}

TEST_F(ImportMerge, ReimportIsIdempotentAndUndoRestoresForGood) {
  ASSERT_EQ(damdb("import " + file("live.pdn") + " " + file("final.pdn")), 0);
  const auto first = marks();
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(damdb("import " + file("live.pdn") + " " + file("final.pdn")), 0);
  const auto again = marks();
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].primary, first[0].primary);
  EXPECT_EQ(again[0].members, first[0].members);
  ASSERT_EQ(damdb("duplicates --undo all"), 0);
  EXPECT_TRUE(marks().empty());
  EXPECT_EQ(counted(test::open_read_only(folder_.path() / "db")).listed, 3u);
  ASSERT_EQ(damdb("import " + file("final.pdn")), 0);  // no new game: the undo stays
  EXPECT_TRUE(marks().empty());
}

}  // namespace
}  // namespace damdb
