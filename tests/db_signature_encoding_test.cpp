// The game signatures' encodings (db/game_signature.hpp, signature_block.hpp,
// signature_moves.hpp) and packed move codes (db/packed_moves.hpp): exact bytes computed by hand
// from the layouts in db/SCHEMA.md, round trips, and errors on malformed bytes.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "db/error.hpp"
#include "db/game_signature.hpp"
#include "db/packed_moves.hpp"
#include "db/signature_block.hpp"
#include "db/signature_moves.hpp"
#include "db/varint.hpp"
#include "db_error_kind.hpp"

using namespace damdb::db;
using namespace std::string_literals;
using damdb::db::test::kind_of;

TEST(DbEncoding, GameSignatureExactBytesAndRoundTrip) {
  GameSignature sig;
  sig.plies = 40;
  sig.black_first = true;
  sig.date = 20030510;
  sig.white_men = 0x3;      // two squares: two masks
  sig.black_kings = 0x100;  // one square: one mask
  sig.ever_empty = 0xff;
  sig.segments = {0x0001, 0x8006, 0x0a52};
  sig.material = {{0, 2, 0, 0, 1}, {130, 1, 0, 0, 1}, {131, 0, 0, 0, 0}, {135, 7, 0, 0, 0}};
  std::string bytes;
  sig.encode_game(bytes);
  // plies 40, flags 1, date 20030510 as a varint (0xae 0xc8 0xc6 0x09), the length of the
  // material (19), then 4 material entries: ply 0 and the 4 counts; delta 130, too long for the
  // nibble (0x00 and 0x82 0x01 after it), a white man lost (code 0); delta 1, a white man and a
  // black king lost, not in the table: 0x1f and the counts; delta 4, 7 white men: 0x4f and the
  // counts.
  const std::string expected = "\x28\x01\xae\xc8\xc6\x09\x13"s + "\x04\0\x02\0\0\x01"s +
                               "\x00\x82\x01"s + "\x1f\0\0\0\0"s + "\x4f\x07\0\0\0"s;
  EXPECT_EQ(bytes, expected);
  // A second game: a white man on bit 1 in segments 0..1, bit 0 empty.
  GameSignature other;
  other.plies = 5;
  other.white_men = 0x2;
  other.ever_empty = 0x1;
  other.segments = {0x0003};
  const std::vector<GameSignature> block = {sig, other};
  const EncodedSignatureBlock e = encode_signature_block(block);
  EXPECT_EQ(e.games, "\x02"s + expected + "\x05\x00\x00\x01\x00"s);
  // Columns: (white men, bit 0) held by game 0 only: a bitmap (one byte) beats the list (two),
  // then its mask 0x0001, the run 0..0; bit 1 held by both (form 0) with 0x8006, the runs 1..2
  // and 15..15 ((2 + 1) << 4 | 1, 0xff), and 0x0003; (black kings, bit 8) with 0x0a52, four
  // runs (0xf0 and the raw bits); ever empty bit 0 by both, bits 1..7 by game 0.
  ASSERT_EQ(e.columns.size(), 11u);
  EXPECT_EQ(e.columns[0], (std::pair<int, std::string>{0, "\x02\x01\x00"s}));
  EXPECT_EQ(e.columns[1], (std::pair<int, std::string>{1, "\x00\x31\xff\x01"s}));
  EXPECT_EQ(e.columns[2], (std::pair<int, std::string>{3 * 56 + 8, "\x02\x01\xf0\x52\x0a"s}));
  EXPECT_EQ(e.columns[3], (std::pair<int, std::string>{4 * 56, "\x00"s}));
  EXPECT_EQ(e.columns[4], (std::pair<int, std::string>{4 * 56 + 1, "\x02\x01"s}));
  std::array<std::string_view, kSignatureColumns> columns{};
  for (const auto& [id, value] : e.columns) columns[id] = value;
  EXPECT_EQ(decode_signature_block(e.games, columns), block);
  // One reader of a column: the games holding it and their masks.
  SignatureColumn column;
  column.read(columns[1], 2, true);
  EXPECT_TRUE(column.has(0) && column.has(1));
  EXPECT_EQ(column.mask(1), 0x0003);
  // Or only the games, then the masks one by one, the codes before skipped.
  column.read_games(columns[1], 2);
  EXPECT_EQ(column.next_mask(1), 0x0003);
  EXPECT_EQ(column.next_mask(1), 0x0003);
  column.read_games(columns[1], 2);
  EXPECT_EQ(column.next_mask(0), 0x8006);
  column.read_games(columns[1].substr(0, 3), 2);  // the second code cut off
  EXPECT_EQ(kind_of([&] { column.next_mask(1); }), ErrorKind::Corruption);
  // Every cut of the games part or of a column is corruption.
  for (std::size_t cut = 0; cut < e.games.size(); ++cut)
    EXPECT_THROW(decode_signature_block(e.games.substr(0, cut), columns), Error) << cut;
  for (const int id : {0, 1, 3 * 56 + 8, 4 * 56})
    for (std::size_t cut = 1; cut < columns[id].size(); ++cut) {
      auto cut_columns = columns;
      cut_columns[id] = columns[id].substr(0, cut);
      EXPECT_THROW(decode_signature_block(e.games, cut_columns), Error) << id << " " << cut;
    }
  // A game index listed past the block is corruption, and so is an unknown form.
  for (const std::string& bad : {"\x01\x01\x02\x00"s, "\x03"s}) {
    auto bad_columns = columns;
    bad_columns[0] = bad;
    EXPECT_EQ(kind_of([&] { decode_signature_block(e.games, bad_columns); }),
              ErrorKind::Corruption);
  }
  EXPECT_EQ(signature_column_key(1 * 56 + 5, 1025), "c\x01\x05\0\0\x04\x01"s);
  EXPECT_EQ(signature_games_key(1025), "g\0\0\x04\x01"s);
}

