// The pure part of a commit: sorting an import batch's (position, game) rows into key order and
// encoding them as PositionEntry values (exact bytes computed by hand from db/SCHEMA.md, and a
// brute-force comparison with an independently built map on random rows), and the merge of the
// operands of several batches, which must give the bytes of one batch of all the rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "db/position_entry.hpp"
#include "db/position_postings.hpp"

using namespace damdb::db;
using namespace std::string_literals;

namespace {

std::vector<std::pair<std::uint64_t, std::string>> encode_all(
    const std::vector<PostingRow>& rows, const std::vector<std::uint16_t>& plies,
    bool grouped = true) {
  std::vector<std::pair<std::uint64_t, std::string>> out;
  PositionEntryEncoder encoder(rows, plies, grouped);
  while (const auto* e = encoder.next()) out.emplace_back(e->first, std::string(e->second));
  return out;
}

}  // namespace

TEST(DbPostings, SortOrdersByZobristThenCheckThenNewestGame) {
  // Keys within one top-16-bit bucket and across buckets, given out of order.
  std::vector<PostingRow> rows = {
      {0x0001'0000'0000'0005ull, 2, 10, 0, 1, 0, 0}, {0x0000'ffff'0000'0000ull, 1, 3, 0, 1, 0, 0},
      {0x0001'0000'0000'0005ull, 1, 4, 0, 1, 0, 0},  {0x0001'0000'0000'0001ull, 9, 1, 0, 1, 0, 0},
      {0x0001'0000'0000'0005ull, 1, 12, 0, 1, 0, 0}, {0xffff'0000'0000'0000ull, 0, 2, 0, 1, 0, 0},
      {0x0000'ffff'0000'0000ull, 1, 8, 0, 1, 0, 0}};
  sort_postings(rows);
  const std::vector<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>> expected = {
      {0x0000'ffff'0000'0000ull, 1, 8}, {0x0000'ffff'0000'0000ull, 1, 3},
      {0x0001'0000'0000'0001ull, 9, 1}, {0x0001'0000'0000'0005ull, 1, 12},
      {0x0001'0000'0000'0005ull, 1, 4}, {0x0001'0000'0000'0005ull, 2, 10},
      {0xffff'0000'0000'0000ull, 0, 2}};
  ASSERT_EQ(rows.size(), expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    EXPECT_EQ(std::make_tuple(rows[i].zobrist, rows[i].check, rows[i].game), expected[i]) << i;
}

TEST(DbPostings, SortMatchesOneFullSortOfRandomRows) {
  // Rows spread over few buckets (long cycles of moves between buckets) and over many; the
  // reference is one std::sort of the whole vector by the documented order.
  std::mt19937_64 random(17);
  for (const std::uint64_t top_bits : {2ull, 65536ull}) {
    std::vector<PostingRow> rows(50000);
    for (std::uint32_t i = 0; i < rows.size(); ++i)
      rows[i] = {(random() % top_bits) << 48 | (random() & 0xff),
                 static_cast<std::uint32_t>(random() % 3), i, 0, 1, 0, 0};
    std::vector<PostingRow> expected = rows;
    std::sort(expected.begin(), expected.end(), [](const PostingRow& a, const PostingRow& b) {
      return std::tuple(a.zobrist, a.check, ~a.game) < std::tuple(b.zobrist, b.check, ~b.game);
    });
    sort_postings(rows);
    for (std::size_t i = 0; i < rows.size(); ++i)
      ASSERT_EQ(std::make_tuple(rows[i].zobrist, rows[i].check, rows[i].game),
                std::make_tuple(expected[i].zobrist, expected[i].check, expected[i].game))
          << top_bits << " " << i;
  }
}

TEST(DbPostings, EncodesGroupsExactBytes) {
  // The bytes of DbEncoding.PositionEntryExactBytes, built from rows: Zobrist key 7 has check 1
  // (game 7 at plies 5 and 9, white win, move 0) and check 2 (game 9 at ply 1, white win, move
  // 0; game 4 at plies 1 and 3, black win, move 2); Zobrist key 8 has game 300 at ply 5 (draw,
  // move 3, check 0x0a0b0c0d).
  const std::vector<std::uint16_t> plies = {5, 9, 1, 3};
  std::vector<PostingRow> rows = {{8, 0x0a0b0c0d, 300, 5, 1, 3, 1},
                                  {7, 2, 4, 2, 2, 2, 2},
                                  {7, 1, 7, 0, 2, 0, 0},
                                  {7, 2, 9, 1, 1, 0, 0}};
  sort_postings(rows);
  const auto entries = encode_all(rows, plies);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].first, 7u);
  EXPECT_EQ(entries[0].second, "\0\0\0\x01\x09\x07\x05\x01\x04"s
                               "\0\0\0\x02\x04\x02\x00\x11\x02\x14\x09\x02\x05\x03\x01\x02"s);
  EXPECT_EQ(entries[1].first, 8u);
  EXPECT_EQ(entries[1].second, "\x0a\x0b\x0c\x0d\x33\xac\x02\x05"s);
}

TEST(DbPostings, UngroupedGivesOneValuePerRow) {
  const std::vector<std::uint16_t> plies;
  const std::vector<PostingRow> rows = {{5, 1, 300, 5, 1, 3, 1}, {5, 1, 2, 0, 1, 0, 3}};
  const auto entries = encode_all(rows, plies, false);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].second, "\0\0\0\x01\x33\xac\x02\x05"s);
  // move 0, unknown (3): head 0b0111 = 7; game 2; ply 0.
  EXPECT_EQ(entries[1].second, "\0\0\0\x01\x07\x02\x00"s);
}

TEST(DbPostings, RandomRowsDecodeToTheirGames) {
  // Reference: zobrist -> check -> game -> (plies, move, result), built from the same random
  // draws, then compared with the decoded values.
  struct Game {
    std::vector<std::uint16_t> plies;
    std::uint8_t move;
    std::uint8_t result;
  };
  std::map<std::uint64_t, std::map<std::uint32_t, std::map<std::uint32_t, Game>>> expected;
  std::mt19937_64 rng(7);
  std::vector<PostingRow> rows;
  std::vector<std::uint16_t> plies;
  for (std::uint32_t game = 1; game <= 300; ++game) {
    const auto result = static_cast<std::uint8_t>(rng() % 4);
    for (int i = 0; i < 20; ++i) {
      // Few Zobrist keys (many games per key, some collisions in the top 16 bits), few checks.
      const std::uint64_t zobrist = (rng() % 8) << 60 | (rng() % 6);
      const auto check = static_cast<std::uint32_t>(rng() % 3);
      if (expected[zobrist][check].count(game)) continue;
      Game g{{}, static_cast<std::uint8_t>(rng() % 5), result};
      const int count = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < count; ++k) g.plies.push_back(static_cast<std::uint16_t>(10 * k + i));
      PostingRow row{zobrist, check, game, g.plies[0], static_cast<std::uint16_t>(count), g.move,
                     result};
      if (count > 1) {
        row.ply = static_cast<std::uint32_t>(plies.size());
        plies.insert(plies.end(), g.plies.begin(), g.plies.end());
      }
      rows.push_back(row);
      expected[zobrist][check][game] = g;
    }
  }
  std::shuffle(rows.begin(), rows.end(), rng);
  sort_postings(rows);
  const auto entries = encode_all(rows, plies);
  ASSERT_EQ(entries.size(), expected.size());
  auto want = expected.begin();
  for (const auto& [zobrist, value] : entries) {
    ASSERT_EQ(zobrist, want->first);
    const PositionEntry entry = PositionEntry::decode(value);
    ASSERT_EQ(entry.groups.size(), want->second.size());
    auto check = want->second.begin();
    for (const PositionGroup& group : entry.groups) {
      EXPECT_EQ(group.check, check->first);
      PositionStats stats;
      auto game = check->second.rbegin();  // newest first
      ASSERT_EQ(group.games.size(), check->second.size());
      for (const Occurrence& o : group.games) {
        EXPECT_EQ(o.game.value, game->first);
        EXPECT_EQ(o.plies, game->second.plies);
        stats.add(game->second.move, static_cast<GameResult>(game->second.result));
        ++game;
      }
      EXPECT_EQ(group.stats, stats);
      ++check;
    }
    ++want;
  }
}

