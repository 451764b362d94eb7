// Pattern search: every option against a brute-force reference (replay every game, test every
// position square by square with piece_on) on corpus games and on random games full of kings.
// The cases checked by hand are in indexer_search_cases_test.cpp.
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

// ---- brute force reference ----

bool has(const rules::Position& pos, int sq, Piece piece) { return pos.piece_on(sq) == piece; }
bool has_colour(const rules::Position& pos, int sq, bool white) {
  const Piece p = pos.piece_on(sq);
  return white ? (p == Piece::WhiteMan || p == Piece::WhiteKing)
               : (p == Piece::BlackMan || p == Piece::BlackKing);
}

/// How many of the pieces of `set` stand, square by square.
int standing(const indexer::PieceSet& set, const rules::Position& pos) {
  int n = 0;
  for (int sq = 1; sq <= 50; ++sq) {
    const rules::Bitboard b = square_bb(sq);
    if (((set.white_men & b) && has(pos, sq, Piece::WhiteMan)) ||
        ((set.white_kings & b) && has(pos, sq, Piece::WhiteKing)) ||
        ((set.white_any & b) && has_colour(pos, sq, true)) ||
        ((set.black_men & b) && has(pos, sq, Piece::BlackMan)) ||
        ((set.black_kings & b) && has(pos, sq, Piece::BlackKing)) ||
        ((set.black_any & b) && has_colour(pos, sq, false)))
      ++n;
  }
  return n;
}

int count_squares(const indexer::PieceSet& s) {
  return rules::count(s.white_men | s.white_kings | s.white_any | s.black_men | s.black_kings |
                      s.black_any);
}

bool brute_board(const indexer::Pattern& p, const rules::Position& pos) {
  if (standing(p.must, pos) != count_squares(p.must)) return false;
  // A square in two kinds of `must` (W27 and B27) can never hold: standing() counts it once.
  for (int sq = 1; sq <= 50; ++sq) {
    const rules::Bitboard b = square_bb(sq);
    if ((p.must.white_men & b) && !has(pos, sq, Piece::WhiteMan)) return false;
    if ((p.must.white_kings & b) && !has(pos, sq, Piece::WhiteKing)) return false;
    if ((p.must.white_any & b) && !has_colour(pos, sq, true)) return false;
    if ((p.must.black_men & b) && !has(pos, sq, Piece::BlackMan)) return false;
    if ((p.must.black_kings & b) && !has(pos, sq, Piece::BlackKing)) return false;
    if ((p.must.black_any & b) && !has_colour(pos, sq, false)) return false;
    if ((p.empty & b) && pos.piece_on(sq) != Piece::Empty) return false;
  }
  if (standing(p.must_not, pos) != 0) return false;
  for (const auto& g : p.any_of)
    if (standing(g.pieces, pos) < g.at_least) return false;
  int wm = 0, wk = 0, bm = 0, bk = 0;
  for (int sq = 1; sq <= 50; ++sq) {
    const Piece q = pos.piece_on(sq);
    wm += q == Piece::WhiteMan;
    wk += q == Piece::WhiteKing;
    bm += q == Piece::BlackMan;
    bk += q == Piece::BlackKing;
  }
  return p.white_men.contains(wm) && p.white_kings.contains(wk) && p.black_men.contains(bm) &&
         p.black_kings.contains(bk) && p.pieces.contains(wm + wk + bm + bk) &&
         p.balance.contains(wm + wk - bm - bk);
}

bool brute_side(const indexer::Pattern& p, rules::Color c) {
  return p.side == indexer::SideToMove::Either ||
         (p.side == indexer::SideToMove::White) == (c == rules::Color::White);
}

