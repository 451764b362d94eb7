#include "db/text_index.hpp"

#include <string>

#include "db/error.hpp"

namespace damdb::db {

void TextIndexKey::encode(std::string& out) const {
  if (text.find('\0') != std::string::npos)
    throw Error(ErrorKind::InvalidArgument, "index text contains a 0x00 byte");
  out.append(text);
  out.push_back('\0');
  game.encode(out);
}

TextIndexKey TextIndexKey::decode(std::string_view bytes) {
  if (bytes.size() < 5 || bytes[bytes.size() - 5] != '\0')
    throw Error(ErrorKind::Corruption, "malformed secondary index key");
  std::string_view text = bytes.substr(0, bytes.size() - 5);
  if (text.find('\0') != std::string_view::npos)
    throw Error(ErrorKind::Corruption, "secondary index key text contains 0x00");
  return TextIndexKey{std::string(text), GameId::decode(bytes.substr(bytes.size() - 4))};
}

}  // namespace damdb::db