TEST(DbPostings, MergingBatchOperandsGivesTheEntryOfAllRows) {
  // Rows of 400 games over few positions, encoded as one batch, and as operands of 4 batches
  // (consecutive game ranges, as an import writes them: the merge copies posting bytes) or of
  // 2 interleaved halves (odd and even games: the general join). Every merge must give the
  // bytes of the single batch.
  std::mt19937_64 rng(11);
  std::vector<PostingRow> rows;
  std::vector<std::uint16_t> plies;
  for (std::uint32_t game = 1; game <= 400; ++game)
    for (std::uint64_t zobrist = 0; zobrist < 6; ++zobrist) {
      if (rng() % 3 == 0) continue;
      const auto check = static_cast<std::uint32_t>(rng() % 2);
      PostingRow row{zobrist, check, game, static_cast<std::uint32_t>(rng() % 90), 1,
                     static_cast<std::uint8_t>(rng() % 4), static_cast<std::uint8_t>(game % 4)};
      if (rng() % 4 == 0) {  // reached at two plies
        row.count = 2;
        const auto first = static_cast<std::uint16_t>(row.ply);
        row.ply = static_cast<std::uint32_t>(plies.size());
        plies.push_back(first);
        plies.push_back(static_cast<std::uint16_t>(first + 7));
      }
      rows.push_back(row);
    }
  auto entries_of = [&](auto&& keep) {
    std::vector<PostingRow> part;
    for (const PostingRow& r : rows)
      if (keep(r.game)) part.push_back(r);
    sort_postings(part);
    std::map<std::uint64_t, std::string> out;
    for (const auto& [z, v] : encode_all(part, plies)) out[z] = v;
    return out;
  };
  const auto all = entries_of([](std::uint32_t) { return true; });
  std::vector<std::map<std::uint64_t, std::string>> batches, halves;
  for (std::uint32_t b = 0; b < 4; ++b)
    batches.push_back(entries_of([b](std::uint32_t g) { return (g - 1) / 100 == b; }));
  for (std::uint32_t h = 0; h < 2; ++h)
    halves.push_back(entries_of([h](std::uint32_t g) { return g % 2 == h; }));
  ASSERT_EQ(all.size(), 6u);
  for (const auto& [zobrist, expected] : all) {
    for (const auto* operands : {&batches, &halves}) {
      std::vector<std::string_view> views;
      for (const auto& m : *operands)
        if (auto it = m.find(zobrist); it != m.end()) views.push_back(it->second);
      std::string merged, sorted;
      PositionEntry::merge_encoded(views, merged);
      PositionEntry::merge_by_sorting(views, sorted);
      EXPECT_EQ(merged, expected) << zobrist;
      EXPECT_EQ(sorted, expected) << zobrist;
      std::reverse(views.begin(), views.end());  // any order of the operands
      PositionEntry::merge_encoded(views, merged);
      EXPECT_EQ(merged, expected) << zobrist;
    }
  }
}

