// Player identities (PlayerKeys): names written "Surname, Given" with the parts exchanged merge
// only on evidence (the same opponent in the same event), every merge is listed with its rule,
// and the overrides file forces or forbids merges, in PlayerKeys and through a database
// (stats players, filters). Every expected value is read off the names below by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/games/game_filter.hpp"
#include "indexer/explorer/game_list.hpp"
#include "indexer/names/player_identity.hpp"
#include "indexer/names/player_overrides.hpp"
#include "indexer/stats/statistics.hpp"
#include "indexer/text/text_fold.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

using indexer::MergeRule;
using indexer::PlayerKeys;

/// A game for PlayerKeys: White, Black, Event.
struct Met {
  std::string white, black, event;
};

/// PlayerKeys over `games` (interned and played in order), resolved with `overrides`.
PlayerKeys resolved(const std::vector<Met>& games, const std::string& overrides = "") {
  PlayerKeys keys;
  for (const Met& g : games) {
    const std::uint32_t w = keys.intern(g.white), b = keys.intern(g.black);
    keys.played(w, b, g.event);
    keys.played(b, w, g.event);
  }
  keys.resolve(indexer::PlayerOverrides::parse(overrides));
  return keys;
}

bool same_player(const PlayerKeys& keys, const std::string& a, const std::string& b) {
  return keys.identity_of(a) != PlayerKeys::kUnknown && keys.identity_of(a) == keys.identity_of(b);
}

/// The merge steps of rule `rule` that were made (not refused).
std::size_t steps(const PlayerKeys& keys, MergeRule rule, bool refused = false) {
  std::size_t n = 0;
  for (const indexer::PlayerMergeStep& s : keys.merges()) n += s.rule == rule && s.refused == refused;
  return n;
}

TEST(SwappedNames, MergeWhenBothMetTheSameOpponentInTheSameEvent) {
  const PlayerKeys keys = resolved({{"Basset, Didier", "Jansen, Gerard", "Open Paris 2004"},
                                    {"Gérard Jansen", "Didier, Basset", "OPEN PARIS 2004"}});
  EXPECT_TRUE(same_player(keys, "Basset, Didier", "Didier, Basset"));
  ASSERT_EQ(steps(keys, MergeRule::SwappedOrder), 1u);
  for (const indexer::PlayerMergeStep& s : keys.merges())
    if (s.rule == MergeRule::SwappedOrder) {
      EXPECT_NE(s.evidence.find("open paris 2004"), std::string::npos) << s.evidence;
    }
}

TEST(SwappedNames, StayTwoPlayersWithoutEvidence) {
  // Same opponent, other events.
  const PlayerKeys events = resolved({{"Basset, Didier", "Jansen, Gerard", "Open Paris"},
                                      {"Didier, Basset", "Jansen, Gerard", "Open Lyon"}});
  EXPECT_FALSE(same_player(events, "Basset, Didier", "Didier, Basset"));
  // Same event, other opponents.
  const PlayerKeys opponents = resolved({{"Basset, Didier", "Jansen, Gerard", "Open Paris"},
                                         {"Didier, Basset", "Clerc, Rob", "Open Paris"}});
  EXPECT_FALSE(same_player(opponents, "Basset, Didier", "Didier, Basset"));
  // No event at all is no evidence.
  const PlayerKeys no_event = resolved({{"Basset, Didier", "Jansen, Gerard", "?"},
                                        {"Didier, Basset", "Jansen, Gerard", "?"}});
  EXPECT_FALSE(same_player(no_event, "Basset, Didier", "Didier, Basset"));
  EXPECT_EQ(steps(no_event, MergeRule::SwappedOrder), 0u);
}

TEST(SwappedNames, AWrittenOrderWithoutCommaFollowsTheExchangedPair) {
  // Unconfirmed: "Didier Basset" could be either, and is a player of its own; so is the
  // initial "D. Basset", which fits the split name.
  const PlayerKeys split = resolved({{"Basset, Didier", "Jansen, Gerard", "Open Paris"},
                                     {"Didier, Basset", "Clerc, Rob", "Open Lyon"},
                                     {"Didier Basset", "Clerc, Rob", "Open Lyon"},
                                     {"D. Basset", "Clerc, Rob", "Open Lyon"}});
  EXPECT_FALSE(same_player(split, "Didier Basset", "Basset, Didier"));
  EXPECT_FALSE(same_player(split, "Didier Basset", "Didier, Basset"));
  EXPECT_FALSE(same_player(split, "D. Basset", "Didier Basset"));
  // Confirmed: one player with the three spellings and the initial.
  const PlayerKeys one = resolved({{"Basset, Didier", "Jansen, Gerard", "Open Paris"},
                                   {"Didier, Basset", "G. Jansen", "Open Paris"},
                                   {"Didier Basset", "Clerc, Rob", "Open Lyon"},
                                   {"D. Basset", "Clerc, Rob", "Open Lyon"}});
  EXPECT_TRUE(same_player(one, "Didier Basset", "Basset, Didier"));
  EXPECT_TRUE(same_player(one, "Didier Basset", "Didier, Basset"));
  EXPECT_TRUE(same_player(one, "D. Basset", "Didier Basset"));
}

