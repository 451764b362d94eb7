// The variations open while a game is read (see variation_stack.hpp).
#include "pdn/variation_stack.hpp"

#include <algorithm>
#include <string>

namespace damdb::pdn {

void VariationStack::update_line() {
  open_line_ = stack_.empty() ? &game_.moves : &game_.variations[stack_.back()];
}

void VariationStack::open(ParseCursor& in) {
  const std::size_t p = in.pos();
  if (too_deep_ > 0 || stack_.size() >= static_cast<std::size_t>(kMaxVariationDepth)) {
    // Deeper than the limit: the text up to the matching ')' is read into a scratch line and
    // dropped, with one warning for the whole region (see close_all when it is never closed).
    if (too_deep_++ == 0) {
      too_deep_begin_ = p;
      too_deep_pos_ = in.pos_at(p);
      open_line_ = &too_deep_line_;
    }
    in.advance();
    return;
  }
  Element e;
  e.kind = ElementKind::Variation;
  e.offset = in.offset_of(p);
  e.text = in.range(p, p + 1);
  e.value = static_cast<std::uint32_t>(game_.variations.size());
  in.make_room(line(), 1, p);
  line().push_back(e);
  game_.variations.emplace_back();
  stack_.push_back(e.value);
  update_line();
  open_pos_.push_back(e.offset);
  in.advance();
}

void VariationStack::close(ParseCursor& in) {
  const std::size_t p = in.pos();
  if (too_deep_ > 0) {
    if (--too_deep_ == 0) end_too_deep(in, p + 1);
  } else if (stack_.empty()) {
    in.report(IssueKind::StrayText, p, p + 1, "a move, comment or game terminator",
              "')' without a variation");
  } else {
    stack_.pop_back();
    open_pos_.pop_back();
    update_line();
  }
  in.advance();
}

void VariationStack::close_all(ParseCursor& in, std::size_t end) {
  if (too_deep_ > 0) {
    too_deep_ = 0;
    end_too_deep(in, std::max(end, too_deep_begin_ + 1));
  }
  while (!stack_.empty()) {
    stack_.pop_back();
    update_line();
    const std::size_t open = in.game_begin() + open_pos_.back();
    open_pos_.pop_back();
    in.diagnose(IssueKind::UnclosedVariation, in.pos_at(open), open, open + 1, "')'",
                "variation is never closed");
  }
}

// Ends the skipped region of variations nested deeper than kMaxVariationDepth at byte `end`.
void VariationStack::end_too_deep(ParseCursor& in, std::size_t end) {
  too_deep_line_.clear();
  update_line();
  in.diagnose(IssueKind::NestedTooDeep, too_deep_pos_, too_deep_begin_, end,
              "variations nested at most " + std::to_string(kMaxVariationDepth) + " levels deep",
              "variations nested deeper than " + std::to_string(kMaxVariationDepth) +
                  " levels: their text (" + std::to_string(end - too_deep_begin_) +
                  " bytes) is skipped");
}

}  // namespace damdb::pdn
