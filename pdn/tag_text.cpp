#include "pdn/tag_text.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

namespace damdb::pdn {

namespace {

void append_utf8(std::uint32_t cp, std::string& out) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Named entities of HTML 4 that occur in names and places (Latin-1 letters, punctuation). An
// upper-case first letter gives the capital letter (code point - 0x20), as in "Eacute".
constexpr std::array<std::pair<std::string_view, std::uint32_t>, 40> kNamedEntities{{
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
    {"apos", '\''},    {"nbsp", 0xA0},    {"agrave", 0xE0},  {"aacute", 0xE1},
    {"acirc", 0xE2},   {"atilde", 0xE3},  {"auml", 0xE4},    {"aring", 0xE5},
    {"aelig", 0xE6},   {"ccedil", 0xE7},  {"egrave", 0xE8},  {"eacute", 0xE9},
    {"ecirc", 0xEA},   {"euml", 0xEB},    {"igrave", 0xEC},  {"iacute", 0xED},
    {"icirc", 0xEE},   {"iuml", 0xEF},    {"ntilde", 0xF1},  {"ograve", 0xF2},
    {"oacute", 0xF3},  {"ocirc", 0xF4},   {"otilde", 0xF5},  {"ouml", 0xF6},
    {"oslash", 0xF8},  {"ugrave", 0xF9},  {"uacute", 0xFA},  {"ucirc", 0xFB},
    {"uuml", 0xFC},    {"yacute", 0xFD},  {"yuml", 0xFF},    {"szlig", 0xDF},
    {"frac12", 0xBD},  {"ndash", 0x2013}, {"rsquo", 0x2019}, {"lsquo", 0x2018},
}};

// Code point of the entity body between '&' and ';' ("#x00e9", "#233", "eacute"), or 0.
std::uint32_t entity_code_point(std::string_view body) {
  if (body.size() >= 2 && body[0] == '#') {
    const bool hex = body[1] == 'x' || body[1] == 'X';
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty() || digits.size() > 6) return 0;
    std::uint32_t v = 0;
    for (char c : digits) {
      int d = c >= '0' && c <= '9' ? c - '0'
              : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
              : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                            : -1;
      if (d < 0) return 0;
      v = v * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
    }
    return v;
  }
  for (const auto& [name, cp] : kNamedEntities) {
    if (body == name) return cp;
    if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7 && body.size() == name.size() &&
        body[0] == name[0] - 'a' + 'A' && body.substr(1) == name.substr(1))
      return cp - 0x20;
  }
  return 0;
}

// `name` folded for comparison: ASCII letters and the Latin-1 capitals À..Þ in lower case.
std::string fold(std::string_view name) {
  std::string out(name);
  for (std::size_t i = 0; i < out.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(out[i]);
    if (c >= 'A' && c <= 'Z') {
      out[i] = static_cast<char>(c + 32);
    } else if (c == 0xC3 && i + 1 < out.size()) {
      unsigned char d = static_cast<unsigned char>(out[i + 1]);
      if (d >= 0x80 && d <= 0x9E && d != 0x97) out[i + 1] = static_cast<char>(d + 0x20);
      ++i;
    }
  }
  return out;
}

struct NameMapping {
  std::string_view folded;  // fold() of the name as written
  std::string_view standard;
};
// PDN 3.0 names in any case, then French, Dutch, German and Polish ones (README lists them).
constexpr std::array<NameMapping, 52> kTagNames{{
    {"event", "Event"}, {"site", "Site"}, {"date", "Date"}, {"round", "Round"},
    {"white", "White"}, {"black", "Black"}, {"result", "Result"}, {"gametype", "GameType"},
    {"fen", "FEN"}, {"whiteelo", "WhiteElo"}, {"blackelo", "BlackElo"},
    {"timecontrol", "TimeControl"}, {"annotator", "Annotator"},
    // French
    {"blanc", "White"}, {"blancs", "White"}, {"noir", "Black"}, {"noirs", "Black"},
    {"r\xc3\xa9sultat", "Result"}, {"resultat", "Result"},
    {"\xc3\xa9v\xc3\xa9nement", "Event"}, {"\xc3\xa9v\xc3\xa8nement", "Event"},
    {"ev\xc3\xa9nement", "Event"}, {"evenement", "Event"}, {"tournoi", "Event"},
    {"lieu", "Site"}, {"tour", "Round"}, {"ronde", "Round"},
    // Dutch (Datum, Ronde and Evenement are above or shared)
    {"wit", "White"}, {"zwart", "Black"}, {"uitslag", "Result"}, {"datum", "Date"},
    {"plaats", "Site"}, {"toernooi", "Event"},
    // German
    {"weiss", "White"}, {"wei\xc3\x9f", "White"}, {"schwarz", "Black"},
    {"ergebnis", "Result"}, {"runde", "Round"}, {"ort", "Site"}, {"turnier", "Event"},
    {"veranstaltung", "Event"},
    // Polish
    {"bia\xc5\x82""e", "White"}, {"bialy", "White"}, {"bia\xc5\x82y", "White"},
    {"biale", "White"}, {"czarne", "Black"}, {"czarny", "Black"}, {"wynik", "Result"},
    {"data", "Date"}, {"runda", "Round"}, {"miejsce", "Site"}, {"turniej", "Event"},
}};

