// A self-contained HTML page (`damdb event EVENT --html FILE`): text escaped for HTML, and the
// page around a body with its own small style sheet (no script, nothing loaded from elsewhere).
#pragma once

#include <string>
#include <string_view>

namespace damdb::cli {

/// `text` with &, <, >, " and ' written as character references, fit for element content and
/// for quoted attribute values (HTML Living Standard, 13.1.4 "Character references").
std::string html_escape(std::string_view text);

/// A whole UTF-8 HTML document: `title` (escaped here) and `body` (HTML, as given).
std::string html_page(std::string_view title, std::string_view body);

}  // namespace damdb::cli
