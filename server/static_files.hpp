// The page's files (web/: HTML, CSS, JavaScript), embedded in the binary at build time by
// embed_files.cmake; the server never reads the file system for them.
#pragma once

#include <span>
#include <string_view>

namespace damdb::server {

/// One embedded file: its URL path ("/app.js"), media type and bytes.
struct StaticFile {
  std::string_view path;
  std::string_view content_type;
  std::string_view body;
};

/// Every embedded file (generated source).
std::span<const StaticFile> static_files();

/// The embedded file served at `path` ("/" is "/index.html"), or nullptr. Only exact paths of
/// the embedded set match: no file system path is ever built from a URL.
const StaticFile* find_static_file(std::string_view path);

}  // namespace damdb::server