/// The first hit of one form over every ply: board(q) tells whether the board part holds.
indexer::PatternHit brute_form(const PatternQuery& q, const std::vector<rules::Position>& positions,
                               bool mirrored) {
  const int n = static_cast<int>(positions.size()) - 1;
  auto in_window = [&](int ply) { return ply <= n && q.plies.contains(ply); };
  auto board = [&](int ply) {
    const rules::Position pos = mirrored ? positions[ply].mirrored() : positions[ply];
    return brute_board(q.pattern, pos);
  };
  for (int p = 0; p <= n; ++p) {
    if (!in_window(p)) continue;
    const rules::Color side = mirrored ? rules::opposite(positions[p].side_to_move())
                                       : positions[p].side_to_move();
    if (!brute_side(q.pattern, side)) continue;
    bool all = true;
    for (int k = 0; k < q.hold && all; ++k) all = in_window(p + k) && board(p + k);
    if (!all) continue;
    indexer::PatternHit hit{p, 0, mirrored};
    while (in_window(p + hit.held) && board(p + hit.held)) ++hit.held;
    return hit;
  }
  return {};
}

indexer::PatternHit brute_hit(const PatternQuery& q,
                              const std::vector<rules::Position>& positions) {
  indexer::PatternHit direct = brute_form(q, positions, false);
  if (!q.mirror) return direct;
  indexer::PatternHit mirror = brute_form(q, positions, true);
  if (mirror.found() && (!direct.found() || mirror.ply < direct.ply)) return mirror;
  return direct;
}

// ---- random patterns against the brute force ----

/// Random games from the initial position, random legal moves to the end or to 160 plies: many
/// kings, promotions and long captures. The first `shared` plies are the same in every game (one
/// opening, as a search meets many games of one).
std::string random_games(int n, std::uint64_t seed, int shared = 0) {
  std::mt19937_64 rng(seed), opening;
  std::string pdn;
  for (int g = 0; g < n; ++g) {
    pdn += "[Event \"random\"]\n[Date \"2010.01." + std::to_string(1 + g % 28) +
           "\"]\n[Result \"*\"]\n";
    rules::Position pos = rules::Position::initial();
    rules::MoveList legal;
    opening.seed(seed + 1);
    for (int ply = 0; ply < 160; ++ply) {
      legal.clear();
      rules::generate_moves(pos, legal);
      if (legal.size() == 0) break;
      std::mt19937_64& r = ply < shared ? opening : rng;
      const auto& m = legal[static_cast<int>(r() % static_cast<unsigned>(legal.size()))];
      if (ply % 2 == 0) pdn += std::to_string(ply / 2 + 1) + ". ";
      pdn += rules::to_pdn(pos, m, legal) + " ";
      pos.play(m);
    }
    pdn += "*\n\n";
  }
  return pdn;
}

IntRange random_range(std::mt19937_64& rng, int value, int spread) {
  IntRange r;
  const int kind = static_cast<int>(rng() % 4);
  if (kind == 0) return r;
  if (kind != 2) r.lo = value - static_cast<int>(rng() % (spread + 1));
  if (kind != 3) r.hi = value + static_cast<int>(rng() % (spread + 1));
  return r;
}

