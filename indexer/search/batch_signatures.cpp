#include "indexer/search/batch_signatures.hpp"

#include <algorithm>
#include <utility>

#include "indexer/search/signature.hpp"

namespace damdb::indexer {

std::size_t BatchSignatures::bytes_of(const db::GameSignature& signature) {
  return sizeof(db::GameSignature) + signature.segments.capacity() * sizeof(std::uint16_t) +
         signature.material.capacity() * sizeof(db::MaterialEntry);
}

void BatchSignatures::add(db::GameId id, db::GameSignature signature) {
  if (signatures_.empty()) first_ = id.value;
  if (id.value != first_ + signatures_.size()) {
    clear();  // out of order: build_signatures computes these
    return;
  }
  bytes_ += bytes_of(signature);
  signatures_.push_back(std::move(signature));
}

void BatchSignatures::take_stored_fields(const db::ImportBatch& batch) {
  const auto games = batch.new_games();
  if (games.size() != signatures_.size() - taken_ ||
      (!games.empty() && games[0].first.value != first_ + taken_)) {
    clear();
    return;
  }
  for (const auto& [id, game] : games) take_fields(&game);
}

void BatchSignatures::add_stored(db::GameId id, db::GameSignature signature,
                                 const db::GameRecord* game) {
  if (taken_ != signatures_.size()) clear();
  add(id, std::move(signature));
  if (!signatures_.empty()) take_fields(game);
}

void BatchSignatures::take_fields(const db::GameRecord* game) {
  if (game != nullptr) {
    signatures_[taken_].date = date_number(*game);
    fens_.push_back(game->start_fen);
    codes_.emplace_back(game->moves.begin(), game->moves.end());
    results_.push_back(game->result);
  } else {
    fens_.emplace_back();
    codes_.emplace_back();
    results_.push_back(db::GameResult::Unknown);
  }
  bytes_ += fens_.back().capacity() + codes_.back().capacity() + 2 * sizeof(std::string);
  ++taken_;
}

std::size_t BatchSignatures::store(db::Database& db, bool last) {
  if (signatures_.empty()) return 0;
  if (taken_ != signatures_.size() || db.signatures_end().value != first_) {
    clear();
    return 0;
  }
  // The games before `filled` complete their blocks (blocks start at ids 1, 1025, 2049 ...).
  const std::uint32_t end = first_ + static_cast<std::uint32_t>(signatures_.size());
  const std::uint32_t filled = end - (end - 1) % db::kSignatureBlockGames;
  const std::size_t n = last ? signatures_.size() : filled > first_ ? filled - first_ : 0;
  if (n == 0) return 0;
  std::vector<db::GameMoves> moves;
  moves.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    moves.push_back(db::GameMoves{results_[i], fens_[i], codes_[i], {}});
  db.append_signatures(std::span(signatures_).first(n), moves);
  drop_front(n);
  return n;
}

void BatchSignatures::drop_front(std::size_t n) {
  if (n == signatures_.size()) {
    clear();
    return;
  }
  signatures_.erase(signatures_.begin(), signatures_.begin() + static_cast<std::ptrdiff_t>(n));
  fens_.erase(fens_.begin(), fens_.begin() + static_cast<std::ptrdiff_t>(n));
  codes_.erase(codes_.begin(), codes_.begin() + static_cast<std::ptrdiff_t>(n));
  results_.erase(results_.begin(), results_.begin() + static_cast<std::ptrdiff_t>(n));
  first_ += static_cast<std::uint32_t>(n);
  taken_ -= n;
  bytes_ = 0;
  for (std::size_t i = 0; i < signatures_.size(); ++i)
    bytes_ += bytes_of(signatures_[i]) + fens_[i].capacity() + codes_[i].capacity();
}

void BatchSignatures::clear() {
  // Released, not only cleared: a batch's signatures are not held through the next batch.
  std::vector<db::GameSignature>().swap(signatures_);
  std::vector<std::string>().swap(fens_);
  std::vector<std::string>().swap(codes_);
  std::vector<db::GameResult>().swap(results_);
  bytes_ = 0;
  taken_ = 0;
}

void refresh_signatures(db::Database& db) {
  const std::vector<db::GameId> ids = db.signatures_to_refresh();
  std::vector<db::SignatureFields> fields;
  constexpr std::size_t kChunk = 4096;  // headers read at once
  for (std::size_t at = 0; at < ids.size(); at += kChunk) {
    const std::span<const db::GameId> chunk(ids.data() + at, std::min(kChunk, ids.size() - at));
    const auto headers = db.game_headers(chunk);
    for (std::size_t i = 0; i < chunk.size(); ++i)
      if (headers[i]) fields.push_back({chunk[i], date_number(*headers[i]), headers[i]->result});
      else fields.push_back({chunk[i], 0, db::GameResult::Unknown});
  }
  if (!fields.empty()) db.set_signature_fields(fields);
}

std::uint64_t build_signatures(db::Database& db) {
  BatchSignatures signatures;
  std::uint64_t built = 0;
  std::uint32_t expected = db.signatures_end().value;
  db.for_each_game(
      [&](db::GameId id, const db::GameRecord& game) {
        // Ids are dense; a missing one (never expected) gets a signature that proves nothing.
        for (; expected < id.value; ++expected) {
          db::GameSignature opaque;
          opaque.opaque = true;
          signatures.add_stored(db::GameId{expected}, std::move(opaque), nullptr);
        }
        signatures.add_stored(id, signature_of(game), &game);
        ++expected;
        if (signatures.size() >= 4096) built += signatures.store(db, false);
        return true;
      },
      db::GameId{expected});
  return built + signatures.store(db, true);
}

}  // namespace damdb::indexer
