// A generator of PDN dialects: see dialect_generator.hpp.
#include "tests/dialect_generator.hpp"

#include <algorithm>
#include <cstdio>

namespace damdb::testing::dialect {
namespace {

using Choices = std::vector<std::string_view>;

// Choice names per dimension, in the order of Dimension. Choice 0 is plain PDN 3.0.
const std::array<Choices, kDimensions>& all_choices() {
  static const std::array<Choices, kDimensions> choices = {{
      {"hyphen-minus", "hyphen", "non-breaking-hyphen", "figure-dash", "en-dash", "em-dash",
       "minus-sign", "small-hyphen-minus", "fullwidth-hyphen-minus"},
      {"x", "X", "colon", "multiplication-sign", "multiplication-x", "cross-product"},
      {"none", "both-sides", "before", "after"},
      {"space", "two-spaces", "tab", "no-break-space", "thin-space", "narrow-no-break-space",
       "ideographic-space", "zero-width-space-and-space", "em-space"},
      {"dot-space", "dot-glued", "parenthesis", "zero-padded", "none"},
      {"none", "dots"},
      {"none", "article-9"},
      {"none", "braces", "semicolon", "percent-lines", "variations"},
      {"wrapped-80", "one-line", "move-per-line", "wrapped-random"},
      {"lf", "crlf", "cr"},
      {"blank-line", "none", "three-blank-lines"},
      {"tag-per-line", "one-line", "spaces-inside"},
      {"as-read", "shuffled"},
      {"none", "localised"},
      {"written", "left-out"},
      {"none", "digits", "digits-and-punctuation"},
      {"utf-8", "utf-8-bom", "utf-16le-bom", "utf-16be-bom", "utf-16le", "utf-16be",
       "utf-32le-bom", "utf-32be-bom", "windows-1252"},
      {"tagged", "movetext-only"},
      {"none", "spaces", "tab-and-no-break-space"},
      {"none", "some-repeated"},
  }};
  return choices;
}

constexpr std::array<std::string_view, kDimensions> kNames = {
    "QuietSeparator", "CaptureSeparator", "SeparatorSpacing", "TokenSpace", "MoveNumbers",
    "BlackNumbers",   "Marks",            "Comments",         "LineLayout", "LineEnd",
    "GameGap",        "TagLayout",        "TagOrder",         "ExtraTags",  "Terminator",
    "FullWidth",      "Encoding",         "Tags",       "TrailingSpace",
    "RepeatedTags"};

constexpr std::array<char32_t, 9> kQuiet = {U'-',      U'\u2010', U'\u2011', U'\u2012', U'\u2013',
                                            U'\u2014', U'\u2212', U'\uFE63', U'\uFF0D'};
constexpr std::array<char32_t, 6> kCapture = {U'x', U'X', U':', U'\u00D7', U'\u2715', U'\u2A2F'};
const std::array<std::u32string, 9> kSpaces = {U" ",      U"  ",     U"\t",     U"\u00A0", U"\u2009",
                                              U"\u202F", U"\u3000", U"\u200B ", U"\u2003"};

std::u32string from_utf8(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out += c;
    i += static_cast<std::size_t>(n);
  }
  return out;
}

void append_utf8(char32_t c, std::string& out) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Windows-1252's byte for a character, or -1 when it has none.
int windows1252_byte(char32_t c) {
  if (c < 0x80 || (c >= 0xA0 && c <= 0xFF)) return static_cast<int>(c);
  static constexpr std::array<char32_t, 32> high = {
      0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
  for (int i = 0; i < 32; ++i)
    if (high[static_cast<std::size_t>(i)] == c && c != 0) return 0x80 + i;
  return -1;
}

void append_unit(std::uint32_t unit, int bytes, bool big_endian, std::string& out) {
  for (int k = 0; k < bytes; ++k) {
    const int shift = big_endian ? 8 * (bytes - 1 - k) : 8 * k;
    out += static_cast<char>((unit >> shift) & 0xFF);
  }
}

std::string encode(const std::u32string& text, int encoding) {
  std::string out;
  if (encoding == 8) {  // Windows-1252 when every character has a byte, else UTF-8
    for (char32_t c : text) {
      const int b = windows1252_byte(c);
      if (b < 0) return encode(text, 0);
      out += static_cast<char>(b);
    }
    return out;
  }
  if (encoding <= 1) {
    if (encoding == 1) out = "\xEF\xBB\xBF";
    for (char32_t c : text) append_utf8(c, out);
    return out;
  }
  const bool utf32 = encoding >= 6;
  const bool big = encoding == 3 || encoding == 5 || encoding == 7;
  const bool bom = encoding != 4 && encoding != 5;
  std::u32string all = bom ? std::u32string(1, U'\uFEFF') + text : text;
  for (char32_t c : all) {
    if (utf32) {
      append_unit(c, 4, big, out);
    } else if (c >= 0x10000) {
      append_unit(0xD800 + ((c - 0x10000) >> 10), 2, big, out);
      append_unit(0xDC00 + ((c - 0x10000) & 0x3FF), 2, big, out);
    } else {
      append_unit(c, 2, big, out);
    }
  }
  return out;
}

// One token of movetext with its needs on the line around it.
struct Token {
  std::u32string text;
  bool line_end_after = false;  // `;` comment: the line must end after it
  bool own_line = false;        // `%` comment: alone on its line
  bool move_start = false;      // a White move number (or White move when none): a move begins
};

class Writer {
 public:
  explicit Writer(const Dialect& d) : d_(d), rng_(d.detail_seed) {}

  std::u32string file(const std::vector<GameContent>& games) {
    std::u32string out;
    for (std::size_t i = 0; i < games.size(); ++i) {
      if (i > 0) {
        const int gap = d_[Dimension::GameGap] == 0 ? 1 : d_[Dimension::GameGap] == 1 ? 0 : 3;
        for (int k = 0; k < gap; ++k) out += eol();
      }
      game(games[i], out);
    }
    return out;
  }

 private:
  std::u32string eol() const {
    const int t = d_[Dimension::TrailingSpace];
    const std::u32string trailing = t == 0 ? U"" : t == 1 ? U"   " : U" \t\u00A0";
    const int e = d_[Dimension::LineEnd];
    return trailing + (e == 0 ? U"\n" : e == 1 ? U"\r\n" : U"\r");
  }
  std::u32string space() const { return kSpaces[static_cast<std::size_t>(d_[Dimension::TokenSpace])]; }

  std::u32string digits(int n, bool pad) const {
    std::u32string s = from_utf8(std::to_string(n));
    if (pad && n < 10) s = U"0" + s;
    return s;
  }

  void game(const GameContent& g, std::u32string& out) {
    const bool tagged = d_[Dimension::Tags] == 0 || g.from_setup;
    if (tagged) tags(g, out);
    std::vector<Token> tokens = movetext(g);
    layout(tokens, out);
    out += eol();
  }

  void tags(const GameContent& g, std::u32string& out) {
    auto all = g.tags;
    if (d_[Dimension::ExtraTags] == 1) {
      const auto pos = std::min<std::size_t>(all.size(), 2);
      all.insert(all.begin() + static_cast<std::ptrdiff_t>(pos), {"Type de jeu", "20"});
      all.push_back({"Heure blanche", "0:10:00"});
      all.push_back({"Titre blanc", ""});
      all.push_back({"&#x00c9;valuation blanche", "2205"});
    }
    if (d_[Dimension::TagOrder] == 1) std::shuffle(all.begin(), all.end(), rng_);
    // A tag line written again right after itself, in one game of two: the same game, its
    // first value kept.
    if (d_[Dimension::RepeatedTags] == 1 && !all.empty() && rng_() % 2 == 0) {
      const auto at = static_cast<std::ptrdiff_t>(rng_() % all.size());
      all.insert(all.begin() + at, all[static_cast<std::size_t>(at)]);
    }
    const int layout = d_[Dimension::TagLayout];
    for (std::size_t i = 0; i < all.size(); ++i) {
      std::u32string value;
      for (char32_t c : from_utf8(all[i].second)) {
        if (c == U'"' || c == U'\\') value += U'\\';
        value += c;
      }
      const std::u32string name = from_utf8(all[i].first);
      out += layout == 2 ? U"[ " + name + U"  \"" + value + U"\" ]" : U"[" + name + U" \"" + value + U"\"]";
      out += layout == 1 && i + 1 < all.size() ? U" " : eol();
    }
    if (layout == 1) out += eol();
    out += eol();
  }

  std::u32string move_text(const std::string& pdn) {
    const bool capture = pdn.find('x') != std::string::npos;
    const char32_t sep = capture ? kCapture[static_cast<std::size_t>(d_[Dimension::CaptureSeparator])]
                                 : kQuiet[static_cast<std::size_t>(d_[Dimension::QuietSeparator])];
    const int spacing = d_[Dimension::SeparatorSpacing];
    const std::u32string sp = space();
    std::u32string out;
    std::size_t i = 0;
    while (i < pdn.size()) {
      std::size_t j = i;
      while (j < pdn.size() && pdn[j] >= '0' && pdn[j] <= '9') ++j;
      out += digits(std::stoi(pdn.substr(i, j - i)), d_[Dimension::MoveNumbers] == 3);
      if (j >= pdn.size()) break;
      if (spacing == 1 || spacing == 2) out += sp;
      out += sep;
      if (spacing == 1 || spacing == 3) out += sp;
      i = j + 1;
    }
    if (d_[Dimension::Marks] == 1 && rng_() % 4 == 0) {
      static const std::array<std::u32string, 9> marks = {U"!", U"?", U"!!", U"??", U"!?",
                                                         U"?!", U"*", U"+", U"="};
      out += marks[rng_() % marks.size()];
    }
    return out;
  }

  std::u32string number(int n, bool black) const {
    const int form = d_[Dimension::MoveNumbers];
    std::u32string s = digits(n, form == 3);
    if (black) return s + U"...";
    return s + (form == 2 ? U")" : U".");
  }

  void comment(std::vector<Token>& tokens, const GameContent& g, std::size_t ply) {
    const int c = d_[Dimension::Comments];
    if (c == 0 || rng_() % 3 != 0) return;
    if (c == 1) tokens.push_back({U"{a note: 1. 32-28 (see) [%eval 0.1]}"});
    if (c == 2) tokens.push_back({U"; a note to the line end 1. 32-28 {", true});
    if (c == 3) tokens.push_back({U"% a line comment 1. 32-28", false, true});
    if (c == 4 && !g.alternatives[ply].empty()) {
      const bool black = (ply % 2 == 1) != g.black_first;
      const int n = g.first_move_number + static_cast<int>((ply + (g.black_first ? 1 : 0)) / 2);
      std::u32string v = U"(";
      if (d_[Dimension::MoveNumbers] != 4) v += number(n, black) + space();
      v += move_text(g.alternatives[ply]) + U")";
      tokens.push_back({v});
    }
  }

  std::vector<Token> movetext(const GameContent& g) {
    std::vector<Token> tokens;
    const bool numbers = d_[Dimension::MoveNumbers] != 4;
    const bool glued = d_[Dimension::MoveNumbers] == 1;
    for (std::size_t ply = 0; ply < g.plies.size(); ++ply) {
      const bool black = (ply % 2 == 1) != g.black_first;
      const int n = g.first_move_number + static_cast<int>((ply + (g.black_first ? 1 : 0)) / 2);
      std::u32string lead;
      if (numbers && (!black || ply == 0 || d_[Dimension::BlackNumbers] == 1)) lead = number(n, black);
      const std::u32string move = move_text(g.plies[ply]);
      if (!lead.empty() && glued && !black) {
        tokens.push_back({lead + move, false, false, true});
      } else {
        if (!lead.empty()) tokens.push_back({lead, false, false, !black});
        tokens.push_back({move, false, false, lead.empty() && !black});
      }
      comment(tokens, g, ply);
    }
    // Without move numbers, a terminator is what ends a game that has no tags: a file of
    // neither has no game boundaries, so the terminator is then always written.
    if (d_[Dimension::Terminator] == 0 || d_[Dimension::MoveNumbers] == 4)
      tokens.push_back({from_utf8(g.terminator)});
    return tokens;
  }

  void layout(const std::vector<Token>& tokens, std::u32string& out) {
    const int l = d_[Dimension::LineLayout];
    const std::size_t width = l == 0 ? 80 : l == 3 ? 12 + rng_() % 90 : ~std::size_t{0};
    std::size_t column = 0;
    bool line_start = true;
    for (const Token& t : tokens) {
      bool new_line = !line_start && (t.own_line || (l == 2 && t.move_start) ||
                                      column + 1 + t.text.size() > width);
      if (new_line) {
        out += eol();
        column = 0;
        line_start = true;
      }
      if (!line_start) {
        out += space();
        ++column;
      }
      out += t.text;
      column += t.text.size();
      line_start = false;
      if (t.own_line || t.line_end_after) {
        out += eol();
        column = 0;
        line_start = true;
      }
    }
  }

  const Dialect& d_;
  std::mt19937_64 rng_;
};

// Full-width forms of the digits, and of '.', ')' and '-' with FullWidth 2, in the movetext
// (every line that is not a tag line).
void full_width(std::u32string& text, int form) {
  if (form == 0) return;
  bool in_tag = false;
  bool line_start = true;
  for (char32_t& c : text) {
    if (line_start) in_tag = c == U'[';
    line_start = c == U'\n' || c == U'\r';
    if (in_tag) continue;
    if (c >= U'0' && c <= U'9') c = c - U'0' + U'\uFF10';
    if (form == 2 && (c == U'.' || c == U')' || c == U'-')) c = c - 0x20 + 0xFF00;
  }
}

}  // namespace

std::string_view dimension_name(Dimension d) { return kNames[static_cast<std::size_t>(d)]; }

const std::vector<std::string_view>& dimension_choices(Dimension d) {
  return all_choices()[static_cast<std::size_t>(d)];
}

std::string Dialect::describe() const {
  std::string out;
  for (int i = 0; i < kDimensions; ++i) {
    if (choice[static_cast<std::size_t>(i)] == 0) continue;
    if (!out.empty()) out += ' ';
    out += dimension_name(static_cast<Dimension>(i));
    out += '=';
    out += dimension_choices(static_cast<Dimension>(i))[static_cast<std::size_t>(choice[static_cast<std::size_t>(i)])];
  }
  return out.empty() ? "canonical" : out;
}

Dialect Dialect::random(std::mt19937_64& rng) {
  Dialect d;
  for (int i = 0; i < kDimensions; ++i) {
    const auto n = dimension_choices(static_cast<Dimension>(i)).size();
    d.choice[static_cast<std::size_t>(i)] = static_cast<int>(rng() % n);
  }
  d.detail_seed = rng();
  return d;
}

bool may_add_warnings(const Dialect& d) {
  return d[Dimension::Terminator] != 0 || d[Dimension::MoveNumbers] == 4 ||
         d[Dimension::RepeatedTags] != 0;
}

std::vector<std::pair<std::string, std::string>> added_tags(const Dialect& d) {
  if (d[Dimension::ExtraTags] == 0) return {};
  return {{"Type de jeu", "20"}, {"Heure blanche", "0:10:00"}, {"Titre blanc", ""},
          {"\xC3\x89valuation blanche", "2205"}};
}

namespace {
std::u32string text_of(const std::vector<GameContent>& games, const Dialect& dialect) {
  std::u32string text = Writer(dialect).file(games);
  full_width(text, dialect[Dimension::FullWidth]);
  return text;
}
}  // namespace

std::string write_file(const std::vector<GameContent>& games, const Dialect& dialect) {
  return encode(text_of(games, dialect), dialect[Dimension::Encoding]);
}

std::string write_text(const std::vector<GameContent>& games, const Dialect& dialect) {
  return encode(text_of(games, dialect), 0);
}

std::string escaped(std::string_view bytes) {
  std::string out;
  for (char ch : bytes) {
    const auto b = static_cast<unsigned char>(ch);
    if (b == '\n' || (b >= 0x20 && b < 0x7F && b != '\\')) {
      out += ch;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", b);
      out += hex;
    }
  }
  return out;
}

}  // namespace damdb::testing::dialect
