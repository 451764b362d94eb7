// Key and value encodings of damdb::db: exact bytes (computed by hand from the layouts in
// db/SCHEMA.md), round trips, and errors on malformed bytes (the game signatures and packed
// move codes: db_signature_encoding_test.cpp).
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <tuple>
#include <string_view>

#include "db/content_hash.hpp"
#include "db/detail/position_runs.hpp"
#include "db/error.hpp"
#include "db/game_id.hpp"
#include "db/game_identity.hpp"
#include "db/game_header.hpp"
#include "db/game_record.hpp"
#include "db/game_signature.hpp"
#include "db/packed_moves.hpp"
#include "db/signature_block.hpp"
#include "db/signature_moves.hpp"
#include "db/varint.hpp"
#include "db_error_kind.hpp"
#include "db/meta.hpp"
#include "db/occurrence.hpp"
#include "db/position_entry.hpp"
#include "db/position_key.hpp"
#include "db/position_stats.hpp"
#include "db/text_index.hpp"

using namespace damdb::db;
using namespace std::string_literals;

using damdb::db::test::kind_of;

// A game_hashes merge operand updates a content hash's list: an entry replaces its game's,
// others join in id order; applying two operands one after the other equals applying the
// second's update of the first (what a partial merge writes).
TEST(DbEncoding, SameMovesGamesUpdateReplacesAndInsertsInIdOrder) {
  auto entry = [](std::uint32_t id, const char* white, GameResult result) {
    return std::pair<GameId, GameIdentity>{GameId{id}, GameIdentity{white, "b", "", result}};
  };
  SameMovesGames list{{entry(2, "two", GameResult::Unknown), entry(5, "five", GameResult::Draw)}};
  const SameMovesGames a{{entry(2, "two", GameResult::WhiteWin), entry(7, "seven", GameResult::Draw)}};
  const SameMovesGames b{{entry(1, "one", GameResult::BlackWin), entry(7, "seven", GameResult::WhiteWin)}};
  SameMovesGames once = list;
  once.update(a);
  once.update(b);
  const SameMovesGames expected{{entry(1, "one", GameResult::BlackWin),
                                     entry(2, "two", GameResult::WhiteWin),
                                     entry(5, "five", GameResult::Draw),
                                     entry(7, "seven", GameResult::WhiteWin)}};
  EXPECT_EQ(once, expected);
  SameMovesGames partial = a;
  partial.update(b);
  SameMovesGames twice = list;
  twice.update(partial);
  EXPECT_EQ(twice, expected);
  SameMovesGames empty;
  empty.update(expected);
  EXPECT_EQ(empty, expected);
}

TEST(DbEncoding, SameMovesGamesDecodePlayersKeepsOnlyThatPairAndChecksTheWholeValue) {
  auto entry = [](std::uint32_t id, const char* white, const char* black) {
    return std::pair<GameId, GameIdentity>{GameId{id}, GameIdentity{white, black, "2003", GameResult::Draw}};
  };
  const SameMovesGames list{{entry(3, "a", "b"), entry(4, "b", "a"), entry(8, "a", "b"),
                             entry(9, "a", "c"), entry(12, "", "")}};
  std::string bytes;
  list.encode(bytes);
  const SameMovesGames ab{{entry(3, "a", "b"), entry(8, "a", "b")}};
  EXPECT_EQ(SameMovesGames::decode_players(bytes, "a", "b"), ab);  // colours count
  const SameMovesGames unknown{{entry(12, "", "")}};
  EXPECT_EQ(SameMovesGames::decode_players(bytes, "", ""), unknown);
  EXPECT_TRUE(SameMovesGames::decode_players(bytes, "c", "a").games.empty());
  bytes.pop_back();  // the last game's result: corrupt even though that game is not kept
  EXPECT_EQ(kind_of([&] { SameMovesGames::decode_players(bytes, "a", "b"); }), ErrorKind::Corruption);
}

