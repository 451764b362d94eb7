#pragma once
// GameTerms: the words of the game that an import batch compares or writes but db does not
// read. db depends on nothing of ours, so it keeps a date and a result text as the text it is
// given; the caller (the indexer) gives the game's own rules (pdn/date.hpp, pdn/result.hpp)
// through these functions. The defaults read nothing: two dates fit when their texts are equal
// or either is empty, and a learned result leaves the Result tag as it is.

#include <string>
#include <string_view>

#include "db/game_result.hpp"

namespace damdb::db {

struct GameTerms {
  /// True when dates `a` and `b` (GameIdentity::date texts, "" unknown) can be one day.
  bool (*dates_fit)(std::string_view a, std::string_view b) = texts_fit;
  /// The date of a game whose copies are dated `a` and `b` (dates_fit): what both know.
  std::string (*merged_date)(std::string_view a, std::string_view b) = first_known;
  /// The Result tag value of a known result (PDN 3.0 "2-0", "1-1", "0-2"), or nullptr: a
  /// learned result then leaves the Result tag as it is.
  const char* (*result_tag)(GameResult result) = nullptr;

  /// Equal texts, or either empty.
  static bool texts_fit(std::string_view a, std::string_view b) {
    return a.empty() || b.empty() || a == b;
  }
  /// `a` unless it is empty, else `b`.
  static std::string first_known(std::string_view a, std::string_view b) {
    return std::string(a.empty() ? b : a);
  }
};

}  // namespace damdb::db