// New dates in a block's games part: game 1's date 0 becomes 19991231 (varint 0xbf 0x95 0xc4
// 0x09) between its flags and its material (length 1, the single entry 0); game 2, past the
// block, is left out; the other bytes stay.
TEST(DbEncoding, SignatureDatesSetInTheGamesPart) {
  GameSignature first;
  first.plies = 3;
  first.date = 20030510;
  first.material = {{0, 20, 0, 20, 0}};
  GameSignature second;
  second.plies = 5;
  const std::vector<GameSignature> block = {first, second};
  const std::string games = encode_signature_block(block).games;
  const std::string second_dated = "\x05\x00\xbf\x95\xc4\x09\x01\x00"s;
  const std::vector<std::pair<std::size_t, std::uint32_t>> dates = {{1, 19991231}, {2, 1}};
  const std::string dated = with_signature_dates(games, dates);
  EXPECT_EQ(dated, games.substr(0, games.size() - 5) + second_dated);
  EXPECT_EQ(games.substr(games.size() - 5), "\x05\x00\x00\x01\x00"s);
  EXPECT_EQ(with_signature_dates(games, {}), games);
  EXPECT_THROW(with_signature_dates(games.substr(0, games.size() - 1), dates), Error);
}

// A column held by few games of a block is a list of index gaps: game 70 of 100 holding white
// kings' bit 5 costs the form, the count and the index (70 = 0x46), then its mask.
TEST(DbEncoding, SignatureColumnListsFewGames) {
  std::vector<GameSignature> block(100);
  block[70].white_kings = 1 << 5;
  block[70].segments = {0x0001};
  block[80].white_kings = 1 << 5;
  block[80].segments = {0x0002};
  const EncodedSignatureBlock e = encode_signature_block(block);
  ASSERT_EQ(e.columns.size(), 1u);
  EXPECT_EQ(e.columns[0], (std::pair<int, std::string>{61, "\x01\x02\x46\x09\x00\x11"s}));
  std::array<std::string_view, kSignatureColumns> columns{};
  columns[61] = e.columns[0].second;
  EXPECT_EQ(decode_signature_block(e.games, columns), block);
}

