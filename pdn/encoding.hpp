// Character encodings of PDN sources: detection (ASCII, UTF-8, ISO-8859-1, Windows-1252) and
// conversion to UTF-8. Old PDN files predate UTF-8 (PDN 3.0 recommends UTF-8; PDN 2 files are
// usually Latin-1 or Windows-1252).
#pragma once

#include "pdn/game.hpp"

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

}  // namespace damdb::pdn