/// A random query built around a position that occurs (so that hits exist).
PatternQuery random_query(std::mt19937_64& rng, const rules::Position& pos, int ply) {
  PatternQuery q;
  indexer::Pattern& p = q.pattern;
  std::vector<int> occupied, empty;
  for (int sq = 1; sq <= 50; ++sq)
    (pos.piece_on(sq) == Piece::Empty ? empty : occupied).push_back(sq);
  std::shuffle(occupied.begin(), occupied.end(), rng);
  std::shuffle(empty.begin(), empty.end(), rng);
  const int musts = static_cast<int>(rng() % 5);
  for (int i = 0; i < musts && i < static_cast<int>(occupied.size()); ++i) {
    const int sq = occupied[i];
    const Piece piece = pos.piece_on(sq);
    const bool any = rng() % 4 == 0;
    const bool white = piece == Piece::WhiteMan || piece == Piece::WhiteKing;
    const bool king = piece == Piece::WhiteKing || piece == Piece::BlackKing;
    rules::Bitboard& target = any ? (white ? p.must.white_any : p.must.black_any)
                              : white ? (king ? p.must.white_kings : p.must.white_men)
                                      : (king ? p.must.black_kings : p.must.black_men);
    target |= square_bb(sq);
  }
  const int empties = static_cast<int>(rng() % 3);
  for (int i = 0; i < empties && i < static_cast<int>(empty.size()); ++i)
    p.empty |= square_bb(empty[i]);
  if (rng() % 3 == 0 && empty.size() > 3) p.must_not.white_men |= square_bb(empty[3]);
  if (rng() % 4 == 0) p.must_not.black_kings |= rules::kBoard & ~pos.kings() & ~pos.white();
  if (rng() % 3 == 0 && occupied.size() > 6) {
    indexer::AnyOfGroup g;
    for (int i = 4; i < 7; ++i) g.pieces.white_any |= square_bb(occupied[i]);
    g.pieces.black_any = g.pieces.white_any;
    g.at_least = 1 + static_cast<int>(rng() % 3);
    p.any_of.push_back(g);
  }
  if (rng() % 3 == 0)
    p.side = pos.side_to_move() == rules::Color::White ? indexer::SideToMove::White
                                                        : indexer::SideToMove::Black;
  const rules::Bitboard k = pos.kings();
  if (rng() % 2 == 0) p.white_men = random_range(rng, rules::count(pos.white() & ~k), 2);
  if (rng() % 2 == 0) p.white_kings = random_range(rng, rules::count(pos.white() & k), 1);
  if (rng() % 2 == 0) p.black_men = random_range(rng, rules::count(pos.black() & ~k), 2);
  if (rng() % 2 == 0) p.black_kings = random_range(rng, rules::count(pos.black() & k), 1);
  if (rng() % 3 == 0) p.pieces = random_range(rng, rules::count(pos.occupied()), 3);
  if (rng() % 3 == 0)
    p.balance = random_range(rng, rules::count(pos.white()) - rules::count(pos.black()), 1);
  if (rng() % 2 == 0) q.plies = random_range(rng, ply, 10);
  if (q.plies.lo < 0 && q.plies.lo != INT_MIN) q.plies.lo = 0;
  if (q.plies.lo == INT_MIN) q.plies.lo = 0;
  q.hold = 1 + static_cast<int>(rng() % 3);
  q.mirror = rng() % 2 == 0;
  return q;
}

class SearchBruteForce : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new test::TempFolder("search-brute");
    std::string pdn = random_games(120, 7) + random_games(30, 11, 34);
    for (const char* f : {"/wiegerw_pdn/games/succeed/nk2003-amsterdam.pdn",
                          "/rhalbersma_mobydam/book/games/babasy1.pdn"}) {
      std::ifstream in(std::string(DAMDB_CORPUS_DIR) + f, std::ios::binary);
      pdn.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      pdn += "\n";
    }
    test::write_text(folder_->path() / "g.pdn", pdn);
    test::import_into(folder_->path() / "db", folder_->path() / "g.pdn");
    games_ = new std::vector<std::pair<std::uint32_t, std::vector<rules::Position>>>;
    const db::Database db = test::open_read_only(folder_->path() / "db");
    db.for_each_game([](db::GameId id, const db::GameRecord& g) {
      games_->emplace_back(id.value, positions_of(g));
      return true;
    });
  }
  static void TearDownTestSuite() {
    delete games_;
    delete folder_;
  }
  static HitMap brute(const PatternQuery& q) {
    HitMap m;
    for (const auto& [id, positions] : *games_)
      if (const auto h = brute_hit(q, positions); h.found()) m[id] = {h.ply, h.held, h.mirrored};
    return m;
  }
  static test::TempFolder* folder_;
  static std::vector<std::pair<std::uint32_t, std::vector<rules::Position>>>* games_;
};
test::TempFolder* SearchBruteForce::folder_ = nullptr;
std::vector<std::pair<std::uint32_t, std::vector<rules::Position>>>* SearchBruteForce::games_ =
    nullptr;

