// The user's corrections of the player merges: a small text file of `same` and `different`
// pairs of spellings, kept in the database folder as player-overrides.txt and obeyed by every
// command that merges players (filters, stats, duplicates, the server).
//   # a comment; blank lines are skipped
//   same Georgiev, A. = Alexander Georgiev
//   different A. Georgiev = Anatoli Georgiev
// A name is compared as player_key folds it (case, accents, spacing and word order do not
// matter), and as "Surname, Given" when written with a comma.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::db {
class Database;
}

namespace damdb::indexer {

/// A line of the overrides file that is neither a pair, a comment nor blank.
struct OverridesError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct PlayerOverride {
  bool same = true;  ///< `same` (force the merge) or `different` (forbid it)
  std::string a, b;  ///< the two names as written (trimmed)
  std::size_t line = 0;  ///< 1-based line of the file
};

struct PlayerOverrides {
  std::vector<PlayerOverride> pairs;

  /// The pairs of an overrides text; throws OverridesError naming the line of a bad one.
  static PlayerOverrides parse(std::string_view text);
  /// The pairs of `file` (none when it does not exist); throws OverridesError for a bad line
  /// or an unreadable file.
  static PlayerOverrides read(const std::filesystem::path& file);
  /// The bytes of `file` ("" when it does not exist); throws OverridesError when unreadable.
  static std::string file_text(const std::filesystem::path& file);
  /// The pairs of the file kept in the database folder (kFileName).
  static PlayerOverrides of(const db::Database& db);

  static constexpr const char* kFileName = "player-overrides.txt";
};

}  // namespace damdb::indexer
