// Folding names and events for search and grouping: case, white space, diacritics and the
// order "Surname, I." / "I. Surname" do not matter.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace damdb::indexer {

/// Lower-case ASCII, Latin letters with diacritics mapped to their base letter (é -> e,
/// ß -> ss, ø -> o, ...), Cyrillic and Greek capitals lower-cased (Ч -> ч, Ё -> ё, Ω -> ω;
/// final ς -> σ), every run of white space and punctuation turned into one space,
/// trimmed. UTF-8 in and out; other characters are kept as they are. "  Gérard  JANSEN " ->
/// "gerard jansen".
std::string fold_text(std::string_view utf8);

/// The grouping key of a player's name: fold_text, then its words sorted, so that
/// "Sijbrands, T." and "T. Sijbrands" give the same key "sijbrands t". Empty for "?" or "".
std::string player_key(std::string_view name);

/// A player's name without its parenthesised notes, the text between '(' and the next ')'
/// (or the end) removed: "Bubbi Raoul (non disponibile)" -> "Bubbi Raoul ", "Kouwen (NED)" ->
/// "Kouwen ". A note without a letter ("Jansen (2)") or a generation ("(jr)", "(sr)",
/// "(junior)", "(senior)") tells two people of one name apart and is kept; so is every note of
/// a name that would be left without a letter ("(non disponibile)"). The name of a player's
/// identity (PlayerKeys); the stored text and the index keys keep the note.
std::string without_notes(std::string_view name);

/// The words of a player's name written abbreviated: two or more letters directly followed by
/// '.', folded as by fold_text ("Aleks. Schwarzman" -> {"aleks"}, "Schwarzman, Al.Ch." ->
/// {"al", "ch"}). One-letter initials ("T.") are not included; player_key drops the dots, so
/// these are what tell "aleks schwarzman" from "Aleks. Schwarzman" the abbreviation apart.
std::vector<std::string> abbreviated_words(std::string_view name);

/// The words of a folded text (fold_text or player_key output: words separated by one space),
/// as views into `folded`; empty words (leading, trailing or doubled spaces) are skipped.
std::vector<std::string_view> folded_words(std::string_view folded);

}  // namespace damdb::indexer