TEST(SwappedNames, SurnameFirstAndGivenFirstAreOneName) {
  // One "Surname, Given" split and spellings without a comma: no exchange, one player.
  const PlayerKeys keys = resolved({{"Sijbrands, Ton", "Clerc, Rob", "A"},
                                    {"Ton Sijbrands", "Jansen, Gerard", "B"},
                                    {"SIJBRANDS Ton", "Wiersma, Harm", "C"}});
  EXPECT_TRUE(same_player(keys, "Sijbrands, Ton", "Ton Sijbrands"));
  EXPECT_TRUE(same_player(keys, "SIJBRANDS Ton", "Ton Sijbrands"));
  EXPECT_EQ(steps(keys, MergeRule::SameName), 2u);
  // Two people whose names are not a permutation of each other never merge.
  EXPECT_FALSE(same_player(keys, "Sijbrands, Ton", "Clerc, Rob"));
}

TEST(NamesWithANote, ANoteInBracketsIsNoPartOfThePlayer) {
  EXPECT_EQ(indexer::without_notes("Bubbi Raoul (non disponibile)"), "Bubbi Raoul ");
  EXPECT_EQ(indexer::without_notes("Kouwen (NED), Jan"), "Kouwen , Jan");
  EXPECT_EQ(indexer::without_notes("Jansen (2)"), "Jansen (2)");
  EXPECT_EQ(indexer::without_notes("(non disponibile)"), "(non disponibile)");
  EXPECT_EQ(indexer::without_notes("Smit (open"), "Smit ");
  const PlayerKeys keys = resolved({{"Bubbi Raoul (non disponibile)", "Jansen, Gerard", "Open"},
                                    {"Bubbi Raoul", "Jansen, Gerard", "Open"},
                                    {"Kouwen (NED), Jan", "Bubbi, R.", "Open"}});
  EXPECT_TRUE(same_player(keys, "Bubbi Raoul (non disponibile)", "Bubbi Raoul"));
  EXPECT_TRUE(same_player(keys, "Raoul Bubbi (ITA)", "Bubbi Raoul"));  // not stored: its name
  EXPECT_TRUE(same_player(keys, "Bubbi, R.", "Bubbi Raoul (non disponibile)"));  // initials
  EXPECT_TRUE(same_player(keys, "Jan Kouwen", "Kouwen (NED), Jan"));
  EXPECT_EQ(keys.spelling(keys.identity_of("Bubbi Raoul (non disponibile)")),
            "Bubbi Raoul (non disponibile)");  // the text as stored, note kept
}

TEST(NamesWithANote, ANumberOrAGenerationStillTellsTwoPeopleApart) {
  const PlayerKeys keys = resolved({{"Jansen (1)", "Bubbi Raoul (non disponibile)", "Open"},
                                    {"Jansen (2)", "Bubbi Mario", "Open"},
                                    {"Smit (jr)", "Smit (sr)", "Open"},
                                    {"(non disponibile)", "Bubbi Raoul", "Open"}});
  EXPECT_FALSE(same_player(keys, "Jansen (1)", "Jansen (2)"));
  EXPECT_FALSE(same_player(keys, "Smit (jr)", "Smit (sr)"));
  EXPECT_FALSE(same_player(keys, "Bubbi Raoul (non disponibile)", "Bubbi Mario"));
  // A name that is only a note stays a name of its own, not an unknown player nor Bubbi.
  EXPECT_NE(keys.identity_of("(non disponibile)"), PlayerKeys::kUnknown);
  EXPECT_FALSE(same_player(keys, "(non disponibile)", "Bubbi Raoul"));
}

