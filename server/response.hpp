// An answer of the HTTP JSON API (api.hpp), as the server sends it and the response cache keeps
// it.
#pragma once

#include <string>

namespace damdb::server {

/// An answer: HTTP status, media type and body.
struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

}  // namespace damdb::server
