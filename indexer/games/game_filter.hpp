// Filters shared by every query command: players, event, dates, result.
#pragma once

#include "db/game_header.hpp"
#include "db/game_id.hpp"
#include "db/game_record.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace re2 {
class RE2;
}

namespace damdb::db {
class Database;
}

namespace damdb::indexer {

class NameDirectory;

/// Raised for a filter that cannot be used (bad date, bad result, bad regular expression).
struct FilterError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// What the user asked for. Name and event patterns match case- and accent-insensitively as
/// substrings of the folded text (fold_text), or, with `regex`, as RE2 regular expressions
/// searched in the folded text. Dates are PDN dates, possibly partial ("2003", "2003.05",
/// "2003-05-14"); a game whose date is unknown never passes a date filter.
struct FilterSpec {
  std::string player;  ///< either side
  std::string white;
  std::string black;
  std::string event;
  std::string since;   ///< inclusive
  std::string until;   ///< inclusive (a partial date covers its whole period)
  std::string result;  ///< "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "*" or white/draw/black
  bool regex = false;
};

/// A compiled FilterSpec.
class GameFilter {
 public:
  /// Compiles `spec`; throws FilterError for a malformed date, result or regular expression.
  explicit GameFilter(const FilterSpec& spec = {});
  ~GameFilter();
  GameFilter(GameFilter&&) noexcept;
  GameFilter& operator=(GameFilter&&) noexcept;

  /// Makes --player, --white and --black name players rather than spellings: from now on each
  /// matches every stored spelling of the merged identities (NameDirectory, the merges of
  /// `stats players`) of which one spelling matches as above, and of the player the text
  /// itself would merge into ("Georgiev, A." finds "Alexander Georgiev"); and --event every
  /// spelling of the events (the rows of `stats events`) one of whose spellings matches. A
  /// spelling not in `db` when this is called is matched as written. Reads the headers of `db`
  /// once when a player or event criterion is set; throws db::Error from the database,
  /// OverridesError for a bad player-overrides.txt.
  void resolve_names(const db::Database& db);
  /// The same with the names of `db` already read (NameDirectory::of(db), kept by a caller
  /// that filters many times while `db` does not change).
  void resolve_names(std::shared_ptr<const NameDirectory> directory);
  /// True when a player or event criterion is set (resolve_names then reads the names).
  bool names_criteria() const;

  /// The games that can pass, found in the players and events indexes when resolve_names
  /// resolved the player and event criteria to stored spellings that all have an index key
  /// (every criterion so resolved narrows the set): ascending ids, a superset of the games
  /// that pass (matches() decides), or exactly them (`exact`: only --player is set, and no
  /// other stored spelling shares a player_key with its spellings). nullopt when no criterion
  /// can use an index (none set, not resolved, or one that matches a name without a key, such
  /// as "?"), so every game must be read. Throws db::Error from the database.
  struct Candidates {
    std::vector<db::GameId> ids;
    bool exact = false;
  };
  std::optional<Candidates> candidates(const db::Database& db) const;

  /// True when no criterion is set (every game passes).
  bool empty() const { return empty_; }
  /// True when the game passes every criterion (every criterion is a header field).
  bool matches(const db::GameHeader& game) const;
  /// The same for a full record (builds its header).
  bool matches(const db::GameRecord& game) const;

 private:
  bool text_matches(const std::string& value, const std::string& needle,
                    const re2::RE2* pattern) const;
  /// A player criterion: among the resolved spellings when resolve_names knew `value`.
  bool name_matches(const std::string& value, const std::string& needle,
                    const re2::RE2* pattern, const std::unordered_set<std::string>& names) const;
  /// The event criterion: among the resolved Event tags when resolve_names knew `value`.
  bool event_matches(const std::string& value) const;
  /// The index keys (player_key) of a resolved player criterion; nullopt when not indexable.
  std::optional<std::vector<std::string>> player_index_keys(
      const std::string& needle, const re2::RE2* pattern,
      const std::unordered_set<std::string>& names) const;
  FilterSpec spec_;
  std::string player_, white_, black_, event_;  // folded needles
  std::unique_ptr<re2::RE2> player_re_, white_re_, black_re_, event_re_;
  std::string since_, until_;  // "YYYY.MM.DD" bounds, "" when open
  std::optional<db::GameResult> result_;
  std::shared_ptr<const NameDirectory> directory_;  // set by resolve_names
  std::unordered_set<std::string> player_names_, white_names_, black_names_, event_names_;
  bool empty_ = true;
};

/// The values FilterSpec::result takes, for a help text: "2-0, 1-1, 0-2, *, white, draw or
/// black" (1-0, 0-1 and 1/2-1/2 are read as well).
std::string result_choices();

/// "YYYY.MM.DD" lower (or upper) bound of a partial date "2003", "2003.05", "2003-05-14"
/// (pdn::date_bound); throws FilterError when it is not a date.
std::string date_bound(const std::string& partial, bool upper);

}  // namespace damdb::indexer
