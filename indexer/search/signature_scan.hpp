// Pattern search over signatures stored by column (db/signature_block.hpp): reads only the
// columns the query's square conditions name, keeps the games of a block whose columns allow
// the pattern (a bitwise AND over the block), and tests only those on their segment masks and
// material. The verdicts are test_signature()'s, game by game.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "db/game_signature.hpp"
#include "db/signature_block.hpp"
#include "indexer/search/signature.hpp"

namespace damdb::indexer {

/// A game whose signature allows at least one form of the query.
struct SignatureCandidate {
  std::uint32_t id = 0;
  std::uint32_t date = 0;
  SignatureVerdict direct, mirror;  ///< mirror: only with PatternQuery::mirror
};

/// Tests the blocks of signatures against one query (and its mirrored form when asked).
class SignatureScan {
 public:
  explicit SignatureScan(const PatternQuery& query);

  /// The column ids to read (for db::Database::for_each_signature_block).
  const std::vector<int>& columns() const { return columns_; }

  /// Tests every game of the block starting at game `first` (`games`: its games part, `values`:
  /// the values of columns(), in that order); appends the games that may hold to `out` and
  /// returns the number of games in the block. Raises db::Error(Corruption) on bad bytes.
  std::size_t scan(std::uint32_t first, std::string_view games,
                   std::span<const std::string_view> values, std::vector<SignatureCandidate>& out);

 private:
  using GameBits = std::array<std::uint64_t, db::kSignatureBlockGames / 64>;
  /// One square of a condition: the piece sets (bit k: set k) of which a piece there counts.
  struct Need {
    int bit = 0;
    unsigned sets = 0;
  };
  struct Group {
    std::vector<Need> squares;
    int at_least = 1;
  };
  struct Form {
    Pattern pattern;
    std::vector<Need> must;
    std::vector<int> empty;  // board bits
    std::vector<Group> any_of;
    GameBits candidates{};
  };
  void add_form(const Pattern& pattern);
  int slot(int set, int bit);
  GameBits holding(const Need& need) const;
  void select(Form& f, std::size_t n, const GameBits& opaque);
  std::uint32_t common_segments(const Form& f, std::size_t g);

  IntRange plies_;
  int hold_ = 1;
  std::vector<Form> forms_;
  bool read_counts_ = false;  // some form's counts_narrow(): the material is read
  std::vector<int> columns_;
  std::array<int, db::kSignatureColumns> slot_of_{};
  std::vector<bool> with_masks_;  // per slot: a `must` column, whose masks are read
  std::vector<db::SignatureColumn> read_;
  std::vector<db::GameSignature> heads_;
  std::vector<std::string_view> material_;
};

}  // namespace damdb::indexer