void note(Game& game, IssueKind kind, const Tag& tag, std::string offending,
          std::string message) {
  Diagnostic d;
  d.kind = kind;
  d.severity = severity_of(kind);
  d.pos = tag.pos;
  d.offending = std::move(offending);
  if (d.offending.size() > 40) d.offending.resize(40);
  d.message = std::move(message);
  add_diagnostic(game, std::move(d));
}

}  // namespace

bool decode_entities(std::string& text) {
  if (text.find('&') == std::string::npos) return false;
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '&') {
      const std::size_t semi = text.find(';', i + 1);
      if (semi != std::string::npos && semi - i <= 10) {
        if (std::uint32_t cp = entity_code_point(std::string_view(text).substr(i + 1, semi - i - 1))) {
          append_utf8(cp, out);
          i = semi;
          changed = true;
          continue;
        }
      }
    }
    out.push_back(text[i]);
  }
  if (changed) text = std::move(out);
  return changed;
}

bool unescape_quotes(std::string& text) {
  if (text.find('\\') == std::string::npos) return false;
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      std::size_t k = i;
      while (k < text.size() && text[k] == '\\') ++k;
      if (k < text.size() && (text[k] == '\'' || text[k] == '"')) {
        i = k - 1;  // drop the run of backslashes; the quote is copied next
        changed = true;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  if (changed) text = std::move(out);
  return changed;
}

namespace {

// True when `name` is one of the PDN names of kTagNames as the standard spells it (each maps to
// itself: standard_tag_name gives nullopt). Compared with literals, so without a fold or a loop.
bool is_standard_spelling(std::string_view name) {
  switch (name.size()) {
    case 3: return name == "FEN";
    case 4: return name == "Site" || name == "Date";
    case 5: return name == "Event" || name == "Round" || name == "White" || name == "Black";
    case 6: return name == "Result";
    case 8: return name == "GameType" || name == "WhiteElo" || name == "BlackElo";
    case 9: return name == "Annotator";
    case 11: return name == "TimeControl";
    default: return false;
  }
}

}  // namespace

std::optional<std::string_view> standard_tag_name(std::string_view name) {
  if (is_standard_spelling(name)) return std::nullopt;
  const std::string folded = fold(name);
  for (const NameMapping& m : kTagNames)
    if (folded == m.folded) {
      if (name == m.standard) return std::nullopt;
      return m.standard;
    }
  return std::nullopt;
}

namespace {

// True when `name` reads back as itself: letters, digits, '_', inner spaces and non-ASCII bytes
// only (a decoded '&', ';', ']' or quote would be read otherwise once written).
bool plain_tag_name(std::string_view name) {
  for (const char c : name) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                       (c >= '0' && c <= '9') || c == '_' || c == ' ' ||
                       static_cast<unsigned char>(c) >= 0x80;
    if (!plain) return false;
  }
  // Inner spaces read back (a name runs to its value's quote); outer ones would not.
  return !name.empty() && name.front() != ' ' && name.back() != ' ';
}

// How many tags of a game carry each name; filled on first use (most games decode no name).
using NameCounts = std::unordered_map<std::string, std::size_t>;

// Decodes the entities of the name of game.tags[index], unless the decoded name would not read
// back as itself or would repeat the name of another tag of the game (both kept as written, so
// that the written game reads back as the same one). Returns true when the name changed.
bool decode_tag_name(Game& game, std::size_t index, NameCounts& names) {
  std::string& name = game.tags[index].name;
  std::string decoded = name;
  if (!decode_entities(decoded) || !plain_tag_name(decoded)) return false;
  if (names.empty())
    for (const Tag& tag : game.tags) ++names[tag.name];
  if (names.count(decoded) != 0) return false;
  if (--names[name] == 0) names.erase(name);
  ++names[decoded];
  name = std::move(decoded);
  return true;
}

}  // namespace

void normalize_tag_text(Game& game) {
  NameCounts names;
  for (std::size_t index = 0; index < game.tags.size(); ++index) {
    Tag& tag = game.tags[index];
    // Entities start with '&': a tag without one has nothing to decode (most tags).
    if (tag.name.find('&') != std::string::npos || tag.value.find('&') != std::string::npos) {
      const std::string written = tag.name;
      const bool name_decoded = decode_tag_name(game, index, names);
      if (decode_entities(tag.value) || name_decoded)
        note(game, IssueKind::EntityDecoded, tag, written,
             "character entities decoded in tag " + tag.name);
    }
    if (unescape_quotes(tag.value))
      note(game, IssueKind::EscapeNormalized, tag, tag.value,
           "over-escaped quote in tag " + tag.name + " read as \"" + tag.value + "\"");
  }
  for (Tag& tag : game.tags) {
    const auto standard = standard_tag_name(tag.name);
    if (!standard || game.tag(*standard) != nullptr) continue;
    const std::string written = tag.name;
    tag.name = std::string(*standard);
    note(game, IssueKind::TagNameMapped, tag, written,
         "tag name " + written + " read as " + tag.name);
  }
}

}  // namespace damdb::pdn