TEST_F(SearchBruteForce, RandomPatternsFromOccurringPositions) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  ASSERT_GT(games_->size(), 150u);
  const db::Database db = test::open_read_only(folder_->path() / "db");
  EXPECT_EQ(db.signatures_end().value, games_->size() + 1);
  std::mt19937_64 rng(2024);
  int with_hits = 0, with_kings = 0, mirrored_hits = 0;
  for (int i = 0; i < 80; ++i) {
    const auto& [id, positions] = (*games_)[rng() % games_->size()];
    // Half of the patterns from the last third of a game (kings, few pieces).
    const std::size_t n = positions.size();
    const int ply = static_cast<int>(i % 2 == 0 ? rng() % n : n - 1 - rng() % (n / 3 + 1));
    const PatternQuery q = random_query(rng, positions[ply], ply);
    const HitMap expected = brute(q);
    const HitMap got = search_all(db, q);
    EXPECT_EQ(describe(got), describe(expected)) << "pattern " << i << " from game " << id
                                                 << " ply " << ply;
    with_hits += !expected.empty();
    with_kings += positions[ply].kings() != 0;
    for (const auto& [g, e] : expected) mirrored_hits += e.mirrored;
  }
  EXPECT_GE(with_hits, 30);
  EXPECT_GE(with_kings, 5);
  EXPECT_GE(mirrored_hits, 1);
}

// A second import continues the last, partly filled block of signatures and of kept moves:
// every game's moves come back, and random patterns get the brute force's answers.
TEST(SearchSignatures, LaterImportsContinueTheLastBlock) {
  test::TempFolder folder("search-blocks");
  test::write_text(folder.path() / "a.pdn", random_games(5, 3));
  test::write_text(folder.path() / "b.pdn", random_games(4, 5, 20));
  test::import_into(folder.path() / "db", folder.path() / "a.pdn");
  test::import_into(folder.path() / "db", folder.path() / "b.pdn");
  const db::Database db = test::open_read_only(folder.path() / "db");
  ASSERT_EQ(db.signatures_end().value, 10u);
  std::vector<db::GameId> ids;
  std::vector<std::pair<std::uint32_t, std::vector<rules::Position>>> games;
  db.for_each_game([&](db::GameId id, const db::GameRecord& g) {
    ids.push_back(id);
    games.emplace_back(id.value, positions_of(g));
    return true;
  });
  ASSERT_EQ(ids.size(), 9u);
  std::size_t visited = 0;
  db.for_each_moves_of(ids, [&](db::GameId id, const db::GameMoves& m) {
    const auto game = db.game(id);
    EXPECT_EQ(std::string(m.moves), std::string(game->moves.begin(), game->moves.end()));
    ++visited;
    return true;
  });
  EXPECT_EQ(visited, 9u);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 30; ++i) {
    const auto& [id, positions] = games[rng() % games.size()];
    const int ply = static_cast<int>(rng() % positions.size());
    const PatternQuery q = random_query(rng, positions[ply], ply);
    HitMap expected;
    for (const auto& [g, p] : games)
      if (const auto h = brute_hit(q, p); h.found()) expected[g] = {h.ply, h.held, h.mirrored};
    EXPECT_EQ(describe(search_all(db, q)), describe(expected)) << "pattern " << i;
  }
}

