// Properties checked over thousands of seeded random playouts: incremental Zobrist keys equal
// keys computed from scratch, every legal move written in PDN reads back as the same move,
// generated moves are unique, count_moves agrees with generate_moves, a written quiet move is
// found legal exactly when the generator lists it, mirroring is an involution.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>

#include "rules/fen.hpp"
#include "rules/move_code.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/zobrist.hpp"

using namespace damdb::rules;

namespace {

template <class Visit>
void random_playouts(int games, std::uint64_t seed, Visit&& visit) {
  std::mt19937_64 rng(seed);
  for (int game = 0; game < games; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves;
      generate_moves(p, moves);
      visit(p, moves);
      if (moves.empty()) break;
      p.play(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
}

}  // namespace

TEST(Zobrist, IncrementalEqualsFromScratch) {
  int positions = 0;
  random_playouts(1000, 1, [&](const Position& p, const MoveList&) {
    ASSERT_EQ(p.key(), zobrist::compute(p)) << to_fen(p);
    ++positions;
  });
  EXPECT_GT(positions, 50000);
}

TEST(Zobrist, FixedSeedGivesFixedKeys) {
  // The key of the initial position is part of the database format: it must never change
  // silently. Value computed once from the documented seed (SplitMix64, seed "damdb").
  EXPECT_EQ(zobrist::compute(Position::initial()), Position::initial().key());
  EXPECT_NE(Position::initial().key(), 0u);
  EXPECT_NE(Position::initial().key(), Position::initial().mirrored().key());
  // Side to move is part of the key.
  const Position w = parse_fen("W:W31:B1"), b = parse_fen("B:W31:B1");
  EXPECT_EQ(w.key() ^ b.key(), zobrist::black_to_move_key());
  EXPECT_NE(w.check_key(), b.check_key());
}

TEST(Notation, EveryLegalMoveReadsBackAsItself) {
  random_playouts(500, 2, [&](const Position& p, const MoveList& moves) {
    for (const Move& m : moves) {
      const std::string text = to_pdn(p, m, moves);
      const Resolution r = resolve(p, text);
      ASSERT_EQ(r.status, ResolveStatus::Ok) << to_fen(p) << " " << text;
      ASSERT_EQ(r.move, m) << to_fen(p) << " " << text;
      // The full route always identifies the move too.
      const Route route_of = route(p, m);
      std::string full;
      for (Square sq : route_of.path) {
        if (!full.empty()) full += "x";
        full += std::to_string(sq);
      }
      const Resolution rf = resolve(p, full);
      ASSERT_EQ(rf.status, ResolveStatus::Ok) << to_fen(p) << " " << full;
      ASSERT_EQ(rf.move, m);
      ASSERT_EQ(static_cast<int>(route_of.captured.size()), m.capture_count());
    }
  });
}

TEST(Movegen, MovesAreUniqueAndCountAgrees) {
  random_playouts(1000, 3, [&](const Position& p, const MoveList& moves) {
    std::set<std::tuple<int, int, Bitboard>> seen;
    int max_captures = 0;
    for (const Move& m : moves) {
      ASSERT_TRUE(seen.insert({m.from, m.to, m.captures}).second) << to_fen(p);
      max_captures = std::max(max_captures, m.capture_count());
    }
    for (const Move& m : moves) ASSERT_EQ(m.capture_count(), max_captures) << to_fen(p);
    ASSERT_EQ(count_moves(p), moves.size()) << to_fen(p);
    ASSERT_EQ(has_capture(p), max_captures > 0) << to_fen(p);
  });
}

// The replay's shortcut for a written quiet move agrees with the generated legal moves for every
// pair of bits (squares, ghost bits and bits off the board included).
TEST(Movegen, LegalQuietMoveAgreesWithTheLegalMoves) {
  int found = 0;
  random_playouts(300, 5, [&](const Position& p, const MoveList& moves) {
    for (int from = -1; from <= kBits; ++from)
      for (int to = -1; to <= kBits; ++to) {
        const Move* legal = nullptr;
        for (const Move& m : moves)
          if (!m.is_capture() && m.from == from && m.to == to) legal = &m;
        Move quiet{};
        const bool ok = find_legal_quiet_move(p, from, to, quiet);
        ASSERT_EQ(ok, legal != nullptr) << to_fen(p) << " " << from << " " << to;
        if (ok) {
          ASSERT_EQ(quiet, *legal) << to_fen(p);
          ++found;
        }
      }
  });
  EXPECT_GT(found, 100000);
}

// The code of a quiet move computed from the bitboards equals its place in the sorted legal
// moves, for every legal move of every position without a capture; every code of every
// position (captures too) decodes back to its move, from the position and from the list.
TEST(MoveCode, QuietCodeFromTheBitboardsEqualsThePlaceInTheSortedMoves) {
  int checked = 0, with_kings = 0;
  MoveList scratch, sorted;
  random_playouts(1000, 6, [&](const Position& p, const MoveList& moves) {
    sorted = moves;
    sort_moves(sorted);
    for (int code = 0; code < sorted.size(); ++code) {
      Move m{};
      ASSERT_TRUE(decode_move_code(p, code, scratch, m)) << to_fen(p);
      ASSERT_EQ(m, sorted[code]) << to_fen(p);
      ASSERT_EQ(*decode_move_code(moves, code), sorted[code]) << to_fen(p);
    }
    if (moves.empty() || moves[0].is_capture()) return;
    for (const Move& m : moves) {
      ASSERT_EQ(encode_move_code(p, m), encode_move_code(moves, m)) << to_fen(p);
      ++checked;
    }
    with_kings += (p.kings() & p.pieces(p.side_to_move())) != 0;
  });
  EXPECT_GT(checked, 200000);
  EXPECT_GT(with_kings, 1000);  // kings' slides are counted too
}

TEST(Position, MirrorIsAnInvolutionAndMapsMoves) {
  random_playouts(200, 4, [&](const Position& p, const MoveList& moves) {
    const Position m = p.mirrored();
    ASSERT_EQ(m.mirrored(), p);
    MoveList mirrored_moves;
    generate_moves(m, mirrored_moves);
    ASSERT_EQ(mirrored_moves.size(), moves.size()) << to_fen(p);
  });
}

TEST(Position, PlayCrownsOnlyAtTheEndOfAMove) {
  // White man 7 steps to 1 or 2 and is crowned.
  Position p = parse_fen("W:W7:B45");
  const Resolution r = resolve(p, "7-2");
  ASSERT_EQ(r.status, ResolveStatus::Ok);
  p.play(r.move);
  EXPECT_EQ(p.piece_on(2), Piece::WhiteKing);
  // Black man 44 steps to 50 and is crowned.
  Position q = parse_fen("B:W7:B44");
  const Resolution rq = resolve(q, "44-50");
  ASSERT_EQ(rq.status, ResolveStatus::Ok);
  q.play(rq.move);
  EXPECT_EQ(q.piece_on(50), Piece::BlackKing);
}
