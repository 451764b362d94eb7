// Building a game's signature (db::GameSignature: the squares each kind of piece ever held, the
// segments in which it held them, the squares ever empty and the piece counts at every ply)
// from its positions in ply order; signature_of replays a stored game's move codes into it.
#pragma once

#include <array>
#include <cstdint>

#include "db/game_signature.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

/// Gathers a signature from the positions of a game, given in ply order:
///
///   SignatureBuilder b(record.moves.size());
///   for (ply = 0 .. plies) b.add(ply, position before move ply (after the last move at plies));
///   db::GameSignature sig = b.finish();
///
/// The date is left 0 (the caller sets it from the game's tags, date_number).
class SignatureBuilder {
 public:
  /// `plies`: the moves of the game, which fix the plies per segment.
  explicit SignatureBuilder(std::uint32_t plies);
  /// Adds the position at `ply` (0 = the start; plies added in order, each once).
  void add(int ply, const rules::Position& pos);
  /// The signature of the positions added (called once: the builder is spent).
  db::GameSignature finish();

 private:
  // Records the current segment's squares in the masks and in the signature's square sets,
  // and starts segment `next`.
  void close_segment(std::uint16_t next);

  db::GameSignature sig_;
  std::uint32_t per_segment_;
  // The segments in which each kind of piece (white men, white kings, black men, black kings)
  // stood on each board bit. The squares each kind held in the current segment are gathered as
  // one bitboard a kind, and spread into the masks and the square sets once a segment (not
  // once a ply).
  std::array<std::array<std::uint16_t, rules::kBits>, 4> masks_{};
  std::array<rules::Bitboard, 4> held_{};
  std::uint16_t segment_bit_ = 0;   // the current segment's bit
  std::uint32_t segment_end_ = 0;   // the first ply after the current segment
};

}  // namespace damdb::indexer
