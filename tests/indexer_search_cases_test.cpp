// Pattern search on cases checked by hand: the query syntax and its errors, the colour-reversed
// pattern, small games where every hit is known, the signatures that let a search skip games,
// and the openings kept for it. The brute-force comparisons are in indexer_search_test.cpp.
#include "tests/corpus_required.hpp"
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <random>
#include <sstream>

#include "db/database.hpp"
#include "db/signature_block.hpp"
#include "games_fixture.hpp"
#include "search_hits.hpp"
#include "indexer/search/batch_signatures.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/search/opening_cache.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/records/records.hpp"
#include "indexer/search/search.hpp"
#include "indexer/search/signature.hpp"
#include "pdn/reader.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"


namespace damdb {
namespace {

using indexer::IntRange;
using indexer::PatternQuery;
using indexer::SearchSpec;
using rules::Piece;
using rules::square_bb;
using test::describe;
using test::Expected;
using test::HitMap;
using test::positions_of;
using test::search_all;

rules::Bitboard squares(std::initializer_list<int> list) {
  rules::Bitboard b = 0;
  for (int sq : list) b |= square_bb(sq);
  return b;
}

// ---- syntax ----

TEST(PatternParse, FenLikePieceLists) {
  const auto p = indexer::parse_piece_pattern("W:W27,28:B22,23", false);
  EXPECT_EQ(p.side, indexer::SideToMove::White);
  EXPECT_EQ(p.pieces.white_men, squares({27, 28}));
  EXPECT_EQ(p.pieces.black_men, squares({22, 23}));
  EXPECT_EQ(p.pieces.white_kings | p.pieces.black_kings | p.pieces.white_any, 0u);
  const auto k = indexer::parse_piece_pattern("B:WK45,?12,31-33:B", false);
  EXPECT_EQ(k.side, indexer::SideToMove::Black);
  EXPECT_EQ(k.pieces.white_kings, squares({45}));
  EXPECT_EQ(k.pieces.white_any, squares({12}));
  EXPECT_EQ(k.pieces.white_men, squares({31, 32, 33}));
  EXPECT_EQ(indexer::parse_piece_pattern("?:B?7", false).side, indexer::SideToMove::Either);
  // A bare K: kings on every square (no king at all, in a "not").
  EXPECT_EQ(indexer::parse_piece_pattern("W:W24:BK", true).pieces.black_kings, rules::kBoard);
  EXPECT_THROW(indexer::parse_piece_pattern("W:BK", false), indexer::PatternError);
  EXPECT_THROW(indexer::parse_piece_pattern("W:W51", false), indexer::PatternError);
  EXPECT_THROW(indexer::parse_piece_pattern("W:X12", false), indexer::PatternError);
  EXPECT_THROW(indexer::parse_piece_pattern("", false), indexer::PatternError);
}

TEST(PatternParse, SquaresAndRanges) {
  EXPECT_EQ(indexer::parse_squares("33,38-40"), squares({33, 38, 39, 40}));
  EXPECT_THROW(indexer::parse_squares("40-38"), indexer::PatternError);
  EXPECT_THROW(indexer::parse_squares("0"), indexer::PatternError);
  EXPECT_EQ(indexer::parse_range("2-5"), (IntRange{2, 5}));
  EXPECT_EQ(indexer::parse_range("20-"), (IntRange{20, INT_MAX}));
  EXPECT_EQ(indexer::parse_range("-4"), (IntRange{0, 4}));
  EXPECT_EQ(indexer::parse_range("3"), (IntRange{3, 3}));
  EXPECT_EQ(indexer::parse_range("-2..1", true), (IntRange{-2, 1}));
  EXPECT_EQ(indexer::parse_range("-3--1", true), (IntRange{-3, -1}));
  EXPECT_EQ(indexer::parse_range("..2", true), (IntRange{INT_MIN, 2}));
  EXPECT_EQ(indexer::parse_range("-3", true), (IntRange{-3, -3}));
  EXPECT_THROW(indexer::parse_range("5-2"), indexer::PatternError);
  EXPECT_THROW(indexer::parse_range("a-2"), indexer::PatternError);
  EXPECT_THROW(indexer::parse_range("-"), indexer::PatternError);
}

TEST(PatternParse, CompactFormAndErrorsNameTheClause) {
  const SearchSpec s = indexer::parse_search(
      "must W:W27,28:B22,23; empty 33; plies 20-; any-of ?:B12,13 at-least 2; any-of ?:WK1; "
      "hold 3; mirror; balance -1..1; white-kings 1-; player Sijbrands");
  EXPECT_EQ(s.query.pattern.side, indexer::SideToMove::White);
  EXPECT_EQ(s.query.pattern.must.white_men, squares({27, 28}));
  EXPECT_EQ(s.query.pattern.empty, squares({33}));
  EXPECT_EQ(s.query.plies, (IntRange{20, INT_MAX}));
  ASSERT_EQ(s.query.pattern.any_of.size(), 2u);
  EXPECT_EQ(s.query.pattern.any_of[0].at_least, 2);
  EXPECT_EQ(s.query.pattern.any_of[1].at_least, 1);
  EXPECT_EQ(s.query.pattern.any_of[1].pieces.white_kings, squares({1}));
  EXPECT_EQ(s.query.hold, 3);
  EXPECT_TRUE(s.query.mirror);
  EXPECT_EQ(s.query.pattern.balance, (IntRange{-1, 1}));
  EXPECT_EQ(s.query.pattern.white_kings, (IntRange{1, INT_MAX}));
  EXPECT_EQ(s.filter.player, "Sijbrands");
  auto message = [](const char* text) {
    try {
      indexer::parse_search(text);
    } catch (const indexer::PatternError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("must W:W27; empty 3x").find("empty 3x"), std::string::npos);
  EXPECT_NE(message("must W:W27; empty 3x").find("'3x'"), std::string::npos);
  EXPECT_NE(message("musst W:W27").find("unknown clause 'musst'"), std::string::npos);
  EXPECT_NE(message("must W:W27; must B:B22").find("side to move"), std::string::npos);
  EXPECT_NE(message("hold 0").find("hold 0"), std::string::npos);
  EXPECT_NE(message("at-least 2").find("any-of"), std::string::npos);
}

TEST(Pattern, MirroredPatternMatchesMirroredPositions) {
  const SearchSpec s = indexer::parse_search(
      "must W:W27,K28:B?22; empty 33; not ?:W24:BK; any-of ?:B1,2,3 at-least 2; white-men 3-7; "
      "black-kings 0-1; balance 0..2");
  const indexer::Pattern m = s.query.pattern.mirrored();
  EXPECT_EQ(m.side, indexer::SideToMove::Black);
  EXPECT_EQ(m.must.black_men, squares({24}));
  EXPECT_EQ(m.must.black_kings, squares({23}));
  EXPECT_EQ(m.must.white_any, squares({29}));
  EXPECT_EQ(m.empty, squares({18}));
  EXPECT_EQ(m.black_men, (IntRange{3, 7}));
  EXPECT_EQ(m.white_kings, (IntRange{0, 1}));
  EXPECT_EQ(m.balance, (IntRange{-2, 0}));
  EXPECT_EQ(m.mirrored(), s.query.pattern);
}

// ---- hand-checked games ----

class SearchGames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("search");
    test::write_text(folder_->path() / "g.pdn",
                     // 1: White man on 28 at plies 1 and 2 only (28x19 at ply 3).
                     "[Event \"a\"]\n[Date \"2001.01.01\"]\n[Result \"*\"]\n"
                     "1. 32-28 18-23 2. 28x19 14x23 *\n\n"
                     // 2: a White king on 1 only from ply 1 on (promotion), Black crowns too.
                     "[Event \"b\"]\n[Date \"2002.01.01\"]\n[Result \"2-0\"]\n"
                     "[FEN \"W:W6,38:B45,12\"]\n1. 6-1 45-50 2. 1x18 2-0\n");
    test::import_into(folder_->path() / "db", folder_->path() / "g.pdn");
  }
  static void TearDownTestSuite() { delete folder_; }
  static HitMap run(const std::string& text) {
    const db::Database db = test::open_read_only(folder_->path() / "db");
    const SearchSpec s = indexer::parse_search(text);
    return search_all(db, s.query, s.filter);
  }
  static test::TempFolder* folder_;
};
test::TempFolder* SearchGames::folder_ = nullptr;

TEST_F(SearchGames, HoldsAtPlyZero) {
  EXPECT_EQ(run("must W:W31-50:B1-20"), (HitMap{{1, {0, 1, false}}}));
  EXPECT_EQ(run("must W:W6,38:B45"), (HitMap{{2, {0, 1, false}}}));
}

TEST_F(SearchGames, HoldsOnlyAfterAPromotion) {
  EXPECT_EQ(run("must ?:WK1"), (HitMap{{2, {1, 2, false}}}));
  EXPECT_EQ(run("must B:WK1"), (HitMap{{2, {1, 2, false}}}));
  EXPECT_EQ(run("must W:WK1"), (HitMap{{2, {2, 1, false}}}));
  EXPECT_EQ(run("white-kings 1; black-kings 1"), (HitMap{{2, {2, 2, false}}}));
  EXPECT_EQ(run("must W:W?1"), (HitMap{{2, {2, 1, false}}}));
  EXPECT_EQ(run("must W:W1"), HitMap{});  // a man never stands on 1
}

TEST_F(SearchGames, HoldCountsConsecutivePlies) {
  EXPECT_EQ(run("must W:W28"), (HitMap{{1, {2, 1, false}}}));  // White to move: ply 2
  EXPECT_EQ(run("must ?:W28"), (HitMap{{1, {1, 2, false}}}));
  EXPECT_EQ(run("must ?:W28; hold 2"), (HitMap{{1, {1, 2, false}}}));
  EXPECT_EQ(run("must ?:W28; hold 3"), HitMap{});
  EXPECT_EQ(run("must ?:W28; plies 2-"), (HitMap{{1, {2, 1, false}}}));
}

TEST_F(SearchGames, MirroredHits) {
  // A Black man on 23 at ply 2 (captured at ply 3, back at 4); its colour-reversed form, a
  // White man on 28, at plies 1 and 2.
  EXPECT_EQ(run("must ?:B23"), (HitMap{{1, {2, 1, false}}}));
  EXPECT_EQ(run("must ?:B23; mirror"), (HitMap{{1, {1, 2, true}}}));
  // Game 2 mirrored: a Black king on 50 (51 - 1) for White's king on 1 ... and back.
  EXPECT_EQ(run("must ?:BK50; plies 0-1"), HitMap{});
  EXPECT_EQ(run("must ?:BK50; mirror; plies 0-1"), (HitMap{{2, {1, 1, true}}}));
}

TEST_F(SearchGames, NextMovesAndFilters) {
  const db::Database db = test::open_read_only(folder_->path() / "db");
  const SearchSpec s = indexer::parse_search("must ?:W28");
  const auto a = indexer::search_games(db, s.query, indexer::GameFilter(s.filter));
  ASSERT_EQ(a.next_moves.size(), 1u);
  EXPECT_EQ(a.next_moves[0].notation, "18-23");
  EXPECT_EQ(a.next_moves[0].counts.unknown, 1u);
  const SearchSpec both = indexer::parse_search("pieces 1-");
  const auto b = indexer::search_games(db, both.query, indexer::GameFilter(both.filter));
  ASSERT_EQ(b.rows.size(), 2u);
  EXPECT_EQ(b.rows[0].game.id.value, 2u);  // newest date first
  EXPECT_EQ(b.rows[0].game.ply, 0);
  EXPECT_EQ(run("pieces 1-; event b"), (HitMap{{2, {0, 4, false}}}));
  EXPECT_EQ(run("pieces 1-; since 2002"), (HitMap{{2, {0, 4, false}}}));
}

/// Pieces that each stand on their square, but at different times: the signature proves the
/// pattern absent from plies where their stays do not overlap, and still finds it where they do.
TEST(SearchSignatures, SquaresHeldAtDifferentTimesAreRejectedUntilTheyMeet) {
  test::TempFolder folder("search-times");
  test::write_text(folder.path() / "g.pdn",
                   // 1: White man on 28 at plies 1 and 2, Black man on 23 at plies 2 and 4.
                   "[Event \"a\"]\n[Result \"*\"]\n1. 32-28 18-23 2. 28x19 14x23 *\n\n"
                   // 2: White man on 28 at plies 1, 2 and 7, Black man on 23 at plies 6, 7.
                   "[Event \"b\"]\n[Result \"*\"]\n"
                   "1. 32-28 17-22 2. 28x17 12x21 3. 37-32 18-23 4. 32-28 *\n");
  test::import_into(folder.path() / "db", folder.path() / "g.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  auto run = [&](const std::string& text) {
    const SearchSpec s = indexer::parse_search(text);
    return indexer::search_games(db, s.query, indexer::GameFilter(s.filter));
  };
  const auto both = run("must ?:W28:B23");
  ASSERT_EQ(both.games, 2u);
  EXPECT_EQ(both.rows[0].game.id.value, 2u);
  EXPECT_EQ(both.rows[0].game.ply, 7);
  EXPECT_EQ(both.rows[0].held, 1);
  EXPECT_EQ(both.rows[1].game.ply, 2);
  // Plies 3-6: each piece stands in both games there, never the two at once.
  const auto apart = run("must ?:W28:B23; plies 3-6");
  EXPECT_EQ(apart.games, 0u);
  EXPECT_EQ(apart.rejected_by_signature, 2u);
  EXPECT_EQ(apart.replayed, 0u);
  const auto late = run("must ?:W28:B23; plies 3-");
  ASSERT_EQ(late.games, 1u);
  EXPECT_EQ(late.rows[0].game.ply, 7);
  EXPECT_EQ(late.rejected_by_signature, 1u);  // game 1: together at ply 2 only
  // The signature of game 2 in segments: each ply its own segment in a short game.
  const db::GameRecord game = *db.game(db::GameId{2});
  const db::GameSignature sig = indexer::signature_of(game);
  EXPECT_EQ(sig.plies, 7u);
  EXPECT_EQ(sig.span_plies(), 1u);
  indexer::Pattern p = indexer::parse_search("must ?:W28:B23").query.pattern;
  const auto v = indexer::test_signature(sig, p, IntRange{0, 100}, 1);
  EXPECT_TRUE(v.possible);
  EXPECT_EQ(v.first, 7);
  EXPECT_EQ(v.last, 7);
  EXPECT_FALSE(indexer::test_signature(sig, p, IntRange{0, 100}, 2).possible);  // one ply only
  p = indexer::parse_search("must ?:W28").query.pattern;
  const auto w = indexer::test_signature(sig, p, IntRange{0, 100}, 1);
  EXPECT_EQ(w.first, 1);
  EXPECT_EQ(w.last, 7);
}

/// The signature of a game computed here from its positions (independently of signature_of):
/// piece sets, masks by segment, material at ply 0 and at every change.
db::GameSignature signature_by_hand(const std::vector<rules::Position>& positions) {
  db::GameSignature sig;
  sig.plies = static_cast<std::uint32_t>(positions.size() - 1);
  sig.black_first = positions[0].side_to_move() == rules::Color::Black;
  const std::uint32_t per = sig.plies / db::kSignatureSegments + 1;
  std::map<std::pair<int, int>, std::uint16_t> masks;  // (kind, bit) -> segments
  for (std::size_t ply = 0; ply < positions.size(); ++ply) {
    const rules::Position& pos = positions[ply];
    const rules::Bitboard k = pos.kings();
    const rules::Bitboard kinds[4] = {pos.white() & ~k, pos.white() & k, pos.black() & ~k,
                                      pos.black() & k};
    for (int kind = 0; kind < 4; ++kind)
      for (int bit = 0; bit < 64; ++bit)
        if ((kinds[kind] >> bit & 1) != 0)
          masks[{kind, bit}] |= static_cast<std::uint16_t>(1u << (ply / per));
    sig.white_men |= kinds[0];
    sig.white_kings |= kinds[1];
    sig.black_men |= kinds[2];
    sig.black_kings |= kinds[3];
    sig.ever_empty |= pos.empty();
    const db::MaterialEntry e{static_cast<std::uint32_t>(ply),
                              static_cast<std::uint8_t>(rules::count(kinds[0])),
                              static_cast<std::uint8_t>(rules::count(kinds[1])),
                              static_cast<std::uint8_t>(rules::count(kinds[2])),
                              static_cast<std::uint8_t>(rules::count(kinds[3]))};
    const db::MaterialEntry* last = sig.material.empty() ? nullptr : &sig.material.back();
    if (last == nullptr || last->white_men != e.white_men || last->white_kings != e.white_kings ||
        last->black_men != e.black_men || last->black_kings != e.black_kings)
      sig.material.push_back(e);
  }
  for (const auto& [key, mask] : masks) sig.segments.push_back(mask);  // (kind, bit) order
  return sig;
}

/// A game of `plies` plies in which a white king shuffles 46-41-46 and a black one 1-7-1 (on
/// lines that never meet, so no capture ends it).
db::GameRecord shuffling_kings(int plies) {
  db::GameRecord game;
  game.start_fen = "W:WK46:BK1";
  rules::Position pos = indexer::start_position(game);
  rules::MoveList legal;
  for (int ply = 0; ply < plies; ++ply) {
    legal.clear();
    rules::generate_moves(pos, legal);
    rules::sort_moves(legal);
    const int from = (ply / 2) % 2 == 0 ? (ply % 2 == 0 ? 46 : 1) : (ply % 2 == 0 ? 41 : 7);
    const int to = (ply / 2) % 2 == 0 ? (ply % 2 == 0 ? 41 : 7) : (ply % 2 == 0 ? 46 : 1);
    int code = 0;
    while (legal[code].from_square() != from || legal[code].to_square() != to) ++code;
    game.moves.push_back(static_cast<std::uint8_t>(code));
    pos.play(legal[code]);
  }
  return game;
}

// signature_of against the signature computed from the positions, and the stored bytes back:
// a game of 0 plies, games with kings from ply 0 (FEN, White or Black to move), very long king
// games (more plies than a mask segment holds codes of) and random games from the start.
TEST(SearchSignatures, SignatureOfMatchesPositionsAndSurvivesItsBytes) {
  std::vector<db::GameRecord> games;
  games.push_back(db::GameRecord{});  // 0 plies
  games.push_back(test::random_record("W:WK46,K50,31,32,33:BK1,K5,16,17,18", 300, 1));
  games.push_back(test::random_record("B:WK28,K38,29,30:BK2,K3,12,13", 120, 2));
  games.push_back(shuffling_kings(5000));  // a very long game
  for (std::uint64_t seed = 10; seed < 30; ++seed) games.push_back(test::random_record("", 200, seed));
  std::vector<db::GameSignature> expected;
  for (const db::GameRecord& game : games) {
    const db::GameSignature sig = indexer::signature_of(game);
    db::GameSignature by_hand = signature_by_hand(positions_of(game));
    by_hand.date = sig.date;
    EXPECT_EQ(sig, by_hand) << game.start_fen << " " << game.moves.size();
    expected.push_back(sig);
  }
  EXPECT_EQ(expected[3].plies, 5000u);
  EXPECT_EQ(expected[0].material.size(), 1u);
  const db::EncodedSignatureBlock stored = db::encode_signature_block(expected);
  std::array<std::string_view, db::kSignatureColumns> columns{};
  for (const auto& [id, value] : stored.columns) columns[id] = value;
  EXPECT_EQ(db::decode_signature_block(stored.games, columns), expected);
}

// A kept opening is found for every game that starts with the same codes, at the longest kept
// length not past the ply asked, and its position is the one the replay reaches there.
TEST(SearchOpenings, KeptOpeningsAreFoundForTheGamesThatShareThem) {
  const db::GameRecord a = test::random_record("", 60, 1);
  indexer::OpeningCache cache;
  int at = -1;
  rules::Position pos;
  EXPECT_FALSE(cache.find(a, 60, at, pos));
  indexer::replay_positions(a, [&](int ply, const rules::Position& p) {
    cache.keep(a, ply, p);
    return true;
  });
  db::GameRecord b = a;  // the same opening, 30 plies
  b.moves.resize(30);
  ASSERT_TRUE(cache.find(b, 30, at, pos));
  EXPECT_EQ(at, 24);
  EXPECT_EQ(pos, indexer::position_at(a, 24));
  ASSERT_TRUE(cache.find(b, 23, at, pos));
  EXPECT_EQ(at, 16);
  EXPECT_EQ(pos, indexer::position_at(a, 16));
  EXPECT_FALSE(cache.find(b, 7, at, pos));  // shorter than every kept opening
  b.moves[3] = a.moves[3] == 0 ? 1 : 0;     // another opening from ply 3 on
  EXPECT_FALSE(cache.find(b, 30, at, pos));
  db::GameRecord c = a;  // the same codes from another start position
  c.start_fen = "W:W31,32,33:B18,19,20";
  EXPECT_FALSE(cache.find(c, 30, at, pos));
}

}  // namespace
}  // namespace damdb
