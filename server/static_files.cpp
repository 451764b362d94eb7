#include "server/static_files.hpp"

namespace damdb::server {

const StaticFile* find_static_file(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const StaticFile& file : static_files())
    if (file.path == path) return &file;
  return nullptr;
}

}  // namespace damdb::server
