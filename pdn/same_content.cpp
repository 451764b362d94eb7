// same_content (declared in game.hpp with the Game it compares): two games compared as the
// writer writes them, so the comparison lives beside the writer's rules (canonical tag order,
// written result), not in game.cpp, which the writer's own files include.
#include "pdn/game.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "pdn/result.hpp"
#include "pdn/writer.hpp"

namespace damdb::pdn {

namespace {

// `depth`: variations around the lines; those nested deeper than kMaxVariationDepth (which the
// reader never keeps and the writer leaves out) are not compared.
bool same_line(const Game& a, const std::vector<Element>& la, const Game& b,
               const std::vector<Element>& lb, std::string* why, bool main, int depth = 0) {
  std::size_t i = 0, j = 0;
  auto skip = [](const std::vector<Element>& l, std::size_t& k) {
    while (k < l.size() && l[k].kind == ElementKind::MoveNumber) ++k;
  };
  auto fail = [&](const Element& e, const std::string& what) {
    if (why)
      *why = "line " + std::to_string(a.pos_of(e).line) + ":" +
             std::to_string(a.pos_of(e).column) + " " +
             std::string(to_string(e.kind)) + ": " + what;
    return false;
  };
  while (true) {
    skip(la, i);
    skip(lb, j);
    bool end_a = i == la.size(), end_b = j == lb.size();
    if (main) {  // a missing terminator equals '*'
      auto is_star = [](const Game& g, const Element& e) {
        return e.kind == ElementKind::Result && g.text_of(e) == "*";
      };
      if (end_a && !end_b && j + 1 == lb.size() && is_star(b, lb[j])) return true;
      if (end_b && !end_a && i + 1 == la.size() && is_star(a, la[i])) return true;
    }
    if (end_a || end_b) {
      if (end_a && end_b) return true;
      if (why) *why = "different number of elements";
      return false;
    }
    const Element& x = la[i];
    const Element& y = lb[j];
    if (x.kind != y.kind) return fail(x, "kind differs from " + std::string(to_string(y.kind)));
    switch (x.kind) {
      case ElementKind::Move: {
        auto sx = a.squares_of(x), sy = b.squares_of(y);
        if (x.alphanumeric() != y.alphanumeric() ||
            (x.alphanumeric() && a.text_of(x) != b.text_of(y)) ||
            !std::equal(sx.begin(), sx.end(), sy.begin(), sy.end()) ||
            (sx.size() > 1 && x.separator != y.separator) ||
            a.text_of(x.strength()) != b.text_of(y.strength()))
          return fail(x, std::string(a.text_of(x)) + " vs " + std::string(b.text_of(y)));
        break;
      }
      case ElementKind::Nag:
        if (x.value != y.value) return fail(x, "NAG value");
        break;
      case ElementKind::Comment:
      case ElementKind::LineComment:
        if (a.text_of(x) != b.text_of(y)) return fail(x, "text differs");
        break;
      case ElementKind::Setup:
        if (a.setups[x.value] != b.setups[y.value]) return fail(x, "setup differs");
        break;
      case ElementKind::Variation:
        if (depth < kMaxVariationDepth &&
            !same_line(a, a.variation_of(x), b, b.variation_of(y), why, false, depth + 1))
          return false;
        break;
      case ElementKind::Result: {
        // Compared as the writer writes them (a non-standard score becomes '*').
        const std::string tx = written_result(a.text_of(x)), ty = written_result(b.text_of(y));
        if (tx != ty || x.outcome() != y.outcome()) return fail(x, "result differs");
        break;
      }
      case ElementKind::MoveNumber:
        break;
    }
    ++i;
    ++j;
  }
}

}  // namespace

bool same_content(const Game& a, const Game& b, std::string* why) {
  auto ta = canonical_tag_order(a), tb = canonical_tag_order(b);
  if (ta.size() != tb.size()) {
    if (why) *why = "different number of tags";
    return false;
  }
  for (std::size_t i = 0; i < ta.size(); ++i) {
    if (ta[i]->name != tb[i]->name || ta[i]->value != tb[i]->value) {
      if (why) *why = "tag " + ta[i]->name + " differs";
      return false;
    }
  }
  return same_line(a, a.moves, b, b.moves, why, true);
}

}  // namespace damdb::pdn
