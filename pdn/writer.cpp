#include "pdn/writer.hpp"

#include "pdn/result.hpp"
#include "pdn/tag_values.hpp"

#include <array>
#include <string_view>

namespace damdb::pdn {

namespace {

constexpr std::array<std::string_view, 7> kRoster = {"Event", "Site",  "Date",  "Round",
                                                     "White", "Black", "Result"};
constexpr std::size_t kLineWidth = 80;

class Writer {
 public:
  Writer(const Game& game, std::string& out, const TextFlush* flush = nullptr,
         std::size_t flush_bytes = 0)
      : g_(game), out_(out), flush_(flush), flush_bytes_(flush_bytes) {}

  void write() {
    for (const Tag* t : canonical_tag_order(g_)) {
      out_ += '[';
      out_ += t->name;
      out_ += " \"";
      escape(t->value);
      out_ += "\"]\n";
    }
    if (!g_.tags.empty()) out_ += '\n';
    int ply = 0;
    if (const Tag* fen = g_.tag("FEN"); fen && !fen->value.empty() && fen->value[0] == 'B')
      ply = 1;
    write_line(g_.moves, ply, 0);
    const Element* result = g_.result();
    if (!result) token("*");
    if (col_ > 0) out_ += '\n';
  }

 private:
  void escape(std::string_view v) {
    for (char c : v) {
      if (c == '"' || c == '\\') out_ += '\\';
      out_ += c;
    }
  }

  // Appends a token, preceded by a space or a line break.
  void token(std::string_view t, bool glue = false) {
    if (glue_next_) glue = true;
    glue_next_ = false;
    if (col_ > 0 && !glue) {
      if (col_ + 1 + t.size() > kLineWidth) {
        out_ += '\n';
        col_ = 0;
      } else {
        out_ += ' ';
        ++col_;
      }
    }
    out_ += t;
    std::size_t nl = t.rfind('\n');
    col_ = (nl == std::string_view::npos) ? col_ + t.size() : t.size() - nl - 1;
    if (flush_ && out_.size() >= flush_bytes_) (*flush_)(out_);
  }

  // `depth`: the number of variations around `line`; deeper than kMaxVariationDepth (only in a
  // game not built by the reader) the variations are left out.
  void write_line(const std::vector<Element>& line, int ply, int depth) {
    bool need_number = true;
    int last_move_ply = ply;
    for (const Element& e : line) {
      switch (e.kind) {
        case ElementKind::MoveNumber: {
          int n = e.value == 0 ? 1 : static_cast<int>(std::min<std::uint32_t>(e.value, 100000));
          ply = 2 * (n - 1) + (e.black_form() ? 1 : 0);
          need_number = true;
          break;
        }
        case ElementKind::Move: {
          if (ply % 2 == 0 || need_number) {
            std::string t = std::to_string(ply / 2 + 1);
            t.append(ply % 2 == 0 ? "." : "...");
            token(t);
          }
          token(move_text(e));
          last_move_ply = ply;
          ++ply;
          need_number = false;
          break;
        }
        case ElementKind::Nag:
          number_token('$', e.value);
          break;
        case ElementKind::Comment: {
          std::string t = "{";
          t += g_.text_of(e);
          t += '}';
          token(t);
          need_number = true;
          break;
        }
        case ElementKind::LineComment:
          if (col_ > 0) out_ += '\n';
          out_ += '%';
          out_ += g_.text_of(e);
          out_ += '\n';
          col_ = 0;
          need_number = true;
          break;
        case ElementKind::Setup: {
          std::string t = "/FEN \"";
          for (char c : g_.setups[e.value]) {
            if (c == '"' || c == '\\') t += '\\';
            t += c;
          }
          t += "\"/";
          token(t);
          need_number = true;
          break;
        }
        case ElementKind::Variation:
          if (depth >= kMaxVariationDepth) break;
          token("(");
          glue_next_ = true;
          write_line(g_.variation_of(e), last_move_ply, depth + 1);
          token(")", true);
          need_number = true;
          break;
        case ElementKind::Result:
          token(written_result(g_.text_of(e)));
          break;
      }
    }
  }

  void number_token(char prefix, std::uint32_t value) {
    std::string t(1, prefix);
    t.append(std::to_string(value));
    token(t);
  }

  std::string move_text(const Element& e) const {
    if (e.alphanumeric()) return std::string(g_.text_of(e));
    std::string t;
    auto sq = g_.squares_of(e);
    char sep = e.separator == Separator::None ? '-' : static_cast<char>(e.separator);
    for (std::size_t i = 0; i < sq.size(); ++i) {
      if (i) t += sep;
      t += std::to_string(sq[i]);
    }
    // "1-1" (squares 1 and 1, as "01-1" reads) would read back as the draw: keep a zero.
    if (sq.size() >= 2 && sq[0] == 1 && sq[1] == 1 && sep == '-') t.insert(0, "0");
    t += g_.text_of(e.strength());
    return t;
  }

  const Game& g_;
  std::string& out_;
  const TextFlush* flush_;
  std::size_t flush_bytes_;
  std::size_t col_ = 0;
  bool glue_next_ = false;
};

}  // namespace

std::vector<const Tag*> canonical_tag_order(const Game& game) {
  std::vector<const Tag*> order;
  std::array<const Tag*, 7> roster{};
  for (const Tag& t : game.tags)
    for (std::size_t i = 0; i < kRoster.size(); ++i)
      if (t.name == kRoster[i] && !roster[i]) roster[i] = &t;
  for (const Tag* t : roster)
    if (t) order.push_back(t);
  for (const Tag& t : game.tags) {
    bool first_standard = false;
    for (const Tag* r : roster)
      if (r == &t) first_standard = true;
    if (!first_standard) order.push_back(&t);
  }
  return order;
}

void write_game(const Game& game, std::string& out) { Writer(game, out).write(); }

void write_game(const Game& game, std::string& buffer, std::size_t flush_bytes,
                const TextFlush& flush) {
  Writer(game, buffer, &flush, flush_bytes).write();
}

std::string to_pdn(const Game& game) {
  std::string out;
  write_game(game, out);
  return out;
}

void write_games(const std::vector<Game>& games, std::ostream& out) {
  std::string text;
  for (std::size_t i = 0; i < games.size(); ++i) {
    text.clear();
    if (i) text += '\n';
    write_game(games[i], text);
    out << text;
  }
}

}  // namespace damdb::pdn
