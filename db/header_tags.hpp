#pragma once
// The tags of a stored game's header when several copies of it are read: which values say
// something, how a copy's tags differ from the header (GameSource::differing_tags), and how the
// header takes the values that the stored copy lacks from the other copies.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/game_record.hpp"

namespace damdb::db {

/// PDN tag pairs in file order, as GameRecord::tags holds them.
using TagList = std::vector<std::pair<std::string, std::string>>;

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

/// True when `copy` knows a tag that `header` lacks or holds without a known value, except the
/// tags that describe the moves or their outcome (Result, FEN, SetUp): those stay the stored
/// copy's, as its moves and result do.
bool fills(const TagList& header, const TagList& copy);

/// Gives `header` each value that fills() would take from `copy`: a tag the header holds
/// without a known value takes the copy's value in place; a tag it lacks is added at the end.
/// Returns true when the Date tag changed.
bool fill(TagList& header, const TagList& copy);

}  // namespace damdb::db
