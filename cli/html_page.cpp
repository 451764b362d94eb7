#include "cli/html_page.hpp"

namespace damdb::cli {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_page(std::string_view title, std::string_view body) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  out += html_escape(title);
  out +=
      "</title>\n<style>\n"
      "body { font-family: sans-serif; margin: 1.5em; color: #222; }\n"
      "table { border-collapse: collapse; margin: 0.5em 0 1.5em; }\n"
      "th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; }\n"
      "th { background: #eee; }\n"
      "td.name, th.name { text-align: left; }\n"
      "td.self { background: #ddd; }\n"
      ".game { color: #666; font-size: 0.85em; }\n"
      "ul.checks li { margin: 0.2em 0; }\n"
      "</style>\n</head>\n<body>\n";
  out += body;
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace damdb::cli