// A draw from "W:W31:B1" with the codes 0, 1, 2: the entry is the result byte 01, the FEN as a
// string (08 and its 8 bytes), the packed codes (03 codes, nibbles 0 1 | 2 0 -> 10 02); the
// block holds it as a string of 13 bytes.
TEST(DbEncoding, SignatureMovesEntryExactBytesAndRoundTrip) {
  std::string block, scratch;
  put_moves_entry(block, GameResult::Draw, "W:W31:B1", "\x00\x01\x02"s, scratch);
  EXPECT_EQ(block, "\x0d\x01\x08W:W31:B1\x03\x10\x02"s);
  put_moves_entry(block, GameResult::BlackWin, "", "", scratch);
  EXPECT_EQ(block, "\x0d\x01\x08W:W31:B1\x03\x10\x02\x03\x02\x00\x00"s);

  const MovesEntry first = read_moves_entry(std::string_view(block).substr(1, 13));
  EXPECT_EQ(first.result, GameResult::Draw);
  EXPECT_EQ(first.start_fen, "W:W31:B1");
  std::string codes;
  get_packed_moves(first.packed, codes);
  EXPECT_EQ(codes, "\x00\x01\x02"s);
  const MovesEntry second = read_moves_entry(std::string_view(block).substr(15));
  EXPECT_EQ(second.result, GameResult::BlackWin);
  EXPECT_EQ(second.start_fen, "");
  EXPECT_EQ(second.packed, "\x00"s);
}

