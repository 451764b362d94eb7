// Character encodings of PDN sources: detection (ASCII, UTF-8, ISO-8859-1, Windows-1252) and
// conversion to UTF-8. Old PDN files predate UTF-8 (PDN 3.0 recommends UTF-8; PDN 2 files are
// usually Latin-1 or Windows-1252).
#pragma once

#include "pdn/game.hpp"
#include "pdn/source_map.hpp"

#include <string>
#include <string_view>

namespace damdb::pdn {

/// True when every byte is below 0x80.
bool is_ascii(std::string_view bytes);

/// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates, at most U+10FFFF).
bool is_valid_utf8(std::string_view bytes);

/// Guesses the encoding of one game's bytes: Ascii, Utf8 when valid UTF-8, else Windows1252 when
/// a byte 0x80..0x9F maps to a Windows-1252 character (curly quotes, euro sign...), else Latin1.
Encoding detect_encoding(std::string_view bytes);

/// Appends `bytes`, read as Latin-1 or Windows-1252, to `out` as UTF-8. Bytes 0x81, 0x8D, 0x8F,
/// 0x90, 0x9D (undefined in Windows-1252) map to the C1 control of the same value.
void append_as_utf8(std::string_view bytes, Encoding encoding, std::string& out);

/// The UTF-16 or UTF-32 encoding of a source from its first bytes (at least 4 when the source
/// has them): a byte-order mark, else UTF-32 or UTF-16 told by its zero bytes (ASCII text in
/// UTF-16 has a zero in every other byte, in UTF-32 three in every four). Returns the encoding and, in `bom_bytes`, the length of the mark;
/// Encoding::Utf8 when the source is none of them (then read byte by byte as before).
Encoding detect_wide_encoding(std::string_view head, std::size_t& bom_bytes);

/// Appends `bytes` in `encoding` (Utf16Le .. Utf32Be) to `out` as UTF-8; an unpaired surrogate,
/// a value past U+10FFFF or a cut last unit becomes U+FFFD. When `map` is given, each character
/// written is recorded in it with the bytes it took in `bytes`.
void append_wide_as_utf8(std::string_view bytes, Encoding encoding, std::string& out,
                         SourceMap* map = nullptr);

/// True when `bytes` hold a full-width form of an ASCII character (U+FF01..U+FF5E).
bool has_full_width(std::string_view bytes);

/// `bytes` (UTF-8) with the full-width forms U+FF01..U+FF5E written as their ASCII characters
/// (`１２－１７` -> `12-17`), except on tag lines (a line whose first non-blank is '['), where
/// names and values are kept as written. When `map` is given, each byte written is recorded in
/// it with the bytes it took in `bytes` (3 for a folded character, else 1).
std::string fold_full_width(std::string_view bytes, SourceMap* map = nullptr);

}  // namespace damdb::pdn
