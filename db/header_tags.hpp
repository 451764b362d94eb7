#pragma once
// The tags of a stored game's header when several copies of it are read: which values say
// something, how a copy's tags differ from the header (GameSource::differing_tags), and how the
// header takes the values that the stored copy lacks from the other copies, whatever the order
// in which the copies come.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/game_record.hpp"

namespace damdb::db {

/// PDN tag pairs in file order, as GameRecord::tags holds them.
using TagList = std::vector<std::pair<std::string, std::string>>;

/// The size up to which fill() adds tags to a header.
inline constexpr std::size_t kMaxHeaderTags = 100;

/// True when a tag value says something: not empty and not made only of the PDN 3.0 marks of
/// an unknown value ('?', as in "?" or "????.??.??") with '.', '-', '*' and blanks.
bool known_value(std::string_view value);

/// The number of tags of `tags` with a known value.
std::size_t known_tags(const TagList& tags);

/// The value of tag `name` in `tags`, or nullptr.
const std::string* find_tag(const TagList& tags, std::string_view name);

/// The tags of a copy (`copy`) that differ from the header (`header`): each tag whose value
/// differs or that the header lacks, then each header tag the copy lacks (value nullopt).
std::vector<SourceTag> differing(const TagList& copy, const TagList& header);

/// The tags of a copy: the header with the copy's differences (`diff`) applied.
TagList tags_of(const TagList& header, const std::vector<SourceTag>& diff);

/// True when `copy`, not better than the stored copy (whose own tags are `own`), should be
/// stored instead on a tie of status and known tags: its tags come first in a fixed order
/// (the lexicographic order of the lists), so that the copy stored does not depend on the
/// order in which the copies are read.
bool wins_tie(const TagList& copy, const TagList& own);

/// True when fill(header, copy, own) would change `header`.
bool fills(const TagList& header, const TagList& copy, const TagList& own);

/// Gives `header` (the stored copy's own tags `own`, with values taken from other copies)
/// the values of `copy` for the tags that `own` lacks or holds without a known value, except
/// the tags that describe the moves or their outcome (Result, FEN, SetUp), which stay the
/// stored copy's as its moves and result do. Of several copies' known values, the header keeps
/// the first in a fixed order (a Date with more digits first, then the smaller text), whatever
/// the order in which the copies come. `header` holds the tags of `own` first, in their order
/// (with values taken in place), then the tags taken, in name order; of these it keeps those
/// first by name that fit in kMaxHeaderTags tags (a bound on the work and memory of a game read
/// in many copies with many tags; real headers hold a few dozen). Returns true when the Date
/// tag changed.
bool fill(TagList& header, const TagList& copy, const TagList& own);

}  // namespace damdb::db