TEST(DbEncoding, GameIdIsBigEndian) {
  EXPECT_EQ(GameId{0x01020304}.encode(), "\x01\x02\x03\x04"s);
  EXPECT_EQ(GameId::decode("\x00\x00\x01\x00"s).value, 256u);
  // Byte order equals numeric order.
  EXPECT_LT(GameId{255}.encode(), GameId{256}.encode());
  EXPECT_EQ(kind_of([] { GameId::decode("abc"); }), ErrorKind::Corruption);
}

TEST(DbEncoding, PositionKeyZobristFirstThenCheck) {
  PositionKey k{0x0102030405060708ull, 0x0a0b0c0du};
  EXPECT_EQ(k.encode(), "\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0b\x0c\x0d"s);
  EXPECT_EQ(PositionKey::decode(k.encode()), k);
  EXPECT_EQ(kind_of([] { PositionKey::decode("short"); }), ErrorKind::Corruption);
}

TEST(DbEncoding, OccurrencePlies) {
  // Single ply: ply * 2 + 0 in one varint.
  EXPECT_EQ(OccurrencePlies{{5}}.encode(), "\x0a"s);
  EXPECT_EQ(OccurrencePlies{{64}}.encode(), "\x80\x01"s);
  // 3 plies: 3 * 2 + 1 = 7, then 2 more, gaps 7 and 290 (= 0xa2 0x02 as LEB128).
  OccurrencePlies three{{3, 10, 300}};
  EXPECT_EQ(three.encode(), "\x07\x02\x07\xa2\x02"s);
  EXPECT_EQ(OccurrencePlies::decode(three.encode()), three);
  EXPECT_EQ(OccurrencePlies::decode("\x80\x01"s), OccurrencePlies{{64}});

  EXPECT_EQ(kind_of([] { OccurrencePlies{{4, 4}}.encode(); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode("\x07\x02\x05"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode("\x07\x01\x00"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode("\x07\x00"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode("\x0a\x00"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode("\x80"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { OccurrencePlies::decode(""s); }), ErrorKind::Corruption);
}

TEST(DbEncoding, PositionStatsCompactLayout) {
  PositionStats one;
  one.add(7, GameResult::WhiteWin);
  // n=1, move 7, mask = white(1) | all-ones(0x10): counts omitted.
  EXPECT_EQ(one.encode(), "\x01\x07\x11"s);

  PositionStats s;
  for (int i = 0; i < 2; ++i) s.add(0, GameResult::WhiteWin);
  for (int i = 0; i < 130; ++i) s.add(0, GameResult::BlackWin);
  s.add(kGameEnd, GameResult::Unknown);
  s.add(kGameEnd, GameResult::Draw);
  // move 0: mask white|black = 0x05, counts 2 and 130 (0x82 0x01);
  // move 255: mask draw|unknown|all-ones = 0x1a.
  EXPECT_EQ(s.encode(), "\x02\x00\x05\x02\x82\x01\xff\x1a"s);
  auto back = PositionStats::decode(s.encode());
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.games(), 134u);
  ASSERT_NE(back.find(0), nullptr);
  EXPECT_EQ(back.find(0)->counts.black_wins, 130u);
  EXPECT_EQ(back.find(0)->counts.games(), 132u);
  EXPECT_EQ(back.find(3), nullptr);

  EXPECT_EQ(kind_of([] { PositionStats::decode("\x02\x05\x11\x03\x11"s); }),
            ErrorKind::Corruption);  // codes not ascending
  EXPECT_EQ(kind_of([] { PositionStats::decode("\x01\x05\x21"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { PositionStats::decode("\x01\x05"s); }), ErrorKind::Corruption);
}

TEST(DbEncoding, PositionStatsMergeIsAssociativeAndCommutative) {
  PositionStats a, b, c;
  a.add(1, GameResult::WhiteWin);
  a.add(4, GameResult::Draw);
  b.add(1, GameResult::BlackWin);
  b.add(2, GameResult::Draw);
  c.add(4, GameResult::Draw);
  c.add(kGameEnd, GameResult::Unknown);
  std::string ab, ab_c, bc, a_bc, ba;
  PositionStats::merge_encoded(a.encode(), b.encode(), ab);
  PositionStats::merge_encoded(ab, c.encode(), ab_c);
  PositionStats::merge_encoded(b.encode(), c.encode(), bc);
  PositionStats::merge_encoded(a.encode(), bc, a_bc);
  PositionStats::merge_encoded(b.encode(), a.encode(), ba);
  EXPECT_EQ(ab_c, a_bc);
  EXPECT_EQ(ab, ba);
  auto total = PositionStats::decode(ab_c);
  ASSERT_EQ(total.moves.size(), 4u);
  EXPECT_EQ(total.find(1)->counts.white_wins, 1u);
  EXPECT_EQ(total.find(1)->counts.black_wins, 1u);
  EXPECT_EQ(total.find(2)->counts.draws, 1u);
  EXPECT_EQ(total.find(4)->counts.draws, 2u);
  EXPECT_EQ(total.find(kGameEnd)->counts.unknown, 1u);
  EXPECT_EQ(total.games(), 6u);
}

// PositionStats::merge against a brute-force sum per move code: random move lists (codes
// 0..255, some shared, some not), merged into one reused PositionStats, and into itself.
TEST(DbEncoding, PositionStatsMergeEqualsTheSumPerMoveCode) {
  std::mt19937 rng(20261203);
  PositionStats reused;
  for (int round = 0; round < 2000; ++round) {
    std::array<std::array<std::uint64_t, 4>, 256> expected{};
    reused.moves.clear();
    const int operands = 1 + static_cast<int>(rng() % 5);
    for (int k = 0; k < operands; ++k) {
      PositionStats s;
      const int games = static_cast<int>(rng() % 12);
      for (int g = 0; g < games; ++g) {
        // Few codes in most rounds (shared codes), any code in some.
        const auto move = static_cast<std::uint8_t>(round % 3 == 0 ? rng() % 256 : rng() % 6);
        const auto result = static_cast<GameResult>(rng() % 4);
        s.add(move, result);
        ++expected[move][static_cast<std::size_t>(result)];
      }
      reused.merge(s);
    }
    if (round % 7 == 0) {
      reused.merge(reused);
      for (auto& counts : expected)
        for (auto& n : counts) n *= 2;
    }
    std::size_t at = 0;
    for (std::size_t code = 0; code < 256; ++code) {
      const auto& e = expected[code];
      if (e[0] + e[1] + e[2] + e[3] == 0) continue;
      ASSERT_LT(at, reused.moves.size()) << "round " << round;
      const MoveStats& m = reused.moves[at++];
      EXPECT_EQ(m.move, code) << "round " << round;
      EXPECT_EQ(m.counts.white_wins, e[0]);
      EXPECT_EQ(m.counts.draws, e[1]);
      EXPECT_EQ(m.counts.black_wins, e[2]);
      EXPECT_EQ(m.counts.unknown, e[3]);
    }
    EXPECT_EQ(at, reused.moves.size()) << "round " << round;
  }
}

namespace {

PositionGroup group(std::uint32_t check, std::vector<std::tuple<std::uint32_t, std::uint8_t, GameResult, std::vector<std::uint16_t>>> games) {
  PositionGroup g;
  g.check = check;
  for (auto& [id, move, result, plies] : games) {
    g.stats.add(move, result);
    g.games.push_back(Occurrence{GameId{id}, plies});
  }
  return g;
}

std::string merged(std::initializer_list<std::string_view> operands) {
  std::string out;
  std::vector<std::string_view> v(operands);
  PositionEntry::merge_encoded(v, out);
  return out;
}

}  // namespace

TEST(DbEncoding, PositionEntryExactBytes) {
  // One game: check BE4, head = move << 4 | more << 3 | result << 1 | 1, id, ply.
  // move 3, draw (1): head 0x33; game 300 = 0xac 0x02; ply 5.
  PositionEntry one{{group(0x0a0b0c0d, {{300, 3, GameResult::Draw, {5}}})}};
  EXPECT_EQ(one.encode(), "\x0a\x0b\x0c\x0d\x33\xac\x02\x05"s);
  EXPECT_EQ(PositionEntry::decode(one.encode()), one);

  // Two groups (a Zobrist collision): check 1 with one game at plies 5 and 9 (more: head 0x09,
  // n - 1 = 1, gap 4); check 2 with games 9 and 4 (descending ids: 9, then gap 5), head
  // n << 1 = 4, statistics n=2 (move 0 white mask 0x11, move 2 black mask 0x14), plies
  // {1} = 0x02 and {1, 3} = 0x03 0x01 0x02.
  PositionEntry two{{group(1, {{7, 0, GameResult::WhiteWin, {5, 9}}}),
                     group(2, {{9, 0, GameResult::WhiteWin, {1}}, {4, 2, GameResult::BlackWin, {1, 3}}})}};
  const std::string expected =
      "\0\0\0\x01\x09\x07\x05\x01\x04"s
      "\0\0\0\x02\x04\x02\x00\x11\x02\x14\x09\x02\x05\x03\x01\x02"s;
  EXPECT_EQ(two.encode(), expected);
  EXPECT_EQ(PositionEntry::decode(expected), two);

  GroupReader reader(expected, 2);
  ASSERT_TRUE(reader.found());
  EXPECT_EQ(reader.games(), 2u);
  EXPECT_EQ(reader.stats(), two.groups[1].stats);
  Occurrence o;
  ASSERT_TRUE(reader.next(o));
  EXPECT_EQ(o, (Occurrence{GameId{9}, {1}}));
  ASSERT_TRUE(reader.next(o));
  EXPECT_EQ(o, (Occurrence{GameId{4}, {1, 3}}));
  EXPECT_FALSE(reader.next(o));
  EXPECT_FALSE(GroupReader(expected, 3).found());
  EXPECT_FALSE(GroupReader(expected, 0).found());
  EXPECT_EQ(GroupReader(expected, 1).games(), 1u);

  // Invariants are checked when encoding...
  PositionEntry unsorted{{group(1, {{4, 0, GameResult::Draw, {1}}, {9, 0, GameResult::Draw, {1}}})}};
  EXPECT_EQ(kind_of([&] { unsorted.encode(); }), ErrorKind::InvalidArgument);
  PositionEntry swapped{{two.groups[1], two.groups[0]}};
  EXPECT_EQ(kind_of([&] { swapped.encode(); }), ErrorKind::InvalidArgument);
  // ...and malformed bytes raise corruption when decoding.
  EXPECT_EQ(kind_of([] { PositionEntry::decode(""s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { PositionEntry::decode("\0\0\0\x01\x33"s); }), ErrorKind::Corruption);
  // head 2 = one game in the multi form
  EXPECT_EQ(kind_of([] { PositionEntry::decode("\0\0\0\x01\x02\x01\x00\x11\x01\x02"s); }),
            ErrorKind::Corruption);
  // ids not descending (gap 0)
  EXPECT_EQ(kind_of([] { PositionEntry::decode("\0\0\0\x02\x04\x01\x00\x12\x09\x02\x00\x02"s); }),
            ErrorKind::Corruption);
  // statistics say 3 games, 2 postings
  EXPECT_EQ(kind_of([] { PositionEntry::decode("\0\0\0\x02\x04\x01\x00\x01\x03\x09\x02\x05\x02"s); }),
            ErrorKind::Corruption);
  EXPECT_EQ(kind_of([&] { PositionEntry::decode(expected + "\x01"s); }), ErrorKind::Corruption);
}

TEST(DbEncoding, PositionEntryMergeIsAssociativeAndCommutative) {
  // Three operands over two positions sharing a Zobrist key (checks 5 and 6).
  const std::string a = PositionEntry{{group(5, {{1, 0, GameResult::WhiteWin, {0}}})}}.encode();
  const std::string b = PositionEntry{{group(5, {{3, 1, GameResult::Draw, {2, 8}}}),
                                       group(6, {{2, 0, GameResult::BlackWin, {4}}})}}.encode();
  const std::string c = PositionEntry{{group(5, {{7, 0, GameResult::Draw, {0}}, {4, 1, GameResult::Unknown, {6}}})}}.encode();
  const std::string abc = merged({a, b, c});
  EXPECT_EQ(merged({merged({a, b}), c}), abc);   // (a b) c
  EXPECT_EQ(merged({a, merged({b, c})}), abc);   // a (b c)
  EXPECT_EQ(merged({c, b, a}), abc);
  EXPECT_EQ(merged({merged({c, a}), b}), abc);
  EXPECT_EQ(merged({abc}), abc);                 // one operand: unchanged

  auto total = PositionEntry::decode(abc);
  ASSERT_EQ(total.groups.size(), 2u);
  const PositionGroup& five = total.groups[0];
  EXPECT_EQ(five.check, 5u);
  std::vector<std::uint32_t> ids;
  for (auto& o : five.games) ids.push_back(o.game.value);
  EXPECT_EQ(ids, (std::vector<std::uint32_t>{7, 4, 3, 1}));
  EXPECT_EQ(five.games[2].plies, (std::vector<std::uint16_t>{2, 8}));
  EXPECT_EQ(five.stats.games(), 4u);
  EXPECT_EQ(five.stats.find(0)->counts.white_wins, 1u);
  EXPECT_EQ(five.stats.find(0)->counts.draws, 1u);
  EXPECT_EQ(five.stats.find(1)->counts.draws, 1u);
  EXPECT_EQ(five.stats.find(1)->counts.unknown, 1u);
  EXPECT_EQ(total.groups[1], PositionEntry::decode(b).groups[1]);

  // One game indexed twice for a position is a broken invariant: the merge fails.
  EXPECT_EQ(kind_of([&] { merged({a, a}); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([&] { merged({a, "\x01"s}); }), ErrorKind::Corruption);
}

// A merge walks the whole posting list of each operand's group without decoding it into
// vectors: a long list (3,000 games, some at several plies, ids above 127 in two-byte varints)
// merged with a newer operand gives the bytes of the entry encoded whole; a group skipped to
// reach another check key is walked the same way; and every malformed posting after the first
// is still corruption.
TEST(DbEncoding, PositionEntryMergeWalksLongPostingLists) {
  std::vector<std::tuple<std::uint32_t, std::uint8_t, GameResult, std::vector<std::uint16_t>>> old_games, all;
  for (std::uint32_t id = 3000; id >= 1; --id)
    old_games.emplace_back(id, static_cast<std::uint8_t>(id % 3), GameResult::Draw,
                           id % 7 == 0 ? std::vector<std::uint16_t>{3, 9, 200}
                                       : std::vector<std::uint16_t>{static_cast<std::uint16_t>(id % 90)});
  auto make_group = [](std::uint32_t check, const auto& games) {
    PositionGroup g;
    g.check = check;
    for (const auto& [id, move, result, plies] : games) {
      g.stats.add(move, result);
      g.games.push_back(Occurrence{GameId{id}, plies});
    }
    return g;
  };
  decltype(old_games) newer{{3005, 1, GameResult::WhiteWin, {7}}, {3002, 2, GameResult::BlackWin, {7, 8}}};
  all = newer;
  all.insert(all.end(), old_games.begin(), old_games.end());
  decltype(old_games) other{{40, 0, GameResult::Draw, {2}}, {12, 0, GameResult::Draw, {4}}};
  const std::string base = PositionEntry{{make_group(5, old_games), make_group(9, other)}}.encode();
  const std::string add = PositionEntry{{make_group(5, newer)}}.encode();
  const std::string expected = PositionEntry{{make_group(5, all), make_group(9, other)}}.encode();
  EXPECT_EQ(merged({base, add}), expected);
  EXPECT_EQ(merged({add, base}), expected);
  GroupReader reader(base, 9);
  ASSERT_TRUE(reader.found());
  EXPECT_EQ(reader.games(), 2u);

  // Games 9, 5, 2 at ply 1: the postings end the value as 09 02 | 04 02 | 03 02.
  const std::string small =
      PositionEntry{{make_group(5, decltype(old_games){{9, 0, GameResult::Draw, {1}},
                                                       {5, 0, GameResult::Draw, {1}},
                                                       {2, 0, GameResult::Draw, {1}}})}}.encode();
  ASSERT_TRUE(small.ends_with("\x09\x02\x04\x02\x03\x02"s));
  const std::string head = small.substr(0, small.size() - 6);
  const std::string newest = PositionEntry{{make_group(5, decltype(old_games){{20, 0, GameResult::Draw, {1}}})}}.encode();
  EXPECT_EQ(PositionEntry::decode(merged({small, newest})).groups[0].games.size(), 4u);
  for (const std::string& broken : {head + "\x09\x02\x00\x02\x03\x02"s,    // gap 0
                                    head + "\x09\x02\x04\x02\x05\x02"s,    // gap >= id
                                    head + "\x09\x02\x04\x02\x03\x03\x00"s,  // more, none
                                    head + "\x09\x02\x04\x02\x03\x03\x01\x00"s,  // ply again
                                    head + "\x09\x02\x04\x02\x03\x03\x01\xff\xff\x03"s,  // > 65535
                                    head + "\x09\x02\x04\x02\x03"s,         // truncated
                                    head + "\x09\x02\x04\x02\x03\x82"s})   // truncated varint
    EXPECT_EQ(kind_of([&] { merged({broken, newest}); }), ErrorKind::Corruption)
        << ::testing::PrintToString(broken.substr(head.size()));
}

TEST(DbEncoding, TextIndexKey) {
  TextIndexKey k{"smith", GameId{7}};
  EXPECT_EQ(k.encode(), "smith\0\0\0\0\x07"s);
  EXPECT_EQ(TextIndexKey::decode(k.encode()), k);
  // The separator sorts a name before its extensions.
  EXPECT_LT(TextIndexKey({"smit", GameId{999}}).encode(), TextIndexKey({"smith", GameId{1}}).encode());
  EXPECT_EQ(kind_of([] { TextIndexKey{"a\0b"s, GameId{1}}.encode(); }),
            ErrorKind::InvalidArgument);
  EXPECT_EQ(kind_of([] { TextIndexKey::decode("ab\x01\0\0\0\x01"s); }), ErrorKind::Corruption);
}

TEST(DbEncoding, ContentHashIsFnv1a128) {
  // FNV-1a 128 of the empty FEN, the 0x00 separator and no moves (computed with Python big
  // integers from the published offset basis and prime).
  auto h = ContentHash::of("", {});
  EXPECT_EQ(h.hex(), "d228cb69101a8caf78912b704e4a147f");
  const std::uint8_t moves[] = {1, 2};
  EXPECT_EQ(ContentHash::of("a", moves).hex(), "697128adfe757277b806e976f4a50a4f");
  EXPECT_EQ(ContentHash::decode(h.encode()), h);
  EXPECT_EQ(h.encode().substr(0, 4), "\xd2\x28\xcb\x69"s);
}

TEST(DbEncoding, GameRecordExactBytesAndRoundTrip) {
  GameRecord g;
  g.tags = {{"White", "A"}};
  g.moves = {1, 2};
  g.status = ValidationStatus::Warnings;
  g.plies_replayed = 2;
  g.result = GameResult::Draw;
  g.sources = {GameSource{.path = "f", .game_number = 2, .first_line = 1, .last_line = 3}};
  g.pdn_text = "x";
  g.content_hash = ContentHash{1, 2};
  const std::string expected =
      "\x03\x01\x01\x02"s                            // format, status, result, plies
      "\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\x02"s          // hash
      "\0\0"s                                        // start FEN, status message
      "\x00\xff\x00"s                                // issue kinds, first error kind, ply
      "\x01\x05White\x01" "A"s                       // tags
      "\x02\x01\x02"s                                // moves
      "\x01\x01" "f\x02\x01\x03\x00"s                // sources: path, number, lines, offset
      "\x00\x00"s                                    //   status, differing tags
      "\x00"s                                        // text form (verbatim)
      "\x01x"s;                                      // PDN text
  EXPECT_EQ(g.encode(), expected);
  EXPECT_EQ(GameRecord::decode(expected), g);
  // Format 2 (before the text form byte) is still read: its text is verbatim.
  std::string format2 = expected;
  format2[0] = 2;
  format2.erase(format2.size() - 3, 1);
  EXPECT_EQ(GameRecord::decode(format2), g);
  GameRecord elided = g;
  elided.text_form = PdnTextForm::MovesElided;
  std::string elided_bytes = expected;
  elided_bytes[elided_bytes.size() - 3] = 1;
  EXPECT_EQ(elided.encode(), elided_bytes);
  EXPECT_EQ(GameRecord::decode(elided_bytes), elided);
  std::string bad_form = expected;
  bad_form[bad_form.size() - 3] = 2;
  EXPECT_EQ(kind_of([&] { GameRecord::decode(bad_form); }), ErrorKind::Corruption);

  GameRecord full = g;
  full.start_fen = "W:W31,32,K45:B1,2";
  full.status = ValidationStatus::Invalid;
  full.status_message = "line 3:7: move 12 (32-28) is illegal";
  full.sources.push_back(GameSource{.path = "other.pdn",
                                    .game_number = 4,
                                    .first_line = 100,
                                    .last_line = 120,
                                    .byte_offset = 123456789012ull,
                                    .status = ValidationStatus::Invalid,
                                    .differing_tags = {{"White", "a."}, {"Round", std::nullopt}}});
  full.issue_kinds = std::uint64_t{1} << 63 | 5;
  full.first_error_kind = 8;
  full.first_error_ply = 300;
  full.pdn_text = "[White \"A\"]\n1. 32-28 {comment} (1. 33-28) 19-23 *\n";
  EXPECT_EQ(GameRecord::decode(full.encode()), full);
  EXPECT_EQ(full.tag("White"), "A");
  EXPECT_EQ(full.tag("Black"), "");

  std::string truncated = expected.substr(0, expected.size() - 1);
  EXPECT_EQ(kind_of([&] { GameRecord::decode(truncated); }), ErrorKind::Corruption);
  std::string future = expected;
  future[0] = 9;  // an unknown format
  EXPECT_EQ(kind_of([&] { GameRecord::decode(future); }), ErrorKind::Corruption);
}

TEST(DbEncoding, GameHeaderExactBytesAndRoundTrip) {
  GameRecord g;
  g.tags = {{"Event", "WC"}, {"White", "Sijbrands"}, {"Date", "2003.??.??"}, {"Black", "B"}};
  g.moves = {1, 2, 3};
  g.status = ValidationStatus::Warnings;
  g.result = GameResult::BlackWin;
  g.sources.resize(2);  // two copies read
  const GameHeader h = GameHeader::of(g);
  EXPECT_EQ(h.white, "Sijbrands");
  EXPECT_EQ(h.black, "B");
  EXPECT_EQ(h.event, "WC");
  EXPECT_EQ(h.date, "2003.??.??");
  EXPECT_EQ(h.round, "");  // no Round tag
  EXPECT_EQ(h.plies, 3u);
  EXPECT_EQ(h.sources, 2u);
  std::string bytes;
  h.encode(bytes);
  const std::string expected =
      "\x02\x01\x02\x03\x02"s             // format, status, result, plies, sources
      "\x09Sijbrands\x01" "B\x02WC"s      // white, black, event
      "\x0a" "2003.??.??\x00"s             // date, round
      ;
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(GameHeader::decode(expected), h);
  EXPECT_EQ(kind_of([&] { GameHeader::decode(expected.substr(0, expected.size() - 1)); }),
            ErrorKind::Corruption);
  std::string bad_status = expected;
  bad_status[1] = 3;
  EXPECT_EQ(kind_of([&] { GameHeader::decode(bad_status); }), ErrorKind::Corruption);
}

TEST(DbEncoding, MetaRecordsRoundTrip) {
  Counts c{10, 7, 2, 1, 3, 800, 790};
  std::string bytes;
  c.encode(bytes);
  EXPECT_EQ(bytes, "\x0a\x07\x02\x01\x03\xa0\x06\x96\x06\x00\x00"s);  // no kinds
  EXPECT_EQ(Counts::decode(bytes), c);
  c.with_kind[2] = 5;    // 5 games with an issue of kind 2
  c.first_error[0] = 1;  // 1 invalid game whose first error is of kind 0
  bytes.clear();
  c.encode(bytes);
  EXPECT_EQ(bytes, "\x0a\x07\x02\x01\x03\xa0\x06\x96\x06\x03\x00\x00\x05\x01\x01"s);
  EXPECT_EQ(Counts::decode(bytes), c);

  SourceInfo s{"games/a.pdn", 5000, ContentHash{3, 4}, -5, 5000, 12, 10, 1, 1, 1, 900};
  std::string v;
  s.encode(v);
  EXPECT_EQ(SourceInfo::decode("games/a.pdn", v), s);
  EXPECT_EQ(kind_of([&] { SourceInfo::decode("x", v.substr(0, 5)); }), ErrorKind::Corruption);
}

// A position run's chunk: key = run BE4 + first positions key BE8 + 0x01; value = (positions key
// BE8, varint length, entry)+. The chunk is full once its value reaches 4,096 bytes. A 12-byte
// key (one entry, the layout before chunks) reads as one entry.
TEST(DbEncoding, PositionRunChunks) {
  using damdb::db::detail::RunChunkReader;
  using damdb::db::detail::RunChunkWriter;
  RunChunkWriter writer(0x01020304);
  EXPECT_TRUE(writer.empty());
  EXPECT_FALSE(writer.add("\x00\x00\x00\x00\x00\x00\x00\x07"s, "ab"));
  EXPECT_EQ(writer.key(), "\x01\x02\x03\x04\x00\x00\x00\x00\x00\x00\x00\x07\x01"s);
  EXPECT_EQ(writer.value(), "\x00\x00\x00\x00\x00\x00\x00\x07\x02" "ab"s);
  const std::string big(200, 'x');  // 8 + 2 + 200 = 210 bytes an entry
  int added = 1;
  while (!writer.add("\x00\x00\x00\x00\x00\x00\x01\x00"s, big)) ++added;
  EXPECT_EQ(added, 20);  // 11 + 19 * 210 = 4,001 bytes, the 20th entry makes 4,211
  EXPECT_EQ(writer.value().size(), 11u + 20 * 210);
  RunChunkReader reader;
  reader.reset(writer.key(), writer.value());
  std::uint64_t zobrist = 0;
  std::string_view value;
  ASSERT_TRUE(reader.next(zobrist, value));
  EXPECT_EQ(zobrist, 7u);
  EXPECT_EQ(value, "ab");
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(reader.next(zobrist, value));
    EXPECT_EQ(zobrist, 256u);
    EXPECT_EQ(value, big);
  }
  EXPECT_FALSE(reader.next(zobrist, value));
  writer.clear();
  EXPECT_TRUE(writer.empty());

  const std::string entry_key = "\x00\x00\x00\x09\x00\x00\x00\x00\x00\x00\x01\x02"s;
  reader.reset(entry_key, "entry");
  ASSERT_TRUE(reader.next(zobrist, value));
  EXPECT_EQ(zobrist, 0x102u);
  EXPECT_EQ(value, "entry");
  EXPECT_FALSE(reader.next(zobrist, value));
  reader.reset(entry_key, std::string_view());  // an empty value is still one entry
  ASSERT_TRUE(reader.next(zobrist, value));
  EXPECT_TRUE(value.empty());
  EXPECT_TRUE(reader.at_end());
  EXPECT_FALSE(reader.next(zobrist, value));

  EXPECT_EQ(kind_of([&] { reader.reset("\x00\x00\x00\x09\x00\x00"s, "x"); }),
            ErrorKind::Corruption);
  EXPECT_EQ(kind_of([&] { reader.reset("\x00\x00\x00\x09\x00\x00\x00\x00\x00\x00\x00\x00\x02"s, "x"); }),
            ErrorKind::Corruption);  // a 13-byte key without the chunk mark
  const std::string truncated = "\x00\x00\x00\x00\x00\x00\x00\x07\x05" "ab"s;  // 5 bytes said, 2 there
  reader.reset(writer.key(), truncated);
  EXPECT_EQ(kind_of([&] { reader.next(zobrist, value); }), ErrorKind::Corruption);
}