TEST_F(SearchBruteForce, GamesWithoutSignaturesAreReplayed) {
  // A database imported without signatures (as one written before they existed): the same
  // answers by replay, then again once build_signatures has stored them.
  const auto copy = folder_->path() / "unsigned";
  {
    db::Database db = db::Database::open(copy);
    indexer::ImportOptions options;
    options.compact_at_end = false;
    options.build_signatures = false;
    indexer::import_files(db, {(folder_->path() / "g.pdn").string()}, options);
    EXPECT_EQ(db.signatures_end().value, 1u);
    const SearchSpec s = indexer::parse_search("must W:W27,28:B22,23; empty 33");
    const auto a = indexer::search_games(db, s.query, indexer::GameFilter());
    EXPECT_EQ(a.without_signature, games_->size());
    EXPECT_EQ(a.rejected_by_signature, 0u);
    EXPECT_EQ(describe(search_all(db, s.query)), describe(brute(s.query)));
    EXPECT_EQ(indexer::build_signatures(db), games_->size());
    EXPECT_EQ(indexer::build_signatures(db), 0u);
    const auto b = indexer::search_games(db, s.query, indexer::GameFilter());
    EXPECT_EQ(b.without_signature, 0u);
    EXPECT_GT(b.rejected_by_signature, 0u);
    EXPECT_EQ(describe(search_all(db, s.query)), describe(brute(s.query)));
  }
}

// Every stored signature block (first id, games part, then each column's value) and the moves
// kept beside them.
struct StoredSignatures {
  std::vector<std::pair<std::uint32_t, std::vector<std::string>>> blocks;
  std::vector<std::string> moves;  // result byte, start FEN, codes of each game
  friend bool operator==(const StoredSignatures&, const StoredSignatures&) = default;
};

// The ids of every signature column, 0 .. db::kSignatureColumns - 1.
std::vector<int> all_signature_columns() {
  std::vector<int> all(db::kSignatureColumns);
  for (int c = 0; c < db::kSignatureColumns; ++c) all[c] = c;
  return all;
}

StoredSignatures stored_signatures(const db::Database& db) {
  StoredSignatures out;
  db.for_each_signature_block(
      all_signature_columns(),
      [&](db::GameId first, std::string_view games, std::span<const std::string_view> cols) {
        std::vector<std::string> values{std::string(games)};
        for (const std::string_view v : cols) values.emplace_back(v);
        out.blocks.emplace_back(first.value, std::move(values));
        return true;
      });
  std::vector<db::GameId> ids;
  for (std::uint32_t id = 1; id < db.signatures_end().value; ++id) ids.push_back(db::GameId{id});
  db.for_each_moves_of(ids, [&](db::GameId, const db::GameMoves& m) {
    out.moves.push_back(static_cast<char>(m.result) + std::string(m.start_fen) + "|" + std::string(m.moves));
    return true;
  });
  return out;
}

// The date a stored signature gives game `id`.
std::uint32_t signature_date(const db::Database& db, std::uint32_t id) {
  std::uint32_t date = 0;
  db.for_each_signature_block({}, [&](db::GameId first, std::string_view games,
                                      std::span<const std::string_view>) {
    if (id < first.value) return false;
    std::array<std::string_view, db::kSignatureColumns> none{};
    const auto block = db::decode_signature_block(games, none);
    if (id - first.value < block.size()) date = block[id - first.value].date;
    return true;
  });
  return date;
}

