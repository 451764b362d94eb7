#include "indexer/names/player_overrides.hpp"

#include <fstream>
#include <sstream>

#include "db/database.hpp"

namespace damdb::indexer {
namespace {

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

PlayerOverrides PlayerOverrides::parse(std::string_view text) {
  PlayerOverrides out;
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
    ++number;
    if (line.empty() || line.front() == '#') continue;
    auto bad = [&](const std::string& why) {
      return OverridesError("line " + std::to_string(number) + ": " + why + " (expected 'same " +
                            "NAME = NAME' or 'different NAME = NAME')");
    };
    PlayerOverride pair;
    pair.line = number;
    std::string_view rest;
    if (line.starts_with("same ")) {
      rest = line.substr(5);
    } else if (line.starts_with("different ")) {
      pair.same = false;
      rest = line.substr(10);
    } else {
      throw bad("unknown word");
    }
    const std::size_t eq = rest.find('=');
    if (eq == std::string_view::npos) throw bad("no '='");
    pair.a = trim(rest.substr(0, eq));
    pair.b = trim(rest.substr(eq + 1));
    if (pair.a.empty() || pair.b.empty()) throw bad("a name is empty");
    out.pairs.push_back(std::move(pair));
  }
  return out;
}

std::string PlayerOverrides::file_text(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return {};
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) throw OverridesError("cannot read " + file.string());
  return std::move(text).str();
}

PlayerOverrides PlayerOverrides::read(const std::filesystem::path& file) {
  const std::string text = file_text(file);
  try {
    return parse(text);
  } catch (const OverridesError& e) {
    throw OverridesError(file.string() + ": " + e.what());
  }
}

PlayerOverrides PlayerOverrides::of(const db::Database& db) {
  return read(db.folder() / kFileName);
}

}  // namespace damdb::indexer