TEST(DbPostings, CorrectionRowsAreCorrectionGroups) {
  // Zobrist key 7, check 1: game 5 played move 2 there and is counted as unknown (3), to be
  // counted as a white win (0): head 0, one correction: id 5, move 2, 3 << 2 | 0.
  const std::vector<std::uint16_t> plies;
  std::vector<PostingRow> rows = {{7, 1, 5, 0, 0, 2, 12}, {7, 1, 9, 4, 1, 0, 1}};
  sort_postings(rows);
  const auto entries = encode_all(rows, plies);
  ASSERT_EQ(entries.size(), 1u);
  // Game 9's one-game group (move 0, draw: head 0b0011 = 3; ply 4), then the correction.
  EXPECT_EQ(entries[0].second, "\0\0\0\x01\x03\x09\x04"s "\0\0\0\x01\x00\x01\x05\x02\x0c"s);
  const PositionEntry e = PositionEntry::decode(entries[0].second);
  ASSERT_EQ(e.groups.size(), 1u);
  EXPECT_EQ(e.groups[0].games.size(), 1u);
  const std::vector<ResultCorrection> pending = {
      {5, 2, GameResult::Unknown, GameResult::WhiteWin}};
  EXPECT_EQ(e.groups[0].pending, pending);
  EXPECT_EQ(e.encode(), entries[0].second);
  GroupReader group(entries[0].second, 1);  // the pending correction is not a posting
  EXPECT_EQ(group.games(), 1u);
  Occurrence o;
  ASSERT_TRUE(group.next(o));
  EXPECT_EQ(o.game, GameId{9});
  EXPECT_FALSE(group.next(o));
  // Joined with the entry that holds game 5, the correction is applied.
  const std::string game5 = "\0\0\0\x01\x27\x05\x02"s;  // move 2, unknown: head 0b100111
  std::string merged;
  const std::vector<std::string_view> operands = {game5, entries[0].second};
  PositionEntry::merge_encoded(operands, merged);
  PositionEntry expected;
  expected.groups.resize(1);
  expected.groups[0].check = 1;
  expected.groups[0].games = {Occurrence{GameId{9}, {4}}, Occurrence{GameId{5}, {2}}};
  expected.groups[0].stats.moves = {MoveStats{.move = 0, .counts = {.draws = 1}},
                                    MoveStats{.move = 2, .counts = {.white_wins = 1}}};
  EXPECT_EQ(PositionEntry::decode(merged), expected);
  EXPECT_THROW(PositionEntry::decode("\0\0\0\x01\x00\x01\x05\x02\x1c"s), Error);  // bad change
  EXPECT_THROW(PositionEntry::decode("\0\0\0\x01\x00\x00"s), Error);  // no correction
}