// The signatures the batches of an import store (from the import's own replay) are those
// build_signatures computes from the stored games afterwards, byte for byte, with small
// batches that end inside signature blocks. A game whose stored copy a later batch, or a later
// import, replaced by a better copy with a Date gets that date; so does a game a later copy
// (not better: fewer tags) gives the Date it lacked.
TEST_F(SearchBruteForce, BatchSignaturesEqualRebuiltOnes) {
  const std::string x = random_games(1, 77), y = random_games(1, 78);
  const std::string x_moves = x.substr(x.find("1. ")), y_moves = y.substr(y.find("1. "));
  const std::string z = random_games(1, 79), w = random_games(1, 80);
  const std::string z_moves = z.substr(z.find("1. ")), w_moves = w.substr(w.find("1. "));
  const std::string tagged = "[Event \"e\"]\n[Site \"s\"]\n[Round \"1\"]\n[Result \"*\"]\n";
  std::ifstream in(folder_->path() / "g.pdn", std::ios::binary);
  // More games than a signature block holds, so that batches fill blocks and carry the rest.
  const std::string g = std::string(std::istreambuf_iterator<char>(in), {}) +
                        random_games(1000, 99);
  const auto folder = folder_->path() / "batches";
  std::filesystem::create_directories(folder);
  test::write_text(folder / "a.pdn", "[Result \"*\"]\n" + x_moves + "[Result \"*\"]\n" + y_moves +
                                         tagged + z_moves + tagged + w_moves + g +
                                         "[Event \"late\"]\n[Date \"1999.12.31\"]\n" +
                                         "[Result \"*\"]\n" + x_moves +
                                         "[Date \"1996.01.02\"]\n[Result \"*\"]\n" + w_moves);
  test::write_text(folder / "b.pdn",
                   "[Event \"next\"]\n[Date \"1998.06.15\"]\n[Result \"*\"]\n" + y_moves +
                       "[Date \"1997.03.04\"]\n[Result \"*\"]\n" + z_moves);
  db::Database db = db::Database::open(folder / "db");
  indexer::ImportOptions options;
  options.compact_at_end = false;
  options.batch_games = 61;
  const auto first = indexer::import_files(db, {(folder / "a.pdn").string()}, options);
  EXPECT_EQ(first.replaced, 1u);
  EXPECT_EQ(signature_date(db, 1), 19991231u);  // x, replaced some twenty batches later
  EXPECT_EQ(signature_date(db, 2), 0u);         // y, without a Date
  EXPECT_EQ(signature_date(db, 3), 0u);         // z, without a Date
  EXPECT_EQ(signature_date(db, 4), 19960102u);  // w, given a Date some twenty batches later
  EXPECT_EQ(db.game(db::GameId{4})->tag("Site"), "s");
  EXPECT_EQ(indexer::import_files(db, {(folder / "b.pdn").string()}, options).replaced, 1u);
  EXPECT_EQ(signature_date(db, 2), 19980615u);
  EXPECT_EQ(signature_date(db, 3), 19970304u);  // z, given a Date by a later import
  EXPECT_EQ(db.game_header(db::GameId{3})->date, "1997.03.04");
  EXPECT_EQ(db.game_header(db::GameId{3})->round, "1");
  const std::uint32_t games = db.meta().next_game_id - 1;
  ASSERT_GT(games, 1150u);
  EXPECT_EQ(db.signatures_end().value, games + 1);
  const StoredSignatures by_batches = stored_signatures(db);
  EXPECT_EQ(by_batches.moves.size(), games);
  db.drop_signatures();
  EXPECT_EQ(indexer::build_signatures(db), games);
  EXPECT_TRUE(stored_signatures(db) == by_batches);
}

// The replaced copy's date is marked with the commit that replaced it: an import stopped
// before its signatures step (here: one without signatures) leaves the mark, and the next
// import, even one that finds its file already imported, sets the date.
TEST(SearchSignatures, AReplacedDateOutlivesAnImportStoppedBeforeItsSignatures) {
  test::TempFolder folder("signature-dates");
  const std::string x = random_games(1, 77);
  const std::string x_moves = x.substr(x.find("1. "));
  test::write_text(folder.path() / "a.pdn", "[Result \"*\"]\n" + x_moves + random_games(2, 5));
  test::write_text(folder.path() / "b.pdn",
                   "[Event \"e\"]\n[Date \"2001.02.03\"]\n[Result \"*\"]\n" + x_moves);
  db::Database db = db::Database::open(folder.path() / "db");
  indexer::ImportOptions options;
  options.compact_at_end = false;
  indexer::import_files(db, {(folder.path() / "a.pdn").string()}, options);
  EXPECT_TRUE(db.signatures_to_refresh().empty());
  options.build_signatures = false;
  EXPECT_EQ(indexer::import_files(db, {(folder.path() / "b.pdn").string()}, options).replaced, 1u);
  EXPECT_EQ(db.signatures_to_refresh(), std::vector<db::GameId>{db::GameId{1}});
  EXPECT_EQ(signature_date(db, 1), 0u);
  options.build_signatures = true;
  const auto again = indexer::import_files(db, {(folder.path() / "b.pdn").string()}, options);
  EXPECT_EQ(again.files_already_imported, 1u);
  EXPECT_EQ(signature_date(db, 1), 20010203u);
  EXPECT_TRUE(db.signatures_to_refresh().empty());
}

