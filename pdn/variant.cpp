#include "pdn/variant.hpp"

#include "pdn/tag_values.hpp"

#include <string>

namespace damdb::pdn {

std::string_view game_type_name(int game_type) {
  switch (game_type) {
    case 20: return "International draughts";
    case 21: return "English draughts";
    case 22: return "Italian draughts";
    case 23: return "American pool checkers";
    case 24: return "Spanish draughts";
    case 25: return "Russian draughts";
    case 26: return "Brazilian draughts";
    case 27: return "Canadian draughts";
    case 28: return "Portuguese draughts";
    case 29: return "Czech draughts";
    case 30: return "Turkish draughts";
    case 31: return "Thai draughts";
    case 40: return "Frisian draughts";
    case 41: return "Spantsiretti";
    default: return "unknown variant";
  }
}

namespace {

using Evidence = MoveEvidence;

void scan(const Game& g, const std::vector<Element>& line, Evidence& ev, bool main, int depth = 0) {
  for (const Element& e : line) {
    if (e.kind == ElementKind::Move) {
      if (e.alphanumeric()) {
        add_alphanumeric_evidence(g.text_of(e), ev);
      } else {
        auto sq = g.squares_of(e);
        for (auto s : sq)
          if (s > ev.max_square) ev.max_square = s;
        if (main && !ev.any_move && !sq.empty()) ev.first_from = sq[0];
      }
      if (main) ev.any_move = true;
    } else if (e.kind == ElementKind::Variation && depth < kMaxVariationDepth) {
      scan(g, g.variation_of(e), ev, false, depth + 1);
    }
  }
}

// Largest square number in a FEN value (W:W31,K45:B1-20), 0 if none.
int fen_max_square(std::string_view fen) {
  int best = 0;
  int cur = -1;
  for (char c : fen) {
    if (c >= '0' && c <= '9') {
      cur = (cur < 0 ? 0 : cur) * 10 + (c - '0');
      if (cur > 1000) cur = 1000;
    } else {
      if (cur > best) best = cur;
      cur = -1;
    }
  }
  if (cur > best) best = cur;
  return best;
}

// True when a FEN lists exactly the 8x8 initial position: white men on 21..32, black on 1..12
// (sides may be swapped, ranges and any order allowed).
bool is_8x8_initial_fen(std::string_view fen) {
  unsigned long long sets[2] = {0, 0};
  int side = -1;
  std::size_t i = 0;
  int count = 0;
  while (i < fen.size()) {
    char c = fen[i];
    if ((c == 'W' || c == 'B') && i > 0 && fen[i - 1] == ':') {
      side = (c == 'W') ? 0 : 1;
      ++i;
    } else if (c >= '0' && c <= '9' && side >= 0) {
      int a = 0;
      while (i < fen.size() && fen[i] >= '0' && fen[i] <= '9' && a < 1000) a = a * 10 + (fen[i++] - '0');
      int b = a;
      if (i + 1 < fen.size() && fen[i] == '-' && fen[i + 1] >= '0' && fen[i + 1] <= '9') {
        ++i;
        b = 0;
        while (i < fen.size() && fen[i] >= '0' && fen[i] <= '9' && b < 1000) b = b * 10 + (fen[i++] - '0');
      }
      for (int s = a; s <= b && s <= 63; ++s) {
        if (s >= 1) sets[side] |= 1ULL << s;
        ++count;
      }
      if (b > 63) return false;
    } else {
      ++i;
    }
  }
  const unsigned long long low = ((1ULL << 13) - 1) & ~1ULL;          // 1..12
  const unsigned long long high = (((1ULL << 33) - 1) >> 21) << 21;    // 21..32
  return count == 24 && ((sets[0] == high && sets[1] == low) || (sets[0] == low && sets[1] == high));
}

}  // namespace

void add_alphanumeric_evidence(std::string_view text, MoveEvidence& ev) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'a' && c <= 'l' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      int rank = 0;
      std::size_t k = i + 1;
      while (k < text.size() && text[k] >= '0' && text[k] <= '9') {
        if (rank < 1000) rank = rank * 10 + (text[k] - '0');
        ++k;
      }
      if (c - 'a' > ev.alnum_max_file) ev.alnum_max_file = c - 'a';
      if (rank > ev.alnum_max_rank) ev.alnum_max_rank = rank;
    }
  }
}

namespace {
// The GameType tag decides when it holds a number; returns false when there is none.
bool check_game_type(Game& game) {
  VariantCheck& v = game.variant;
  v = {};
  if (const Tag* t = game.tag("GameType")) {
    if (auto n = game_type_number(t->value)) {
      v.game_type = *n;
      v.international = (*n == 20);
      v.reason = "GameType " + std::to_string(*n) + " (" + std::string(game_type_name(*n)) + ")";
      return true;
    }
  }
  return false;
}
}  // namespace

void check_variant(Game& game) {
  if (check_game_type(game)) return;
  Evidence ev;
  scan(game, game.moves, ev, true);
  check_variant(game, ev);
}

void check_variant(Game& game, const MoveEvidence& evidence) {
  if (check_game_type(game)) return;
  VariantCheck& v = game.variant;
  Evidence ev = evidence;
  const Tag* fen_tag = game.tag("FEN");
  int fen_max = 0;
  bool has_fen = false;
  if (fen_tag) {
    has_fen = true;
    fen_max = fen_max_square(fen_tag->value);
  }
  for (const std::string& s : game.setups) {
    has_fen = true;
    fen_max = std::max(fen_max, fen_max_square(s));
  }
  if (fen_tag || !game.setups.empty()) ev.first_from = 0;  // not from the initial position
  if (ev.alnum_max_file >= 0) {
    if (ev.alnum_max_file > 7 || ev.alnum_max_rank > 8) {
      v.reason = "no GameType; alphanumeric squares beyond h8 (10x10 board)";
    } else {
      v.international = false;
      v.reason = "no GameType; alphanumeric squares within a1..h8 (8x8 board)";
    }
    return;
  }
  if (ev.max_square > 32 || fen_max > 32) {
    v.reason = "no GameType; squares above 32 (10x10 board)";
    return;
  }
  if (ev.first_from >= 31 && ev.first_from <= 35) {
    v.reason = "no GameType; first move from square " + std::to_string(ev.first_from) +
               " (10x10 opening)";
    return;
  }
  if ((ev.first_from >= 9 && ev.first_from <= 12) || (ev.first_from >= 21 && ev.first_from <= 24)) {
    v.international = false;
    v.reason = "no GameType; squares never above 32 and first move from square " +
               std::to_string(ev.first_from) + " (8x8 opening)";
    return;
  }
  bool initial_8x8 = fen_tag && is_8x8_initial_fen(fen_tag->value);
  for (const std::string& s : game.setups) initial_8x8 = initial_8x8 || is_8x8_initial_fen(s);
  if (has_fen && initial_8x8) {
    v.international = false;
    v.reason = "no GameType; the FEN is the 8x8 initial position (12 men each on 32 squares)";
    return;
  }
  v.reason = ev.any_move ? "no GameType; no evidence against 10x10 (PDN default)"
                         : "no GameType and no moves (PDN default)";
}

}  // namespace damdb::pdn
