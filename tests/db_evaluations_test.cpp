// The evaluations family: PositionEvaluation's bytes (worked out by hand beside each test),
// its errors, and Database::put_evaluations / evaluation / evaluations on real RocksDB folders,
// including a database without the family (written before it existed) and readers that do or do
// not ask for it.
#include <gtest/gtest.h>


#include "db/database.hpp"
#include "db/error.hpp"
#include "db/position_evaluation.hpp"
#include "tests/games_fixture.hpp"

using namespace damdb::db;

namespace {

using damdb::test::TempFolder;

PositionEvaluation sample() {
  PositionEvaluation e;
  e.engine = "fake 1.0";
  e.budget = {BudgetKind::Depth, 3};
  e.centi_score = -35;
  e.depth = 3;
  e.best = "32-28";
  e.pv = "32-28 19-23";
  return e;
}

TEST(DbEvaluations, ExactBytes) {
  // format 1 | string "fake 1.0" | kind 0 | 3 | zigzag(-35) = 69 | flags 0 | depth 3 |
  // string "32-28" | string "32-28 19-23" | empty string
  const std::string expected = std::string("\x01\x08" "fake 1.0" "\x00\x03\x45\x00\x03\x05" "32-28"
                                           "\x0b" "32-28 19-23" "\x00", 34);
  EXPECT_EQ(sample().encode(), expected);
  EXPECT_EQ(PositionEvaluation::decode(expected), sample());
}

TEST(DbEvaluations, WinScoreAndMoveTimeBytes) {
  PositionEvaluation e = sample();
  e.budget = {BudgetKind::MoveTime, 1500};  // 1500 = 11 * 128 + 92: DC 0B
  e.centi_score = 9905;                     // zigzag 19810 = 154 * 128 + 98: E2 9A 01
  e.win = true;
  e.best = e.pv = "";
  e.unmatched_pv = "1-2";
  const std::string expected =
      std::string("\x01\x08" "fake 1.0" "\x02\xdc\x0b\xe2\x9a\x01\x01\x03\x00\x00\x03" "1-2", 24);
  EXPECT_EQ(e.encode(), expected);
  EXPECT_EQ(PositionEvaluation::decode(expected), e);
  EXPECT_DOUBLE_EQ(e.white_score(), 99.05);
}

TEST(DbEvaluations, ScoresRoundToHundredthsBothSigns) {
  EXPECT_EQ(centi_men(0.35), 35);
  EXPECT_EQ(centi_men(-0.35), -35);
  EXPECT_EQ(centi_men(-99.04), -9904);
  EXPECT_EQ(centi_men(1e12), 2147483647);
  for (const std::int32_t c : {0, 1, -1, 63, -64, 64, -65, 2147483647, -2147483647}) {
    PositionEvaluation e = sample();
    e.centi_score = c;
    EXPECT_EQ(PositionEvaluation::decode(e.encode()).centi_score, c);
  }
}

TEST(DbEvaluations, MalformedValuesAreCorruption) {
  const std::string good = sample().encode();
  for (const std::string& bad : {std::string(), std::string("\x02") + good.substr(1),
                                 good.substr(0, good.size() - 1), good + "x",
                                 good.substr(0, 10) + "\x07" + good.substr(11)}) {
    try {
      PositionEvaluation::decode(bad);
      ADD_FAILURE() << "decoded a malformed value of " << bad.size() << " bytes";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Corruption);
    }
  }
}

TEST(DbEvaluations, BudgetCoversTheSameKindNoLarger) {
  const EvalBudget d10{BudgetKind::Depth, 10};
  EXPECT_TRUE(d10.covers({BudgetKind::Depth, 10}));
  EXPECT_TRUE(d10.covers({BudgetKind::Depth, 3}));
  EXPECT_FALSE(d10.covers({BudgetKind::Depth, 11}));
  EXPECT_FALSE(d10.covers({BudgetKind::Nodes, 3}));
}

TEST(DbEvaluations, StoredReadBackAndReplaced) {
  TempFolder dir("eval-test");
  const PositionKey a{0x1234, 7}, b{0x1234, 8}, c{0x99, 1};
  {
    Database db = Database::open(dir.path());
    EXPECT_FALSE(db.has_evaluations());
    EXPECT_EQ(db.evaluation(a), std::nullopt);
    PositionEvaluation other = sample();
    other.centi_score = 120;
    const std::vector<std::pair<PositionKey, PositionEvaluation>> put{{a, sample()}, {b, other}};
    db.put_evaluations(put);
    EXPECT_TRUE(db.has_evaluations());
    EXPECT_EQ(db.evaluation(a), sample());
    EXPECT_EQ(db.evaluation(b), other);  // the same Zobrist key, another check key
    EXPECT_EQ(db.evaluation(c), std::nullopt);
    other.centi_score = -5;
    db.put_evaluations(std::vector<std::pair<PositionKey, PositionEvaluation>>{{a, other}});
    EXPECT_EQ(db.evaluation(a), other);
  }
  OpenOptions asked;
  asked.mode = OpenMode::ReadOnly;
  asked.evaluations = true;
  const Database reader = Database::open(dir.path(), asked);
  ASSERT_TRUE(reader.has_evaluations());
  const std::vector<PositionKey> keys{c, b, a};
  const auto found = reader.evaluations(keys);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0], std::nullopt);
  EXPECT_EQ(found[1]->centi_score, 120);
  EXPECT_EQ(found[2]->centi_score, -5);
  OpenOptions explorer = asked;
  explorer.explorer_only = true;
  EXPECT_EQ(Database::open(dir.path(), explorer).evaluation(b)->centi_score, 120);
  OpenOptions plain;
  plain.mode = OpenMode::ReadOnly;
  EXPECT_FALSE(Database::open(dir.path(), plain).has_evaluations());
  EXPECT_THROW(Database::open(dir.path(), plain).put_evaluations(
                   std::vector<std::pair<PositionKey, PositionEvaluation>>{{a, sample()}}),
               Error);
}

TEST(DbEvaluations, ADatabaseWithoutTheFamilyOpensInEveryMode) {
  TempFolder dir("eval-test");
  { Database db = Database::open(dir.path()); }
  for (const bool explorer : {false, true}) {
    OpenOptions asked;
    asked.mode = OpenMode::ReadOnly;
    asked.evaluations = true;
    asked.explorer_only = explorer;
    const Database reader = Database::open(dir.path(), asked);
    EXPECT_FALSE(reader.has_evaluations());
    EXPECT_EQ(reader.evaluation({1, 1}), std::nullopt);
    EXPECT_EQ(reader.evaluations(std::vector<PositionKey>{{1, 1}}).front(), std::nullopt);
  }
  OpenOptions secondary;
  secondary.mode = OpenMode::Secondary;
  secondary.evaluations = true;
  EXPECT_FALSE(Database::open(dir.path(), secondary).has_evaluations());
  // A writer opens it, and finds the family once a put made it.
  { Database db = Database::open(dir.path()); EXPECT_FALSE(db.has_evaluations()); }
}

}  // namespace