// BatchSignatures stores the signatures signature_of gives the stored games, once their block
// is full or at the last store, when they continue the stored ones; it stores none of a batch
// added out of id order (build_signatures computes those).
TEST(SearchSignatures, BatchSignaturesContinueTheStoredOnes) {
  test::TempFolder folder("batch-signatures");
  db::Database db = db::Database::open(folder.path() / "db");
  const std::vector<pdn::Game> games = pdn::read_games(random_games(7, 9), "r.pdn");
  ASSERT_EQ(games.size(), 7u);
  pdn::ReplayOptions replay_options;
  replay_options.record_plies = true;
  indexer::BatchSignatures signatures;
  auto add = [&](db::ImportBatch& batch, const pdn::Game& game, std::uint32_t id_shift) {
    indexer::GameRecords r = indexer::make_records(game, pdn::replay(game, replay_options));
    const db::AddResult added = batch.add_game(std::move(r.record), r.plies, r.texts, r.identity);
    signatures.add(db::GameId{added.id.value + id_shift}, std::move(r.signature));
  };
  auto commit = [&](db::ImportBatch& batch, bool last) {
    signatures.take_stored_fields(batch);
    db.commit(batch);
    signatures.store(db, last);
  };
  db::ImportBatch first = db.begin_import();
  for (int i = 0; i < 3; ++i) add(first, games[i], 0);
  commit(first, false);  // the block is not full: kept
  EXPECT_EQ(db.signatures_end().value, 1u);
  EXPECT_GT(signatures.memory_bytes(), 3 * sizeof(db::GameSignature));
  db::ImportBatch second = db.begin_import();
  for (int i = 3; i < 5; ++i) add(second, games[i], 0);
  commit(second, true);
  EXPECT_EQ(db.signatures_end().value, 6u);
  EXPECT_EQ(signatures.memory_bytes(), 0u);
  db::ImportBatch third = db.begin_import();
  add(third, games[5], 0);
  add(third, games[6], 2);  // game 7 given as game 9
  commit(third, true);
  EXPECT_EQ(signatures.memory_bytes(), 0u);
  EXPECT_EQ(db.signatures_end().value, 6u);
  EXPECT_EQ(indexer::build_signatures(db), 2u);
  std::vector<db::GameSignature> stored;
  db.for_each_signature_block(
      all_signature_columns(),
      [&](db::GameId, std::string_view part, std::span<const std::string_view> values) {
        std::array<std::string_view, db::kSignatureColumns> columns{};
        std::copy(values.begin(), values.end(), columns.begin());
        for (db::GameSignature& sig : db::decode_signature_block(part, columns))
          stored.push_back(std::move(sig));
        return true;
      });
  ASSERT_EQ(stored.size(), 7u);
  for (std::uint32_t id = 1; id <= 7; ++id)
    EXPECT_EQ(stored[id - 1], indexer::signature_of(*db.game(db::GameId{id}))) << "game " << id;
}

TEST_F(SearchBruteForce, CountOnlyPatterns) {
  const db::Database db = test::open_read_only(folder_->path() / "db");
  for (const char* text :
       {"white-kings 1-; black-kings 1-", "pieces -6", "balance 3..; plies 30-",
        "hold 5; white-kings 2-",
        "must B:; white-men 10-12; black-kings 1-; mirror", "pieces 40; hold 2"}) {
    const SearchSpec s = indexer::parse_search(text);
    EXPECT_EQ(describe(search_all(db, s.query)), describe(brute(s.query))) << text;
  }
}

}  // namespace
}  // namespace damdb
