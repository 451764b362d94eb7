#include "server/static_files.hpp"

namespace damdb::server {

const StaticFile* find_static_file(std::string_view path) {
  if (path == "/") path = "/index.html";
  if (path == "/favicon.ico") path = "/favicon.svg";  // browsers ask for it whatever the page links
  for (const StaticFile& file : static_files())
    if (file.path == path) return &file;
  return nullptr;
}

}  // namespace damdb::server