TEST(PlayerOverridesFile, ParsesPairsAndNamesTheBadLine) {
  const indexer::PlayerOverrides o = indexer::PlayerOverrides::parse(
      "# corrections\n\nsame Georgiev, A. = Anatoli Georgiev\r\n"
      "different  A. Sijbrands = Ton Sijbrands \n");
  ASSERT_EQ(o.pairs.size(), 2u);
  EXPECT_TRUE(o.pairs[0].same);
  EXPECT_EQ(o.pairs[0].a, "Georgiev, A.");
  EXPECT_EQ(o.pairs[0].b, "Anatoli Georgiev");
  EXPECT_EQ(o.pairs[0].line, 3u);
  EXPECT_FALSE(o.pairs[1].same);
  EXPECT_EQ(o.pairs[1].a, "A. Sijbrands");
  EXPECT_EQ(o.pairs[1].b, "Ton Sijbrands");
  EXPECT_EQ(o.pairs[1].line, 4u);
  try {
    indexer::PlayerOverrides::parse("same A = B\nmerge A = B\n");
    FAIL() << "no error";
  } catch (const indexer::OverridesError& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(indexer::PlayerOverrides::parse("same A B"), indexer::OverridesError);
  EXPECT_THROW(indexer::PlayerOverrides::parse("different A ="), indexer::OverridesError);
}

TEST(PlayerOverridesFile, SameForcesAndDifferentForbids) {
  const std::vector<Met> games{{"Alexander Georgiev", "Clerc, Rob", "A"},
                               {"Georgiev, A.", "Clerc, Rob", "B"},
                               {"Basset, Didier", "Clerc, Rob", "C"},
                               {"Didier, Basset", "Jansen, Gerard", "D"}};
  const PlayerKeys rules = resolved(games);
  EXPECT_TRUE(same_player(rules, "Georgiev, A.", "Alexander Georgiev"));
  EXPECT_FALSE(same_player(rules, "Basset, Didier", "Didier, Basset"));

  const PlayerKeys corrected = resolved(games,
                                        "different Georgiev,A. = Alexander Georgiev\n"
                                        "same Basset, Didier = Didier, Basset\n");
  EXPECT_FALSE(same_player(corrected, "Georgiev, A.", "Alexander Georgiev"));
  EXPECT_TRUE(same_player(corrected, "Basset, Didier", "Didier, Basset"));
  EXPECT_EQ(steps(corrected, MergeRule::Initials, true), 1u);  // listed as refused
  EXPECT_EQ(steps(corrected, MergeRule::Override), 1u);
  // A pair naming a player these games do not have changes nothing.
  const PlayerKeys unknown = resolved(games, "same Nobody, X. = Alexander Georgiev\n");
  EXPECT_TRUE(same_player(unknown, "Georgiev, A.", "Alexander Georgiev"));
  EXPECT_EQ(steps(unknown, MergeRule::Override), 0u);
}

/// Four games: "A. Georgiev" (games 2, 3) merges into "Alexander Georgiev" (game 1); game 4
/// is Anatoli Gantvarg's.
const char* const kGeorgievPdn = R"PDN([Event "E"]
[White "Alexander Georgiev"]
[Black "Clerc, Rob"]
[Result "*"]
1. 32-28 18-23 *

[Event "E"]
[White "Clerc, Rob"]
[Black "A. Georgiev"]
[Result "*"]
1. 33-28 18-22 *

[Event "E"]
[White "Georgiev, A."]
[Black "Anatoli Gantvarg"]
[Result "*"]
1. 31-26 19-23 *

[Event "E"]
[White "Anatoli Gantvarg"]
[Black "Clerc, Rob"]
[Result "*"]
1. 34-29 17-21 *
)PDN";

class PlayerOverridesDb : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_text(folder_.path() / "g.pdn", kGeorgievPdn);
    test::import_into(folder_.path() / "db", folder_.path() / "g.pdn");
  }
  std::size_t games_of(const std::string& name) {
    const db::Database db = test::open_read_only(folder_.path() / "db");
    indexer::FilterSpec spec;
    spec.player = name;
    indexer::GameFilter filter(spec);
    filter.resolve_names(db);
    return indexer::list_games(db, filter, 10).total;
  }
  std::uint64_t players() {
    const db::Database db = test::open_read_only(folder_.path() / "db");
    return indexer::player_statistics(db, indexer::GameFilter{}).players;
  }
  test::TempFolder folder_{"player-overrides"};
};

TEST_F(PlayerOverridesDb, EveryCommandObeysTheFileInTheDatabaseFolder) {
  EXPECT_EQ(players(), 3u);  // Georgiev, Clerc, Gantvarg
  EXPECT_EQ(games_of("Alexander Georgiev"), 3u);
  test::write_text(folder_.path() / "db" / indexer::PlayerOverrides::kFileName,
                   "different A. Georgiev = Alexander Georgiev\n");
  EXPECT_EQ(players(), 4u);
  EXPECT_EQ(games_of("Alexander Georgiev"), 1u);
  EXPECT_EQ(games_of("Georgiev, A."), 2u);
  test::write_text(folder_.path() / "db" / indexer::PlayerOverrides::kFileName,
                   "same A. Georgiev = Anatoli Gantvarg\n");
  EXPECT_EQ(players(), 2u);  // Georgiev (all three spellings) and Gantvarg are one
  EXPECT_EQ(games_of("Clerc"), 3u);
  EXPECT_EQ(games_of("Gantvarg"), 4u);
  test::write_text(folder_.path() / "db" / indexer::PlayerOverrides::kFileName, "join A = B\n");
  EXPECT_THROW(players(), indexer::OverridesError);
}

TEST_F(PlayerOverridesDb, StatsListEveryMergeWithItsRule) {
  const db::Database db = test::open_read_only(folder_.path() / "db");
  const indexer::PlayerReport r = indexer::player_statistics(db, indexer::GameFilter{});
  ASSERT_EQ(r.merges.size(), 1u);
  const indexer::PlayerMerge& m = r.merges[0];
  EXPECT_EQ(m.spellings.size(), 3u);
  // "Georgiev, A." and "A. Georgiev" are one name folded (a comma split and none); that name
  // fits the one full name.
  ASSERT_EQ(m.steps.size(), 2u);
  EXPECT_EQ(m.steps[0].rule, MergeRule::SameName);
  EXPECT_EQ(m.steps[1].rule, MergeRule::Initials);
  EXPECT_EQ(m.steps[1].to, "Alexander Georgiev");
}

}  // namespace
}  // namespace damdb