TEST(DbEncoding, SignatureMovesMalformedEntriesAreCorruption) {
  EXPECT_EQ(kind_of([] { read_moves_entry("\x04\x00\x00"s); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { read_moves_entry(""); }), ErrorKind::Corruption);
  EXPECT_EQ(kind_of([] { read_moves_entry("\x01\x05W:"s); }), ErrorKind::Corruption);
}

// Setting results rewrites only the result byte of the games named; an index past the block is
// left out.
TEST(DbEncoding, SignatureMovesResultsSetInABlock) {
  std::string block, scratch;
  put_moves_entry(block, GameResult::Unknown, "", "\x05"s, scratch);
  put_moves_entry(block, GameResult::Unknown, "", "\x06"s, scratch);
  const std::vector<std::pair<std::size_t, GameResult>> results = {
      {1, GameResult::WhiteWin}, {7, GameResult::Draw}};
  std::string expected, unused;
  put_moves_entry(expected, GameResult::Unknown, "", "\x05"s, unused);
  put_moves_entry(expected, GameResult::WhiteWin, "", "\x06"s, unused);
  EXPECT_EQ(with_moves_results(block, results), expected);
  EXPECT_EQ(kind_of([&] { with_moves_results("\x00"s, results); }), ErrorKind::Corruption);
}

// Move codes in nibbles: below 15 one nibble, else 15 and the code's two nibbles; every code
// survives, and cut or trailing bytes are corruption.
TEST(DbEncoding, PackedMovesExactBytesAndRoundTrip) {
  std::string bytes;
  put_packed_moves(bytes, "\x00\x03\x0e\x0f\xc8"s);
  // 5 codes; nibbles 0, 3, 14, (15: 15, 15, 0), (200: 15, 8, 12) and a zero to end the byte.
  EXPECT_EQ(bytes, "\x05\x30\xfe\x0f\x8f\x0c"s);
  std::string back;
  get_packed_moves(bytes, back);
  EXPECT_EQ(back, "\x00\x03\x0e\x0f\xc8"s);
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
  bytes.clear();
  put_packed_moves(bytes, all);
  get_packed_moves(bytes, back);
  EXPECT_EQ(back, all);
  for (std::size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_EQ(kind_of([&] { get_packed_moves(std::string_view(bytes).substr(0, cut), back); }),
              ErrorKind::Corruption)
        << cut;
  EXPECT_EQ(kind_of([&] { get_packed_moves(bytes + "\x01"s, back); }), ErrorKind::Corruption);
  bytes.clear();
  put_packed_moves(bytes, "");
  EXPECT_EQ(bytes, "\x00"s);
}

// One ply read from packed codes is the code unpacked at that index, for every ply of the 256
// codes (escaped codes among them) and of a short mixed list; past the last code, nullopt; a
// list cut short is corruption.
TEST(DbEncoding, PackedMoveAtReadsOnePly) {
  std::string bytes;
  put_packed_moves(bytes, "\x00\x03\x0e\x0f\xc8"s);
  EXPECT_EQ(packed_move_at(bytes, 0), std::optional<std::uint8_t>(0));
  EXPECT_EQ(packed_move_at(bytes, 2), std::optional<std::uint8_t>(14));
  EXPECT_EQ(packed_move_at(bytes, 3), std::optional<std::uint8_t>(15));
  EXPECT_EQ(packed_move_at(bytes, 4), std::optional<std::uint8_t>(200));
  EXPECT_EQ(packed_move_at(bytes, 5), std::nullopt);
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(255 - c));
  bytes.clear();
  put_packed_moves(bytes, all);
  for (std::size_t ply = 0; ply < all.size(); ++ply)
    EXPECT_EQ(packed_move_at(bytes, ply), std::optional<std::uint8_t>(255 - ply)) << ply;
  EXPECT_EQ(packed_move_at(bytes, 256), std::nullopt);
  EXPECT_EQ(kind_of([&] { packed_move_at(std::string_view(bytes).substr(0, 3), 255); }),
            ErrorKind::Corruption);
}

// Every 16-bit segment mask survives its code, and the code is as short as the layout says: 1
// byte for one run, 2 for two, 3 otherwise.
TEST(DbEncoding, GameSignatureEveryMaskRoundTrips) {
  for (std::uint32_t m = 0; m <= 0xffff; ++m) {
    std::string bytes;
    put_segment_mask(bytes, static_cast<std::uint16_t>(m));
    Reader r(bytes, "mask");
    ASSERT_EQ(get_segment_mask(r), m);
    ASSERT_EQ(r.remaining(), 0u);
    int runs = 0;
    for (int bit = 0; bit < 16; ++bit)
      runs += (m >> bit & 1) != 0 && (bit == 0 || (m >> (bit - 1) & 1) == 0);
    ASSERT_EQ(bytes.size(), runs == 1 ? 1u : runs == 2 ? 2u : 3u) << m;
  }
  // Codes the encoder never writes are corruption: a two-run code whose second run does not
  // start 2 past the first one's end, and a first byte 0xf1..0xfe.
  for (const std::string& code : {"\x31\x22"s, "\xf5"s}) {
    Reader r(code, "mask");
    EXPECT_EQ(kind_of([&] { get_segment_mask(r); }), ErrorKind::Corruption);
  }
}

// Material entries: every change of the table and changes that need the escape (five men at
// once, two kings at once, counts going up), deltas that fit the nibble and longer ones, an
// empty list, a 0-ply game and a very long one.
TEST(DbEncoding, GameSignatureMaterialEdgeCases) {
  GameSignature sig;
  sig.plies = 0;
  for (const auto& material : std::vector<std::vector<MaterialEntry>>{
           {},
           {{0, 20, 0, 20, 0}},
           {{0, 20, 0, 20, 0}, {1, 16, 0, 20, 0}, {2, 16, 2, 20, 0}, {3, 17, 0, 18, 2},
            {70000, 0, 255, 0, 255}, {70001, 0, 254, 0, 0}, {4000000000u, 3, 3, 3, 3}},
           {{0, 20, 0, 20, 0}, {15, 19, 0, 20, 0}, {16, 17, 0, 20, 0}, {31, 14, 0, 20, 0},
            {32, 10, 0, 20, 0}, {40, 10, 0, 19, 0}, {41, 10, 0, 17, 0}, {50, 10, 0, 14, 0},
            {51, 10, 0, 10, 0}, {52, 9, 1, 10, 0}, {53, 9, 1, 9, 1}, {54, 9, 0, 9, 1},
            {55, 9, 0, 9, 0}, {56, 8, 0, 8, 1}, {57, 7, 1, 7, 1}, {58, 6, 0, 7, 1},
            {60, 1, 0, 7, 1}}}) {
    sig.material = material;
    sig.plies = material.empty() ? 0 : material.back().ply;
    std::string bytes;
    sig.encode_game(bytes);
    Reader r(bytes, "game");
    GameSignature back;
    GameSignature::decode_material(GameSignature::decode_game(r, back), back.material);
    EXPECT_EQ(r.remaining(), 0u);
    EXPECT_EQ(back, sig);
  }
  // A change taking more men than there are is corruption (code 1: White loses 2 men, of 1).
  std::vector<MaterialEntry> back;
  EXPECT_EQ(kind_of([&] { GameSignature::decode_material("\x02\0\x01\0\0\0\x11"s, back); }),
            ErrorKind::Corruption);
}