TEST(DbPostings, CorrectionsJoinInAnyOrderAndGrouping) {
  // 300 games over few positions, in 3 batches; every fifth game was stored with an unknown
  // result and learned its result later: a fourth operand corrects it in each position it
  // reached. Whatever the order and grouping of the merges, the entry is the one of all the
  // rows with the learned results.
  std::mt19937_64 rng(5);
  std::vector<PostingRow> rows, learned, corrections;
  const std::vector<std::uint16_t> plies;
  for (std::uint32_t game = 1; game <= 300; ++game)
    for (std::uint64_t zobrist = 0; zobrist < 5; ++zobrist) {
      if (rng() % 3 == 0) continue;
      PostingRow row{zobrist, static_cast<std::uint32_t>(rng() % 2), game,
                     static_cast<std::uint32_t>(rng() % 90), 1,
                     static_cast<std::uint8_t>(rng() % 3), static_cast<std::uint8_t>(game % 3)};
      learned.push_back(row);
      if (game % 5 == 0) {
        PostingRow correction = row;
        correction.count = 0;
        correction.result = static_cast<std::uint8_t>(3 << 2 | row.result);
        corrections.push_back(correction);
        row.result = 3;
      }
      rows.push_back(row);
    }
  auto entries_of = [&](std::vector<PostingRow> part) {
    sort_postings(part);
    std::map<std::uint64_t, std::string> out;
    for (const auto& [z, v] : encode_all(part, plies)) out[z] = v;
    return out;
  };
  const auto truth = entries_of(learned);
  std::vector<std::map<std::uint64_t, std::string>> operands;
  for (std::uint32_t b = 0; b < 3; ++b) {
    std::vector<PostingRow> part;
    for (const PostingRow& r : rows)
      if ((r.game - 1) / 100 == b) part.push_back(r);
    operands.push_back(entries_of(part));
  }
  operands.push_back(entries_of(corrections));
  for (const auto& [zobrist, expected] : truth) {
    std::vector<std::string> values;
    for (const auto& m : operands)
      if (auto it = m.find(zobrist); it != m.end()) values.push_back(it->second);
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    do {
      // Left to right, two at a time: every pending correction is carried along.
      std::string joined = values[order[0]], next;
      for (std::size_t i = 1; i < order.size(); ++i) {
        const std::vector<std::string_view> pair = {joined, values[order[i]]};
        PositionEntry::merge_encoded(pair, next);
        joined = next;
      }
      EXPECT_EQ(joined, expected) << zobrist;
      std::vector<std::string_view> all;
      for (const std::size_t i : order) all.push_back(values[i]);
      PositionEntry::merge_encoded(all, joined);
      EXPECT_EQ(joined, expected) << zobrist;
    } while (std::next_permutation(order.begin(), order.end()));
  }
}
