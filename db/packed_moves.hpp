#pragma once
// Move codes (one byte a ply, GameRecord::moves) packed in nibbles for the signature_moves
// family, which is stored without block compression so that a search reads it back without
// decompressing: most codes (the index of the played move among the legal moves) are below 15.
//
// Layout: varint n (codes), then the codes as nibbles, low nibble of each byte first: a code
// below 15 as one nibble; any other as the nibble 15 and then its low and its high nibble. An
// odd number of nibbles ends with a zero nibble.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace damdb::db {

/// Appends `codes` packed (layout above).
void put_packed_moves(std::string& out, std::string_view codes);

/// Unpacks `bytes` (exactly what put_packed_moves appended) into `out`, replacing its
/// contents. Raises Error(Corruption) when the bytes end before the codes do or go on after.
void get_packed_moves(std::string_view bytes, std::string& out);

/// The code of ply `ply` (0 = the first) of the packed `bytes`, reading only the nibbles before
/// it, or nullopt when the codes end before it. Raises Error(Corruption) when the bytes end
/// before the codes they announce.
std::optional<std::uint8_t> packed_move_at(std::string_view bytes, std::size_t ply);

}  // namespace damdb::db
